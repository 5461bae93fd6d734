//! Storage of the lesson table (`lesson_table_entry`, docs/documents.md §Lesson table).
//!
//! A row (curriculum, subject, division) is read with a fixed number of
//! queries and replaced as a whole inside the caller's transaction; the rules
//! are those of [`crate::domain::lessontable`].

use std::collections::HashMap;

use crate::domain::fixed::Fixed;
use crate::domain::ids::{CurriculumId, DivisionId, GradeId, SubjectId};
use crate::domain::lessontable::{
    cells, check_grades, check_side, LessonEntry, LessonSubject, LessonTableItem, LessonTableKey, LessonTableList,
    LessonTableRow, LessonType, NewLessonRow,
};
use crate::domain::reference_forms::{CurriculumRef, LookupRef, SubjectRef};
use crate::error::{Error, Result};
use crate::store::subject::SubjectFilter;
use crate::store::Conn;
use crate::with_conn;

#[derive(sqlx::FromRow)]
struct EntryRow {
    curriculum_id: i64,
    division_id: Option<i64>,
    subject_id: i64,
    grade_id: i64,
    lesson_type: i64,
    lessons1: i64,
    lessons2: i64,
}

impl EntryRow {
    fn entry(self) -> Result<LessonEntry> {
        let kind = LessonType::from_id(self.lesson_type)
            .ok_or_else(|| Error::internal(anyhow::anyhow!("unknown lesson type {} stored", self.lesson_type)))?;
        Ok(LessonEntry {
            curriculum: CurriculumId(self.curriculum_id),
            division: self.division_id.map(DivisionId),
            subject: SubjectId(self.subject_id),
            grade: GradeId(self.grade_id),
            kind,
            lessons1: Fixed(self.lessons1),
            lessons2: Fixed(self.lessons2),
        })
    }
}

const ENTRY_SQL: &str =
    "SELECT curriculum_id, division_id, subject_id, grade_id, lesson_type, lessons1, lessons2 FROM lesson_table_entry";

#[derive(sqlx::FromRow)]
struct CurriculumRow {
    id: i64,
    archived: bool,
    code: String,
    description: String,
}

/// The curriculum of a table with its grades in order.
struct CurriculumFacts {
    curriculum: CurriculumRef,
    grades: Vec<LookupRef>,
}

impl Conn {
    /// Every stored lesson table entry (one query), ordered by curriculum,
    /// division (none first), subject, grade id; for the opening, the plan check and the export.
    pub async fn lesson_entries(&mut self) -> Result<Vec<LessonEntry>> {
        let sql = format!("{ENTRY_SQL} ORDER BY curriculum_id, COALESCE(division_id, 0), subject_id, grade_id");
        let rows: Vec<EntryRow> = with_conn!(self, |c| sqlx::query_as(&sql).fetch_all(c).await?);
        rows.into_iter().map(EntryRow::entry).collect()
    }

