//! Storage of school years.

use crate::domain::code_key;
use crate::domain::ids::SchoolYearId;
use std::collections::{BTreeMap, HashMap};

use crate::domain::fixed::Fixed;
use crate::domain::schoolyear::{mode_ref, NewSchoolYear, SchoolYear, DEFAULT_SMALL_GROUP_SURCHARGE};
use crate::domain::workload::CalculationMode;
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::{Backend, Conn};
use crate::with_conn;

/// School year codes are unique (contract.md §5): 409 `duplicate_code`.
const SCHOOL_YEAR_CODE: Unique = constraint::code_key(
    "school_year_code_key",
    "school_year.code_key",
    "A school year with this code already exists.",
);
/// One school year per graduation year (contract.md §5): 409 `duplicate_graduation_year`.
const GRADUATION_YEAR: Unique = Unique {
    name: "school_year_graduation_year_key",
    sqlite_columns: "school_year.graduation_year",
    code: ErrorCode::DuplicateGraduationYear,
    detail: "A school year with this graduation year already exists.",
};

#[derive(sqlx::FromRow)]
struct SchoolYearRow {
    id: i64,
    archived: bool,
    code: String,
    description: String,
    finalised: bool,
    graduation_year: i64,
    weeks: i64,
    calculation_mode: i64,
    small_group_surcharge: i64,
    show_ipb_balances: bool,
}

impl SchoolYearRow {
    fn into_year(self, weekly_lessons: BTreeMap<i64, Fixed>) -> SchoolYear {
        let mode = CalculationMode::from_id(self.calculation_mode).unwrap_or(CalculationMode::Percent);
        SchoolYear {
            id: SchoolYearId(self.id),
            age_relief_included: mode.age_relief_included(),
            archived: self.archived,
            code: self.code,
            description: self.description,
            finalised: self.finalised,
            graduation_year: self.graduation_year,
            weeks: self.weeks,
            calculation_mode: mode_ref(mode),
            small_group_surcharge: Fixed(self.small_group_surcharge),
            weekly_lessons,
            show_ipb_balances: self.show_ipb_balances,
        }
    }
}

const COLUMNS: &str = "id, archived, code, description, finalised, graduation_year, weeks, calculation_mode, \
                       small_group_surcharge, show_ipb_balances";

#[derive(sqlx::FromRow)]
struct WeeklyLessonsRow {
    school_year_id: i64,
    payroll_type_id: i64,
    lessons: i64,
}

