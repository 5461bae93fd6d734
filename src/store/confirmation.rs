//! Storage of teachers' own access (migration 0019; docs/teachers.md): the
//! account a teacher is bound to, the releases of a year's sheets
//! (`sheet_release`) and each teacher's confirmation of, or question about,
//! their sheet of a year (`sheet_confirmation`). The rules — who is
//! released, which state a sheet is in — are in
//! [`crate::domain::confirmation`]; the use cases in `service::confirmation`.

use crate::domain::code_key;
use crate::domain::confirmation::{Release, StoredConfirmation};
use crate::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use crate::error::Result;
use crate::store::account::Account;
use crate::store::Conn;
use crate::with_conn;

#[derive(sqlx::FromRow)]
struct ReleaseRow {
    id: i64,
    school_year_id: i64,
    division_id: Option<i64>,
    released_at: String,
    released_by: String,
}

impl From<ReleaseRow> for Release {
    fn from(r: ReleaseRow) -> Release {
        Release {
            id: r.id,
            school_year: SchoolYearId(r.school_year_id),
            division: r.division_id.map(DivisionId),
            released_at: r.released_at,
            released_by: r.released_by,
        }
    }
}

#[derive(sqlx::FromRow)]
struct ConfirmationRow {
    teacher_id: i64,
    school_year_id: i64,
    confirmed_by: Option<i64>,
    confirmed_at: Option<String>,
    digest: Option<String>,
    figures: Option<String>,
    remark: Option<String>,
    question: Option<String>,
    asked_at: Option<String>,
    answer: Option<String>,
    answered_at: Option<String>,
    answered_by: Option<String>,
    outdated_mailed_at: Option<String>,
}

impl From<ConfirmationRow> for StoredConfirmation {
    fn from(r: ConfirmationRow) -> StoredConfirmation {
        StoredConfirmation {
            teacher: TeacherId(r.teacher_id),
            school_year: SchoolYearId(r.school_year_id),
            confirmed_by: r.confirmed_by,
            confirmed_at: r.confirmed_at,
            digest: r.digest,
            figures: r.figures,
            remark: r.remark,
            question: r.question,
            asked_at: r.asked_at,
            answer: r.answer,
            answered_at: r.answered_at,
            answered_by: r.answered_by,
            outdated_mailed_at: r.outdated_mailed_at,
        }
    }
}

const CONFIRMATION_SELECT: &str = "SELECT teacher_id, school_year_id, confirmed_by, confirmed_at, digest, figures, \
     remark, question, asked_at, answer, answered_at, answered_by, outdated_mailed_at FROM sheet_confirmation";

impl Conn {
    /// The id of the teacher with code `code` (compared as codes are), if any.
    pub async fn teacher_id_by_code(&mut self, code: &str) -> Result<Option<TeacherId>> {
        let id: Option<i64> = with_conn!(self, |c| sqlx::query_scalar("SELECT id FROM teacher WHERE code_key = $1")
            .bind(code_key(code))
            .fetch_optional(c)
            .await?);
        Ok(id.map(TeacherId))
    }

