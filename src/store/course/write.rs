//! Writing courses: the course row, its classes and teachers, deleting
//! courses and writing a split. The rules that allow each write are checked
//! before ([`crate::domain::course::rules`]).

use super::{COURSE_CLASS, COURSE_TEACHER};
use crate::domain::course::{Course, CourseUpdate, NewCourse};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, TeacherId};
use crate::error::Result;
use crate::store::row_ops::placeholders;
use crate::store::Conn;
use crate::with_conn;

impl Conn {
    /// Replaces the classes of course `id` by `classes`, in that order (two statements).
    pub(crate) async fn write_course_classes(&mut self, id: CourseId, classes: &[SchoolClassId]) -> Result<()> {
        self.execute_with_id("DELETE FROM course_class WHERE course_id = $1", id.0).await?;
        let rows: Vec<[i64; 3]> = classes.iter().enumerate().map(|(pos, k)| [id.0, pos as i64, k.0]).collect();
        self.insert_rows(
            "INSERT INTO course_class (course_id, position, school_class_id) VALUES ",
            &rows,
            &[&COURSE_CLASS],
        )
        .await
    }

    /// Replaces the teachers of course `id` per semester, in the given order (two statements).
    pub(crate) async fn write_course_teachers(
        &mut self,
        id: CourseId,
        teachers1: &[TeacherId],
        teachers2: &[TeacherId],
    ) -> Result<()> {
        self.execute_with_id("DELETE FROM course_teacher WHERE course_id = $1", id.0).await?;
        let rows: Vec<[i64; 4]> = [(1_i64, teachers1), (2, teachers2)]
            .into_iter()
            .flat_map(|(semester, list)| list.iter().enumerate().map(move |(pos, t)| [id.0, semester, pos as i64, t.0]))
            .collect();
        let head = "INSERT INTO course_teacher (course_id, semester, position, teacher_id) VALUES ";
        self.insert_rows(head, &rows, &[&COURSE_TEACHER]).await
    }

    /// Inserts the course row of `new` with its derived grade and curriculum
    /// and its lessons (one statement); the classes and teachers follow with
    /// [`Conn::write_course_classes`] and [`Conn::write_course_teachers`].
    pub(crate) async fn insert_course_row(
        &mut self,
        new: &NewCourse,
        grade: GradeId,
        curriculum: CurriculumId,
        lessons: (Fixed, Fixed),
    ) -> Result<CourseId> {
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id, cancelled, comments, lessons1, lessons2, \
             small_group1, small_group2) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
        )
        .bind(new.school_year)
        .bind(new.subject)
        .bind(grade)
        .bind(curriculum)
        .bind(new.cancelled)
        .bind(&new.comments)
        .bind(lessons.0 .0)
        .bind(lessons.1 .0)
        .bind(new.small_group1)
        .bind(new.small_group2)
        .fetch_one(c)
        .await?
        });
        Ok(CourseId(id))
    }

    /// Writes the course row's writable fields (one statement).
    pub(crate) async fn write_course_fields(&mut self, id: CourseId, update: &CourseUpdate) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query(
            "UPDATE course SET cancelled = $1, comments = $2, lessons1 = $3, lessons2 = $4, small_group1 = $5, small_group2 = $6 WHERE id = $7"
        )
        .bind(update.cancelled)
        .bind(&update.comments)
        .bind(update.lessons1.0)
        .bind(update.lessons2.0)
        .bind(update.small_group1)
        .bind(update.small_group2)
        .bind(id)
        .execute(c)
        .await?;
        });
        Ok(())
    }

    /// Deletes the courses `ids` with their classes and teachers (one statement).
    pub async fn delete_courses(&mut self, ids: &[CourseId]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let sql = format!("DELETE FROM course WHERE id IN ({})", placeholders(1, ids.len()));
        with_conn!(self, |c| {
            let mut q = sqlx::query(&sql);
            for id in ids {
                q = q.bind(id);
            }
            q.execute(c).await?;
        });
        Ok(())
    }

    /// Writes the split of `course` (checked by [`check_split`](crate::domain::course::rules::check_split), locked): it
    /// keeps its first class; every other class gets a new course copied from
    /// it (subject, school year, grade, curriculum, lessons, teachers, comments,
    /// cancelled flag). Returns the ids of the new courses, in class order.
    pub(crate) async fn write_split(&mut self, course: &Course) -> Result<Vec<CourseId>> {
        let id = course.id;
        let keep = course.school_classes[0].id;
        with_conn!(self, |c| sqlx::query("DELETE FROM course_class WHERE course_id = $1 AND school_class_id <> $2")
            .bind(id)
            .bind(keep)
            .execute(c)
            .await?
            .rows_affected());
        let mut ids = Vec::with_capacity(course.school_classes.len() - 1);
        for class in &course.school_classes[1..] {
            let new_id: i64 = with_conn!(self, |c| {
                let new_id: i64 = sqlx::query_scalar(
                    "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id, cancelled, comments, lessons1, lessons2, small_group1, small_group2) \
                     SELECT school_year_id, subject_id, grade_id, curriculum_id, cancelled, comments, lessons1, lessons2, small_group1, small_group2 \
                     FROM course WHERE id = $1 RETURNING id",
                )
                .bind(id)
                .fetch_one(&mut *c)
                .await?;
                sqlx::query("INSERT INTO course_class (course_id, position, school_class_id) VALUES ($1, 0, $2)")
                    .bind(new_id)
                    .bind(class.id)
                    .execute(&mut *c)
                    .await?;
                sqlx::query(
                    "INSERT INTO course_teacher (course_id, semester, position, teacher_id) \
                     SELECT $1, semester, position, teacher_id FROM course_teacher WHERE course_id = $2",
                )
                .bind(new_id)
                .bind(id)
                .execute(&mut *c)
                .await?;
                new_id
            });
            ids.push(CourseId(new_id));
        }
        Ok(ids)
    }
}