/// The values a new school year takes over from the latest earlier one (workload.md §1, client.md).
#[derive(sqlx::FromRow)]
struct InheritedRow {
    id: i64,
    weeks: i64,
    calculation_mode: i64,
    small_group_surcharge: i64,
}

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
        let mut weekly = self.weekly_lessons(None).await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let w = weekly.remove(&r.id).unwrap_or_default();
                r.into_year(w)
            })
            .collect())
    }

    /// One school year, or `None`.
    pub async fn get_school_year(&mut self, id: SchoolYearId) -> Result<Option<SchoolYear>> {
        let sql = format!("SELECT {COLUMNS} FROM school_year WHERE id = $1");
        let row: Option<SchoolYearRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        let Some(row) = row else { return Ok(None) };
        let weekly = self.weekly_lessons(Some(id)).await?.remove(&id.0).unwrap_or_default();
        Ok(Some(row.into_year(weekly)))
    }

    /// Weekly lessons per school year id, then payroll type id (one query);
    /// `year` restricts to one year.
    pub async fn weekly_lessons(&mut self, year: Option<SchoolYearId>) -> Result<HashMap<i64, BTreeMap<i64, Fixed>>> {
        let rows: Vec<WeeklyLessonsRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT school_year_id, payroll_type_id, lessons FROM school_year_weekly_lessons WHERE ($1 IS NULL OR school_year_id = $1)"
        )
        .bind(year.map(|y| y.0))
        .fetch_all(c)
        .await?
        });
        let mut map: HashMap<i64, BTreeMap<i64, Fixed>> = HashMap::new();
        for r in rows {
            map.entry(r.school_year_id).or_default().insert(r.payroll_type_id, Fixed(r.lessons));
        }
        Ok(map)
    }

    /// 422 for weeklyLessons keyed by an unknown (`unknown_reference`) or a
    /// percent-based payroll type (`not_lesson_based`).
    async fn check_weekly_lessons(&mut self, entries: &[(i64, Fixed)]) -> Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let types: Vec<(i64, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, lesson_based FROM payroll_type").fetch_all(c).await?);
        let mut errors = Vec::new();
        for (id, _) in entries {
            match types.iter().find(|(t, _)| t == id) {
                None => errors.push(FieldError::new(
                    format!("/weeklyLessons/{id}"),
                    ErrorCode::UnknownReference,
                    format!("There is no payroll type with id {id}."),
                )),
                Some((_, false)) => errors.push(FieldError::new(
                    format!("/weeklyLessons/{id}"),
                    ErrorCode::NotLessonBased,
                    format!("Payroll type {id} is percent-based: it has no weekly lessons."),
                )),
                Some(_) => {}
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::fields(errors))
        }
    }

    async fn write_weekly_lessons(&mut self, id: SchoolYearId, entries: &[(i64, Fixed)]) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query("DELETE FROM school_year_weekly_lessons WHERE school_year_id = $1")
                .bind(id)
                .execute(&mut *c)
                .await?;
            for (pt, lessons) in entries {
                sqlx::query("INSERT INTO school_year_weekly_lessons (school_year_id, payroll_type_id, lessons) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(*pt)
                    .bind(lessons.0)
                    .execute(&mut *c)
                    .await?;
            }
        });
        Ok(())
    }

    /// Code and locked flag (archived or finalised, contract.md §7) of a school
    /// year, or `None` when it does not exist. For the lock checks of courses
    /// and employments.
    pub async fn school_year_locked(&mut self, id: SchoolYearId) -> Result<Option<(String, bool)>> {
        let row: Option<(String, bool, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT code, archived, finalised FROM school_year WHERE id = $1")
                .bind(id)
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
        let row: Option<YearLockRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(year).fetch_optional(c).await?);
        let y = row.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))?;
        let state = match (y.archived, y.finalised) {
            (true, _) => "archived",
            (false, true) => "finalised",
            (false, false) => return Ok(()),
        };
        Err(Error::new(
            ErrorCode::SchoolYearLocked,
            format!("School year {} is {state}: its courses and employments cannot be changed. Reopen the school year first.", y.code),
        ))
    }

    /// Creates a school year; 409 `duplicate_code` or `duplicate_graduation_year`
    /// on a clash; 422 for bad weeklyLessons keys. Absent `weeks`,
    /// `calculationMode`, `smallGroupSurcharge` and `weeklyLessons` are copied
    /// from the latest earlier school year by graduationYear (else 422
    /// `required` for `weeks`; `percent`, 2 and `{}` for the others).
    pub async fn create_school_year(&mut self, new: &NewSchoolYear) -> Result<SchoolYearId> {
        let earlier: Option<InheritedRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT id, weeks, calculation_mode, small_group_surcharge FROM school_year WHERE graduation_year < $1 \
             ORDER BY graduation_year DESC LIMIT 1"
        )
        .bind(new.graduation_year)
        .fetch_optional(c)
        .await?
        });
        let Some(weeks) = new.weeks.or(earlier.as_ref().map(|e| e.weeks)) else {
            return Err(Error::field(
                "/weeks",
                ErrorCode::Required,
                "`weeks` is required (there is no earlier school year to copy it from).",
            ));
        };
        let mode = new
            .calculation_mode
            .or_else(|| earlier.as_ref().and_then(|e| CalculationMode::from_id(e.calculation_mode)))
            .unwrap_or(CalculationMode::Percent);
        let surcharge = new
            .small_group_surcharge
            .or(earlier.as_ref().map(|e| Fixed(e.small_group_surcharge)))
            .unwrap_or(DEFAULT_SMALL_GROUP_SURCHARGE);
        let weekly: Vec<(i64, Fixed)> = match (&new.weekly_lessons, &earlier) {
            (Some(w), _) => w.clone(),
            (None, Some(e)) => self
                .weekly_lessons(Some(SchoolYearId(e.id)))
                .await?
                .remove(&e.id)
                .unwrap_or_default()
                .into_iter()
                .collect(),
            (None, None) => Vec::new(),
        };
        self.check_weekly_lessons(&weekly).await?;
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO school_year (age_relief_included, archived, code, code_key, description, finalised, graduation_year, weeks, \
             calculation_mode, small_group_surcharge, show_ipb_balances) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id"
        )
        .bind(mode.age_relief_included())
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.finalised)
        .bind(new.graduation_year)
        .bind(weeks)
        .bind(mode.id())
        .bind(surcharge.0)
        .bind(new.show_ipb_balances)
        .fetch_one(c)
        .await.on_unique(&[&SCHOOL_YEAR_CODE, &GRADUATION_YEAR])?
        });
        self.write_weekly_lessons(SchoolYearId(id), &weekly).await?;
        Ok(SchoolYearId(id))
    }

    /// Replaces a school year's writable fields (also `archived` and `finalised`:
    /// the year itself is never locked, contract.md §7) and its weeklyLessons
    /// whole; 404 when missing; 422 for bad weeklyLessons keys.
    pub async fn update_school_year(&mut self, id: SchoolYearId, new: &NewSchoolYear) -> Result<()> {
        let weekly = new.weekly_lessons.clone().unwrap_or_default();
        self.check_weekly_lessons(&weekly).await?;
        let mode = new.calculation_mode.unwrap_or(CalculationMode::Percent);
        let n = with_conn!(self, |c| {
            sqlx::query(
            "UPDATE school_year SET age_relief_included = $1, archived = $2, code = $3, code_key = $4, description = $5, \
             finalised = $6, graduation_year = $7, weeks = $8, calculation_mode = $9, small_group_surcharge = $10, \
             show_ipb_balances = $11 WHERE id = $12"
        )
        .bind(mode.age_relief_included())
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.finalised)
        .bind(new.graduation_year)
        .bind(new.weeks.unwrap_or(1))
        .bind(mode.id())
        .bind(new.small_group_surcharge.unwrap_or(DEFAULT_SMALL_GROUP_SURCHARGE).0)
        .bind(new.show_ipb_balances)
        .bind(id)
        .execute(c)
        .await.on_unique(&[&SCHOOL_YEAR_CODE, &GRADUATION_YEAR])?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(SchoolYearId::KIND, id.0));
        }
        self.write_weekly_lessons(id, &weekly).await
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
            return Err(Error::new(
                ErrorCode::Referenced,
                format!("School year {code} still has {users}; archive the school year instead."),
            ));
        }
        self.execute_with_id("DELETE FROM school_year WHERE id = $1", id.0).await?;
        Ok(())
    }
}