    /// The teacher account `account` is bound to (`None`: another role, or no such account).
    pub async fn teacher_of_account(&mut self, account: i64) -> Result<Option<TeacherId>> {
        let id: Option<Option<i64>> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT teacher_id FROM account WHERE id = $1")
                .bind(account)
                .fetch_optional(c)
                .await?);
        Ok(id.flatten().map(TeacherId))
    }

    /// The accounts bound to teachers: (teacher, account id, account name), by teacher id.
    pub async fn teacher_accounts(&mut self) -> Result<Vec<(TeacherId, i64, String)>> {
        let rows: Vec<(i64, i64, String)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT teacher_id, id, name FROM account WHERE teacher_id IS NOT NULL ORDER BY teacher_id"
        )
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(t, id, name)| (TeacherId(t), id, name)).collect())
    }

    /// Creates account `name` with role `teacher`, bound to `teacher`. The
    /// caller has checked that the name is free and the teacher has no
    /// account (both unique in the table: a race ends in the constraint).
    pub async fn create_teacher_account(&mut self, name: &str, teacher: TeacherId) -> Result<Account> {
        let now = crate::auth::now_text();
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO account (name, name_key, role, created_at, teacher_id) \
             VALUES ($1, $2, 'teacher', $3, $4) RETURNING id"
        )
        .bind(name.trim())
        .bind(code_key(name))
        .bind(&now)
        .bind(teacher.0)
        .fetch_one(c)
        .await?);
        Ok(Account {
            id,
            name: name.trim().to_string(),
            role: crate::auth::Role::Teacher,
            created_at: now,
            teacher: Some(teacher),
        })
    }

    /// The releases of school year `year`, by id.
    pub async fn releases(&mut self, year: SchoolYearId) -> Result<Vec<Release>> {
        let rows: Vec<ReleaseRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, school_year_id, division_id, released_at, released_by FROM sheet_release \
             WHERE school_year_id = $1 ORDER BY id"
        )
        .bind(year.0)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(Release::from).collect())
    }

    /// Stores the release of `year` for `division` (`None`: every division);
    /// `None` when that release exists already (another transaction stored
    /// it meanwhile: the unique index decides, nothing is written).
    pub async fn insert_release(
        &mut self,
        year: SchoolYearId,
        division: Option<DivisionId>,
        released_by: &str,
    ) -> Result<Option<Release>> {
        let now = crate::auth::now_text();
        let id: Option<i64> = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO sheet_release (school_year_id, division_id, released_at, released_by) \
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id"
        )
        .bind(year.0)
        .bind(division.map(|d| d.0))
        .bind(&now)
        .bind(released_by)
        .fetch_optional(c)
        .await?);
        Ok(id.map(|id| Release {
            id,
            school_year: year,
            division,
            released_at: now,
            released_by: released_by.to_string(),
        }))
    }

    /// (teacher, division) of every employment of `year`.
    pub async fn employment_divisions(&mut self, year: SchoolYearId) -> Result<Vec<(TeacherId, DivisionId)>> {
        let rows: Vec<(i64, i64)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT teacher_id, division_id FROM employment WHERE school_year_id = $1 ORDER BY teacher_id"
        )
        .bind(year.0)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(t, d)| (TeacherId(t), DivisionId(d))).collect())
    }

    /// The school years in which `teacher` has an employment, with its division.
    pub async fn years_of_teacher(&mut self, teacher: TeacherId) -> Result<Vec<(SchoolYearId, DivisionId)>> {
        let rows: Vec<(i64, i64)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT school_year_id, division_id FROM employment WHERE teacher_id = $1 ORDER BY school_year_id"
        )
        .bind(teacher.0)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(|(y, d)| (SchoolYearId(y), DivisionId(d))).collect())
    }

    /// The releases of every school year `teacher` is employed in.
    pub async fn releases_of_teacher(&mut self, teacher: TeacherId) -> Result<Vec<Release>> {
        let rows: Vec<ReleaseRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT r.id, r.school_year_id, r.division_id, r.released_at, r.released_by FROM sheet_release r \
             WHERE r.school_year_id IN (SELECT school_year_id FROM employment WHERE teacher_id = $1) ORDER BY r.id"
        )
        .bind(teacher.0)
        .fetch_all(c)
        .await?);
        Ok(rows.into_iter().map(Release::from).collect())
    }

    /// The stored confirmations of school year `year`, by teacher.
    pub async fn confirmations(&mut self, year: SchoolYearId) -> Result<Vec<StoredConfirmation>> {
        let sql = format!("{CONFIRMATION_SELECT} WHERE school_year_id = $1 ORDER BY teacher_id");
        let rows: Vec<ConfirmationRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(year.0).fetch_all(c).await?);
        Ok(rows.into_iter().map(StoredConfirmation::from).collect())
    }

    /// The stored confirmations of `teacher`, by school year.
    pub async fn confirmations_of_teacher(&mut self, teacher: TeacherId) -> Result<Vec<StoredConfirmation>> {
        let sql = format!("{CONFIRMATION_SELECT} WHERE teacher_id = $1 ORDER BY school_year_id");
        let rows: Vec<ConfirmationRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(teacher.0).fetch_all(c).await?);
        Ok(rows.into_iter().map(StoredConfirmation::from).collect())
    }

    /// Writes `c` in place of the stored confirmation of its teacher and year.
    pub async fn save_confirmation(&mut self, c: &StoredConfirmation) -> Result<()> {
        with_conn!(self, |x| sqlx::query(
            "INSERT INTO sheet_confirmation (teacher_id, school_year_id, confirmed_by, confirmed_at, digest, figures, \
                 remark, question, asked_at, answer, answered_at, answered_by, outdated_mailed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
             ON CONFLICT (teacher_id, school_year_id) DO UPDATE SET confirmed_by = excluded.confirmed_by, \
                 confirmed_at = excluded.confirmed_at, digest = excluded.digest, figures = excluded.figures, \
                 remark = excluded.remark, question = excluded.question, asked_at = excluded.asked_at, \
                 answer = excluded.answer, answered_at = excluded.answered_at, answered_by = excluded.answered_by, \
                 outdated_mailed_at = excluded.outdated_mailed_at"
        )
        .bind(c.teacher.0)
        .bind(c.school_year.0)
        .bind(c.confirmed_by)
        .bind(&c.confirmed_at)
        .bind(&c.digest)
        .bind(&c.figures)
        .bind(&c.remark)
        .bind(&c.question)
        .bind(&c.asked_at)
        .bind(&c.answer)
        .bind(&c.answered_at)
        .bind(&c.answered_by)
        .bind(&c.outdated_mailed_at)
        .execute(x)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Locks the confirmation row of (`teacher`, `year`) for the rest of the
    /// write transaction, creating an empty one first if there is none, so
    /// that two confirmations of one sheet follow each other.
    pub async fn lock_confirmation(&mut self, teacher: TeacherId, year: SchoolYearId) -> Result<()> {
        with_conn!(self, |c| sqlx::query(
            "INSERT INTO sheet_confirmation (teacher_id, school_year_id) VALUES ($1, $2) \
             ON CONFLICT (teacher_id, school_year_id) DO UPDATE SET teacher_id = excluded.teacher_id"
        )
        .bind(teacher.0)
        .bind(year.0)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The confirmations whose teacher has not been told that they are
    /// outdated: confirmed (a digest stored), `outdated_mailed_at` empty, in
    /// a school year with a release; by year and teacher.
    pub async fn untold_confirmations(&mut self) -> Result<Vec<StoredConfirmation>> {
        let sql = format!(
            "{CONFIRMATION_SELECT} WHERE digest IS NOT NULL AND outdated_mailed_at IS NULL \
             AND school_year_id IN (SELECT school_year_id FROM sheet_release) ORDER BY school_year_id, teacher_id"
        );
        let rows: Vec<ConfirmationRow> = with_conn!(self, |c| sqlx::query_as(&sql).fetch_all(c).await?);
        Ok(rows.into_iter().map(StoredConfirmation::from).collect())
    }

    /// Notes at `now` that `teacher` was told their confirmation of `year`
    /// (version `digest`) is outdated, unless somebody noted it already or
    /// the teacher confirmed another version since; whether it noted it.
    pub async fn note_outdated_told(
        &mut self,
        teacher: TeacherId,
        year: SchoolYearId,
        digest: &str,
        now: &str,
    ) -> Result<bool> {
        let n = with_conn!(self, |c| sqlx::query(
            "UPDATE sheet_confirmation SET outdated_mailed_at = $4 \
             WHERE teacher_id = $1 AND school_year_id = $2 AND digest = $3 AND outdated_mailed_at IS NULL"
        )
        .bind(teacher.0)
        .bind(year.0)
        .bind(digest)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        Ok(n == 1)
    }
}
