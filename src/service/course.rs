//! The courses' lists ([`list`], and [`table`], the course plan as the
//! existing client's grid) and their write path.
//!
//! The course write path (docs/contract.md §Courses): each change locks and loads the
//! courses once ([`Conn::courses_for_update`]), applies the pure rules of
//! [`crate::domain::course`], writes only what changed, and builds the answer
//! from what it wrote, without reading the courses back.
//!
//! The use cases ([`create_course`], [`merge_courses`], [`split_course`],
//! [`set_cancelled`], and
//! get, save and delete through [`Courses`] and [`crate::service::crud`]) hold
//! the write transaction, check the caller's [`Expect`]ation against the
//! loaded state and record the audit entries; the functions on a [`Conn`]
//! are their steps (the dataset import calls [`create`] inside its own
//! transaction).

use super::audit::{Action, Actor};
use super::crud::{Crud, Written};
use super::version::{Expect, Version};
use crate::domain::course::{
    check_merge, check_merge_ids, check_new_course, check_split, check_teachers, check_unlocked, lessons_from_table,
    Course, CourseUpdate, NewCourse,
};
use crate::domain::coursetable::{self, CourseTable};
use crate::domain::ids::{
    CourseId, DivisionId, GradeId, SchoolClassId, SchoolYearId, SubjectCategoryId, SubjectId, TeacherId,
};
use crate::domain::lookup::LookupKind;
use crate::error::{Error, Result};
use crate::store::schoolclass::SchoolClassFilter;
use crate::store::{Conn, Store};

pub use crate::store::course::CourseFilter;

/// The courses `filter` selects (single form = list form), read in one
/// snapshot: the courses, their classes and teachers are read apart (`GET
/// /course`, docs/contract.md §Query parameters). Errors: 404 for an unknown
/// school year, class, teacher or subject of the filter; the database's
/// (500/503).
pub async fn list(store: &Store, filter: CourseFilter) -> Result<Vec<Course>> {
    store
        .snapshot(async |conn| {
            conn.require("school_year", SchoolYearId::KIND, filter.school_year.0).await?;
            if let Some(k) = filter.school_class {
                conn.require("school_class", SchoolClassId::KIND, k.0).await?;
            }
            if let Some(t) = filter.teacher {
                conn.require("teacher", TeacherId::KIND, t.0).await?;
            }
            if let Some(s) = filter.subject {
                conn.require("subject", SubjectId::KIND, s.0).await?;
            }
            conn.list_courses(filter).await
        })
        .await
}

/// The courses of `ids` that exist, in that order, read in one snapshot: the
/// selection of the planning grid (docs/web.md §Editing the grid). Errors:
/// the database's (500/503).
pub async fn by_ids(store: &Store, ids: &[CourseId]) -> Result<Vec<Course>> {
    store.snapshot(async |conn| conn.courses_by_ids(ids).await).await
}

/// The course plan of school year `year` as the existing client's planning
/// grid (docs/client.md §Course table, [`coursetable::build`]): the classes
/// with a grade that year (only those of `division` and of `grade`, when
/// given) and their class-bound courses (of the subjects of `category`, when
/// given), read in one snapshot, so both are of one state of the plan; a
/// fixed number of queries, whatever the size of the year (`GET
/// /coursetable`). Errors: 404 for an unknown year, division, grade or
/// subject category; the database's (500/503).
pub async fn table(
    store: &Store,
    year: SchoolYearId,
    division: Option<DivisionId>,
    grade: Option<GradeId>,
    category: Option<SubjectCategoryId>,
) -> Result<CourseTable> {
    let (mut classes, courses) = store
        .snapshot(async |conn| {
            conn.require("school_year", SchoolYearId::KIND, year.0).await?;
            if let Some(d) = division {
                conn.require("division", DivisionId::KIND, d.0).await?;
            }
            if let Some(g) = grade {
                conn.require(LookupKind::Grade.table(), GradeId::KIND, g.0).await?;
            }
            if let Some(c) = category {
                conn.require(LookupKind::SubjectCategory.table(), SubjectCategoryId::KIND, c.0).await?;
            }
            let classes = conn.list_school_classes_in_year(year, grade, SchoolClassFilter::default()).await?;
            let filter = CourseFilter { cross_class: Some(false), ..CourseFilter::year(year) };
            Ok::<_, Error>((classes, conn.list_courses(filter).await?))
        })
        .await?;
    classes.retain(|c| division.is_none_or(|d| c.class.division.id == d.0));
    Ok(coursetable::build(classes, courses, category.map(|c| c.0)))
}

/// The course resource for the generic get, save and delete
/// ([`crate::service::crud`]); creating, merging and splitting are the use
/// cases of this module.
pub struct Courses;

