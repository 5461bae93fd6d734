//! The commands that move a whole school: `import` and `export` of a dataset
//! file (docs/dataset.md) or from and to the Pensenmanager's database
//! (docs/migration.md), and `demo-dataset`.

use std::path::PathBuf;

use anyhow::Context as _;

use super::open;

/// `schoolplan import`: the dataset `file` into an empty database, or with
/// `--from-pensenmanager` a school from that database (with `dry_run`
/// everything but the writing; the report also written as JSON to `report`).
pub(super) async fn import(
    database: &str,
    file: Option<PathBuf>,
    from_pensenmanager: Option<String>,
    dry_run: bool,
    report: Option<PathBuf>,
) -> anyhow::Result<()> {
    if let Some(source) = from_pensenmanager {
        let store = open(database, false).await?;
        let result = crate::pensenmanager::import(&store, &source, dry_run, progress_line).await;
        store.close().await;
        return finish_move(result?, report);
    }
    let file = file.context("a dataset file is required")?;
    let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let dataset = crate::dataset::Dataset::from_json(&text)?;
    let store = open(database, false).await?;
    let counts = crate::dataset::import(&store, &dataset).await?;
    store.close().await;
    eprintln!("imported {counts}");
    Ok(())
}

/// `schoolplan export`: the whole database as a dataset to `file` (stdout
/// when none), or with `--to-pensenmanager` into that database (the report
/// also written as JSON to `report`).
pub(super) async fn export(
    database: &str,
    file: Option<PathBuf>,
    to_pensenmanager: Option<String>,
    report: Option<PathBuf>,
) -> anyhow::Result<()> {
    if let Some(target) = to_pensenmanager {
        let store = open(database, false).await?;
        let result = crate::pensenmanager::export(&store, &target, progress_line).await;
        store.close().await;
        return finish_move(result?, report);
    }
    let store = open(database, false).await?;
    let dataset = crate::dataset::export(&store).await?;
    store.close().await;
    write_out(file, &dataset.to_json())
}

/// `schoolplan demo-dataset`: the generated demo school at `scale` to `file`
/// (stdout when none).
pub(super) fn demo_dataset(scale: u32, file: Option<PathBuf>) -> anyhow::Result<()> {
    write_out(file, &crate::demo::generate(scale).to_json())
}

/// One line of progress of a move on stderr; on a terminal, with a bar of the tables done.
fn progress_line(step: crate::pensenmanager::Step<'_>) {
    use std::io::IsTerminal as _;
    if std::io::stderr().is_terminal() {
        let width = 20;
        let filled = step.done * width / step.total.max(1);
        eprintln!(
            "[{}{}] {:>2}/{} {:<20} {:>8} Zeilen",
            "#".repeat(filled),
            " ".repeat(width - filled),
            step.done,
            step.total,
            step.table,
            step.rows
        );
    } else {
        eprintln!("{}/{} {}: {} Zeilen", step.done, step.total, step.table, step.rows);
    }
}

/// Prints the report of a move (stdout), writes its JSON to `file`, and
/// fails when the move was refused.
fn finish_move(report: crate::pensenmanager::Report, file: Option<PathBuf>) -> anyhow::Result<()> {
    print!("{}", report.to_text());
    if let Some(path) = file {
        std::fs::write(&path, report.to_json()).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if report.refused() {
        anyhow::bail!("abgelehnt: {} Problem(e), nichts geschrieben (siehe Bericht)", report.refusals.len());
    }
    Ok(())
}

/// Writes `text` to `file`, or to stdout when there is none.
fn write_out(file: Option<PathBuf>, text: &str) -> anyhow::Result<()> {
    match file {
        Some(path) => std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display())),
        None => {
            use std::io::Write as _;
            std::io::stdout().write_all(text.as_bytes()).context("cannot write to stdout")
        }
    }
}