    /// The stored entry of (curriculum, division, subject, grade), if any
    /// (for `POST /course` with `-1` lessons, docs/documents.md §Lesson table).
    pub async fn lesson_entry(
        &mut self,
        curriculum: CurriculumId,
        division: Option<DivisionId>,
        subject: SubjectId,
        grade: GradeId,
    ) -> Result<Option<LessonEntry>> {
        let sql = format!(
            "{ENTRY_SQL} WHERE curriculum_id = $1 AND COALESCE(division_id, 0) = $2 AND subject_id = $3 AND grade_id = $4"
        );
        let row: Option<EntryRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(curriculum)
            .bind(division.map_or(0, |d| d.0))
            .bind(subject)
            .bind(grade)
            .fetch_optional(c)
            .await?);
        row.map(EntryRow::entry).transpose()
    }

    async fn table_curriculum(&mut self, id: CurriculumId) -> Result<Option<CurriculumFacts>> {
        let row: Option<CurriculumRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, archived, code, description FROM curriculum WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        let Some(row) = row else { return Ok(None) };
        let grades: Vec<(i64, String, String)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT g.id, g.code, g.description FROM curriculum_grade cg JOIN grade g ON g.id = cg.grade_id \
             WHERE cg.curriculum_id = $1 ORDER BY cg.position"
        )
        .bind(id)
        .fetch_all(c)
        .await?);
        Ok(Some(CurriculumFacts {
            curriculum: CurriculumRef {
                id: CurriculumId(row.id),
                archived: row.archived,
                code: row.code,
                description: row.description,
            },
            grades: grades.into_iter().map(|(id, code, description)| LookupRef { id, code, description }).collect(),
        }))
    }

    async fn division_ref(&mut self, id: DivisionId) -> Result<Option<LookupRef>> {
        let row: Option<(i64, String, String)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, code, description FROM division WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await?);
        Ok(row.map(|(id, code, description)| LookupRef { id, code, description }))
    }

    async fn row_entries(&mut self, key: LessonTableKey) -> Result<Vec<LessonEntry>> {
        let sql = format!("{ENTRY_SQL} WHERE curriculum_id = $1 AND subject_id = $2 AND COALESCE(division_id, 0) = $3");
        let rows: Vec<EntryRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(key.curriculum)
            .bind(key.subject)
            .bind(key.division.map_or(0, |d| d.0))
            .fetch_all(c)
            .await?);
        rows.into_iter().map(EntryRow::entry).collect()
    }

    /// 404 naming the first of curriculum, subject and division of `key` that does not exist.
    async fn row_parts(
        &mut self,
        key: LessonTableKey,
    ) -> Result<(CurriculumFacts, crate::domain::subject::Subject, Option<LookupRef>)> {
        let curriculum = self
            .table_curriculum(key.curriculum)
            .await?
            .ok_or_else(|| Error::not_found(CurriculumId::KIND, key.curriculum.0))?;
        let subject =
            self.get_subject(key.subject).await?.ok_or_else(|| Error::not_found(SubjectId::KIND, key.subject.0))?;
        let division = match key.division {
            Some(d) => Some(self.division_ref(d).await?.ok_or_else(|| Error::not_found(DivisionId::KIND, d.0))?),
            None => None,
        };
        Ok((curriculum, subject, division))
    }

    /// The row `key` in its single form: a cell for every grade of the
    /// curriculum. 404 when the curriculum, subject or division does not exist.
    /// A row on the wrong side of the cross-class rule is shown as stored.
    pub async fn get_lesson_row(&mut self, key: LessonTableKey) -> Result<LessonTableRow> {
        let (curriculum, subject, division) = self.row_parts(key).await?;
        let stored = self.row_entries(key).await?;
        let cross_class = subject.cross_class;
        Ok(LessonTableRow {
            id: key,
            details: cells(&curriculum.grades, &stored),
            curriculum: curriculum.curriculum,
            subject: LessonSubject { subject: SubjectRef::from(&subject), cross_class },
            division,
        })
    }

    /// Replaces row `key` with `row` (docs/documents.md §Lesson table): 404 for an unknown
    /// curriculum, subject or division; 422 `lesson_table_side` for a row on
    /// the wrong side of the cross-class rule; 422 `grade_not_in_curriculum`
    /// (`/details/N/grade`) for a grade outside the curriculum. Run it in a transaction.
    pub async fn replace_lesson_row(&mut self, key: LessonTableKey, row: &NewLessonRow) -> Result<()> {
        self.lock_row("curriculum", key.curriculum.0).await?;
        let (curriculum, subject, _) = self.row_parts(key).await?;
        check_side(&subject.code, subject.cross_class, key.division)?;
        let grades: Vec<GradeId> = curriculum.grades.iter().map(|g| GradeId(g.id)).collect();
        check_grades(&curriculum.curriculum.code, &grades, row)?;
        with_conn!(self, |c| {
            sqlx::query(
                "DELETE FROM lesson_table_entry WHERE curriculum_id = $1 AND subject_id = $2 AND COALESCE(division_id, 0) = $3",
            )
            .bind(key.curriculum)
            .bind(key.subject)
            .bind(key.division.map_or(0, |d| d.0))
            .execute(&mut *c)
            .await?;
            for (_, cell) in &row.cells {
                sqlx::query(
                    "INSERT INTO lesson_table_entry (curriculum_id, division_id, subject_id, grade_id, lesson_type, lessons1, lessons2) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(key.curriculum)
                .bind(key.division.map(|d| d.0))
                .bind(key.subject)
                .bind(cell.grade)
                .bind(cell.kind.id())
                .bind(cell.lessons1.0)
                .bind(cell.lessons2.0)
                .execute(&mut *c)
                .await?;
            }
        });
        Ok(())
    }

    /// The table of a curriculum (list form): cross-class subjects when
    /// `division` is `None`, the others for that division; archived subjects
    /// are left out; one item per subject, by code. 404 for an unknown
    /// curriculum or division. Four queries.
    pub async fn list_lesson_table(
        &mut self,
        curriculum: CurriculumId,
        division: Option<DivisionId>,
    ) -> Result<LessonTableList> {
        let facts = self
            .table_curriculum(curriculum)
            .await?
            .ok_or_else(|| Error::not_found(CurriculumId::KIND, curriculum.0))?;
        if let Some(d) = division {
            self.division_ref(d).await?.ok_or_else(|| Error::not_found(DivisionId::KIND, d.0))?;
        }
        let subjects =
            self.list_subjects(SubjectFilter { cross_class: Some(division.is_none()), archived: Some(false) }).await?;
        let sql = format!("{ENTRY_SQL} WHERE curriculum_id = $1 AND COALESCE(division_id, 0) = $2");
        let rows: Vec<EntryRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(curriculum)
            .bind(division.map_or(0, |d| d.0))
            .fetch_all(c)
            .await?);
        let mut by_subject: HashMap<SubjectId, Vec<LessonEntry>> = HashMap::new();
        for r in rows {
            let e = r.entry()?;
            by_subject.entry(e.subject).or_default().push(e);
        }
        let items = subjects
            .into_iter()
            .map(|s| {
                let stored = by_subject.remove(&s.id).unwrap_or_default();
                let cells = cells(&facts.grades, &stored).into_iter().map(|c| (c.grade.id.to_string(), c)).collect();
                LessonTableItem { id: LessonTableKey { curriculum, subject: s.id, division }, subject: s, cells }
            })
            .collect();
        Ok(LessonTableList { grades: facts.grades, items })
    }
}

