//! Thesis counts pasted as a table (docs/web.md §Abschlussarbeiten): one line
//! per teacher, `code<TAB>count<TAB>count…` as a spreadsheet copies it, or
//! the cells separated by `;`. Pure: the caller supplies the thesis types and
//! the teacher codes of the school year; nothing is read or written here.
//!
//! - The columns after the code are the thesis types in the order given
//!   ([`parse`]'s `types`), unless the first line is a header: its first cell
//!   is no teacher code and every other non-blank cell is a thesis type's
//!   code (case-insensitive); then the columns are the types it names, and
//!   the types it does not name keep their counts ([`merged`]).
//! - A blank cell, or a missing one at the end of a line, counts 0.
//! - A count is a number 0–[`MAX_THESIS_COUNT`] with at most 4 decimals (as
//!   `PUT /api/v1/thesis` accepts); a decimal comma counts as a point.
//! - Blank lines are skipped. Every other line is checked on its own: an
//!   unknown teacher code (or one without an employment that year), a bad
//!   count, more cells than columns, a teacher named twice are
//!   [`LineProblem`]s of that line.

use std::collections::{BTreeMap, HashMap};

use super::fixed::{Fixed, Literal};
use super::ids::{TeacherId, ThesisTypeId};
use super::pool::MAX_THESIS_COUNT;

/// A thesis type as a column of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasteType {
    /// Thesis type id.
    pub id: ThesisTypeId,
    /// Its code (matched case-insensitively in a header).
    pub code: String,
}

/// What is wrong with one pasted line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// No teacher employed in the year has this code.
    UnknownTeacher(String),
    /// The cell of thesis type `column` (its code) is not a count 0–999 with
    /// at most 4 decimals; `text` as pasted.
    BadCount {
        /// The column's thesis type code.
        column: String,
        /// The cell's text.
        text: String,
    },
    /// The line has `found` cells after the code, the table only `columns` columns.
    TooManyCells {
        /// Cells after the code.
        found: usize,
        /// Columns of the table.
        columns: usize,
    },
    /// The teacher was already named on line `first` (1-based).
    Duplicate {
        /// The earlier line's number.
        first: usize,
    },
}

/// One pasted line read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastedLine {
    /// Line number in the pasted text, from 1.
    pub number: usize,
    /// The teacher code as pasted (trimmed).
    pub code: String,
    /// The teacher's id, when the code is known.
    pub teacher: Option<TeacherId>,
    /// The count per column (thesis type id, count), every column, blanks 0;
    /// the cells that could not be read are left out.
    pub counts: Vec<(ThesisTypeId, Fixed)>,
    /// What is wrong (empty: the line can be saved).
    pub problems: Vec<LineProblem>,
}

/// The pasted table read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pasted {
    /// The thesis type ids of the columns after the code, in order.
    pub columns: Vec<ThesisTypeId>,
    /// Whether the first line was a header.
    pub header: bool,
    /// The lines with a teacher code, in order.
    pub lines: Vec<PastedLine>,
}

impl Pasted {
    /// Whether every line can be saved (and there is at least one).
    pub fn is_clean(&self) -> bool {
        !self.lines.is_empty() && self.lines.iter().all(|l| l.problems.is_empty())
    }
}

/// The cells of a line: split at tabs when it has one, else at `;`; trimmed.
fn cells(line: &str) -> Vec<String> {
    let sep = if line.contains('\t') { '\t' } else { ';' };
    line.split(sep).map(|c| c.trim().to_string()).collect()
}

/// A count cell: blank → 0; `None` when it is not a count.
fn count(text: &str) -> Option<Fixed> {
    if text.is_empty() {
        return Some(Fixed(0));
    }
    let lit = Literal::parse(&super::fixed::typed_decimal(text))?;
    // Out of range and too precise alike are no count.
    Fixed::from_literal(&lit, 0, MAX_THESIS_COUNT).ok()
}

/// Reads `text` against the thesis `types` (the default column order) and
/// the year's teachers `teachers` (code → id; codes matched case-insensitively).
pub fn parse(text: &str, types: &[PasteType], teachers: &[(String, TeacherId)]) -> Pasted {
    let teacher_of: HashMap<String, TeacherId> = teachers.iter().map(|(c, id)| (c.to_lowercase(), *id)).collect();
    let type_of: HashMap<String, &PasteType> = types.iter().map(|t| (t.code.to_lowercase(), t)).collect();
    let mut rows =
        text.lines().enumerate().map(|(n, l)| (n + 1, cells(l))).filter(|(_, c)| c.iter().any(|x| !x.is_empty()));
    let mut columns: Vec<&PasteType> = types.iter().collect();
    let mut header = false;
    let mut pending = Vec::new();
    if let Some((n, first)) = rows.next() {
        let named: Vec<&String> = first[1..].iter().filter(|c| !c.is_empty()).collect();
        let is_header = !teacher_of.contains_key(&first[0].to_lowercase())
            && !named.is_empty()
            && named.iter().all(|c| type_of.contains_key(&c.to_lowercase()));
        if is_header {
            header = true;
            columns = first[1..].iter().filter_map(|c| type_of.get(&c.to_lowercase()).copied()).collect();
        } else {
            pending.push((n, first));
        }
    }
    let mut seen: HashMap<TeacherId, usize> = HashMap::new();
    let lines = pending
        .into_iter()
        .chain(rows)
        .map(|(number, cells)| {
            let code = cells[0].clone();
            let mut problems = Vec::new();
            let teacher = teacher_of.get(&code.to_lowercase()).copied();
            match teacher {
                None => problems.push(LineProblem::UnknownTeacher(code.clone())),
                Some(t) => {
                    if let Some(first) = seen.get(&t) {
                        problems.push(LineProblem::Duplicate { first: *first });
                    } else {
                        seen.insert(t, number);
                    }
                }
            }
            let values = &cells[1..];
            // Blank cells at the end (a spreadsheet's empty columns) are no extra cells.
            let used = values.iter().rposition(|c| !c.is_empty()).map_or(0, |i| i + 1);
            if used > columns.len() {
                problems.push(LineProblem::TooManyCells { found: used, columns: columns.len() });
            }
            let mut counts = Vec::new();
            for (i, t) in columns.iter().enumerate() {
                let cell = values.get(i).map_or("", String::as_str);
                match count(cell) {
                    Some(c) => counts.push((t.id, c)),
                    None => problems.push(LineProblem::BadCount { column: t.code.clone(), text: cell.to_string() }),
                }
            }
            PastedLine { number, code, teacher, counts, problems }
        })
        .collect();
    Pasted { columns: columns.iter().map(|t| t.id).collect(), header, lines }
}

