//! The plan check (Planung prüfen), docs/documents.md §Plan check, as pure rule functions.
//!
//! [`check`] takes the loaded facts of one school year ([`CheckFacts`]) and
//! returns its [`Finding`]s: errors (`course_rule`, `grade_not_in_curriculum`,
//! `lesson_table_side`, `no_weekly_lessons`, `duplicate_course`) first, then
//! warnings (`open_lessons`, `workload_deviation`, `no_work`,
//! `payment_outside_range`, `no_entry_classes`), each with the objects
//! concerned. The course rules are the very functions `POST /course`
//! uses (docs/contract.md §Courses); the workloads come from the workload calculation.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rust_decimal::Decimal;
use serde::Serialize;

use super::course::Course;
use super::fixed::Fixed;
use super::ids::{CurriculumId, EmploymentId, GradeId, SchoolClassId, SubjectId, TeacherId};
use super::lessontable::{LessonEntry, LessonTableKey};
use super::opening::{check_course_classes, entry_gaps, ClassFact, CurriculumFact, EntryGap, SubjectFact};
use super::reference_forms::{SchoolYearRef, TeacherRef};
use crate::error::Error;
use crate::i18n::{Lang, Message};

/// Largest tolerated difference between a teacher's workload and the mean
/// payment target, in percent points (docs/documents.md §Plan check).
pub const DEVIATION_POINTS: i64 = 5;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The plan breaks a rule.
    Error,
    /// The plan is probably not finished.
    Warning,
}

/// An object a finding is about: `type` is `course`, `teacher`, `employment`,
/// `payrolltype`, `lessontable`, `schoolclass` or `curriculum`; `id` its id (a number; the
/// compound row id as text for `lessontable`).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FindingObject {
    /// The kind of object (its resource path segment).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Its id.
    pub id: FindingId,
}

/// The id of an object of a finding: a database id, or the compound row id of a lesson table row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum FindingId {
    /// A database id.
    Number(i64),
    /// A compound id (`<curriculum>-<subject>[-<division>]`).
    Text(String),
}

impl From<i64> for FindingId {
    fn from(id: i64) -> Self {
        FindingId::Number(id)
    }
}

impl From<String> for FindingId {
    fn from(id: String) -> Self {
        FindingId::Text(id)
    }
}

impl From<&str> for FindingId {
    fn from(id: &str) -> Self {
        FindingId::Text(id.to_string())
    }
}

impl FindingObject {
    fn new(kind: &'static str, id: impl Into<FindingId>) -> Self {
        FindingObject { kind, id: id.into() }
    }
}

/// One finding of the plan check.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Finding {
    /// `error` or `warning`.
    pub severity: Severity,
    /// The rule, e.g. `open_lessons`.
    pub code: &'static str,
    /// A sentence naming the objects by code, in English until
    /// [`Finding::in_lang`] renders it in the reader's language (docs/i18n.md §Findings).
    pub detail: String,
    /// The objects concerned.
    pub objects: Vec<FindingObject>,
    /// The sentence as a catalogue message (`finding-<code>`).
    #[serde(skip)]
    #[schema(ignore)]
    pub text: Message,
}

impl Finding {
    /// The finding with its `detail` in `lang` (docs/i18n.md §Findings).
    pub fn in_lang(mut self, lang: Lang) -> Finding {
        self.detail = self.text.render(lang);
        self
    }
}

/// An employment with what the check needs of it.
#[derive(Debug, Clone, PartialEq)]
pub struct EmploymentCheck {
    /// The employment.
    pub id: EmploymentId,
    /// Its teacher.
    pub teacher: TeacherRef,
    /// Payment target semester 1 (percent), or none.
    pub payment1: Option<Fixed>,
    /// Payment target semester 2 (percent), or none.
    pub payment2: Option<Fixed>,
    /// Lowest agreed employment ("Verfügung min.", percent), or none.
    pub employment_min: Option<Fixed>,
    /// Highest agreed employment ("Verfügung max.", percent), or none.
    pub employment_max: Option<Fixed>,
    /// The workload: the summary total with age relief (percent, docs/workload.md §Summary).
    pub workload: Decimal,
    /// Whether the teacher has courses, pool entries or theses this year.
    pub has_work: bool,
}

