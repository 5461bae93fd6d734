//! Storage of school classes, and the grade of classes in a school year.
//!
//! Reusable by other resources (courses): [`Conn::school_class_refs`] (classes
//! by id, one query), [`Conn::all_curriculum_grades`] (every curriculum's ordered
//! grades, one query) and [`Conn::school_classes_in_year`] (classes by id with
//! their grade in a school year, three queries).

use std::collections::HashMap;

use crate::domain::code_key;
use crate::domain::ids::{CurriculumId, GradeId, SchoolClassId, SchoolYearId};
use crate::domain::reference_forms::{CurriculumRef, LookupRef};
use crate::domain::schoolclass::{grade_in_year, NewSchoolClass, SchoolClass, SchoolClassInYear};
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::row_ops::placeholders;
use crate::store::Conn;
use crate::with_conn;

/// School class codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const SCHOOL_CLASS_CODE: Unique =
    constraint::code_key("school_class_code_key", "school_class.code_key", "error-taken-school-class");

/// Filters of `GET /schoolclass` without a school year.
#[derive(Debug, Clone, Copy, Default)]
pub struct SchoolClassFilter {
    /// Only archived (`true`) or only active (`false`) classes.
    pub archived: Option<bool>,
}

/// Class columns with curriculum and division; callers append a WHERE clause.
const SELECT_CLASS: &str = "SELECT sc.id, sc.archived, sc.code, sc.graduation_year, \
     cu.id AS curriculum_id, cu.archived AS curriculum_archived, cu.code AS curriculum_code, \
     cu.description AS curriculum_description, \
     d.id AS division_id, d.code AS division_code, d.description AS division_description \
     FROM school_class sc JOIN curriculum cu ON cu.id = sc.curriculum_id JOIN division d ON d.id = sc.division_id";

#[derive(sqlx::FromRow)]
struct ClassRow {
    id: i64,
    archived: bool,
    code: String,
    graduation_year: i64,
    curriculum_id: i64,
    curriculum_archived: bool,
    curriculum_code: String,
    curriculum_description: String,
    division_id: i64,
    division_code: String,
    division_description: String,
}

impl From<ClassRow> for SchoolClass {
    fn from(r: ClassRow) -> Self {
        SchoolClass {
            id: SchoolClassId(r.id),
            archived: r.archived,
            code: r.code,
            graduation_year: r.graduation_year,
            curriculum: CurriculumRef {
                id: CurriculumId(r.curriculum_id),
                archived: r.curriculum_archived,
                code: r.curriculum_code,
                description: r.curriculum_description,
            },
            division: LookupRef { id: r.division_id, code: r.division_code, description: r.division_description },
        }
    }
}

/// Sorts classes by graduation year, then code (case-insensitive), then id (docs/contract.md §Order of lists).
pub fn sort_school_classes(items: &mut [SchoolClass]) {
    items.sort_by(|a, b| {
        a.graduation_year
            .cmp(&b.graduation_year)
            .then_with(|| code_key(&a.code).cmp(&code_key(&b.code)))
            .then(a.id.cmp(&b.id))
    });
}

