//! The year overview (Jahresüberblick, docs/web.md §Jahresüberblick) as
//! pure rules: one [`Row`] per employment with the figures of its workload
//! form and employment, the few figures neither form carries (the payment
//! target as an annual value, the deviation from it, the flags), the totals
//! the existing client's overview shows (per division, gender, payroll type,
//! pool type; per subject category from the courses), the distribution of the
//! deviations, and sorting and filtering of the rows.
//!
//! Every figure is percent of a full position (annual unless it names a
//! semester) or lessons per week, as exact decimals. The rows carry the
//! figures as the JSON API writes them (rounded half-up to 10 decimals,
//! [`Amount::output`](super::fixed::Amount::output)), and every total is
//! the exact sum of those, so a total is always the sum of what its rows show.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::confirmation::SheetState;
use super::course::Course;
use super::fixed::Fixed;
use super::ids::{DivisionId, EmploymentId, PayrollTypeId, PoolTypeId};
use super::reference_forms::{LookupRef, TeacherRef};

/// Lessons and percent of one payroll type in one employment (a Pensenmeldung
/// row; an IPB correction row counts under its parent type).
#[derive(Debug, Clone, PartialEq)]
pub struct PayrollShare {
    /// The payroll type id (`payrollType.id` of the workload's payroll item).
    pub payroll_type: PayrollTypeId,
    /// Lessons per week, semester 1 and 2.
    pub lessons: [Decimal; 2],
    /// Percent, semester 1 and 2.
    pub percent: [Decimal; 2],
}

/// Percent of one pool type in one employment, as entered (a pool line).
#[derive(Debug, Clone, PartialEq)]
pub struct PoolShare {
    /// The pool type id.
    pub pool_type: PoolTypeId,
    /// Percent, semester 1 and 2.
    pub percent: [Decimal; 2],
}

/// What stands out about an employment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// The workload with age relief lies outside the contract's range
    /// (Verfügung: employmentMin–employmentMax); see [`outside_range`].
    pub outside_range: bool,
    /// Nothing is booked: the workload with age relief is 0 (see [`no_work`]).
    pub no_work: bool,
    /// A course the teacher teaches still has open lessons (a semester
    /// without a teacher, `open1`/`open2` > 0).
    pub open_lessons: bool,
}

/// One employment of the year in the overview.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The employment id.
    pub employment: EmploymentId,
    /// The teacher.
    pub teacher: TeacherRef,
    /// The employing division.
    pub division: LookupRef,
    /// The teacher's gender, if known.
    pub gender: Option<LookupRef>,
    /// The contract's range (Verfügung), lowest percent, if set.
    pub employment_min: Option<Decimal>,
    /// Highest percent, if set.
    pub employment_max: Option<Decimal>,
    /// The payment target per semester (payment1, payment2; null counts 0).
    pub payment: [Decimal; 2],
    /// The annual payment target: [`target`].
    pub target: Decimal,
    /// The workload with age relief: the summary's total `percentWithAgeRelief`.
    pub workload: Decimal,
    /// The payroll totals per semester (Pensenmeldung, `payroll.total`).
    pub payroll: [Decimal; 2],
    /// The annual payment of the workload form (`payment`).
    pub paid: Decimal,
    /// workload − target: [`deviation`].
    pub deviation: Decimal,
    /// IPB balance at the start of the year (null when the year hides balances).
    pub opening: Option<Decimal>,
    /// Its change over the year.
    pub change: Option<Decimal>,
    /// IPB balance at the end of the year.
    pub closing: Option<Decimal>,
    /// The flags.
    pub flags: Flags,
    /// The payroll rows, summed per payroll type.
    pub payroll_shares: Vec<PayrollShare>,
    /// The pool lines, summed per pool type.
    pub pool_shares: Vec<PoolShare>,
    /// Decimals of the year's payroll percents (2 or 3).
    pub percent_decimals: u32,
    /// The state of the teacher's sheet: release and confirmation
    /// (docs/teachers.md §Release and confirmation).
    pub sheet: SheetState,
}

/// The annual payment target in percent: the mean of the two semesters'
/// targets, a missing one counting 0.
pub fn target(payment1: Option<Fixed>, payment2: Option<Fixed>) -> Decimal {
    let p = |x: Option<Fixed>| x.map_or(Decimal::ZERO, Fixed::decimal);
    (p(payment1) + p(payment2)) / Decimal::TWO
}

