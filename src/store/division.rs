//! Storage of divisions (with their binary head signature and logo).

use crate::domain::body_reader::Binary;
use crate::domain::code_key;
use crate::domain::division::{Division, DivisionListItem, NewDivision};
use crate::domain::ids::DivisionId;
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Division codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const DIVISION_CODE: Unique = constraint::code_key("division_code_key", "division.code_key", "error-taken-division");

#[derive(sqlx::FromRow)]
struct DivisionListRow {
    id: i64,
    code: String,
    description: String,
    head_name: Option<String>,
    head_title: Option<String>,
    grouping: Option<String>,
}

#[derive(sqlx::FromRow)]
struct DivisionRow {
    id: i64,
    code: String,
    description: String,
    head_name: Option<String>,
    head_title: Option<String>,
    grouping: Option<String>,
    head_signature_file_name: Option<String>,
    head_signature_mime_type: Option<String>,
    head_signature_data: Option<Vec<u8>>,
    logo_file_name: Option<String>,
    logo_mime_type: Option<String>,
    logo_data: Option<Vec<u8>>,
}

/// A binary column triple back to a [`Binary`] (present when mime type and data are).
fn binary(file_name: Option<String>, mime_type: Option<String>, data: Option<Vec<u8>>) -> Option<Binary> {
    Some(Binary { file_name, mime_type: mime_type?, data: data? })
}

/// Binds `$1..$12` of an INSERT or UPDATE: code, code_key, description, head_name,
/// then file name, mime type and bytes of the head signature and of the logo,
/// then head_title and grouping.
/// A macro, not a function, because the query type differs per backend.
macro_rules! bind_fields {
    ($query:expr, $new:expr) => {{
        let new: &NewDivision = $new;
        let (sig, logo) = (new.head_signature.as_ref(), new.logo.as_ref());
        $query
            .bind(&new.code)
            .bind(code_key(&new.code))
            .bind(&new.description)
            .bind(&new.head_name)
            .bind(sig.and_then(|b| b.file_name.as_deref()))
            .bind(sig.map(|b| b.mime_type.as_str()))
            .bind(sig.map(|b| b.data.as_slice()))
            .bind(logo.and_then(|b| b.file_name.as_deref()))
            .bind(logo.map(|b| b.mime_type.as_str()))
            .bind(logo.map(|b| b.data.as_slice()))
            .bind(&new.head_title)
            .bind(&new.grouping)
    }};
}

/// Sorts divisions by code (case-insensitive), then id (docs/contract.md §Order of lists).
pub fn sort_divisions(items: &mut [DivisionListItem]) {
    items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
}

impl Conn {
    /// Divisions in list form (no binary data), ordered by code then id (one query).
    pub async fn list_divisions(&mut self) -> Result<Vec<DivisionListItem>> {
        let rows: Vec<DivisionListRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, code, description, head_name, head_title, grouping FROM division"
        )
        .fetch_all(c)
        .await?);
        let mut items: Vec<DivisionListItem> = rows
            .into_iter()
            .map(|r| DivisionListItem {
                id: DivisionId(r.id),
                code: r.code,
                description: r.description,
                head_name: r.head_name,
                head_title: r.head_title,
                grouping: r.grouping,
            })
            .collect();
        sort_divisions(&mut items);
        Ok(items)
    }

    /// One division in single form (binary data included), or `None`.
    pub async fn get_division(&mut self, id: DivisionId) -> Result<Option<Division>> {
        let row: Option<DivisionRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT id, code, description, head_name, head_title, grouping, head_signature_file_name, head_signature_mime_type, head_signature_data, \
             logo_file_name, logo_mime_type, logo_data FROM division WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await?
        });
        Ok(row.map(|r| Division {
            id: DivisionId(r.id),
            code: r.code,
            description: r.description,
            head_name: r.head_name,
            head_title: r.head_title,
            grouping: r.grouping,
            head_signature: binary(r.head_signature_file_name, r.head_signature_mime_type, r.head_signature_data),
            logo: binary(r.logo_file_name, r.logo_mime_type, r.logo_data),
        }))
    }

    /// Creates a division; 409 `duplicate_code` on a code clash.
    pub async fn create_division(&mut self, new: &NewDivision) -> Result<DivisionId> {
        let id: i64 = with_conn!(self, |c| {
            bind_fields!(
            sqlx::query_scalar(
                "INSERT INTO division (code, code_key, description, head_name, head_signature_file_name, head_signature_mime_type, \
                 head_signature_data, logo_file_name, logo_mime_type, logo_data, head_title, grouping) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id"
            ),
            new
        )
        .fetch_one(c)
        .await.on_unique(&[&DIVISION_CODE])?
        });
        Ok(DivisionId(id))
    }

    /// Replaces a division's writable fields (binary data included); 404 when missing.
    pub async fn update_division(&mut self, id: DivisionId, new: &NewDivision) -> Result<()> {
        let n = with_conn!(self, |c| {
            bind_fields!(
            sqlx::query(
                "UPDATE division SET code = $1, code_key = $2, description = $3, head_name = $4, head_signature_file_name = $5, \
                 head_signature_mime_type = $6, head_signature_data = $7, logo_file_name = $8, logo_mime_type = $9, logo_data = $10, \
                 head_title = $11, grouping = $12 WHERE id = $13"
            ),
            new
        )
        .bind(id)
        .execute(c)
        .await.on_unique(&[&DIVISION_CODE])?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(DivisionId::KIND, id.0));
        }
        Ok(())
    }

    /// The school classes and employments that use division `id`.
    pub async fn division_users(&mut self, id: DivisionId) -> Result<Vec<String>> {
        self.users_of(id.0, &[
            "SELECT 'school class ' || code FROM school_class WHERE division_id = $1 ORDER BY graduation_year, code_key, id",
            "SELECT 'employment ' || t.code || ' (' || y.code || ')' FROM employment e JOIN teacher t ON t.id = e.teacher_id \
             JOIN school_year y ON y.id = e.school_year_id WHERE e.division_id = $1 ORDER BY y.graduation_year, t.code_key, e.id",
        ])
        .await
    }

    /// Deletes a division; 404 when missing.
    pub async fn delete_division(&mut self, id: DivisionId) -> Result<()> {
        self.delete_by_id("division", DivisionId::KIND, id.0).await
    }
}
