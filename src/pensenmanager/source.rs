//! Reading the Pensenmanager's database (schema `pensen`, versions 3.8–3.11;
//! docs/migration.md §Tables of the Pensenmanager). This is the SQL of a foreign
//! database, so it lives here and not in `store/`.
//!
//! Everything is read in one `REPEATABLE READ, READ ONLY` transaction: one
//! snapshot of a database that may be in use. A column a migration added
//! after 3.8 and the database lacks is read as that migration's default.

use std::collections::BTreeSet;
use std::time::Duration;

use anyhow::Context as _;
use sqlx::postgres::{PgConnectOptions, PgRow};
use sqlx::{ConnectOptions as _, Connection as _, FromRow, PgConnection};

/// How long a first connection may take before the move gives up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// Opens one connection to the reference's database; the error says, in
/// German, which server could not be reached and why.
pub async fn connect(url: &str) -> anyhow::Result<PgConnection> {
    let opts: PgConnectOptions =
        url.parse().with_context(|| "Die Adresse der Pensenmanager-Datenbank ist ungültig".to_string())?;
    let place = format!("{}:{}/{}", opts.get_host(), opts.get_port(), opts.get_database().unwrap_or("?"));
    match tokio::time::timeout(CONNECT_TIMEOUT, opts.connect()).await {
        Ok(Ok(conn)) => Ok(conn),
        Ok(Err(e)) => Err(anyhow::anyhow!("Die Pensenmanager-Datenbank {place} ist nicht erreichbar: {e}")),
        Err(_) => Err(anyhow::anyhow!(
            "Die Pensenmanager-Datenbank {place} antwortet nicht innerhalb von {} Sekunden",
            CONNECT_TIMEOUT.as_secs()
        )),
    }
}

/// `account`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Account {
    pub id: i32,
    pub name: String,
    pub edit_allowed: bool,
    pub grant_allowed: bool,
}

/// `settings`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Settings {
    pub id: i32,
    pub account_id: i32,
    pub mail_body: Option<String>,
    pub mail_from: Option<String>,
    pub mail_subject: Option<String>,
}

/// `subject_category`, `calculation_mode`, `lesson_type` (id, code, description).
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Lookup {
    pub id: i32,
    pub code: String,
    pub description: String,
}

/// `subject_type`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct SubjectType {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub sort_order: i32,
}

/// `gender`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Gender {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub salutation: Option<String>,
}

/// `subject`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Subject {
    pub id: i32,
    pub archived: bool,
    pub code: Option<String>,
    pub cross_class: bool,
    pub description: Option<String>,
    pub category_id: Option<i32>,
    pub type_id: i32,
    pub evento_code: Option<String>,
    pub sort_order: i32,
}

/// `payroll_type`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct PayrollType {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub lesson_based: bool,
    pub saldo_resolving_order: i32,
    pub ipb_correction_allowed: bool,
}

/// `curriculum`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Curriculum {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub archived: bool,
}

/// `grade`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Grade {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub payroll_type_id: i32,
    pub archived: bool,
    pub class_lesson_payroll_type_id: i32,
}

/// `curriculum_grade`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct CurriculumGrade {
    pub curriculum_id: i32,
    pub grade_id: i32,
}

/// `school_year`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct SchoolYear {
    pub id: i32,
    pub archived: bool,
    pub code: Option<String>,
    pub finalised: bool,
    pub graduation_year: i32,
    pub description: Option<String>,
    pub weeks: i32,
    pub calculation_mode_id: i32,
    pub small_group_surcharge: f64,
    pub show_ipb_balances: bool,
}

/// `weekly_lessons`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct WeeklyLessons {
    pub school_year_id: i32,
    pub payroll_type_id: i32,
    pub lessons: f64,
}

/// `division`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Division {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub head_name: Option<String>,
    pub head_signature: Option<Vec<u8>>,
    pub logo: Option<Vec<u8>>,
    pub grouping: Option<String>,
    pub head_title: Option<String>,
}