/// The deviation from the payment target in percent: workload with age
/// relief − annual target (positive: more work than paid, the IPB balance
/// grows; negative: less).
pub fn deviation(workload: Decimal, target: Decimal) -> Decimal {
    workload - target
}

/// Whether `value` lies outside the range `min`–`max` (either end may be
/// missing: no limit on that side; the ends belong to the range).
pub fn outside_range(value: Decimal, min: Option<Decimal>, max: Option<Decimal>) -> bool {
    min.is_some_and(|m| value < m) || max.is_some_and(|m| value > m)
}

/// Whether an employment has no work: its workload with age relief is 0.
pub fn no_work(workload: Decimal) -> bool {
    workload.is_zero()
}

/// Sums of a group of rows (a division, a gender, all shown rows).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sum {
    /// Number of employments.
    pub count: usize,
    /// Σ payment target per semester (Vollzeitstellen ×100).
    pub payment: [Decimal; 2],
    /// Σ annual target.
    pub target: Decimal,
    /// Σ workload with age relief.
    pub workload: Decimal,
    /// Σ payroll totals per semester.
    pub payroll: [Decimal; 2],
    /// Σ annual payment.
    pub paid: Decimal,
    /// Σ deviation.
    pub deviation: Decimal,
    /// Σ opening balances (rows without balances count 0).
    pub opening: Decimal,
    /// Σ changes.
    pub change: Decimal,
    /// Σ closing balances (IPB-Guthaben).
    pub closing: Decimal,
    /// Σ employmentMin (missing counts 0).
    pub employment_min: Decimal,
    /// Σ employmentMax.
    pub employment_max: Decimal,
}

impl Sum {
    /// Adds one row.
    pub fn add(&mut self, r: &Row) {
        let z = |x: Option<Decimal>| x.unwrap_or_default();
        self.count += 1;
        for s in 0..2 {
            self.payment[s] += r.payment[s];
            self.payroll[s] += r.payroll[s];
        }
        self.target += r.target;
        self.workload += r.workload;
        self.paid += r.paid;
        self.deviation += r.deviation;
        self.opening += z(r.opening);
        self.change += z(r.change);
        self.closing += z(r.closing);
        self.employment_min += z(r.employment_min);
        self.employment_max += z(r.employment_max);
    }

    /// Full-time positions (Vollzeitstellen) per semester: Σ payment target / 100.
    pub fn full_time(&self) -> [Decimal; 2] {
        self.payment.map(|p| p / Decimal::ONE_HUNDRED)
    }
}

/// Σ lessons and percent of a payroll type over the rows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PayrollSum {
    /// Lessons per week, semester 1 and 2.
    pub lessons: [Decimal; 2],
    /// Percent, semester 1 and 2.
    pub percent: [Decimal; 2],
}

/// The totals of a set of rows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    /// All rows.
    pub all: Sum,
    /// Per division, by division code.
    pub divisions: Vec<(LookupRef, Sum)>,
    /// Per gender, by gender code; rows without a gender last (`None`).
    pub genders: Vec<(Option<LookupRef>, Sum)>,
    /// Per payroll type id.
    pub payroll: BTreeMap<PayrollTypeId, PayrollSum>,
    /// Per pool type id: percent per semester.
    pub pool: BTreeMap<PoolTypeId, [Decimal; 2]>,
}

/// The totals of `rows`: each figure the exact sum of the rows' figures.
pub fn totals<'a>(rows: impl IntoIterator<Item = &'a Row>) -> Totals {
    let mut t = Totals::default();
    let mut divisions: BTreeMap<(String, i64), (LookupRef, Sum)> = BTreeMap::new();
    let mut genders: BTreeMap<(bool, String, i64), (Option<LookupRef>, Sum)> = BTreeMap::new();
    for r in rows {
        t.all.add(r);
        divisions
            .entry((r.division.code.clone(), r.division.id))
            .or_insert_with(|| (r.division.clone(), Sum::default()))
            .1
            .add(r);
        let key = match &r.gender {
            Some(g) => (false, g.code.clone(), g.id),
            None => (true, String::new(), 0),
        };
        genders.entry(key).or_insert_with(|| (r.gender.clone(), Sum::default())).1.add(r);
        for share in &r.payroll_shares {
            let sum = t.payroll.entry(share.payroll_type).or_default();
            for s in 0..2 {
                sum.lessons[s] += share.lessons[s];
                sum.percent[s] += share.percent[s];
            }
        }
        for share in &r.pool_shares {
            let sum = t.pool.entry(share.pool_type).or_default();
            for (acc, p) in sum.iter_mut().zip(share.percent) {
                *acc += p;
            }
        }
    }
    t.divisions = divisions.into_values().collect();
    t.genders = genders.into_values().collect();
    t
}