impl Crud for Courses {
    const PATH: &'static str = "course";
    const NOUN: &'static str = CourseId::KIND;
    const TABLE: &'static str = "course";
    type Update = CourseUpdate;
    type Single = Course;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Course>> {
        conn.get_course(CourseId(id)).await
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_courses(&[CourseId(id)]).await
    }
    async fn get_for_update(tx: &mut Conn, id: i64) -> Result<Option<Course>> {
        Ok(tx.courses_for_update(&[CourseId(id)]).await?.pop().flatten())
    }
    async fn save(tx: &mut Conn, _id: i64, before: &Course, update: &CourseUpdate) -> Result<Course> {
        save(tx, before, update).await
    }
    fn check_delete(before: &Course, _users: &[String]) -> Result<()> {
        check_delete(before)
    }
}

/// Creates course `new` for `actor` ([`create`] with the lock of the school
/// year enforced) and records it; returns the course as read after writing.
pub async fn create_course(store: &Store, actor: &Actor, new: &NewCourse) -> Result<Written<Course>> {
    let mut tx = store.begin().await?;
    let id = create(&mut tx, new, true).await?;
    let course = tx.get_course(id).await?.ok_or_else(|| Error::not_found(CourseId::KIND, id.0))?;
    actor.record(&mut tx, Courses::PATH, id.0, None::<&()>, Some(&course)).await?;
    tx.commit().await?;
    Written::new(id.0, course)
}

/// Merges the courses `ids` into the first for `actor` ([`merge`]; 422 for a
/// malformed list, 404 for a missing course). `expect` is checked against
/// every course involved (only its `one_of` part: each course's current
/// version must be listed), else 412 and nothing changes. Every course
/// changed or deleted gets its audit entry; returns the merged course.
pub async fn merge_courses(store: &Store, actor: &Actor, ids: &[CourseId], expect: &Expect) -> Result<Written<Course>> {
    check_merge_ids(ids)?;
    let mut tx = store.begin().await?;
    let before = current_courses(&mut tx, ids, expect).await?;
    let merged = merge(&mut tx, &before).await?;
    for old in &before {
        let after = (old.id == merged.id).then_some(&merged);
        actor.record_as(&mut tx, Some(Action::Merged), Courses::PATH, old.id.0, Some(old), after).await?;
    }
    tx.commit().await?;
    Written::new(merged.id.0, merged)
}

/// Splits course `id` into one course per class for `actor` ([`split`]; 404
/// when missing); `expect` as for [`merge_courses`]. Returns the resulting
/// courses, the original first, each with its audit entry.
pub async fn split_course(store: &Store, actor: &Actor, id: CourseId, expect: &Expect) -> Result<Vec<Course>> {
    let mut tx = store.begin().await?;
    let before = current_courses(&mut tx, &[id], expect).await?.remove(0);
    let courses = split(&mut tx, &before).await?;
    for after in &courses {
        let old = (after.id == id).then_some(&before);
        actor.record_as(&mut tx, Some(Action::Split), Courses::PATH, after.id.0, old, Some(after)).await?;
    }
    tx.commit().await?;
    Ok(courses)
}

/// Cancels the courses `ids` ("Absagen", `cancelled` true) or takes them up
/// again ("Wiederaufnehmen", false) for `actor`, all in one transaction
/// (docs/web.md §Editing the grid, "Cancelling a selection"): locks and
/// loads them once (404 for a missing one), checks `expect` as
/// [`merge_courses`] does (412, nothing changes), then saves each through
/// [`save`] (409 `school_year_locked` for a locked year). A course that is
/// already so stays as it is, without an audit entry; each one changed gets
/// its entry (cancelled or resumed). Returns the courses as they are now, in
/// the order of `ids` (each once).
pub async fn set_cancelled(
    store: &Store,
    actor: &Actor,
    ids: &[CourseId],
    cancelled: bool,
    expect: &Expect,
) -> Result<Vec<Course>> {
    let mut unique: Vec<CourseId> = Vec::with_capacity(ids.len());
    for id in ids {
        if !unique.contains(id) {
            unique.push(*id);
        }
    }
    let mut tx = store.begin().await?;
    let before = current_courses(&mut tx, &unique, expect).await?;
    let mut out = Vec::with_capacity(before.len());
    for old in before {
        if old.cancelled == cancelled {
            out.push(old);
            continue;
        }
        let after = save(&mut tx, &old, &old.cancelled_as(cancelled)).await?;
        actor.record(&mut tx, Courses::PATH, old.id.0, Some(&old), Some(&after)).await?;
        out.push(after);
    }
    tx.commit().await?;
    Ok(out)
}

