//! Storage of subjects.

use crate::domain::code_key;
use crate::domain::ids::SubjectId;
use crate::domain::reference_forms::{LookupRef, SubjectRef};
use crate::domain::subject::{NewSubject, Subject};
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Subject codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const SUBJECT_CODE: Unique = constraint::code_key("subject_code_key", "subject.code_key", "error-taken-subject");

/// Filters of `GET /subject` (docs/contract.md §Query parameters).
#[derive(Debug, Clone, Copy, Default)]
pub struct SubjectFilter {
    /// Only cross-class (`true`) or only class-bound (`false`) subjects.
    pub cross_class: Option<bool>,
    /// Only archived (`true`) or only active (`false`) subjects.
    pub archived: Option<bool>,
}

/// Subject columns with category (LEFT JOIN) and type; callers append a WHERE clause.
const SELECT_SUBJECT: &str =
    "SELECT s.id, s.archived, s.code, s.description, s.cross_class, s.external_code, s.class_lesson, \
     c.id AS category_id, c.code AS category_code, c.description AS category_description, \
     t.id AS type_id, t.code AS type_code, t.description AS type_description \
     FROM subject s LEFT JOIN subject_category c ON c.id = s.category_id JOIN subject_type t ON t.id = s.type_id";

#[derive(sqlx::FromRow)]
struct SubjectRow {
    id: i64,
    archived: bool,
    code: String,
    description: String,
    cross_class: bool,
    external_code: Option<String>,
    class_lesson: bool,
    category_id: Option<i64>,
    category_code: Option<String>,
    category_description: Option<String>,
    type_id: i64,
    type_code: String,
    type_description: String,
}

impl From<SubjectRow> for Subject {
    fn from(r: SubjectRow) -> Self {
        let category = match (r.category_id, r.category_code, r.category_description) {
            (Some(id), Some(code), Some(description)) => Some(LookupRef { id, code, description }),
            _ => None,
        };
        Subject {
            id: SubjectId(r.id),
            archived: r.archived,
            category,
            code: r.code,
            description: r.description,
            kind: LookupRef { id: r.type_id, code: r.type_code, description: r.type_description },
            cross_class: r.cross_class,
            external_code: r.external_code,
            class_lesson: r.class_lesson,
        }
    }
}

/// Sorts subjects by code (case-insensitive), then id (docs/contract.md §Order of lists).
pub fn sort_subjects(items: &mut [SubjectRef]) {
    items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
}

impl Conn {
    /// Subjects in list form, ordered by code (one query).
    pub async fn list_subjects(&mut self, f: SubjectFilter) -> Result<Vec<SubjectRef>> {
        let sql =
            format!("{SELECT_SUBJECT} WHERE ($1 IS NULL OR s.archived = $1) AND ($2 IS NULL OR s.cross_class = $2)");
        let rows: Vec<SubjectRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(f.archived).bind(f.cross_class).fetch_all(c).await?);
        let mut items: Vec<SubjectRef> = rows.into_iter().map(|r| SubjectRef::from(&Subject::from(r))).collect();
        sort_subjects(&mut items);
        Ok(items)
    }

    /// One subject in single form (one query), or `None`.
    pub async fn get_subject(&mut self, id: SubjectId) -> Result<Option<Subject>> {
        let sql = format!("{SELECT_SUBJECT} WHERE s.id = $1");
        let row: Option<SubjectRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// Creates a subject; 422 `unknown_reference` for an unknown category or
    /// type, 409 `duplicate_code` on a code clash.
    pub async fn create_subject(&mut self, new: &NewSubject) -> Result<SubjectId> {
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO subject (archived, code, code_key, description, category_id, type_id, cross_class, external_code, class_lesson) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.category)
        .bind(new.kind)
        .bind(new.cross_class)
        .bind(&new.external_code)
        .bind(new.class_lesson)
        .fetch_one(c)
        .await.on_unique(&[&SUBJECT_CODE])?
        });
        Ok(SubjectId(id))
    }

    /// Replaces a subject's writable fields; 404 when missing.
    pub async fn update_subject(&mut self, id: SubjectId, new: &NewSubject) -> Result<()> {
        let n = with_conn!(self, |c| {
            sqlx::query(
            "UPDATE subject SET archived = $1, code = $2, code_key = $3, description = $4, category_id = $5, type_id = $6, \
             cross_class = $7, external_code = $8, class_lesson = $9 WHERE id = $10"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.category)
        .bind(new.kind)
        .bind(new.cross_class)
        .bind(&new.external_code)
        .bind(new.class_lesson)
        .bind(id)
        .execute(c)
        .await.on_unique(&[&SUBJECT_CODE])?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(SubjectId::KIND, id.0));
        }
        Ok(())
    }

    /// The courses of subject `id`.
    pub async fn subject_users(&mut self, id: SubjectId) -> Result<Vec<String>> {
        self.users_of(
            id.0,
            &[
                "SELECT 'course ' || s.code || ' ' || g.code || ' (' || y.code || ')' FROM course co \
             JOIN subject s ON s.id = co.subject_id JOIN grade g ON g.id = co.grade_id \
             JOIN school_year y ON y.id = co.school_year_id WHERE co.subject_id = $1 ORDER BY y.graduation_year, co.id",
            ],
        )
        .await
    }

    /// Deletes a subject; 404 when missing.
    pub async fn delete_subject(&mut self, id: SubjectId) -> Result<()> {
        self.delete_by_id("subject", SubjectId::KIND, id.0).await
    }
}
