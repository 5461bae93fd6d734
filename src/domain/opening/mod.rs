//! Opening a school year (Schuljahr eröffnen), docs/documents.md §Opening a school year, as a pure function.
//!
//! [`plan`] takes the loaded facts of the year to open and of the year before
//! it ([`OpeningFacts`]) and returns what to create ([`OpeningPlan`]):
//!
//! 1. **Employments**: each employment of the previous year whose teacher has
//!    none in this year (division, employmentMin/Max, payment1/2, temporary;
//!    not comments, not balances).
//! 2. **Class courses** from the lesson table: for every class with a grade
//!    this year, per non-cross-class entry of its curriculum, division and
//!    grade, unless this year already has a course of that subject with that
//!    class: `start` → a new course with the entry's lessons and no teachers;
//!    `continuation` → a copy of last year's non-cancelled course of that
//!    subject with that class (a shared course once, with all its classes that
//!    still have a grade; see [`copy_course`]); the other types → nothing.
//! 3. **Cross-class courses**: per curriculum that is not archived and per
//!    cross-class entry, unless this year has a course of that curriculum,
//!    subject and grade: `start` → as many empty courses as the previous year
//!    had for that curriculum, subject and grade; `continuation` → a copy of
//!    each non-cancelled previous course of that curriculum and subject at the
//!    previous grade.
//! 4. **Pool**: only when this year has no pool entries, the previous year's
//!    entries whose pool type has `autoCopy`.
//!
//! Entries of archived subjects, and entries on the wrong side of the
//! cross-class rule (the plan check reports those), are left out. Every
//! planned course is checked against the course rules of docs/contract.md §Courses with
//! the same functions `POST /course` uses ([`derive_class_based`],
//! [`check_cross_class`], and every teacher employed in the year); a
//! violation aborts the opening with that rule's error. Running the plan on
//! the facts after an opening yields nothing (idempotence).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::class_grade::grade_index;
use super::course::{check_cross_class, derive_class_based, ClassInYear};
use super::fixed::Fixed;
use super::ids::{CurriculumId, DivisionId, GradeId, PoolTypeId, SchoolClassId, SubjectId, TeacherId};
use super::lessontable::{LessonEntry, LessonType};
use super::reference_forms::SchoolYearRef;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// A school class as the opening sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassFact {
    /// Database id.
    pub id: SchoolClassId,
    /// Designation, e.g. `G28a`.
    pub code: String,
    /// Curriculum of the class.
    pub curriculum: CurriculumId,
    /// Division of the class.
    pub division: DivisionId,
    /// Year the class graduates.
    pub graduation_year: i64,
}

/// A curriculum with its grades in order (entry grade first).
#[derive(Debug, Clone, PartialEq)]
pub struct CurriculumFact {
    /// Database id.
    pub id: CurriculumId,
    /// Code, e.g. `GYM 17`.
    pub code: String,
    /// Whether archived (no cross-class courses are opened for it).
    pub archived: bool,
    /// Grades (id, code), entry grade first.
    pub grades: Vec<(GradeId, String)>,
}

/// A subject as the opening sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct SubjectFact {
    /// Code, e.g. `D`.
    pub code: String,
    /// Whether taught across classes.
    pub cross_class: bool,
    /// Whether archived (its entries are left out).
    pub archived: bool,
}

/// A course of the previous year or of this year (or one the plan creates).
#[derive(Debug, Clone, PartialEq)]
pub struct CourseFact {
    /// The subject.
    pub subject: SubjectId,
    /// The grade.
    pub grade: GradeId,
    /// The curriculum.
    pub curriculum: CurriculumId,
    /// Classes in course order (empty for cross-class courses).
    pub school_classes: Vec<SchoolClassId>,
    /// Whether cancelled.
    pub cancelled: bool,
    /// Free comment.
    pub comments: Option<String>,
    /// Weekly lessons in semester 1.
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    pub lessons2: Fixed,
    /// Teachers in semester 1.
    pub teachers1: Vec<TeacherId>,
    /// Teachers in semester 2.
    pub teachers2: Vec<TeacherId>,
    /// Small group in semester 1.
    pub small_group1: bool,
    /// Small group in semester 2.
    pub small_group2: bool,
}