/// Σ lessons and open lessons of the courses of one subject category.
#[derive(Debug, Clone, PartialEq)]
pub struct CategorySum {
    /// The category (`None`: subjects without one).
    pub category: Option<LookupRef>,
    /// Σ lessons per week, semester 1 and 2.
    pub lessons: [Decimal; 2],
    /// Σ open lessons (no teacher), semester 1 and 2.
    pub open: [Decimal; 2],
}

/// Lessons and open lessons per subject category (Übersicht nach
/// Fachgebiet) of `courses`; cancelled courses do not count. Ordered by the
/// category's description, subjects without a category last.
pub fn category_totals(courses: &[Course]) -> Vec<CategorySum> {
    let mut map: BTreeMap<(bool, String, i64), CategorySum> = BTreeMap::new();
    for c in courses.iter().filter(|c| !c.cancelled) {
        let cat = c.subject.category.clone();
        let key = match &cat {
            Some(k) => (false, k.description.clone(), k.id),
            None => (true, String::new(), 0),
        };
        let sum = map.entry(key).or_insert_with(|| CategorySum {
            category: cat,
            lessons: [Decimal::ZERO; 2],
            open: [Decimal::ZERO; 2],
        });
        sum.lessons[0] += c.lessons1.decimal();
        sum.lessons[1] += c.lessons2.decimal();
        sum.open[0] += c.open1.decimal();
        sum.open[1] += c.open2.decimal();
    }
    map.into_values().collect()
}

/// A bar of the deviation histogram: the deviations in
/// `[center − width/2, center + width/2)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bin {
    /// The bin's middle in percent (a multiple of the width).
    pub center: Decimal,
    /// How many values fall into it.
    pub count: usize,
}

/// The distribution of `values` in bins of `width` percent centred on the
/// multiples of `width` (so 0 is a bin's middle), from the lowest to the
/// highest occupied bin without gaps. Empty for no values; `width` must be
/// positive.
pub fn histogram(values: impl IntoIterator<Item = Decimal>, width: Decimal) -> Vec<Bin> {
    assert!(width > Decimal::ZERO, "a histogram needs a positive bin width");
    let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
    for v in values {
        let index = ((v + width / Decimal::TWO) / width).floor();
        let index = i64::try_from(index).unwrap_or(if v.is_sign_negative() { i64::MIN / 2 } else { i64::MAX / 2 });
        *counts.entry(index).or_default() += 1;
    }
    let (Some(&lo), Some(&hi)) = (counts.keys().next(), counts.keys().next_back()) else { return Vec::new() };
    (lo..=hi).map(|i| Bin { center: Decimal::from(i) * width, count: counts.get(&i).copied().unwrap_or(0) }).collect()
}

/// The columns the rows can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortKey {
    /// Teacher code (the default).
    #[default]
    Code,
    /// Last and first name.
    Name,
    /// Division code.
    Division,
    /// Annual payment target.
    Target,
    /// Workload with age relief.
    Workload,
    /// Annual payment (payroll).
    Paid,
    /// Deviation.
    Deviation,
    /// Opening balance.
    Opening,
    /// Change of the balance.
    Change,
    /// Closing balance.
    Closing,
}

impl SortKey {
    /// Every key, in column order.
    pub const ALL: [SortKey; 10] = [
        SortKey::Code,
        SortKey::Name,
        SortKey::Division,
        SortKey::Target,
        SortKey::Workload,
        SortKey::Paid,
        SortKey::Deviation,
        SortKey::Opening,
        SortKey::Change,
        SortKey::Closing,
    ];

    /// The query parameter value (`sort=workload`).
    pub fn param(self) -> &'static str {
        match self {
            SortKey::Code => "code",
            SortKey::Name => "name",
            SortKey::Division => "division",
            SortKey::Target => "target",
            SortKey::Workload => "workload",
            SortKey::Paid => "paid",
            SortKey::Deviation => "deviation",
            SortKey::Opening => "opening",
            SortKey::Change => "change",
            SortKey::Closing => "closing",
        }
    }

    /// The key of a query parameter value; unknown values give `None`.
    pub fn from_param(text: &str) -> Option<SortKey> {
        SortKey::ALL.into_iter().find(|k| k.param() == text.trim())
    }

    /// Whether a number column (its first click sorts descending).
    pub fn numeric(self) -> bool {
        !matches!(self, SortKey::Code | SortKey::Name | SortKey::Division)
    }
}

