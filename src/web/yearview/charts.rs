//! The two charts of the year overview as SVG drawn by the server (no
//! script, no inline style: classes and SVG attributes): the workload with
//! age relief against the payment target per teacher (bars), and the
//! distribution of the deviations (a histogram from
//! [`crate::domain::yearview::histogram`]). Coordinates in SVG units.

use rust_decimal::Decimal;

use super::tables::{fixed_text, sign_class, signed_percent};
use crate::domain::yearview::{histogram, Row};
use crate::i18n::{self, Lang};

/// Width of a bin of the deviation histogram, in percent.
pub(super) const BIN_WIDTH: Decimal = Decimal::from_parts(2, 0, 0, false, 0);

/// A bar of the workload chart.
#[derive(Debug, Clone)]
pub struct BarView {
    /// Rectangle: x, y, width, height (SVG units).
    pub x: String,
    /// Top.
    pub y: String,
    /// Width.
    pub w: String,
    /// Height.
    pub h: String,
    /// Target marker: y, and its x from/to.
    pub ty: String,
    /// Marker start.
    pub tx1: String,
    /// Marker end.
    pub tx2: String,
    /// Label position (rotated code): x, y.
    pub lx: String,
    /// Label y.
    pub ly: String,
    /// Teacher code.
    pub code: String,
    /// `bar bar--over` / `bar--under` / `bar--even`.
    pub class: &'static str,
    /// Tooltip and accessible name.
    pub title: String,
}

/// An axis line with its label.
#[derive(Debug, Clone)]
pub struct TickView {
    /// y of the line.
    pub y: String,
    /// x of the label (histogram ticks: x of the bar's middle).
    pub x: String,
    /// Label.
    pub label: String,
}

/// The workload chart.
#[derive(Debug, Clone)]
pub struct BarsChart {
    /// SVG width and height.
    pub width: String,
    /// Height.
    pub height: String,
    /// `viewBox`.
    pub view_box: String,
    /// x of the plot's left and right edge.
    pub left: String,
    /// Right edge.
    pub right: String,
    /// y of the 0 line.
    pub base: String,
    /// Title.
    pub title: String,
    /// Description.
    pub desc: String,
    /// Horizontal grid lines.
    pub ticks: Vec<TickView>,
    /// Bars.
    pub bars: Vec<BarView>,
}

/// A bar of the histogram.
#[derive(Debug, Clone)]
pub struct BinView {
    /// Rectangle.
    pub x: String,
    /// Top.
    pub y: String,
    /// Width.
    pub w: String,
    /// Height.
    pub h: String,
    /// Count label position x (middle).
    pub cx: String,
    /// Count label y (above the bar).
    pub cy: String,
    /// The count.
    pub count: usize,
    /// Bin label (`−5 %`).
    pub label: String,
    /// Tooltip.
    pub title: String,
    /// `bin bin--under`/`--even`/`--over`.
    pub class: &'static str,
}

/// The deviation histogram.
#[derive(Debug, Clone)]
pub struct HistogramChart {
    /// SVG width.
    pub width: String,
    /// Height.
    pub height: String,
    /// `viewBox`.
    pub view_box: String,
    /// Plot edges.
    pub left: String,
    /// Right edge.
    pub right: String,
    /// y of the 0 line.
    pub base: String,
    /// y of the bin labels.
    pub label_y: String,
    /// Title.
    pub title: String,
    /// Description.
    pub desc: String,
    /// Bars.
    pub bins: Vec<BinView>,
}

/// An SVG coordinate with one decimal.
fn at(x: Decimal) -> String {
    fixed_text(x, 1)
}

