//! The report of a move (docs/migration.md §Reading the report): rows per
//! table, every changed value, every refusal (German), what the reference
//! cannot hold, and the reconciliation of the stored balances.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

/// Which way the move went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Direction {
    /// Pensenmanager → schoolplan.
    Import,
    /// schoolplan → Pensenmanager.
    Export,
}

/// Rows read and written of one table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TableCount {
    /// Rows read.
    pub read: usize,
    /// Rows written (0 in a dry run and when refused).
    pub written: usize,
}

/// One value changed (or not taken) on the way: table, row, column, old and
/// new value (text; `null` for none), and the rule (each is named in
/// docs/migration.md §Repairs and refusals).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// Reference table (`teacher`, `course`, …).
    pub table: String,
    /// The row: its id in the reference, or its identifying codes.
    pub row: String,
    /// Column.
    pub column: String,
    /// Value before (as text), or null.
    pub old: Option<String>,
    /// Value after (as text), or null when it is not taken.
    pub new: Option<String>,
    /// The rule applied.
    pub rule: String,
}

/// Rows that block the move, with the reason in German.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// Reference table.
    pub table: String,
    /// The rows (ids or codes).
    pub rows: Vec<String>,
    /// The rule.
    pub rule: String,
    /// Why, in German.
    pub reason: String,
}

/// One employment's stored closing balance against the computed one
/// (percent; the difference to 4 places).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceLine {
    /// Teacher code.
    pub teacher: String,
    /// The stored closing balance (shortest text of the double), or null.
    pub stored_closing: Option<String>,
    /// The closing balance schoolplan computes from the data (4 places).
    pub computed_closing: String,
    /// computed − stored, 4 places (stored null counts as 0).
    pub difference: String,
}

/// An employment whose stored opening balance differs from the previous
/// year's stored closing balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpeningLine {
    /// Teacher code.
    pub teacher: String,
    /// Stored opening balance.
    pub stored_opening: Option<String>,
    /// The code of the previous year the teacher was employed in.
    pub previous_year: String,
    /// Its stored closing balance.
    pub previous_closing: Option<String>,
}

/// The reconciliation of one school year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct YearReconciliation {
    /// School year code.
    pub year: String,
    /// Whether the year is locked (finalised or archived).
    pub locked: bool,
    /// Employments compared.
    pub compared: usize,
    /// Of those, how many agree to 4 places.
    pub agreeing: usize,
    /// Every employment, by teacher code.
    pub balances: Vec<BalanceLine>,
    /// Stored opening balances that differ from the previous stored closing balance.
    pub openings: Vec<OpeningLine>,
}

impl YearReconciliation {
    /// The one summary line of the year (German).
    pub fn summary(&self) -> String {
        format!(
            "{} ({}): {} von {} Schlusssaldi stimmen auf 4 Stellen überein; {} Anfangssaldi weichen vom Vorjahr ab",
            self.year,
            if self.locked { "abgeschlossen" } else { "offen" },
            self.agreeing,
            self.compared,
            self.openings.len()
        )
    }
}

/// The whole report, as `--report FILE` writes it (JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Import or export.
    pub direction: Direction,
    /// Whether nothing was written on purpose.
    pub dry_run: bool,
    /// Whether the target was written (false on refusal or dry run).
    pub written: bool,
    /// What the source database is (e.g. which optional columns it lacks).
    pub source: Vec<String>,
    /// Rows per reference table.
    pub tables: BTreeMap<String, TableCount>,
    /// Every value changed or not taken, in the order found.
    pub changes: Vec<Change>,
    /// Every refusal; any refusal means nothing was written.
    pub refusals: Vec<Refusal>,
    /// Per school year, the stored balances against the computed ones (import only).
    pub reconciliation: Vec<YearReconciliation>,
}

impl Report {
    /// An empty report.
    pub fn new(direction: Direction, dry_run: bool) -> Report {
        Report {
            direction,
            dry_run,
            written: false,
            source: Vec::new(),
            tables: BTreeMap::new(),
            changes: Vec::new(),
            refusals: Vec::new(),
            reconciliation: Vec::new(),
        }
    }