/// `lesson_table_entry`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct LessonTableEntry {
    pub curriculum_id: i32,
    pub division_id: Option<i32>,
    pub subject_id: i32,
    pub grade_id: i32,
    pub type_id: i32,
    pub lessons1: Option<f64>,
    pub lessons2: Option<f64>,
}

/// `school_class`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct SchoolClass {
    pub id: i32,
    pub archived: bool,
    pub code: Option<String>,
    pub graduation_year: i32,
    pub curriculum_id: i32,
    pub division_id: i32,
}

/// `teacher` (birthday as `YYYY-MM-DD` text).
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Teacher {
    pub id: i32,
    pub archived: bool,
    pub code: Option<String>,
    pub title: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub birthday: Option<String>,
    pub employee_number: Option<String>,
    pub gender_id: i32,
}

/// `teacher_department`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct TeacherDepartment {
    pub teacher_id: i32,
    pub subject_category_id: i32,
}

/// `note` (`created_on` as `YYYY-MM-DDTHH:MM:SS.ffffff`, Swiss local time).
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Note {
    pub id: i32,
    pub teacher_id: i32,
    pub text: Option<String>,
    pub created_by: Option<String>,
    pub created_on: Option<String>,
}

/// `thesis_type`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct ThesisType {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub percent: f64,
    pub payroll_type_id: i32,
}

/// `employment`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Employment {
    pub id: i32,
    pub teacher_id: i32,
    pub school_year_id: i32,
    pub division_id: i32,
    pub employment_min: Option<f64>,
    pub employment_max: Option<f64>,
    pub opening_balance: Option<f64>,
    pub closing_balance: Option<f64>,
    pub payment1: Option<f64>,
    pub payment2: Option<f64>,
    pub comments: Option<String>,
    pub temporary: bool,
}

/// `thesis_entry`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct ThesisEntry {
    pub school_year_id: i32,
    pub teacher_id: i32,
    pub type_id: i32,
    pub count: f64,
}

/// `course`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Course {
    pub id: i32,
    pub cancelled: bool,
    pub comments: Option<String>,
    pub grade_id: i32,
    pub lessons1: f64,
    pub lessons2: f64,
    pub school_class_ids: Option<Vec<i32>>,
    pub school_year_id: i32,
    pub cross_class: bool,
    pub subject_id: i32,
    pub teacher_ids1: Option<Vec<i32>>,
    pub teacher_ids2: Option<Vec<i32>>,
    pub curriculum_id: i32,
    pub small_group1: bool,
    pub small_group2: bool,
}

/// `pool_type`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct PoolType {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub auto_copy: bool,
    pub payroll_type_id: i32,
}

/// `pool_entry`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct PoolEntry {
    pub id: i32,
    pub teacher_id: i32,
    pub school_year_id: i32,
    pub description: Option<String>,
    pub percent1: Option<f64>,
    pub percent2: Option<f64>,
    pub type_id: i32,
}

/// `posting_type`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct PostingType {
    pub id: i32,
    pub code: String,
    pub description: String,
    pub payroll_type_id: i32,
    pub percent: bool,
}

