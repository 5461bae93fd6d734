//! Storage of curricula and their ordered grades (`curriculum_grade.position`).

use std::collections::HashMap;

use crate::domain::code_key;
use crate::domain::curriculum::{Curriculum, NewCurriculum};
use crate::domain::ids::{CurriculumId, GradeId};
use crate::domain::reference_forms::LookupRef;
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Curriculum codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const CURRICULUM_CODE: Unique =
    constraint::code_key("curriculum_code_key", "curriculum.code_key", "error-taken-curriculum");
/// A curriculum lists a grade once: 422 `duplicate_entry`.
const CURRICULUM_GRADE: Unique =
    constraint::list_entry("curriculum_grade_unique", "curriculum_grade.curriculum_id, curriculum_grade.grade_id");

#[derive(sqlx::FromRow)]
struct CurriculumRow {
    id: i64,
    archived: bool,
    code: String,
    description: String,
}

#[derive(sqlx::FromRow)]
struct CurriculumGradeRow {
    curriculum_id: i64,
    id: i64,
    code: String,
    description: String,
}

impl CurriculumRow {
    fn with_grades(self, grades: Vec<crate::domain::grade::Grade>) -> Curriculum {
        Curriculum {
            id: CurriculumId(self.id),
            archived: self.archived,
            code: self.code,
            description: self.description,
            grades,
        }
    }
}

/// Sorts curricula by code (case-insensitive), then id (docs/contract.md §Order of lists).
pub fn sort_curricula(items: &mut [Curriculum]) {
    items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
}

const GRADES_SQL: &str = "SELECT cg.curriculum_id, g.id, g.code, g.description FROM curriculum_grade cg \
                          JOIN grade g ON g.id = cg.grade_id";

impl Conn {
    /// Every curriculum's grades in order, entry grade first (one query). For
    /// grade derivation of school classes and courses.
    pub async fn all_curriculum_grades(&mut self) -> Result<HashMap<CurriculumId, Vec<LookupRef>>> {
        let sql = format!("{GRADES_SQL} ORDER BY cg.curriculum_id, cg.position");
        let rows: Vec<CurriculumGradeRow> = with_conn!(self, |c| sqlx::query_as(&sql).fetch_all(c).await?);
        let mut map: HashMap<CurriculumId, Vec<LookupRef>> = HashMap::new();
        for r in rows {
            map.entry(CurriculumId(r.curriculum_id)).or_default().push(LookupRef {
                id: r.id,
                code: r.code,
                description: r.description,
            });
        }
        Ok(map)
    }

    /// Curricula (single form = list form), ordered by code then id; `archived`
    /// keeps only archived or only active ones. Two queries, however many curricula.
    pub async fn list_curricula(&mut self, archived: Option<bool>) -> Result<Vec<Curriculum>> {
        let rows: Vec<CurriculumRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, archived, code, description FROM curriculum WHERE ($1 IS NULL OR archived = $1)"
        )
        .bind(archived)
        .fetch_all(c)
        .await?);
        let mut grades = self.all_curriculum_grades().await?;
        let forms = self.grades_by_id().await?;
        let mut items: Vec<Curriculum> = rows
            .into_iter()
            .map(|r| {
                let g = grades.remove(&CurriculumId(r.id)).unwrap_or_default();
                r.with_grades(g.iter().filter_map(|g| forms.get(&GradeId(g.id)).cloned()).collect())
            })
            .collect();
        sort_curricula(&mut items);
        Ok(items)
    }

    /// One curriculum with its grades (two queries), or `None`.
    pub async fn get_curriculum(&mut self, id: CurriculumId) -> Result<Option<Curriculum>> {
        let row: Option<CurriculumRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, archived, code, description FROM curriculum WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        let Some(row) = row else { return Ok(None) };
        let sql = format!("{GRADES_SQL} WHERE cg.curriculum_id = $1 ORDER BY cg.position");
        let grades: Vec<CurriculumGradeRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_all(c).await?);
        let forms = self.grades_by_id().await?;
        let grades = grades.into_iter().filter_map(|g| forms.get(&GradeId(g.id)).cloned()).collect();
        Ok(Some(row.with_grades(grades)))
    }

    async fn write_curriculum_grades(&mut self, id: CurriculumId, new: &NewCurriculum) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query("DELETE FROM curriculum_grade WHERE curriculum_id = $1").bind(id).execute(&mut *c).await?;
            for (pos, grade) in new.grades.iter().enumerate() {
                sqlx::query("INSERT INTO curriculum_grade (curriculum_id, position, grade_id) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(pos as i64)
                    .bind(grade)
                    .execute(&mut *c)
                    .await
                    .on_unique(&[&CURRICULUM_GRADE])?;
            }
        });
        Ok(())
    }

    /// Creates a curriculum with its grades; 422 `unknown_reference` for an
    /// unknown grade, 409 `duplicate_code` on a code clash.
    pub async fn create_curriculum(&mut self, new: &NewCurriculum) -> Result<CurriculumId> {
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO curriculum (archived, code, code_key, description) VALUES ($1, $2, $3, $4) RETURNING id"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .fetch_one(c)
        .await
        .on_unique(&[&CURRICULUM_CODE])?);
        let id = CurriculumId(id);
        self.write_curriculum_grades(id, new).await?;
        Ok(id)
    }

    /// Replaces a curriculum's writable fields and its grade list; 404 when missing.
    pub async fn update_curriculum(&mut self, id: CurriculumId, new: &NewCurriculum) -> Result<()> {
        let n = with_conn!(self, |c| {
            sqlx::query("UPDATE curriculum SET archived = $1, code = $2, code_key = $3, description = $4 WHERE id = $5")
                .bind(new.archived)
                .bind(&new.code)
                .bind(code_key(&new.code))
                .bind(&new.description)
                .bind(id)
                .execute(c)
                .await
                .on_unique(&[&CURRICULUM_CODE])?
                .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(CurriculumId::KIND, id.0));
        }
        self.write_curriculum_grades(id, new).await
    }

    /// The school classes and courses that use curriculum `id` (labels such
    /// as `school class G27a`, `course M (26/27)`).
    pub async fn curriculum_users(&mut self, id: CurriculumId) -> Result<Vec<String>> {
        self.users_of(id.0, &[
            "SELECT 'school class ' || code FROM school_class WHERE curriculum_id = $1 ORDER BY graduation_year, code_key, id",
            "SELECT 'course ' || s.code || ' (' || y.code || ')' FROM course co JOIN subject s ON s.id = co.subject_id \
             JOIN school_year y ON y.id = co.school_year_id WHERE co.curriculum_id = $1 ORDER BY y.graduation_year, s.code_key, co.id",
        ])
        .await
    }

    /// Deletes a curriculum (its grade list goes with it); 404 when missing.
    pub async fn delete_curriculum(&mut self, id: CurriculumId) -> Result<()> {
        self.delete_by_id("curriculum", CurriculumId::KIND, id.0).await
    }
}