/// The counts after applying `line`'s columns over `old` (thesis type id →
/// count): the pasted columns replace, the others stay; zeros dropped, by id.
pub fn merged(old: &BTreeMap<ThesisTypeId, Fixed>, line: &[(ThesisTypeId, Fixed)]) -> Vec<(ThesisTypeId, Fixed)> {
    let mut out = old.clone();
    for (t, c) in line {
        out.insert(*t, *c);
    }
    out.into_iter().filter(|(_, c)| c.0 != 0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types() -> Vec<PasteType> {
        vec![PasteType { id: ThesisTypeId(1), code: "MA".into() }, PasteType { id: ThesisTypeId(2), code: "FA".into() }]
    }

    fn teachers() -> Vec<(String, TeacherId)> {
        vec![("abc".into(), TeacherId(10)), ("Def".into(), TeacherId(11))]
    }

    /// The counts `pairs` with typed thesis type ids.
    fn typed(pairs: &[(i64, Fixed)]) -> Vec<(ThesisTypeId, Fixed)> {
        pairs.iter().map(|(t, c)| (ThesisTypeId(*t), *c)).collect()
    }

    fn one(n: i64) -> Fixed {
        Fixed(n * crate::domain::fixed::SCALE)
    }

    #[test]
    fn tab_and_semicolon_lines_in_the_types_order() {
        let p = parse("abc\t2\t1\n\nDEF;0;3\n", &types(), &teachers());
        assert!(!p.header && p.is_clean(), "{p:?}");
        assert_eq!(p.columns, [1, 2].map(ThesisTypeId));
        assert_eq!(p.lines[0].teacher, Some(TeacherId(10)));
        assert_eq!(p.lines[0].counts, typed(&[(1, one(2)), (2, one(1))]));
        assert_eq!(p.lines[1].number, 3, "blank lines are skipped but counted");
        assert_eq!(p.lines[1].teacher, Some(TeacherId(11)), "codes match case-insensitively");
        assert_eq!(p.lines[1].counts, typed(&[(1, one(0)), (2, one(3))]));
    }

    #[test]
    fn blank_and_missing_cells_count_zero_and_a_comma_is_a_point() {
        let p = parse("abc\t\nDef\t1,5\t\t", &types(), &teachers());
        assert!(p.is_clean(), "{p:?}");
        assert_eq!(p.lines[0].counts, typed(&[(1, one(0)), (2, one(0))]));
        assert_eq!(p.lines[1].counts, typed(&[(1, Fixed(15_000)), (2, one(0))]));
    }

    #[test]
    fn a_header_chooses_the_columns() {
        let p = parse("Kürzel\tfa\nabc\t4", &types(), &teachers());
        assert!(p.header && p.is_clean(), "{p:?}");
        assert_eq!(p.columns, [2].map(ThesisTypeId));
        assert_eq!(p.lines[0].counts, typed(&[(2, one(4))]));
        assert_eq!(p.lines[0].number, 2);
    }

    #[test]
    fn bad_lines_are_flagged_each_on_its_own() {
        let p = parse("xyz\t1\nabc\tzwei\t-1\nabc\t1\t1\t7\ndef\t1000", &types(), &teachers());
        assert!(!p.is_clean());
        assert_eq!(p.lines[0].problems, vec![LineProblem::UnknownTeacher("xyz".into())]);
        assert_eq!(
            p.lines[1].problems,
            vec![
                LineProblem::BadCount { column: "MA".into(), text: "zwei".into() },
                LineProblem::BadCount { column: "FA".into(), text: "-1".into() },
            ]
        );
        assert_eq!(
            p.lines[2].problems,
            vec![LineProblem::Duplicate { first: 2 }, LineProblem::TooManyCells { found: 3, columns: 2 }]
        );
        assert_eq!(p.lines[3].problems, vec![LineProblem::BadCount { column: "MA".into(), text: "1000".into() }]);
        assert_eq!(p.lines[3].counts, typed(&[(2, one(0))]), "a bad cell is left out");
    }

    #[test]
    fn nothing_pasted_is_not_clean() {
        assert!(!parse(" \n\t\n", &types(), &teachers()).is_clean());
    }

    #[test]
    fn merged_keeps_unnamed_types_and_drops_zeros() {
        let old = BTreeMap::from([(ThesisTypeId(1), one(2)), (ThesisTypeId(3), one(1))]);
        assert_eq!(merged(&old, &typed(&[(1, one(0)), (2, one(5))])), typed(&[(2, one(5)), (3, one(1))]));
    }
}