/// Everything the check reads of one school year.
#[derive(Debug, Clone)]
pub struct CheckFacts {
    /// The school year.
    pub year: SchoolYearRef,
    /// Every school class.
    pub classes: Vec<ClassFact>,
    /// Every curriculum.
    pub curricula: Vec<CurriculumFact>,
    /// Every subject by id.
    pub subjects: HashMap<SubjectId, SubjectFact>,
    /// Every stored lesson table entry.
    pub entries: Vec<LessonEntry>,
    /// The courses of the year, in list order.
    pub courses: Vec<Course>,
    /// The employments of the year, by teacher code.
    pub employments: Vec<EmploymentCheck>,
    /// Lesson-based payroll types used this year without weeklyLessons (id, code), by code.
    pub missing_weekly_lessons: Vec<(i64, String)>,
}

fn error(code: &'static str, text: Message, objects: Vec<FindingObject>) -> Finding {
    Finding { severity: Severity::Error, code, detail: text.render(Lang::En), objects, text }
}

fn warning(code: &'static str, text: Message, objects: Vec<FindingObject>) -> Finding {
    Finding { severity: Severity::Warning, code, detail: text.render(Lang::En), objects, text }
}

/// The `no_entry_classes` warning of `gap` in `year` (docs/documents.md §Plan check), also
/// the warning of the opening's report (docs/documents.md §Opening a school year).
pub fn no_entry_classes(year: &SchoolYearRef, gap: &EntryGap) -> Finding {
    warning("no_entry_classes", gap.message(year), vec![FindingObject::new("curriculum", gap.curriculum.0)])
}

/// `abc (Anna Beispiel)`: a teacher's code and name.
fn teacher_text(t: &TeacherRef) -> String {
    format!("{} ({} {})", t.code, t.first_name, t.last_name)
}

/// `60` (a percent as entered, without trailing zeros).
fn percent_text(f: Fixed) -> String {
    f.decimal().normalize().to_string()
}

/// The semesters (1, 2) whose payment target lies outside the employment's
/// range `employmentMin..employmentMax` (an absent bound does not limit),
/// with the target.
pub fn payments_outside_range(e: &EmploymentCheck) -> Vec<(u8, Fixed)> {
    [(1, e.payment1), (2, e.payment2)]
        .into_iter()
        .filter_map(|(s, p)| Some((s, p?)))
        .filter(|(_, p)| e.employment_min.is_some_and(|m| *p < m) || e.employment_max.is_some_and(|m| *p > m))
        .collect()
}

fn course_object(c: &Course) -> FindingObject {
    FindingObject::new("course", c.id.0)
}

/// `Course 17 (D, G27a)`, `Kurs 17 (D, G27a)`.
fn label(c: &Course) -> Message {
    let who = if c.school_classes.is_empty() {
        c.grade.code.clone()
    } else {
        c.school_classes.iter().map(|k| k.code.as_str()).collect::<Vec<_>>().join(", ")
    };
    Message::new("finding-course-label").arg("id", c.id).arg("subject", &c.subject.code).arg("who", who)
}