/// A lesson table entry with its references as codes (dataset export).
#[derive(Debug, sqlx::FromRow)]
pub struct LessonTableCodeRow {
    /// Curriculum code.
    pub curriculum: String,
    /// Division code; `None` for cross-class entries.
    pub division: Option<String>,
    /// Subject code.
    pub subject: String,
    /// Grade code.
    pub grade: String,
    /// Lesson type id.
    pub lesson_type: i64,
    /// Lessons semester 1 (ten-thousandths).
    pub lessons1: i64,
    /// Lessons semester 2 (ten-thousandths).
    pub lessons2: i64,
}

impl Conn {
    /// Every lesson table entry with codes (one query; unordered: the dataset sorts).
    pub async fn lesson_table_codes(&mut self) -> Result<Vec<LessonTableCodeRow>> {
        Ok(with_conn!(self, |c| sqlx::query_as(
            "SELECT cu.code AS curriculum, d.code AS division, s.code AS subject, g.code AS grade, e.lesson_type, \
             e.lessons1, e.lessons2 FROM lesson_table_entry e JOIN curriculum cu ON cu.id = e.curriculum_id \
             LEFT JOIN division d ON d.id = e.division_id JOIN subject s ON s.id = e.subject_id \
             JOIN grade g ON g.id = e.grade_id"
        )
        .fetch_all(c)
        .await?))
    }
}
