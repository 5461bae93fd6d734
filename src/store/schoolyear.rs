//! Storage of school years.

use crate::domain::code_key;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::{NewSchoolYear, SchoolYear};
use crate::error::{Error, ErrorCode, Result};
use crate::store::{Backend, Conn};
use crate::with_conn;

#[derive(sqlx::FromRow)]
struct SchoolYearRow {
    id: i64,
    age_relief_included: bool,
    archived: bool,
    code: String,
    description: String,
    finalised: bool,
    graduation_year: i64,
    weeks: i64,
}

impl From<SchoolYearRow> for SchoolYear {
    fn from(r: SchoolYearRow) -> Self {
        SchoolYear {
            id: SchoolYearId(r.id),
            age_relief_included: r.age_relief_included,
            archived: r.archived,
            code: r.code,
            description: r.description,
            finalised: r.finalised,
            graduation_year: r.graduation_year,
            weeks: r.weeks,
        }
    }
}

const COLUMNS: &str = "id, age_relief_included, archived, code, description, finalised, graduation_year, weeks";

#[derive(sqlx::FromRow)]
struct YearLockRow {
    code: String,
    archived: bool,
    finalised: bool,
}

impl Conn {
    /// School years (single form = list form), ordered by graduation year;
    /// `archived` keeps only archived (`true`) or only active (`false`) ones.
    pub async fn list_school_years(&mut self, archived: Option<bool>) -> Result<Vec<SchoolYear>> {
        let sql =
            format!("SELECT {COLUMNS} FROM school_year WHERE ($1 IS NULL OR archived = $1) ORDER BY graduation_year");
        let rows: Vec<SchoolYearRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(archived).fetch_all(c).await?);
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// One school year, or `None`.
    pub async fn get_school_year(&mut self, id: SchoolYearId) -> Result<Option<SchoolYear>> {
        let sql = format!("SELECT {COLUMNS} FROM school_year WHERE id = $1");
        let row: Option<SchoolYearRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(id.0).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// Code and locked flag (archived or finalised, contract.md §7) of a school
    /// year, or `None` when it does not exist. For the lock checks of courses
    /// and employments.
    pub async fn school_year_locked(&mut self, id: SchoolYearId) -> Result<Option<(String, bool)>> {
        let row: Option<(String, bool, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT code, archived, finalised FROM school_year WHERE id = $1")
                .bind(id.0)
                .fetch_optional(c)
                .await?);
        Ok(row.map(|(code, archived, finalised)| (code, archived || finalised)))
    }

    /// 409 `school_year_locked` when school year `year` is archived or finalised
    /// (contract.md §7); 404 when it does not exist. On PostgreSQL the year's row
    /// is share-locked until the transaction ends, so it cannot be locked
    /// concurrently while the change is made (SQLite writers are serialised anyway).
    pub async fn require_open_school_year(&mut self, year: SchoolYearId) -> Result<()> {
        let lock = match self.backend() {
            Backend::Postgres => " FOR SHARE",
            Backend::Sqlite => "",
        };
        let sql = format!("SELECT code, archived, finalised FROM school_year WHERE id = $1{lock}");
        let row: Option<YearLockRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(year.0).fetch_optional(c).await?);
        let y = row.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))?;
        let state = match (y.archived, y.finalised) {
            (true, _) => "archived",
            (false, true) => "finalised",
            (false, false) => return Ok(()),
        };
        Err(Error::conflict(
            ErrorCode::SchoolYearLocked,
            format!("School year {} is {state}: its courses and employments cannot be changed. Reopen the school year first.", y.code),
        ))
    }

    /// Creates a school year; 409 `duplicate_code` or `duplicate_graduation_year` on a clash.
    pub async fn create_school_year(&mut self, new: &NewSchoolYear) -> Result<SchoolYearId> {
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO school_year (age_relief_included, archived, code, code_key, description, finalised, graduation_year, weeks) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"
        )
        .bind(new.age_relief_included)
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.finalised)
        .bind(new.graduation_year)
        .bind(new.weeks)
        .fetch_one(c)
        .await?
        });
        Ok(SchoolYearId(id))
    }

    /// Replaces a school year's writable fields (also `archived` and `finalised`:
    /// the year itself is never locked, contract.md §7); 404 when missing.
    pub async fn update_school_year(&mut self, id: SchoolYearId, new: &NewSchoolYear) -> Result<()> {
        let n = with_conn!(self, |c| {
            sqlx::query(
            "UPDATE school_year SET age_relief_included = $1, archived = $2, code = $3, code_key = $4, description = $5, \
             finalised = $6, graduation_year = $7, weeks = $8, version = version + 1 WHERE id = $9"
        )
        .bind(new.age_relief_included)
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.finalised)
        .bind(new.graduation_year)
        .bind(new.weeks)
        .bind(id.0)
        .execute(c)
        .await?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(SchoolYearId::KIND, id.0));
        }
        Ok(())
    }

    /// Deletes a school year; 404 when missing; 409 `referenced` while
    /// employments or courses belong to it (naming them).
    pub async fn delete_school_year(&mut self, id: SchoolYearId) -> Result<()> {
        let Some((code, _)) = self.school_year_locked(id).await? else {
            return Err(Error::not_found(SchoolYearId::KIND, id.0));
        };
        let users = self
            .referenced_by(
                id.0,
                &[
                    "SELECT 'employment ' || t.code FROM employment e JOIN teacher t ON t.id = e.teacher_id \
                 WHERE e.school_year_id = $1 ORDER BY t.code_key, e.id",
                    "SELECT 'course ' || s.code FROM course co JOIN subject s ON s.id = co.subject_id \
                 WHERE co.school_year_id = $1 ORDER BY s.code_key, co.id",
                ],
            )
            .await?;
        if let Some(users) = users {
            return Err(Error::conflict(
                ErrorCode::Referenced,
                format!("School year {code} still has {users}; archive the school year instead."),
            ));
        }
        self.execute_with_id("DELETE FROM school_year WHERE id = $1", id.0).await?;
        Ok(())
    }
}