/// Sorts `rows` by `key`, descending when `descending`; ties (and missing
/// balances, which come first ascending) by teacher code, then employment id.
pub fn sort_rows(rows: &mut [Row], key: SortKey, descending: bool) {
    let text = |r: &Row| -> (String, String) {
        match key {
            SortKey::Name => (r.teacher.last_name.to_lowercase(), r.teacher.first_name.to_lowercase()),
            SortKey::Division => (r.division.code.to_lowercase(), String::new()),
            _ => (String::new(), String::new()),
        }
    };
    let number = |r: &Row| -> Option<Decimal> {
        match key {
            SortKey::Target => Some(r.target),
            SortKey::Workload => Some(r.workload),
            SortKey::Paid => Some(r.paid),
            SortKey::Deviation => Some(r.deviation),
            SortKey::Opening => r.opening,
            SortKey::Change => r.change,
            SortKey::Closing => r.closing,
            SortKey::Code | SortKey::Name | SortKey::Division => None,
        }
    };
    let tie = |a: &Row, b: &Row| {
        a.teacher.code.to_lowercase().cmp(&b.teacher.code.to_lowercase()).then(a.employment.cmp(&b.employment))
    };
    rows.sort_by(|a, b| {
        let primary = if key.numeric() { number(a).cmp(&number(b)) } else { text(a).cmp(&text(b)) };
        let primary = if descending { primary.reverse() } else { primary };
        match primary {
            Ordering::Equal => tie(a, b),
            other => other,
        }
    });
}

/// Which rows to show: empty fields show all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only this division (id).
    pub division: Option<DivisionId>,
    /// Only rows with at least one of the chosen flags (none chosen: every row).
    pub flags: Flags,
    /// Every word must occur in the teacher's code, last or first name (case-insensitive).
    pub query: String,
    /// Only sheets in this state (docs/teachers.md §Release and confirmation).
    pub sheet: Option<SheetState>,
}

/// How many of `rows` are in each state of [`SheetState::ALL`], in that order.
pub fn sheet_counts(rows: &[Row]) -> [(SheetState, usize); 5] {
    SheetState::ALL.map(|s| (s, rows.iter().filter(|r| r.sheet == s).count()))
}