/// The course rules of docs/contract.md §Courses for an existing course (the checks of
/// `POST /course`, [`check_course_classes`], and every teacher employed):
/// `None` when it keeps them, else why not.
pub fn course_rule(
    f: &CheckFacts,
    curricula: &HashMap<CurriculumId, &CurriculumFact>,
    employed: &BTreeSet<TeacherId>,
    c: &Course,
) -> Option<Message> {
    let classes: Vec<SchoolClassId> = c.school_classes.iter().map(|k| k.id).collect();
    let result = check_course_classes(
        &f.year,
        &c.subject.code,
        c.cross_class,
        c.curriculum.id,
        (GradeId(c.grade.id), c.grade.code.as_str()),
        &classes,
        &f.classes,
        curricula,
    );
    if let Err(err @ Error::Problem { .. }) = result {
        return Some(err.text_message());
    }
    let unemployed: Vec<&str> = c
        .teachers1
        .iter()
        .chain(&c.teachers2)
        .filter(|t| !employed.contains(&t.id))
        .map(|t| t.code.as_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    (!unemployed.is_empty()).then(|| {
        Message::new("error-teacher-no-employment").arg("teacher", unemployed.join(", ")).arg("year", &f.year.code)
    })
}

/// The row id of an entry (`<c>-<s>[-<d>]`) as a finding object.
fn entry_object(e: &LessonEntry) -> FindingObject {
    FindingObject::new(
        "lessontable",
        LessonTableKey { curriculum: e.curriculum, subject: e.subject, division: e.division }.to_string(),
    )
}

/// Runs every rule of docs/documents.md §Plan check over `f`: errors first, then warnings,
/// each group by code, then in the order of the objects (courses in list order,
/// entries by row, employments by teacher code).
pub fn check(f: &CheckFacts) -> Vec<Finding> {
    let mut out = Vec::new();
    let curricula: HashMap<CurriculumId, &CurriculumFact> = f.curricula.iter().map(|c| (c.id, c)).collect();
    let employed: BTreeSet<TeacherId> = f.employments.iter().map(|e| e.teacher.id).collect();
    let subject_code = |s: SubjectId| f.subjects.get(&s).map_or_else(|| s.to_string(), |x| x.code.clone());

    // course_rule
    for c in &f.courses {
        if let Some(why) = course_rule(f, &curricula, &employed, c) {
            let text = Message::new("finding-course-rule").arg_message("course", label(c)).arg_message("why", why);
            out.push(error("course_rule", text, vec![course_object(c)]));
        }
    }
    // grade_not_in_curriculum, lesson_table_side
    let mut entries: Vec<&LessonEntry> = f.entries.iter().collect();
    entries.sort_by_key(|e| (e.curriculum, e.division, e.subject, e.grade));
    for e in &entries {
        let Some(cur) = curricula.get(&e.curriculum) else { continue };
        if !cur.grades.iter().any(|g| g.0 == e.grade) {
            out.push(error(
                "grade_not_in_curriculum",
                Message::new("finding-grade-not-in-curriculum")
                    .arg("curriculum", &cur.code)
                    .arg("subject", subject_code(e.subject))
                    .arg("grade", e.grade),
                vec![entry_object(e)],
            ));
        }
    }
    let mut sides: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for e in &entries {
        let Some(s) = f.subjects.get(&e.subject) else { continue };
        if s.cross_class == e.division.is_some() {
            let cur = curricula.get(&e.curriculum).map_or_else(|| e.curriculum.to_string(), |c| c.code.clone());
            let key = LessonTableKey { curriculum: e.curriculum, subject: e.subject, division: e.division };
            sides.entry(key.to_string()).or_insert((cur, s.cross_class));
        }
    }
    for (id, (cur, cross_class)) in sides {
        let code = subject_code(LessonTableKey::parse(&id).map_or(SubjectId(0), |k| k.subject));
        let side = if cross_class { "cross-class" } else { "per-class" };
        out.push(error(
            "lesson_table_side",
            Message::new("finding-lesson-table-side").arg("curriculum", cur).arg("subject", code).arg("side", side),
            vec![FindingObject::new("lessontable", id)],
        ));
    }
    // no_weekly_lessons
    for (id, code) in &f.missing_weekly_lessons {
        out.push(error(
            "no_weekly_lessons",
            Message::new("finding-no-weekly-lessons").arg("type", code).arg("year", &f.year.code),
            vec![FindingObject::new("payrolltype", *id)],
        ));
    }
    // duplicate_course
    let mut by_class: BTreeMap<(SubjectId, SchoolClassId), Vec<&Course>> = BTreeMap::new();
    for c in &f.courses {
        for k in &c.school_classes {
            by_class.entry((c.subject.id, k.id)).or_default().push(c);
        }
    }
    for ((_, class), list) in by_class.iter().filter(|(_, l)| l.len() > 1) {
        let class_code =
            f.classes.iter().find(|k| k.id == *class).map_or_else(|| class.to_string(), |k| k.code.clone());
        let mut objects: Vec<FindingObject> = list.iter().map(|c| course_object(c)).collect();
        objects.push(FindingObject::new("schoolclass", class.0));
        out.push(error(
            "duplicate_course",
            Message::new("finding-duplicate-course")
                .arg("class", class_code)
                .arg("count", list.len())
                .arg("subject", &list[0].subject.code)
                .arg_list(
                    "courses",
                    list.iter().map(|c| Message::new("finding-course-item").arg("id", c.id)).collect(),
                ),
            objects,
        ));
    }
    // open_lessons
    for c in &f.courses {
        let open: Vec<(u8, String)> = [(1, c.open1), (2, c.open2)]
            .into_iter()
            .filter(|(_, l)| l.0 > 0)
            .map(|(s, l)| (s, l.to_string()))
            .collect();
        if !open.is_empty() {
            // `which` is 1, 2 or both; a semester without open lessons passes an empty count.
            let which = if open.len() == 2 { "both".to_string() } else { format!("s{}", open[0].0) };
            let lessons = |s: u8| open.iter().find(|(x, _)| *x == s).map_or_else(String::new, |(_, l)| l.clone());
            let text = Message::new("finding-open-lessons")
                .arg_message("course", label(c))
                .arg("which", which)
                .arg("lessons1", lessons(1))
                .arg("lessons2", lessons(2));
            out.push(warning("open_lessons", text, vec![course_object(c)]));
        }
    }
    // workload_deviation
    for e in &f.employments {
        if e.payment1.is_none() && e.payment2.is_none() {
            continue;
        }
        let target =
            (e.payment1.unwrap_or_default().decimal() + e.payment2.unwrap_or_default().decimal()) / Decimal::TWO;
        let diff = e.workload - target;
        if diff.abs() > Decimal::from(DEVIATION_POINTS) {
            let round = |d: Decimal| d.round_dp(2).normalize();
            out.push(warning(
                "workload_deviation",
                Message::new("finding-workload-deviation")
                    .arg("teacher", teacher_text(&e.teacher))
                    .arg("workload", round(e.workload))
                    .arg("target", round(target))
                    .arg("points", round(diff.abs()))
                    .arg("direction", if diff > Decimal::ZERO { "over" } else { "under" }),
                vec![FindingObject::new("teacher", e.teacher.id.0), FindingObject::new("employment", e.id.0)],
            ));
        }
    }
    // no_work
    for e in f.employments.iter().filter(|e| !e.has_work) {
        out.push(warning(
            "no_work",
            Message::new("finding-no-work").arg("teacher", teacher_text(&e.teacher)).arg("year", &f.year.code),
            vec![FindingObject::new("teacher", e.teacher.id.0), FindingObject::new("employment", e.id.0)],
        ));
    }
    // payment_outside_range
    for e in &f.employments {
        let outside = payments_outside_range(e);
        if outside.is_empty() {
            continue;
        }
        let bound = |b: Option<Fixed>| b.map_or_else(|| "—".to_string(), percent_text);
        out.push(warning(
            "payment_outside_range",
            Message::new("finding-payment-outside-range")
                .arg("teacher", teacher_text(&e.teacher))
                .arg("min", bound(e.employment_min))
                .arg("max", bound(e.employment_max))
                .arg("which", if outside.len() == 2 { "both".to_string() } else { format!("s{}", outside[0].0) })
                .arg("payment1", e.payment1.map_or_else(String::new, percent_text))
                .arg("payment2", e.payment2.map_or_else(String::new, percent_text)),
            vec![FindingObject::new("teacher", e.teacher.id.0), FindingObject::new("employment", e.id.0)],
        ));
    }
    // no_entry_classes
    for gap in entry_gaps(&f.year, &f.classes, &f.curricula, &f.subjects, &f.entries) {
        out.push(no_entry_classes(&f.year, &gap));
    }
    out
}

#[cfg(test)]
mod tests;
