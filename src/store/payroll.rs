//! Storage of payroll types and of the pool, posting and thesis types that book onto them.

use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::domain::ids::{PayrollTypeId, PoolTypeId, PostingTypeId, ThesisTypeId};
use crate::domain::payroll::{
    BookingKind, NewBookingType, NewPayrollType, PayrollType, PoolType, PostingType, ThesisType,
};
use crate::domain::reference_forms::LookupRef;
use crate::error::{Error, ErrorCode, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Payroll type codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const PAYROLL_CODE: Unique =
    constraint::code_key("payroll_type_code_key", "payroll_type.code_key", "error-taken-payroll-type");
/// Each payroll type has its own place in the saldo order (docs/workload.md §Setup): 409 `duplicate_saldo_order`.
const SALDO_ORDER: Unique = Unique {
    name: "payroll_type_saldo_order_key",
    sqlite_columns: "payroll_type.saldo_resolving_order",
    code: ErrorCode::DuplicateSaldoOrder,
    detail: "error-taken-saldo-order",
};

/// The unique code of each booking type kind (docs/contract.md §Validation): 409 `duplicate_code`.
fn booking_code(kind: BookingKind) -> &'static Unique {
    const POOL: Unique = constraint::code_key("pool_type_code_key", "pool_type.code_key", "error-taken-pool-type");
    const POSTING: Unique =
        constraint::code_key("posting_type_code_key", "posting_type.code_key", "error-taken-posting-type");
    const THESIS: Unique =
        constraint::code_key("thesis_type_code_key", "thesis_type.code_key", "error-taken-thesis-type");
    match kind {
        BookingKind::Pool => &POOL,
        BookingKind::Posting => &POSTING,
        BookingKind::Thesis => &THESIS,
    }
}

#[derive(sqlx::FromRow)]
struct PayrollTypeRow {
    id: PayrollTypeId,
    code: String,
    description: String,
    lesson_based: bool,
    saldo_resolving_order: i64,
    ipb_correction_allowed: bool,
}

impl From<PayrollTypeRow> for PayrollType {
    fn from(r: PayrollTypeRow) -> Self {
        PayrollType {
            id: r.id,
            code: r.code,
            description: r.description,
            lesson_based: r.lesson_based,
            saldo_resolving_order: r.saldo_resolving_order,
            ipb_correction_allowed: r.ipb_correction_allowed,
        }
    }
}

const PAYROLL_COLUMNS: &str = "id, code, description, lesson_based, saldo_resolving_order, ipb_correction_allowed";

/// A pool, posting or thesis type as stored: the extra field as a number.
#[derive(sqlx::FromRow)]
struct BookingTypeRow {
    id: i64,
    code: String,
    description: String,
    pt_id: i64,
    pt_code: String,
    pt_description: String,
    extra: i64,
}

impl BookingTypeRow {
    fn payroll_type(&self) -> LookupRef {
        LookupRef { id: self.pt_id, code: self.pt_code.clone(), description: self.pt_description.clone() }
    }
}

impl From<BookingTypeRow> for PoolType {
    fn from(r: BookingTypeRow) -> Self {
        PoolType {
            payroll_type: r.payroll_type(),
            id: PoolTypeId(r.id),
            code: r.code,
            description: r.description,
            auto_copy: r.extra != 0,
        }
    }
}
impl From<BookingTypeRow> for PostingType {
    fn from(r: BookingTypeRow) -> Self {
        PostingType {
            payroll_type: r.payroll_type(),
            id: PostingTypeId(r.id),
            code: r.code,
            description: r.description,
            percent: r.extra != 0,
        }
    }
}
impl From<BookingTypeRow> for ThesisType {
    fn from(r: BookingTypeRow) -> Self {
        ThesisType {
            payroll_type: r.payroll_type(),
            id: ThesisTypeId(r.id),
            code: r.code,
            description: r.description,
            percent: Fixed(r.extra),
        }
    }
}

/// The stored column of a booking type's extra field, read as BIGINT (booleans as 0/1).
fn extra_column(kind: BookingKind) -> (&'static str, &'static str) {
    match kind {
        BookingKind::Pool => ("auto_copy", "CAST(CASE WHEN b.auto_copy THEN 1 ELSE 0 END AS BIGINT)"),
        BookingKind::Posting => ("percent", "CAST(CASE WHEN b.percent THEN 1 ELSE 0 END AS BIGINT)"),
        BookingKind::Thesis => ("percent", "b.percent"),
    }
}

/// The bound value of the extra field: a boolean expression for the boolean kinds.
fn extra_param(kind: BookingKind, n: usize) -> String {
    match kind {
        BookingKind::Thesis => format!("${n}"),
        _ => format!("(${n} <> 0)"),
    }
}