impl Filter {
    /// Whether row `r` is shown.
    pub fn matches(&self, r: &Row) -> bool {
        if self.division.is_some_and(|d| d.0 != r.division.id) || self.sheet.is_some_and(|s| s != r.sheet) {
            return false;
        }
        let f = self.flags;
        if (f.outside_range || f.no_work || f.open_lessons)
            && !((f.outside_range && r.flags.outside_range)
                || (f.no_work && r.flags.no_work)
                || (f.open_lessons && r.flags.open_lessons))
        {
            return false;
        }
        let hay = format!("{} {} {}", r.teacher.code, r.teacher.last_name, r.teacher.first_name).to_lowercase();
        self.query.split_whitespace().all(|w| hay.contains(&w.to_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn lookup(id: i64, code: &str) -> LookupRef {
        LookupRef { id, code: code.into(), description: code.to_uppercase() }
    }

    fn row(id: i64, code: &str, division: i64, workload: &str, target: &str) -> Row {
        let (w, t) = (d(workload), d(target));
        Row {
            employment: EmploymentId(id),
            teacher: TeacherRef {
                id: TeacherId(id),
                archived: false,
                code: code.into(),
                last_name: format!("Name{code}"),
                first_name: "Eva".into(),
                email: None,
            },
            division: lookup(division, if division == 1 { "fms" } else { "gym" }),
            gender: (id % 2 == 0).then(|| lookup(7, "w")),
            employment_min: Some(d("50")),
            employment_max: Some(d("80")),
            payment: [t, t],
            target: t,
            workload: w,
            payroll: [t, t],
            paid: t,
            deviation: deviation(w, t),
            opening: Some(d("1.5")),
            change: Some(w - t),
            closing: Some(d("1.5") + w - t),
            flags: Flags {
                outside_range: outside_range(w, Some(d("50")), Some(d("80"))),
                no_work: no_work(w),
                open_lessons: false,
            },
            payroll_shares: vec![PayrollShare {
                payroll_type: PayrollTypeId(2),
                lessons: [d("11.5"), d("11")],
                percent: [t, t],
            }],
            pool_shares: vec![PoolShare { pool_type: PoolTypeId(8), percent: [d("5"), d("2.5")] }],
            sheet: SheetState::NotReleased,
            percent_decimals: 2,
        }
    }

    #[test]
    fn target_is_the_mean_of_the_semesters_and_missing_counts_zero() {
        assert_eq!(target(Some(Fixed::units(75)), Some(Fixed::units(80))), d("77.5"));
        assert_eq!(target(Some(Fixed(505_000)), None), d("25.25"));
        assert_eq!(target(None, None), Decimal::ZERO);
        assert_eq!(deviation(d("72.826"), d("75")), d("-2.174"));
    }

    #[test]
    fn range_ends_belong_to_the_range() {
        assert!(!outside_range(d("50"), Some(d("50")), Some(d("80"))));
        assert!(!outside_range(d("80"), Some(d("50")), Some(d("80"))));
        assert!(outside_range(d("49.999"), Some(d("50")), Some(d("80"))));
        assert!(outside_range(d("80.001"), Some(d("50")), Some(d("80"))));
        assert!(!outside_range(d("120"), Some(d("50")), None), "no upper limit");
        assert!(!outside_range(d("0"), None, None));
        assert!(no_work(d("0.000")) && !no_work(d("0.001")));
    }

    #[test]
    fn totals_are_the_sums_of_the_rows() {
        let rows = vec![row(1, "abc", 1, "78.5", "75"), row(2, "def", 2, "40", "45.5"), row(3, "ghi", 1, "0", "0")];
        let t = totals(&rows);
        assert_eq!(t.all.count, 3);
        assert_eq!(t.all.workload, d("118.5"));
        assert_eq!(t.all.target, d("120.5"));
        assert_eq!(t.all.deviation, d("-2"));
        assert_eq!(t.all.closing, d("4.5") - d("2"));
        assert_eq!(t.all.full_time(), [d("1.205"), d("1.205")]);
        assert_eq!(t.divisions.len(), 2);
        assert_eq!(t.divisions[0].0.code, "fms");
        assert_eq!(t.divisions[0].1.count, 2);
        assert_eq!(t.divisions[0].1.workload + t.divisions[1].1.workload, t.all.workload);
        assert_eq!(t.genders.len(), 2);
        assert!(t.genders[1].0.is_none(), "rows without a gender last");
        assert_eq!(t.genders[0].1.employment_max, d("80"));
        assert_eq!(t.payroll[&PayrollTypeId(2)].lessons, [d("34.5"), d("33")]);
        assert_eq!(t.pool[&PoolTypeId(8)], [d("15"), d("7.5")]);
        assert_eq!(totals(&[]), Totals::default());
    }

    #[test]
    fn histogram_bins_are_centred_on_multiples_of_the_width_without_gaps() {
        let bins = histogram(["0", "2.4", "2.5", "-2.5", "-2.6", "11"].map(d), d("5"));
        let got: Vec<(Decimal, usize)> = bins.iter().map(|b| (b.center, b.count)).collect();
        assert_eq!(
            got,
            vec![(d("-5"), 1), (d("0"), 3), (d("5"), 1), (d("10"), 1)],
            "[-2.5, 2.5) is the bin of 0; -2.6 falls into -5"
        );
        assert!(histogram(Vec::new(), d("5")).is_empty());
        assert_eq!(histogram([d("7")], d("5")), vec![Bin { center: d("5"), count: 1 }]);
    }

    #[test]
    fn rows_sort_by_column_with_ties_by_code() {
        let mut rows = vec![row(1, "c", 1, "50", "50"), row(2, "a", 2, "70", "60"), row(3, "b", 1, "50", "55")];
        sort_rows(&mut rows, SortKey::Workload, true);
        assert_eq!(rows.iter().map(|r| r.teacher.code.as_str()).collect::<Vec<_>>(), ["a", "b", "c"]);
        sort_rows(&mut rows, SortKey::Deviation, false);
        assert_eq!(rows.iter().map(|r| r.teacher.code.as_str()).collect::<Vec<_>>(), ["b", "c", "a"]);
        sort_rows(&mut rows, SortKey::Division, false);
        assert_eq!(rows.iter().map(|r| r.teacher.code.as_str()).collect::<Vec<_>>(), ["b", "c", "a"]);
        rows[0].closing = None;
        sort_rows(&mut rows, SortKey::Closing, false);
        assert_eq!(rows[0].teacher.code, "b", "a missing balance comes first ascending");
        assert_eq!(SortKey::from_param("deviation"), Some(SortKey::Deviation));
        assert_eq!(SortKey::from_param("nope"), None);
        assert!(SortKey::ALL.iter().all(|k| SortKey::from_param(k.param()) == Some(*k)));
    }

    #[test]
    fn filters_narrow_by_division_flags_and_words() {
        let rows = [row(1, "abc", 1, "90", "75"), row(2, "def", 2, "0", "0"), row(3, "ghi", 1, "60", "60")];
        let shown = |f: &Filter| rows.iter().filter(|r| f.matches(r)).map(|r| r.employment.0).collect::<Vec<_>>();
        assert_eq!(shown(&Filter::default()), [1, 2, 3]);
        assert_eq!(shown(&Filter { division: Some(DivisionId(1)), ..Default::default() }), [1, 3]);
        let flags = Flags { outside_range: true, ..Default::default() };
        assert_eq!(shown(&Filter { flags, ..Default::default() }), [1, 2], "90 > 80 and 0 < 50");
        let flags = Flags { no_work: true, ..Default::default() };
        assert_eq!(shown(&Filter { flags, ..Default::default() }), [2]);
        assert_eq!(shown(&Filter { query: "NAMEGHI eva".into(), ..Default::default() }), [3]);
        assert_eq!(shown(&Filter { query: "abc zzz".into(), ..Default::default() }), Vec::<i64>::new());
    }

    fn course(id: i64, category: Option<LookupRef>, lessons: [i64; 2], taught: [bool; 2], cancelled: bool) -> Course {
        use crate::domain::course::open_lessons;
        use crate::domain::ids::{CourseId, CurriculumId, SchoolYearId, SubjectId};
        use crate::domain::reference_forms::{CurriculumRef, SchoolYearRef, SubjectRef};
        let teacher = row(1, "abc", 1, "0", "0").teacher;
        let teachers = |on: bool| if on { vec![teacher.clone()] } else { Vec::new() };
        let [l1, l2] = lessons.map(Fixed::units);
        Course {
            id: CourseId(id),
            cancelled,
            comments: None,
            cross_class: false,
            curriculum: CurriculumRef {
                id: CurriculumId(1),
                archived: false,
                code: "G".into(),
                description: "G".into(),
            },
            grade: lookup(1, "gym1"),
            lessons1: l1,
            lessons2: l2,
            school_classes: Vec::new(),
            school_year: SchoolYearRef {
                id: SchoolYearId(1),
                archived: false,
                code: "26/27".into(),
                description: String::new(),
                graduation_year: 2027,
                finalised: false,
                age_relief_included: false,
            },
            subject: SubjectRef {
                id: SubjectId(id),
                archived: false,
                category,
                code: format!("S{id}"),
                description: String::new(),
                kind: lookup(1, "gf"),
            },
            teachers1: teachers(taught[0]),
            teachers2: teachers(taught[1]),
            small_group1: false,
            small_group2: false,
            open1: open_lessons(cancelled, l1, usize::from(taught[0])),
            open2: open_lessons(cancelled, l2, usize::from(taught[1])),
        }
    }

    #[test]
    fn category_totals_sum_lessons_and_open_lessons_of_courses_that_take_place() {
        assert!(category_totals(&[]).is_empty());
        let (bio, math) = (LookupRef { id: 4, code: "b".into(), description: "Biologie".into() }, lookup(2, "m"));
        let courses = [
            course(1, Some(math.clone()), [4, 4], [true, true], false),
            course(2, Some(bio.clone()), [2, 3], [true, false], false),
            course(3, Some(bio.clone()), [5, 5], [false, false], true),
            course(4, None, [1, 0], [false, false], false),
            course(5, Some(math.clone()), [3, 2], [false, true], false),
        ];
        let sums = category_totals(&courses);
        let got: Vec<(Option<i64>, [Decimal; 2], [Decimal; 2])> =
            sums.iter().map(|s| (s.category.as_ref().map(|c| c.id), s.lessons, s.open)).collect();
        assert_eq!(
            got,
            vec![
                (Some(4), [d("2"), d("3")], [d("0"), d("3")]),
                (Some(2), [d("7"), d("6")], [d("3"), d("0")]),
                (None, [d("1"), d("0")], [d("1"), d("0")]),
            ],
            "by description (Biologie before M), cancelled skipped, no category last"
        );
    }
}