/// An employment of the previous year (what a copy carries), or one to create.
#[derive(Debug, Clone, PartialEq)]
pub struct EmploymentFact {
    /// The teacher.
    pub teacher: TeacherId,
    /// The division.
    pub division: DivisionId,
    /// Lowest agreed employment in percent.
    pub employment_min: Option<Fixed>,
    /// Highest agreed employment in percent.
    pub employment_max: Option<Fixed>,
    /// Paid percent in semester 1.
    pub payment1: Option<Fixed>,
    /// Paid percent in semester 2.
    pub payment2: Option<Fixed>,
    /// Whether temporary.
    pub temporary: bool,
}

/// A pool entry of the previous year, or one to create.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolFact {
    /// The teacher.
    pub teacher: TeacherId,
    /// The pool type id.
    pub kind: PoolTypeId,
    /// Whether the pool type has `autoCopy`.
    pub auto_copy: bool,
    /// Description.
    pub description: Option<String>,
    /// Percent semester 1.
    pub percent1: Fixed,
    /// Percent semester 2.
    pub percent2: Fixed,
}

/// Everything the opening needs, loaded in a fixed number of queries.
#[derive(Debug, Clone)]
pub struct OpeningFacts {
    /// The year to open.
    pub year: SchoolYearRef,
    /// The school year before it by graduation year.
    pub previous: SchoolYearRef,
    /// Every school class.
    pub classes: Vec<ClassFact>,
    /// Every curriculum.
    pub curricula: Vec<CurriculumFact>,
    /// Every subject by id.
    pub subjects: HashMap<SubjectId, SubjectFact>,
    /// Every stored lesson table entry.
    pub entries: Vec<LessonEntry>,
    /// The previous year's courses.
    pub previous_courses: Vec<CourseFact>,
    /// This year's courses.
    pub courses: Vec<CourseFact>,
    /// The previous year's employments.
    pub previous_employments: Vec<EmploymentFact>,
    /// Teachers with an employment this year.
    pub employed: BTreeSet<TeacherId>,
    /// The previous year's pool entries.
    pub previous_pool: Vec<PoolFact>,
    /// Whether this year has any pool entry.
    pub has_pool_entries: bool,
}

/// What opening a year creates, in creation order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OpeningPlan {
    /// Employments to create.
    pub employments: Vec<EmploymentFact>,
    /// Courses to create (never cancelled).
    pub courses: Vec<CourseFact>,
    /// Pool entries to create.
    pub pool_entries: Vec<PoolFact>,
}

impl OpeningPlan {
    /// Whether the plan creates nothing.
    pub fn is_empty(&self) -> bool {
        self.employments.is_empty() && self.courses.is_empty() && self.pool_entries.is_empty()
    }
}

/// 422 `no_previous_year` for `year` (docs/documents.md §Opening a school year).
pub fn no_previous_year(year: &SchoolYearRef) -> Error {
    Error::new(
        ErrorCode::NoPreviousYear,
        Message::new("error-opening-no-previous").arg("year", &year.code).arg("graduation", year.graduation_year),
    )
}

/// The teachers a copied semester gets (docs/documents.md §Opening a school year): none when the new
/// semester has no lessons; else last year's teachers of that semester, or,
/// when last year's semester had no lessons or nobody taught it, those of
/// the other semester.
pub fn carried_teachers(
    new_lessons: Fixed,
    old_lessons: Fixed,
    old_teachers: &[TeacherId],
    other_teachers: &[TeacherId],
) -> Vec<TeacherId> {
    if new_lessons.0 == 0 {
        Vec::new()
    } else if old_lessons.0 > 0 && !old_teachers.is_empty() {
        old_teachers.to_vec()
    } else {
        other_teachers.to_vec()
    }
}

/// A copy of last year's course `old` for this year: grade `grade`, the
/// entry's lessons, the same comments, small-group flags and the given
/// classes; teachers by [`carried_teachers`]; never cancelled.
pub fn copy_course(old: &CourseFact, grade: GradeId, classes: Vec<SchoolClassId>, entry: &LessonEntry) -> CourseFact {
    CourseFact {
        subject: old.subject,
        grade,
        curriculum: old.curriculum,
        school_classes: classes,
        cancelled: false,
        comments: old.comments.clone(),
        lessons1: entry.lessons1,
        lessons2: entry.lessons2,
        teachers1: carried_teachers(entry.lessons1, old.lessons1, &old.teachers1, &old.teachers2),
        teachers2: carried_teachers(entry.lessons2, old.lessons2, &old.teachers2, &old.teachers1),
        small_group1: old.small_group1,
        small_group2: old.small_group2,
    }
}