fn booking_select(kind: BookingKind) -> String {
    format!(
        "SELECT b.id, b.code, b.description, p.id AS pt_id, p.code AS pt_code, p.description AS pt_description, {} AS extra \
         FROM {} b JOIN payroll_type p ON p.id = b.payroll_type_id",
        extra_column(kind).1,
        kind.table()
    )
}

fn by_code<T>(items: &mut [T], code: impl Fn(&T) -> (&str, i64)) {
    items.sort_by(|a, b| {
        let (ca, ia) = code(a);
        let (cb, ib) = code(b);
        code_key(ca).cmp(&code_key(cb)).then(ia.cmp(&ib))
    });
}

/// The school years keying their weeklyLessons by payroll type `$1`.
const WEEKLY_LESSONS_USERS: &str =
    "SELECT 'weeklyLessons of school year ' || y.code FROM school_year_weekly_lessons w \
     JOIN school_year y ON y.id = w.school_year_id WHERE w.payroll_type_id = $1 ORDER BY y.graduation_year";

impl Conn {
    /// Payroll types by code, then id; `lesson_based` filters.
    pub async fn list_payroll_types(&mut self, lesson_based: Option<bool>) -> Result<Vec<PayrollType>> {
        let sql = format!("SELECT {PAYROLL_COLUMNS} FROM payroll_type WHERE ($1 IS NULL OR lesson_based = $1)");
        let rows: Vec<PayrollTypeRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(lesson_based).fetch_all(c).await?);
        let mut items: Vec<PayrollType> = rows.into_iter().map(Into::into).collect();
        by_code(&mut items, |p| (&p.code, p.id.0));
        Ok(items)
    }

    /// One payroll type, or `None`.
    pub async fn get_payroll_type(&mut self, id: PayrollTypeId) -> Result<Option<PayrollType>> {
        let sql = format!("SELECT {PAYROLL_COLUMNS} FROM payroll_type WHERE id = $1");
        let row: Option<PayrollTypeRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// Creates a payroll type; 409 `duplicate_code` / `duplicate_saldo_order`.
    pub async fn create_payroll_type(&mut self, new: &NewPayrollType) -> Result<PayrollTypeId> {
        Ok(with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO payroll_type (code, code_key, description, lesson_based, saldo_resolving_order, ipb_correction_allowed) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
        )
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.lesson_based)
        .bind(new.saldo_resolving_order)
        .bind(new.ipb_correction_allowed)
        .fetch_one(c)
        .await.on_unique(&[&PAYROLL_CODE, &SALDO_ORDER])?
        }))
    }

    /// The school years that key their weeklyLessons by payroll type `id`.
    pub async fn weekly_lessons_users(&mut self, id: PayrollTypeId) -> Result<Vec<String>> {
        self.users_of(id.0, &[WEEKLY_LESSONS_USERS]).await
    }

    /// Replaces a payroll type's fields; 404 when missing.
    pub async fn update_payroll_type(&mut self, id: PayrollTypeId, new: &NewPayrollType) -> Result<()> {
        let n = with_conn!(self, |c| sqlx::query(
            "UPDATE payroll_type SET code = $1, code_key = $2, description = $3, lesson_based = $4, \
             saldo_resolving_order = $5, ipb_correction_allowed = $6 WHERE id = $7"
        )
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.lesson_based)
        .bind(new.saldo_resolving_order)
        .bind(new.ipb_correction_allowed)
        .bind(id)
        .execute(c)
        .await
        .on_unique(&[&PAYROLL_CODE, &SALDO_ORDER])?
        .rows_affected());
        if n == 0 {
            return Err(Error::not_found(PayrollTypeId::KIND, id.0));
        }
        Ok(())
    }

    /// The grades, booking types and school years that use payroll type `id`.
    pub async fn payroll_type_users(&mut self, id: PayrollTypeId) -> Result<Vec<String>> {
        self.users_of(id.0, &[
            "SELECT 'grade ' || code FROM grade WHERE payroll_type_id = $1 OR class_lesson_payroll_type_id = $1 ORDER BY code",
            "SELECT 'pool type ' || code FROM pool_type WHERE payroll_type_id = $1 ORDER BY code",
            "SELECT 'posting type ' || code FROM posting_type WHERE payroll_type_id = $1 ORDER BY code",
            "SELECT 'thesis type ' || code FROM thesis_type WHERE payroll_type_id = $1 ORDER BY code",
            WEEKLY_LESSONS_USERS,
        ])
        .await
    }

    /// Deletes a payroll type; 404 when missing.
    pub async fn delete_payroll_type(&mut self, id: PayrollTypeId) -> Result<()> {
        self.delete_by_id("payroll_type", PayrollTypeId::KIND, id.0).await
    }

    async fn booking_rows(&mut self, kind: BookingKind, id: Option<i64>) -> Result<Vec<BookingTypeRow>> {
        let sql = format!("{} WHERE ($1 IS NULL OR b.id = $1)", booking_select(kind));
        let mut rows: Vec<BookingTypeRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_all(c).await?);
        by_code(&mut rows, |r| (&r.code, r.id));
        Ok(rows)
    }

    /// Pool types by code.
    pub async fn list_pool_types(&mut self) -> Result<Vec<PoolType>> {
        Ok(self.booking_rows(BookingKind::Pool, None).await?.into_iter().map(Into::into).collect())
    }
    /// One pool type, or `None`.
    pub async fn get_pool_type(&mut self, id: PoolTypeId) -> Result<Option<PoolType>> {
        Ok(self.booking_rows(BookingKind::Pool, Some(id.0)).await?.into_iter().next().map(Into::into))
    }
    /// Posting types by code.
    pub async fn list_posting_types(&mut self) -> Result<Vec<PostingType>> {
        Ok(self.booking_rows(BookingKind::Posting, None).await?.into_iter().map(Into::into).collect())
    }
    /// One posting type, or `None`.
    pub async fn get_posting_type(&mut self, id: PostingTypeId) -> Result<Option<PostingType>> {
        Ok(self.booking_rows(BookingKind::Posting, Some(id.0)).await?.into_iter().next().map(Into::into))
    }
    /// Thesis types by code.
    pub async fn list_thesis_types(&mut self) -> Result<Vec<ThesisType>> {
        Ok(self.booking_rows(BookingKind::Thesis, None).await?.into_iter().map(Into::into).collect())
    }
    /// One thesis type, or `None`.
    pub async fn get_thesis_type(&mut self, id: ThesisTypeId) -> Result<Option<ThesisType>> {
        Ok(self.booking_rows(BookingKind::Thesis, Some(id.0)).await?.into_iter().next().map(Into::into))
    }

    /// Creates a booking type of `kind`; 409 `duplicate_code`.
    pub async fn create_booking_type(&mut self, kind: BookingKind, new: &NewBookingType) -> Result<i64> {
        let sql = format!(
            "INSERT INTO {} (code, code_key, description, payroll_type_id, {}) VALUES ($1, $2, $3, $4, {}) RETURNING id",
            kind.table(),
            extra_column(kind).0,
            extra_param(kind, 5)
        );
        Ok(with_conn!(self, |c| sqlx::query_scalar(&sql)
            .bind(&new.code)
            .bind(code_key(&new.code))
            .bind(&new.description)
            .bind(new.payroll_type)
            .bind(new.extra)
            .fetch_one(c)
            .await
            .on_unique(&[booking_code(kind)])?))
    }

    /// Replaces a booking type's fields; 404 when missing.
    pub async fn update_booking_type(&mut self, kind: BookingKind, id: i64, new: &NewBookingType) -> Result<()> {
        let sql = format!(
            "UPDATE {} SET code = $1, code_key = $2, description = $3, payroll_type_id = $4, {} = {} WHERE id = $6",
            kind.table(),
            extra_column(kind).0,
            extra_param(kind, 5)
        );
        let n = with_conn!(self, |c| sqlx::query(&sql)
            .bind(&new.code)
            .bind(code_key(&new.code))
            .bind(&new.description)
            .bind(new.payroll_type)
            .bind(new.extra)
            .bind(id)
            .execute(c)
            .await
            .on_unique(&[booking_code(kind)])?
            .rows_affected());
        if n == 0 {
            return Err(Error::not_found(kind.noun(), id));
        }
        Ok(())
    }

    /// The entries that use booking type `id` of `kind`.
    pub async fn booking_type_users(&mut self, kind: BookingKind, id: i64) -> Result<Vec<String>> {
        let queries: &[&str] = match kind {
            BookingKind::Pool => &["SELECT 'pool entry of ' || t.code || ' (' || y.code || ')' FROM pool_entry e \
                JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id WHERE e.type_id = $1 ORDER BY 1"],
            BookingKind::Posting => &["SELECT 'posting of ' || t.code || ' (' || y.code || ')' FROM posting_detail d \
                JOIN posting p ON p.id = d.posting_id JOIN teacher t ON t.id = p.teacher_id \
                JOIN school_year y ON y.id = p.school_year_id WHERE d.posting_type_id = $1 ORDER BY 1"],
            BookingKind::Thesis => &["SELECT 'theses of ' || t.code || ' (' || y.code || ')' FROM thesis h \
                JOIN teacher t ON t.id = h.teacher_id JOIN school_year y ON y.id = h.school_year_id WHERE h.thesis_type_id = $1 ORDER BY 1"],
        };
        self.users_of(id, queries).await
    }

    /// Deletes a booking type; 404 when missing.
    pub async fn delete_booking_type(&mut self, kind: BookingKind, id: i64) -> Result<()> {
        self.delete_by_id(kind.table(), kind.noun(), id).await
    }
}