/// The workload chart: per shown row (in table order) a bar of the workload
/// with age relief and a mark at the payment target.
pub(super) fn bars(lang: Lang, rows: &[Row]) -> BarsChart {
    let d = Decimal::from;
    // About 1080 units wide for the whole school; wider bars for a few.
    let step = (d(1080) / d(rows.len().max(1) as i64)).floor().clamp(d(9), d(28));
    let (left, top, plot_h, label_h, bar_w) = (d(40), d(12), d(220), d(40), (step * d(7) / d(10)).floor());
    let highest = rows.iter().flat_map(|r| [r.workload, r.target]).max().unwrap_or_default().max(d(100));
    let scale_max = (highest / d(25)).ceil() * d(25);
    let y = |v: Decimal| top + plot_h - v.max(Decimal::ZERO) / scale_max * plot_h;
    let width = left + step * d(rows.len() as i64) + d(8);
    let height = top + plot_h + label_h;
    let mut ticks = Vec::new();
    let mut v = Decimal::ZERO;
    while v <= scale_max {
        ticks.push(TickView { y: at(y(v)), x: at(left - d(4)), label: format!("{} %", v.normalize()) });
        v += d(25);
    }
    let (mut over, mut under) = (0, 0);
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let x = left + step * d(i as i64) + (step - bar_w) / Decimal::TWO;
            let top_y = y(r.workload);
            let class = match sign_class(r.deviation) {
                "num pos" => {
                    over += 1;
                    "bar bar--over"
                }
                "num neg" => {
                    under += 1;
                    "bar bar--under"
                }
                _ => "bar bar--even",
            };
            let lx = x + bar_w / Decimal::TWO + d(3);
            BarView {
                x: at(x),
                y: at(top_y),
                w: at(bar_w),
                h: at(top + plot_h - top_y),
                ty: at(y(r.target)),
                tx1: at(x - d(1)),
                tx2: at(x + bar_w + d(1)),
                lx: at(lx),
                ly: at(top + plot_h + d(4)),
                code: r.teacher.code.clone(),
                class,
                title: i18n::text_with(
                    lang,
                    "yearview-bar-title",
                    &[
                        ("code", r.teacher.code.as_str().into()),
                        ("workload", i18n::percent(r.workload, 2).into()),
                        ("target", i18n::percent(r.target, 2).into()),
                        ("deviation", signed_percent(r.deviation, 2).into()),
                    ],
                ),
            }
        })
        .collect();
    BarsChart {
        width: at(width),
        height: at(height),
        view_box: format!("0 0 {} {}", at(width), at(height)),
        left: at(left),
        right: at(width - d(4)),
        base: at(y(Decimal::ZERO)),
        title: i18n::text(lang, "yearview-chart-bars"),
        desc: i18n::text_with(
            lang,
            "yearview-chart-bars-desc",
            &[
                ("count", rows.len().to_string().into()),
                ("over", over.to_string().into()),
                ("under", under.to_string().into()),
            ],
        ),
        ticks,
        bars,
    }
}

/// The histogram of the deviations of the shown rows, bins of [`BIN_WIDTH`].
pub(super) fn deviation_histogram(lang: Lang, rows: &[Row]) -> HistogramChart {
    let d = Decimal::from;
    let bins = histogram(rows.iter().map(|r| r.deviation), BIN_WIDTH);
    let (left, top, plot_h, label_h, step, bar_w) = (d(16), d(22), d(160), d(30), d(52), d(40));
    let most = bins.iter().map(|b| b.count).max().unwrap_or(1).max(1);
    let width = left * Decimal::TWO + step * d(bins.len() as i64);
    let height = top + plot_h + label_h;
    let base = top + plot_h;
    let label = |c: Decimal| {
        let text = format!("{} %", c.normalize());
        if c > Decimal::ZERO {
            format!("+{text}")
        } else {
            text
        }
    };
    let mut words = Vec::new();
    let views = bins
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let x = left + step * d(i as i64) + (step - bar_w) / Decimal::TWO;
            let h = plot_h * d(b.count as i64) / d(most as i64);
            let half = BIN_WIDTH / Decimal::TWO;
            let title = i18n::text_with(
                lang,
                "yearview-bin-title",
                &[
                    ("from", label(b.center - half).into()),
                    ("to", label(b.center + half).into()),
                    ("count", b.count.to_string().into()),
                ],
            );
            words.push(format!("{}: {}", label(b.center), b.count));
            BinView {
                x: at(x),
                y: at(base - h),
                w: at(bar_w),
                h: at(h),
                cx: at(x + bar_w / Decimal::TWO),
                cy: at(base - h - d(4)),
                count: b.count,
                label: label(b.center),
                title,
                class: match b.center.cmp(&Decimal::ZERO) {
                    std::cmp::Ordering::Less => "bin bin--under",
                    std::cmp::Ordering::Equal => "bin bin--even",
                    std::cmp::Ordering::Greater => "bin bin--over",
                },
            }
        })
        .collect();
    HistogramChart {
        width: at(width),
        height: at(height),
        view_box: format!("0 0 {} {}", at(width), at(height)),
        left: at(left),
        right: at(width - left),
        base: at(base),
        label_y: at(base + d(18)),
        title: i18n::text(lang, "yearview-chart-histogram"),
        desc: i18n::text_with(
            lang,
            "yearview-chart-histogram-desc",
            &[("width", BIN_WIDTH.to_string().into()), ("bins", words.join("; ").into())],
        ),
        bins: views,
    }
}