fn new_course(entry: &LessonEntry, classes: Vec<SchoolClassId>) -> CourseFact {
    CourseFact {
        subject: entry.subject,
        grade: entry.grade,
        curriculum: entry.curriculum,
        school_classes: classes,
        cancelled: false,
        comments: None,
        lessons1: entry.lessons1,
        lessons2: entry.lessons2,
        teachers1: Vec::new(),
        teachers2: Vec::new(),
        small_group1: false,
        small_group2: false,
    }
}

/// Whether the opening uses lesson table entry `e` on the `cross_class` side:
/// its subject is not archived, is on that side, and the entry has a division
/// exactly when the subject is taught per class.
fn usable(subjects: &HashMap<SubjectId, SubjectFact>, e: &LessonEntry, cross_class: bool) -> bool {
    subjects.get(&e.subject).is_some_and(|s| !s.archived && s.cross_class == cross_class)
        && e.division.is_some() != cross_class
}

/// A curriculum whose lesson table starts class courses in its entry grade
/// while no class has that grade in the year: opening the year creates no
/// first-year courses for it (docs/documents.md §Opening a school year; the plan check's
/// `no_entry_classes`, docs/documents.md §Plan check).
#[derive(Debug, Clone, PartialEq)]
pub struct EntryGap {
    /// The curriculum.
    pub curriculum: CurriculumId,
    /// Its code, e.g. `GYM 17`.
    pub code: String,
    /// The code of its entry grade, e.g. `GYM1`.
    pub grade: String,
    /// The graduation year a class entering this year would have.
    pub graduation_year: i64,
}

impl EntryGap {
    /// The sentence of the finding and of the opening's warning, in English.
    pub fn detail(&self, year: &SchoolYearRef) -> String {
        self.message(year).render(crate::i18n::Lang::En)
    }

    /// The sentence of the finding and of the opening's warning (`finding-no-entry-classes`).
    pub fn message(&self, year: &SchoolYearRef) -> crate::i18n::Message {
        crate::i18n::Message::new("finding-no-entry-classes")
            .arg("curriculum", &self.code)
            .arg("grade", &self.grade)
            .arg("year", &year.code)
            .arg("graduation", self.graduation_year)
    }
}