impl Conn {
    /// Classes in single (= list) form, ordered by graduation year then code (one query).
    pub async fn list_school_classes(&mut self, f: SchoolClassFilter) -> Result<Vec<SchoolClass>> {
        let sql = format!("{SELECT_CLASS} WHERE ($1 IS NULL OR sc.archived = $1)");
        let rows: Vec<ClassRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(f.archived).fetch_all(c).await?);
        let mut items: Vec<SchoolClass> = rows.into_iter().map(Into::into).collect();
        sort_school_classes(&mut items);
        Ok(items)
    }

    /// The classes that have a grade in school year `year`, each with that grade,
    /// optionally only those of `grade`; ordered like [`Conn::list_school_classes`].
    /// 404 when the school year does not exist. Three queries.
    pub async fn list_school_classes_in_year(
        &mut self,
        year: SchoolYearId,
        grade: Option<GradeId>,
        f: SchoolClassFilter,
    ) -> Result<Vec<SchoolClassInYear>> {
        let year_graduation = self.school_year_graduation(year).await?;
        let classes = self.list_school_classes(f).await?;
        let grades = self.all_curriculum_grades().await?;
        Ok(with_grades(classes, &grades, year_graduation)
            .filter_map(|(class, g)| Some(SchoolClassInYear { class, grade: g? }))
            .filter(|c| grade.is_none_or(|g| c.grade.id == g.0))
            .collect())
    }

    /// One class, or `None` (one query).
    pub async fn get_school_class(&mut self, id: SchoolClassId) -> Result<Option<SchoolClass>> {
        Ok(self.school_class_refs(&[id]).await?.pop())
    }

    /// The classes with the given ids in reference form, in the order of `ids`;
    /// unknown ids are left out (one query).
    pub async fn school_class_refs(&mut self, ids: &[SchoolClassId]) -> Result<Vec<SchoolClass>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!("{SELECT_CLASS} WHERE sc.id IN ({})", placeholders(1, ids.len()));
        let rows: Vec<ClassRow> = with_conn!(self, |c| {
            let mut q = sqlx::query_as(&sql);
            for id in ids {
                q = q.bind(id);
            }
            q.fetch_all(c).await?
        });
        let mut by_id: HashMap<SchoolClassId, SchoolClass> =
            rows.into_iter().map(|r| (SchoolClassId(r.id), r.into())).collect();
        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }

    /// The classes with the given ids (order of `ids`, unknown ids left out), each
    /// with its grade in school year `year` (`None`: the class does not exist
    /// that year). 404 when the school year does not exist. Three queries.
    pub async fn school_classes_in_year(
        &mut self,
        year: SchoolYearId,
        ids: &[SchoolClassId],
    ) -> Result<Vec<(SchoolClass, Option<LookupRef>)>> {
        let year_graduation = self.school_year_graduation(year).await?;
        let classes = self.school_class_refs(ids).await?;
        let grades = self.all_curriculum_grades().await?;
        Ok(with_grades(classes, &grades, year_graduation).collect())
    }

    /// The graduation year of school year `year`; 404 when it does not exist.
    async fn school_year_graduation(&mut self, year: SchoolYearId) -> Result<i64> {
        let g: Option<i64> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT graduation_year FROM school_year WHERE id = $1")
                .bind(year)
                .fetch_optional(c)
                .await?);
        g.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))
    }

    /// Creates a class; 422 `unknown_reference` for an unknown curriculum or
    /// division, 409 `duplicate_code` on a code clash.
    pub async fn create_school_class(&mut self, new: &NewSchoolClass) -> Result<SchoolClassId> {
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO school_class (archived, code, code_key, curriculum_id, division_id, graduation_year) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(new.curriculum)
        .bind(new.division)
        .bind(new.graduation_year)
        .fetch_one(c)
        .await
        .on_unique(&[&SCHOOL_CLASS_CODE])?);
        Ok(SchoolClassId(id))
    }

    /// Replaces a class's writable fields; 404 when missing.
    pub async fn update_school_class(&mut self, id: SchoolClassId, new: &NewSchoolClass) -> Result<()> {
        let n = with_conn!(self, |c| {
            sqlx::query(
            "UPDATE school_class SET archived = $1, code = $2, code_key = $3, curriculum_id = $4, division_id = $5, \
             graduation_year = $6 WHERE id = $7"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(new.curriculum)
        .bind(new.division)
        .bind(new.graduation_year)
        .bind(id)
        .execute(c)
        .await.on_unique(&[&SCHOOL_CLASS_CODE])?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(SchoolClassId::KIND, id.0));
        }
        Ok(())
    }

    /// The courses of school class `id`.
    pub async fn school_class_users(&mut self, id: SchoolClassId) -> Result<Vec<String>> {
        self.users_of(id.0, &[
            "SELECT 'course ' || s.code || ' (' || y.code || ')' FROM course_class cc JOIN course co ON co.id = cc.course_id \
             JOIN subject s ON s.id = co.subject_id JOIN school_year y ON y.id = co.school_year_id \
             WHERE cc.school_class_id = $1 ORDER BY y.graduation_year, s.code, co.id",
        ])
        .await
    }

    /// Deletes a class; 404 when missing.
    pub async fn delete_school_class(&mut self, id: SchoolClassId) -> Result<()> {
        self.delete_by_id("school_class", SchoolClassId::KIND, id.0).await
    }
}

/// Pairs each class with its grade in the school year graduating in
/// `year_graduation` (`None` when the class does not exist that year).
fn with_grades<'a>(
    classes: Vec<SchoolClass>,
    grades: &'a HashMap<CurriculumId, Vec<LookupRef>>,
    year_graduation: i64,
) -> impl Iterator<Item = (SchoolClass, Option<LookupRef>)> + 'a {
    classes.into_iter().map(move |class| {
        let curriculum_grades = grades.get(&class.curriculum.id).map(Vec::as_slice).unwrap_or_default();
        let grade = grade_in_year(curriculum_grades, class.graduation_year, year_graduation).cloned();
        (class, grade)
    })
}