/// `posting` (dates as `YYYY-MM-DD` text).
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct Posting {
    pub id: i32,
    pub teacher_id: i32,
    pub school_year_id: i32,
    pub description: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// `posting_detail`.
#[derive(Debug, Clone, FromRow)]
#[allow(missing_docs)]
pub struct PostingDetail {
    pub posting_id: i32,
    pub type_id: i32,
    pub school_year_id: i32,
    pub teacher_id: i32,
    pub value: f64,
}

/// Every row of the reference's database, each table in id order (tables
/// without id in the order the database returns them).
#[derive(Debug, Clone, Default)]
#[allow(missing_docs)]
pub struct Rows {
    pub account: Vec<Account>,
    pub settings: Vec<Settings>,
    pub subject_category: Vec<Lookup>,
    pub subject_type: Vec<SubjectType>,
    pub subject: Vec<Subject>,
    pub payroll_type: Vec<PayrollType>,
    pub curriculum: Vec<Curriculum>,
    pub grade: Vec<Grade>,
    pub curriculum_grade: Vec<CurriculumGrade>,
    pub calculation_mode: Vec<Lookup>,
    pub school_year: Vec<SchoolYear>,
    pub weekly_lessons: Vec<WeeklyLessons>,
    pub division: Vec<Division>,
    pub lesson_type: Vec<Lookup>,
    pub lesson_table_entry: Vec<LessonTableEntry>,
    pub school_class: Vec<SchoolClass>,
    pub gender: Vec<Gender>,
    pub teacher: Vec<Teacher>,
    pub teacher_department: Vec<TeacherDepartment>,
    pub note: Vec<Note>,
    pub thesis_type: Vec<ThesisType>,
    pub employment: Vec<Employment>,
    pub thesis_entry: Vec<ThesisEntry>,
    pub course: Vec<Course>,
    pub pool_type: Vec<PoolType>,
    pub pool_entry: Vec<PoolEntry>,
    pub posting_type: Vec<PostingType>,
    pub posting: Vec<Posting>,
    pub posting_detail: Vec<PostingDetail>,
    /// Columns of later versions the database lacks (`school_year.show_ipb_balances`, …),
    /// read as their migration's default.
    pub missing_columns: Vec<String>,
}

/// The columns added after 3.8, with the default a missing one is read as.
const LATER_COLUMNS: &[(&str, &str, &str)] = &[
    ("school_year", "small_group_surcharge", "2::double precision"),
    ("school_year", "show_ipb_balances", "true"),
    ("course", "small_group1", "false"),
    ("course", "small_group2", "false"),
    ("payroll_type", "ipb_correction_allowed", "false"),
];

/// The select list of `table`: `columns` (comma-separated), each later column
/// the database lacks replaced by its default.
fn select(table: &str, columns: &str, present: &BTreeSet<(String, String)>, order: &str) -> String {
    let list: Vec<String> = columns
        .split(',')
        .map(str::trim)
        .map(|c| match LATER_COLUMNS.iter().find(|(t, col, _)| *t == table && *col == c) {
            Some((_, _, default)) if !present.contains(&(table.to_string(), c.to_string())) => {
                format!("{default} AS {c}")
            }
            _ => c.to_string(),
        })
        .collect();
    format!("SELECT {} FROM pensen.{table} {order}", list.join(", "))
}

async fn all<T>(conn: &mut PgConnection, sql: &str) -> anyhow::Result<Vec<T>>
where
    T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
{
    sqlx::query_as::<_, T>(sql)
        .fetch_all(&mut *conn)
        .await
        .with_context(|| format!("Lesen aus der Pensenmanager-Datenbank fehlgeschlagen ({sql})"))
}

/// Reads every table in one `REPEATABLE READ, READ ONLY` transaction;
/// `progress(table, rows)` is called after each table.
pub async fn read(conn: &mut PgConnection, mut progress: impl FnMut(&str, usize)) -> anyhow::Result<Rows> {
    let mut tx = conn
        .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .await
        .context("Die Pensenmanager-Datenbank erlaubt keine lesende Transaktion (REPEATABLE READ, READ ONLY)")?;
    let has_schema: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = 'pensen')")
            .fetch_one(&mut *tx)
            .await
            .context("Lesen aus der Pensenmanager-Datenbank fehlgeschlagen")?;
    if !has_schema {
        anyhow::bail!("Die Datenbank enthält kein Schema `pensen`: sie ist keine Pensenmanager-Datenbank");
    }
    let present: BTreeSet<(String, String)> = sqlx::query_as::<_, (String, String)>(
        "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'pensen'",
    )
    .fetch_all(&mut *tx)
    .await
    .context("Lesen aus der Pensenmanager-Datenbank fehlgeschlagen")?
    .into_iter()
    .collect();
    let mut rows = Rows::default();
    for (t, c, _) in LATER_COLUMNS {
        if !present.contains(&(t.to_string(), c.to_string())) {
            rows.missing_columns.push(format!("{t}.{c}"));
        }
    }
    let c = &mut *tx;
    macro_rules! table {
        ($field:ident, $cols:expr, $order:expr) => {{
            let sql = select(stringify!($field), $cols, &present, $order);
            rows.$field = all(c, &sql).await?;
            progress(stringify!($field), rows.$field.len());
        }};
    }
    table!(account, "id, name, edit_allowed, grant_allowed", "ORDER BY id");
    table!(settings, "id, account_id, mail_body, mail_from, mail_subject", "ORDER BY id");
    table!(subject_category, "id, code, description", "ORDER BY id");
    table!(subject_type, "id, code, description, sort_order", "ORDER BY id");
    table!(
        subject,
        "id, archived, code, cross_class, description, category_id, type_id, evento_code, sort_order",
        "ORDER BY id"
    );
    table!(
        payroll_type,
        "id, code, description, lesson_based, saldo_resolving_order, ipb_correction_allowed",
        "ORDER BY id"
    );
    table!(curriculum, "id, code, description, archived", "ORDER BY id");
    table!(grade, "id, code, description, payroll_type_id, archived, class_lesson_payroll_type_id", "ORDER BY id");
    table!(curriculum_grade, "curriculum_id, grade_id", "");
    table!(calculation_mode, "id, code, description", "ORDER BY id");
    table!(
        school_year,
        "id, archived, code, finalised, graduation_year, description, weeks, calculation_mode_id, \
         small_group_surcharge, show_ipb_balances",
        "ORDER BY id"
    );
    table!(weekly_lessons, "school_year_id, payroll_type_id, lessons", "");
    table!(division, "id, code, description, head_name, head_signature, logo, grouping, head_title", "ORDER BY id");
    table!(lesson_type, "id, code, description", "ORDER BY id");
    table!(lesson_table_entry, "curriculum_id, division_id, subject_id, grade_id, type_id, lessons1, lessons2", "");
    table!(school_class, "id, archived, code, graduation_year, curriculum_id, division_id", "ORDER BY id");
    table!(gender, "id, code, description, salutation", "ORDER BY id");
    table!(
        teacher,
        "id, archived, code, title, first_name, last_name, email, birthday::text AS birthday, employee_number, gender_id",
        "ORDER BY id"
    );
    table!(teacher_department, "teacher_id, subject_category_id", "");
    table!(
        note,
        "id, teacher_id, text, created_by, to_char(created_on, 'YYYY-MM-DD\"T\"HH24:MI:SS.US') AS created_on",
        "ORDER BY id"
    );
    table!(thesis_type, "id, code, description, percent, payroll_type_id", "ORDER BY id");
    table!(
        employment,
        "id, teacher_id, school_year_id, division_id, employment_min, employment_max, opening_balance, \
         closing_balance, payment1, payment2, comments, temporary",
        "ORDER BY id"
    );
    table!(thesis_entry, "school_year_id, teacher_id, type_id, count", "");
    table!(
        course,
        "id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id, cross_class, \
         subject_id, teacher_ids1, teacher_ids2, curriculum_id, small_group1, small_group2",
        "ORDER BY id"
    );
    table!(pool_type, "id, code, description, auto_copy, payroll_type_id", "ORDER BY id");
    table!(pool_entry, "id, teacher_id, school_year_id, description, percent1, percent2, type_id", "ORDER BY id");
    table!(posting_type, "id, code, description, payroll_type_id, percent", "ORDER BY id");
    table!(
        posting,
        "id, teacher_id, school_year_id, description, start_date::text AS start_date, end_date::text AS end_date",
        "ORDER BY id"
    );
    table!(posting_detail, "posting_id, type_id, school_year_id, teacher_id, value", "");
    tx.commit().await.context("Lesen aus der Pensenmanager-Datenbank fehlgeschlagen")?;
    Ok(rows)
}