    /// Counts `n` rows read from `table`.
    pub fn read(&mut self, table: &str, n: usize) {
        self.tables.entry(table.to_string()).or_default().read += n;
    }

    /// Counts `n` rows written to `table`.
    pub fn wrote(&mut self, table: &str, n: usize) {
        self.tables.entry(table.to_string()).or_default().written += n;
    }

    /// Records a change.
    pub fn change(
        &mut self,
        table: &str,
        row: impl Into<String>,
        column: &str,
        old: Option<String>,
        new: Option<String>,
        rule: &str,
    ) {
        self.changes.push(Change {
            table: table.to_string(),
            row: row.into(),
            column: column.to_string(),
            old,
            new,
            rule: rule.to_string(),
        });
    }

    /// Records a refusal of `rows` (nothing is written).
    pub fn refuse(&mut self, table: &str, rows: Vec<String>, rule: &str, reason: impl Into<String>) {
        if !rows.is_empty() {
            self.refusals.push(Refusal {
                table: table.to_string(),
                rows,
                rule: rule.to_string(),
                reason: reason.into(),
            });
        }
    }

    /// How many refusals the report holds: a mark to tell afterwards
    /// whether building a record refused something.
    pub fn mark(&self) -> usize {
        self.refusals.len()
    }

    /// Whether something blocks the move.
    pub fn refused(&self) -> bool {
        !self.refusals.is_empty()
    }

    /// The report as JSON (pretty, trailing newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serialises") + "\n"
    }

    /// The report as text for the terminal (German, as the school reads it).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let what = match self.direction {
            Direction::Import => "Übernahme aus dem Pensenmanager",
            Direction::Export => "Rückgabe an den Pensenmanager",
        };
        let state = if self.written {
            "geschrieben"
        } else if self.refused() {
            "abgelehnt, nichts geschrieben"
        } else if self.dry_run {
            "Probelauf, nichts geschrieben"
        } else {
            "nicht geschrieben"
        };
        let _ = writeln!(out, "{what}: {state}");
        for s in &self.source {
            let _ = writeln!(out, "  Quelle: {s}");
        }
        let _ = writeln!(out, "\nTabellen (gelesen / geschrieben):");
        for (table, c) in &self.tables {
            let _ = writeln!(out, "  {table:<22} {:>8} / {:>8}", c.read, c.written);
        }
        if !self.changes.is_empty() {
            let _ = writeln!(out, "\nGeänderte Werte ({}):", self.changes.len());
            for c in &self.changes {
                let _ = writeln!(
                    out,
                    "  {} {} {}: {} → {} [{}]",
                    c.table,
                    c.row,
                    c.column,
                    c.old.as_deref().unwrap_or("(leer)"),
                    c.new.as_deref().unwrap_or("(nicht übernommen)"),
                    c.rule
                );
            }
        }
        if !self.refusals.is_empty() {
            let _ = writeln!(out, "\nAbgelehnt ({}):", self.refusals.len());
            for r in &self.refusals {
                let _ = writeln!(out, "  {} [{}]: {} — Zeilen: {}", r.table, r.rule, r.reason, r.rows.join(", "));
            }
        }
        if !self.reconciliation.is_empty() {
            let _ = writeln!(out, "\nAbgleich der gespeicherten Saldi:");
            for y in &self.reconciliation {
                let _ = writeln!(out, "  {}", y.summary());
                for b in y.balances.iter().filter(|b| b.difference != "0") {
                    let _ = writeln!(
                        out,
                        "    {}: gespeichert {}, berechnet {}, Differenz {}",
                        b.teacher,
                        b.stored_closing.as_deref().unwrap_or("(leer)"),
                        b.computed_closing,
                        b.difference
                    );
                }
                for o in &y.openings {
                    let _ = writeln!(
                        out,
                        "    {}: Anfangssaldo {} ≠ Schlusssaldo {} in {}",
                        o.teacher,
                        o.stored_opening.as_deref().unwrap_or("(leer)"),
                        o.previous_closing.as_deref().unwrap_or("(leer)"),
                        o.previous_year
                    );
                }
            }
        }
        out
    }
}
