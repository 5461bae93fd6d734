//! The course table: the planning grid of the existing browser client
//! (docs/client.md §Course table): one row per subject, one column per class,
//! each cell the course of that subject the class takes.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::code_key;
use super::course::Course;
use super::schoolclass::SchoolClassInYear;

/// The course table of one school year.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CourseTable {
    /// The columns: the classes with a grade that year (after the filters), in list order.
    pub school_classes: Vec<SchoolClassInYear>,
    /// Every course of a listed subject that includes a listed class, by id
    /// (as text), in single form — so the client can PUT it back (e.g. cancel it).
    pub courses: BTreeMap<String, Course>,
    /// The rows, by subject code: `{"subject": subject list form, "<class code>": {"id": course id}, …}`.
    pub items: Vec<Value>,
}

/// Builds the table from the year's `classes` (filtered, in list order) and
/// its class-bound `courses`; `category` keeps only subjects of that subject
/// category. A row exists for each non-cross-class subject with a course among
/// the classes, ordered by subject code (then id); when two courses of one
/// subject share a class, its cell holds the lower course id (the plan check
/// reports the clash).
pub fn build(classes: Vec<SchoolClassInYear>, courses: Vec<Course>, category: Option<i64>) -> CourseTable {
    let columns: BTreeMap<_, &str> = classes.iter().map(|c| (c.class.id, c.class.code.as_str())).collect();
    let mut kept: BTreeMap<String, Course> = BTreeMap::new();
    // subject id → (subject, class code → lowest course id)
    let mut rows: BTreeMap<i64, (super::reference_forms::SubjectRef, BTreeMap<&str, i64>)> = BTreeMap::new();
    for course in &courses {
        let in_category = category.is_none_or(|c| course.subject.category.as_ref().is_some_and(|k| k.id == c));
        if course.cross_class || !in_category {
            continue;
        }
        let cells: Vec<&str> = course.school_classes.iter().filter_map(|k| columns.get(&k.id).copied()).collect();
        if cells.is_empty() {
            continue;
        }
        let row = rows.entry(course.subject.id.0).or_insert_with(|| (course.subject.clone(), BTreeMap::new()));
        for code in cells {
            let cell = row.1.entry(code).or_insert(course.id.0);
            *cell = (*cell).min(course.id.0);
        }
        kept.insert(course.id.0.to_string(), course.clone());
    }
    let mut rows: Vec<_> = rows.into_values().collect();
    rows.sort_by(|a, b| code_key(&a.0.code).cmp(&code_key(&b.0.code)).then(a.0.id.cmp(&b.0.id)));
    let items = rows
        .into_iter()
        .map(|(subject, cells)| {
            let mut item = Map::new();
            item.insert("subject".into(), serde_json::to_value(&subject).unwrap_or(Value::Null));
            for (code, id) in cells {
                item.insert(code.to_string(), serde_json::json!({"id": id}));
            }
            Value::Object(item)
        })
        .collect();
    CourseTable { school_classes: classes, courses: kept, items }
}
