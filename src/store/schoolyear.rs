//! Storage of school years.

use crate::domain::code_key;
use crate::domain::ids::SchoolYearId;
use std::collections::{BTreeMap, HashMap};

use crate::domain::fixed::Fixed;
use crate::domain::schoolyear::{
    mode_ref, Inherited, NewSchoolYear, SchoolYear, YearState, DEFAULT_SMALL_GROUP_SURCHARGE,
};
use crate::domain::workload::CalculationMode;
use crate::error::{Error, ErrorCode, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::{Backend, Conn};
use crate::with_conn;

/// School year codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const SCHOOL_YEAR_CODE: Unique =
    constraint::code_key("school_year_code_key", "school_year.code_key", "error-taken-school-year");
/// One school year per graduation year (docs/contract.md §Validation): 409 `duplicate_graduation_year`.
const GRADUATION_YEAR: Unique = Unique {
    name: "school_year_graduation_year_key",
    sqlite_columns: "school_year.graduation_year",
    code: ErrorCode::DuplicateGraduationYear,
    detail: "error-taken-graduation-year",
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

/// The values a new school year takes over from the latest earlier one (docs/workload.md §Setup, docs/client.md §Disagreements).
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

    /// The ids of the percent-based payroll types (one query).
    pub async fn percent_based_payroll_types(&mut self) -> Result<Vec<i64>> {
        Ok(with_conn!(self, |c| sqlx::query_scalar("SELECT id FROM payroll_type WHERE NOT lesson_based ORDER BY id")
            .fetch_all(c)
            .await?))
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

    /// Code and locked flag (archived or finalised, docs/contract.md §Locked school years) of a school
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

    /// Code and lock flags of school year `year`, or `None` when it does not
    /// exist. On PostgreSQL the year's row is share-locked until the
    /// transaction ends, so the year cannot be locked concurrently while a
    /// change that checked it is made (SQLite writers are serialised anyway).
    pub async fn school_year_state_for_share(&mut self, year: SchoolYearId) -> Result<Option<YearState>> {
        let lock = match self.backend() {
            Backend::Postgres => " FOR SHARE",
            Backend::Sqlite => "",
        };
        let sql = format!("SELECT code, archived, finalised FROM school_year WHERE id = $1{lock}");
        let row: Option<YearLockRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(year).fetch_optional(c).await?);
        Ok(row.map(|y| YearState { code: y.code, archived: y.archived, finalised: y.finalised }))
    }

    /// What a new school year graduating in `graduation_year` inherits: the
    /// fields of the latest earlier school year (two queries), or `None`.
    pub async fn inherited_school_year(&mut self, graduation_year: i64) -> Result<Option<Inherited>> {
        let earlier: Option<InheritedRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT id, weeks, calculation_mode, small_group_surcharge FROM school_year WHERE graduation_year < $1 \
             ORDER BY graduation_year DESC LIMIT 1"
        )
        .bind(graduation_year)
        .fetch_optional(c)
        .await?
        });
        let Some(e) = earlier else { return Ok(None) };
        let weekly = self.weekly_lessons(Some(SchoolYearId(e.id))).await?.remove(&e.id).unwrap_or_default();
        Ok(Some(Inherited {
            weeks: e.weeks,
            calculation_mode: CalculationMode::from_id(e.calculation_mode),
            small_group_surcharge: Fixed(e.small_group_surcharge),
            weekly_lessons: weekly.into_iter().collect(),
        }))
    }

    /// Creates a school year from `new` with its optional fields filled
    /// ([`crate::domain::schoolyear::with_inherited`]; an absent one is stored
    /// as in [`Conn::update_school_year`]); 409 `duplicate_code` or
    /// `duplicate_graduation_year` on a clash.
    pub async fn create_school_year(&mut self, new: &NewSchoolYear) -> Result<SchoolYearId> {
        let mode = new.calculation_mode.unwrap_or(CalculationMode::Percent);
        let weekly = new.weekly_lessons.clone().unwrap_or_default();
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
        .bind(new.weeks.unwrap_or(1))
        .bind(mode.id())
        .bind(new.small_group_surcharge.unwrap_or(DEFAULT_SMALL_GROUP_SURCHARGE).0)
        .bind(new.show_ipb_balances)
        .fetch_one(c)
        .await.on_unique(&[&SCHOOL_YEAR_CODE, &GRADUATION_YEAR])?
        });
        self.write_weekly_lessons(SchoolYearId(id), &weekly).await?;
        Ok(SchoolYearId(id))
    }

    /// Replaces a school year's writable fields (also `archived` and `finalised`:
    /// the year itself is never locked, docs/contract.md §Locked school years) and its weeklyLessons
    /// whole; 404 when missing.
    pub async fn update_school_year(&mut self, id: SchoolYearId, new: &NewSchoolYear) -> Result<()> {
        let weekly = new.weekly_lessons.clone().unwrap_or_default();
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

    /// The employments and courses of school year `id`.
    pub async fn school_year_users(&mut self, id: SchoolYearId) -> Result<Vec<String>> {
        self.users_of(
            id.0,
            &[
                "SELECT 'employment ' || t.code FROM employment e JOIN teacher t ON t.id = e.teacher_id \
             WHERE e.school_year_id = $1 ORDER BY t.code_key, e.id",
                "SELECT 'course ' || s.code FROM course co JOIN subject s ON s.id = co.subject_id \
             WHERE co.school_year_id = $1 ORDER BY s.code_key, co.id",
            ],
        )
        .await
    }

    /// Deletes a school year; 404 when missing.
    pub async fn delete_school_year(&mut self, id: SchoolYearId) -> Result<()> {
        self.delete_by_id("school_year", SchoolYearId::KIND, id.0).await
    }
}
