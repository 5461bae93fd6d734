//! Storage of grades, subject categories and subject types (one table each, same shape).

use crate::domain::code_key;
use crate::domain::lookup::{Lookup, LookupKind, NewLookup};
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// The unique code of each lookup kind (docs/contract.md §Validation): 409 `duplicate_code`.
fn unique_code(kind: LookupKind) -> &'static Unique {
    const SUBJECT_CATEGORY: Unique =
        constraint::code_key("subject_category_code_key", "subject_category.code_key", "error-taken-subject-category");
    const SUBJECT_TYPE: Unique =
        constraint::code_key("subject_type_code_key", "subject_type.code_key", "error-taken-subject-type");
    const GENDER: Unique = constraint::code_key("gender_code_key", "gender.code_key", "error-taken-gender");
    match kind {
        LookupKind::Grade => &super::grade::GRADE_CODE,
        LookupKind::SubjectCategory => &SUBJECT_CATEGORY,
        LookupKind::SubjectType => &SUBJECT_TYPE,
        LookupKind::Gender => &GENDER,
    }
}

#[derive(sqlx::FromRow)]
struct LookupRow {
    id: i64,
    code: String,
    description: String,
    archived: bool,
}

impl From<LookupRow> for Lookup {
    fn from(r: LookupRow) -> Self {
        Lookup { id: r.id, code: r.code, description: r.description, archived: r.archived }
    }
}

/// Sorts by code (case-insensitive), then id (docs/contract.md §Order of lists ordering).
pub fn sort_lookups(items: &mut [Lookup]) {
    items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
}

impl Conn {
    /// All lookups of `kind` (only archived ones with `archived = Some(true)`,
    /// only active ones with `Some(false)`), ordered by code then id.
    pub async fn list_lookups(&mut self, kind: LookupKind, archived: Option<bool>) -> Result<Vec<Lookup>> {
        let sql = format!(
            "SELECT id, code, description, {} FROM {} WHERE ($1 IS NULL OR archived = $1)",
            kind.archived_sql(),
            kind.table()
        );
        let rows: Vec<LookupRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(archived).fetch_all(c).await?);
        let mut items: Vec<Lookup> = rows.into_iter().map(Into::into).collect();
        sort_lookups(&mut items);
        Ok(items)
    }

    /// One lookup, or `None`.
    pub async fn get_lookup(&mut self, kind: LookupKind, id: i64) -> Result<Option<Lookup>> {
        let sql = format!("SELECT id, code, description, {} FROM {} WHERE id = $1", kind.archived_sql(), kind.table());
        let row: Option<LookupRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// Creates a lookup; 409 `duplicate_code` on a code clash.
    pub async fn create_lookup(&mut self, kind: LookupKind, new: &NewLookup) -> Result<i64> {
        let sql = format!(
            "INSERT INTO {} (code, code_key, description, archived) VALUES ($1, $2, $3, $4) RETURNING id",
            kind.table()
        );
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(&sql)
            .bind(&new.code)
            .bind(code_key(&new.code))
            .bind(&new.description)
            .bind(new.archived)
            .fetch_one(c)
            .await
            .on_unique(&[unique_code(kind)])?);
        Ok(id)
    }

    /// Replaces a lookup's fields; 404 when it does not exist.
    pub async fn update_lookup(&mut self, kind: LookupKind, id: i64, new: &NewLookup) -> Result<()> {
        let sql = format!(
            "UPDATE {} SET code = $1, code_key = $2, description = $3, archived = $5 WHERE id = $4",
            kind.table()
        );
        let n = with_conn!(self, |c| sqlx::query(&sql)
            .bind(&new.code)
            .bind(code_key(&new.code))
            .bind(&new.description)
            .bind(id)
            .bind(new.archived)
            .execute(c)
            .await
            .on_unique(&[unique_code(kind)])?
            .rows_affected());
        if n == 0 {
            return Err(Error::not_found(kind.noun(), id));
        }
        Ok(())
    }

    /// The objects that use lookup `id` of `kind`: curricula and courses (a
    /// grade), subjects and teachers (a subject category), subjects (a
    /// subject type), teachers (a gender).
    pub async fn lookup_users(&mut self, kind: LookupKind, id: i64) -> Result<Vec<String>> {
        let queries: &[&str] = match kind {
            LookupKind::Grade => &[
                "SELECT 'curriculum ' || cu.code FROM curriculum_grade cg JOIN curriculum cu ON cu.id = cg.curriculum_id WHERE cg.grade_id = $1 ORDER BY cu.code",
                "SELECT 'course ' || s.code || ' (' || y.code || ')' FROM course co JOIN subject s ON s.id = co.subject_id JOIN school_year y ON y.id = co.school_year_id WHERE co.grade_id = $1 ORDER BY co.id",
            ],
            LookupKind::SubjectCategory => &[
                "SELECT 'subject ' || code FROM subject WHERE category_id = $1 ORDER BY code",
                "SELECT 'teacher ' || t.code FROM teacher_department d JOIN teacher t ON t.id = d.teacher_id WHERE d.category_id = $1 ORDER BY t.code",
            ],
            LookupKind::SubjectType => &["SELECT 'subject ' || code FROM subject WHERE type_id = $1 ORDER BY code"],
            LookupKind::Gender => &["SELECT 'teacher ' || code FROM teacher WHERE gender_id = $1 ORDER BY code"],
        };
        self.users_of(id, queries).await
    }

    /// Deletes a lookup; 404 when missing.
    pub async fn delete_lookup(&mut self, kind: LookupKind, id: i64) -> Result<()> {
        self.delete_by_id(kind.table(), kind.noun(), id).await
    }
}