/// Locks and loads the courses `ids` once ([`Conn::courses_for_update`]), in
/// the order of `ids`: 404 for the first missing one; then checks the
/// `one_of` part of `expect` against each.
async fn current_courses(tx: &mut Conn, ids: &[CourseId], expect: &Expect) -> Result<Vec<Course>> {
    let courses = all_found(ids, tx.courses_for_update(ids).await?)?;
    let expect = expect.matching_only();
    if expect.is_conditional() {
        for course in &courses {
            expect.check_one_of(CourseId::KIND, course.id.0, &Version::of(course)?)?;
        }
    }
    Ok(courses)
}

/// Creates a course (docs/contract.md §Courses "Create" and "Teachers"): loads the facts
/// of the body's ids, applies [`check_new_course`], takes `-1` lessons from
/// the lesson table (docs/documents.md §Lesson table: the entry of the first class's
/// curriculum and division, or for a cross-class course that of its
/// curriculum without division; subject and grade as derived), and writes
/// the course with its classes and teachers. With `enforce_lock` off (the
/// dataset import) a locked school year is accepted.
pub async fn create(tx: &mut Conn, new: &NewCourse, enforce_lock: bool) -> Result<CourseId> {
    let facts = tx.new_course_facts(new).await?;
    let (grade, curriculum) = check_new_course(new, &facts, enforce_lock)?;
    let lessons = if new.lessons_from_table.0 || new.lessons_from_table.1 {
        let division = match new.school_classes.first() {
            Some(k) => tx.class_division(*k).await?,
            None => None,
        };
        let entry = tx.lesson_entry(curriculum, division, new.subject, grade).await?;
        lessons_from_table(new, entry.as_ref())
    } else {
        (new.lessons1, new.lessons2)
    };
    let id = tx.insert_course_row(new, grade, curriculum, lessons).await?;
    tx.write_course_classes(id, &new.school_classes).await?;
    tx.write_course_teachers(id, &new.teachers1, &new.teachers2).await?;
    Ok(id)
}

/// Saves `update` over `before`, the locked current state of the course
/// (docs/contract.md §Courses "Save"); returns the course as written. 409
/// `school_year_locked`; 422 `unknown_reference` / `teacher_not_employed` for
/// the teachers. Statements: one for the course row; when the teachers
/// change, one for their facts (none without teachers) and two to rewrite them.
pub async fn save(tx: &mut Conn, before: &Course, update: &CourseUpdate) -> Result<Course> {
    check_unlocked(&before.school_year, "changed")?;
    let teachers = if before.teachers_change(update) {
        let ids = update.teachers1.iter().chain(&update.teachers2).copied();
        let facts = tx.teacher_facts(before.school_year.id, ids).await?;
        let teachers = check_teachers(&before.school_year, &update.teachers1, &update.teachers2, &facts)?;
        tx.write_course_teachers(before.id, &update.teachers1, &update.teachers2).await?;
        teachers
    } else {
        // The same teachers still hold: a teacher cannot be deleted, nor lose
        // the employment of this school year, while teaching one of its courses.
        (before.teachers1.clone(), before.teachers2.clone())
    };
    tx.write_course_fields(before.id, update).await?;
    Ok(before.updated(update, teachers))
}

/// Checks that course `before` (its locked current state) may be deleted:
/// 409 `school_year_locked` when its school year is archived or finalised.
pub fn check_delete(before: &Course) -> Result<()> {
    check_unlocked(&before.school_year, "deleted")
}

/// The courses `ids` locked and loaded, in the order of `ids`; 404 for the
/// first one that does not exist.
pub fn all_found(ids: &[CourseId], courses: Vec<Option<Course>>) -> Result<Vec<Course>> {
    ids.iter().zip(courses).map(|(id, course)| course.ok_or_else(|| Error::not_found(CourseId::KIND, id.0))).collect()
}

/// Merges `courses` (locked, loaded, in the order of the request) into the
/// first (docs/contract.md §Courses "Merge"): it gets the union of all classes and keeps
/// its own teachers, lessons and comments; the others are deleted. Returns
/// the merged course as written. Errors of [`check_merge`].
pub async fn merge(tx: &mut Conn, courses: &[Course]) -> Result<Course> {
    let classes = check_merge(courses)?;
    let first = courses[0].id;
    tx.write_course_classes(first, &classes).await?;
    let others: Vec<CourseId> = courses[1..].iter().map(|c| c.id).collect();
    tx.delete_courses(&others).await?;
    Ok(Course::merged(courses, &classes))
}

/// Splits `course` (locked, loaded) into one course per class (docs/contract.md §Courses
/// "Split"); returns the resulting courses as written, the original first.
/// Errors of [`check_split`].
pub async fn split(tx: &mut Conn, course: &Course) -> Result<Vec<Course>> {
    check_split(course)?;
    let new_ids = tx.write_split(course).await?;
    Ok(course.split(&new_ids))
}