/// The curricula of `year` with an [`EntryGap`], by curriculum code: not
/// archived, with a `start` entry of a class-taught subject (not archived) in
/// the entry grade, and no class of the curriculum in that grade this year.
pub fn entry_gaps(
    year: &SchoolYearRef,
    classes: &[ClassFact],
    curricula: &[CurriculumFact],
    subjects: &HashMap<SubjectId, SubjectFact>,
    entries: &[LessonEntry],
) -> Vec<EntryGap> {
    let mut out: Vec<EntryGap> = curricula
        .iter()
        .filter(|c| !c.archived)
        .filter_map(|c| {
            let (entry_grade, grade_code) = c.grades.first()?;
            let starts = entries.iter().any(|e| {
                e.curriculum == c.id
                    && e.grade == *entry_grade
                    && e.kind == LessonType::Start
                    && usable(subjects, e, false)
            });
            let has_class = classes.iter().any(|k| {
                k.curriculum == c.id && grade_index(c.grades.len(), k.graduation_year, year.graduation_year) == Some(0)
            });
            (starts && !has_class).then(|| EntryGap {
                curriculum: c.id,
                code: c.code.clone(),
                grade: grade_code.clone(),
                graduation_year: year.graduation_year + c.grades.len() as i64 - 1,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        crate::domain::code_key(&a.code).cmp(&crate::domain::code_key(&b.code)).then(a.curriculum.cmp(&b.curriculum))
    });
    out
}

/// Plans the opening of `f.year` from `f.previous` (docs/documents.md §Opening a school year; see the module docs).
pub fn plan(f: &OpeningFacts) -> Result<OpeningPlan> {
    let mut out = OpeningPlan::default();

    // 1. Employments.
    let mut employed = f.employed.clone();
    for e in &f.previous_employments {
        if employed.insert(e.teacher) {
            out.employments.push(e.clone());
        }
    }

    let curricula: HashMap<CurriculumId, &CurriculumFact> = f.curricula.iter().map(|c| (c.id, c)).collect();
    let usable = |e: &LessonEntry, cross_class: bool| usable(&f.subjects, e, cross_class);
    let grade_of = |class: &ClassFact, year: i64| -> Option<GradeId> {
        let grades = &curricula.get(&class.curriculum)?.grades;
        grade_index(grades.len(), class.graduation_year, year).map(|i| grades[i].0)
    };
    let by_subject = |e: &LessonEntry| f.subjects.get(&e.subject).map_or(String::new(), |s| s.code.clone());

    // 2. Class courses.
    let mut has_course: BTreeSet<(SubjectId, SchoolClassId)> = BTreeSet::new();
    for c in &f.courses {
        for k in &c.school_classes {
            has_course.insert((c.subject, *k));
        }
    }
    let mut classes: Vec<&ClassFact> = f.classes.iter().collect();
    classes
        .sort_by(|a, b| crate::domain::code_key(&a.code).cmp(&crate::domain::code_key(&b.code)).then(a.id.cmp(&b.id)));
    let mut class_entries: BTreeMap<(CurriculumId, DivisionId, GradeId), Vec<&LessonEntry>> = BTreeMap::new();
    for e in f.entries.iter().filter(|e| usable(e, false)) {
        if let Some(d) = e.division {
            class_entries.entry((e.curriculum, d, e.grade)).or_default().push(e);
        }
    }
    for list in class_entries.values_mut() {
        list.sort_by_key(|e| (by_subject(e), e.subject));
    }
    for class in &classes {
        let Some(grade) = grade_of(class, f.year.graduation_year) else { continue };
        let Some(entries) = class_entries.get(&(class.curriculum, class.division, grade)) else { continue };
        for entry in entries {
            if has_course.contains(&(entry.subject, class.id)) {
                continue;
            }
            match entry.kind {
                LessonType::Start => {
                    has_course.insert((entry.subject, class.id));
                    out.courses.push(new_course(entry, vec![class.id]));
                }
                LessonType::Continuation => {
                    let old = f
                        .previous_courses
                        .iter()
                        .find(|c| !c.cancelled && c.subject == entry.subject && c.school_classes.contains(&class.id));
                    let Some(old) = old else { continue };
                    let still: Vec<SchoolClassId> = old
                        .school_classes
                        .iter()
                        .copied()
                        .filter(|k| {
                            f.classes
                                .iter()
                                .find(|c| c.id == *k)
                                .is_some_and(|c| grade_of(c, f.year.graduation_year).is_some())
                                && !has_course.contains(&(entry.subject, *k))
                        })
                        .collect();
                    for k in &still {
                        has_course.insert((entry.subject, *k));
                    }
                    out.courses.push(copy_course(old, grade, still, entry));
                }
                LessonType::NoLessons | LessonType::StartOptional | LessonType::StartRepeating => {}
            }
        }
    }

    // 3. Cross-class courses.
    let has_cross: BTreeSet<(CurriculumId, SubjectId, GradeId)> =
        f.courses.iter().filter(|c| c.school_classes.is_empty()).map(|c| (c.curriculum, c.subject, c.grade)).collect();
    let mut cross_entries: Vec<&LessonEntry> = f.entries.iter().filter(|e| usable(e, true)).collect();
    cross_entries.sort_by_key(|e| {
        let cur = curricula.get(&e.curriculum);
        let pos = cur.and_then(|c| c.grades.iter().position(|g| g.0 == e.grade)).unwrap_or(usize::MAX);
        (cur.map(|c| crate::domain::code_key(&c.code)), by_subject(e), pos)
    });
    for entry in cross_entries {
        let Some(cur) = curricula.get(&entry.curriculum) else { continue };
        if cur.archived || has_cross.contains(&(entry.curriculum, entry.subject, entry.grade)) {
            continue;
        }
        let same = |c: &&CourseFact, grade: GradeId| {
            c.school_classes.is_empty()
                && c.curriculum == entry.curriculum
                && c.subject == entry.subject
                && c.grade == grade
        };
        match entry.kind {
            LessonType::Start => {
                let n = f.previous_courses.iter().filter(|c| same(c, entry.grade)).count();
                out.courses.extend((0..n).map(|_| new_course(entry, Vec::new())));
            }
            LessonType::Continuation => {
                let Some(pos) = cur.grades.iter().position(|g| g.0 == entry.grade) else { continue };
                let Some(previous_grade) = pos.checked_sub(1).map(|p| cur.grades[p].0) else { continue };
                for old in f.previous_courses.iter().filter(|c| same(c, previous_grade) && !c.cancelled) {
                    out.courses.push(copy_course(old, entry.grade, Vec::new(), entry));
                }
            }
            LessonType::NoLessons | LessonType::StartOptional | LessonType::StartRepeating => {}
        }
    }

    // 4. Pool.
    if !f.has_pool_entries {
        out.pool_entries =
            f.previous_pool.iter().filter(|p| p.auto_copy && employed.contains(&p.teacher)).cloned().collect();
    }

    for c in &out.courses {
        check_course(f, &curricula, &employed, c)?;
    }
    Ok(out)
}

/// The classes, grade and curriculum of a course against the course rules of
/// docs/contract.md §Courses (the functions `POST /course` uses): a cross-class course
/// (`cross_class`, the subject's flag) has no classes and a grade of its
/// curriculum; a class-based course has classes with a grade in `year`, all of
/// one grade and curriculum, which are the course's. Shared by the opening and
/// the plan check.
#[allow(clippy::too_many_arguments)]
pub fn check_course_classes(
    year: &SchoolYearRef,
    subject_code: &str,
    cross_class: bool,
    curriculum: CurriculumId,
    grade: (GradeId, &str),
    school_classes: &[SchoolClassId],
    classes: &[ClassFact],
    curricula: &HashMap<CurriculumId, &CurriculumFact>,
) -> Result<()> {
    let cur = curricula.get(&curriculum);
    if cross_class {
        let grades: Vec<GradeId> = cur.map(|cu| cu.grades.iter().map(|g| g.0).collect()).unwrap_or_default();
        check_cross_class(
            subject_code,
            school_classes.len(),
            Some(grade),
            cur.map(|cu| (cu.id, cu.code.as_str(), grades.as_slice())),
        )?;
    } else {
        let in_year: Vec<ClassInYear> = school_classes
            .iter()
            .filter_map(|k| classes.iter().find(|x| x.id == *k))
            .map(|k| {
                let cu = curricula.get(&k.curriculum);
                ClassInYear::new(
                    k.id,
                    k.code.clone(),
                    k.graduation_year,
                    k.curriculum,
                    cu.map_or_else(String::new, |cu| cu.code.clone()),
                    cu.map_or(&[][..], |cu| cu.grades.as_slice()),
                    year.graduation_year,
                )
            })
            .collect();
        derive_class_based(subject_code, year, &in_year, Some(grade.0), Some(curriculum))?;
    }
    Ok(())
}

/// The course rules of docs/contract.md §Courses for a planned course ([`check_course_classes`]);
/// its teachers must be employed this year.
fn check_course(
    f: &OpeningFacts,
    curricula: &HashMap<CurriculumId, &CurriculumFact>,
    employed: &BTreeSet<TeacherId>,
    c: &CourseFact,
) -> Result<()> {
    let subject = f.subjects.get(&c.subject);
    let code = subject.map_or("?", |s| s.code.as_str());
    let grade_code = curricula
        .get(&c.curriculum)
        .and_then(|cu| cu.grades.iter().find(|g| g.0 == c.grade))
        .map_or("?", |g| g.1.as_str());
    let cross_class = subject.map_or(c.school_classes.is_empty(), |s| s.cross_class);
    check_course_classes(
        &f.year,
        code,
        cross_class,
        c.curriculum,
        (c.grade, grade_code),
        &c.school_classes,
        &f.classes,
        curricula,
    )?;
    for t in c.teachers1.iter().chain(&c.teachers2) {
        if !employed.contains(t) {
            return Err(Error::new(
                ErrorCode::TeacherNotEmployed,
                Message::new("error-opening-teacher-not-employed")
                    .arg("teacher", t)
                    .arg("subject", code)
                    .arg("year", &f.year.code),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
