//! `/subjectcategory`, `/subjecttype` (docs/contract.md §Resources) and `/gender` (docs/workload.md §Setup): one implementation for all three.

use axum::extract::State;
use axum::response::Response;

use super::crud::{self, Crud, CrudCreate};
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::lookup::{Lookup, LookupKind, NewLookup};
use crate::error::Result;
use crate::store::Conn;

/// A lookup resource as a type, for the generic handlers.
pub trait LookupResource: Send + Sync + 'static {
    /// Which lookup.
    const KIND: LookupKind;
}

macro_rules! lookup_resources {
    ($($marker:ident => $kind:ident, $path:literal, $noun:literal, $table:literal;)*) => {$(
        #[doc = concat!("The `/", $path, "` resource.")]
        pub struct $marker;
        impl LookupResource for $marker {
            const KIND: LookupKind = LookupKind::$kind;
        }
        impl CrudCreate for $marker {
            type New = NewLookup;
            async fn create(tx: &mut Conn, new: &NewLookup) -> Result<i64> {
                tx.create_lookup(Self::KIND, new).await
            }
        }
        impl Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = $noun;
            const TABLE: &'static str = $table;
            type Update = NewLookup;
            type Single = Lookup;
            async fn get(conn: &mut Conn, id: i64) -> Result<Option<Lookup>> {
                conn.get_lookup(Self::KIND, id).await
            }
            async fn update(tx: &mut Conn, id: i64, new: &NewLookup) -> Result<()> {
                tx.update_lookup(Self::KIND, id, new).await
            }
            async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
                tx.delete_lookup(Self::KIND, id).await
            }
            async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
                tx.lookup_users(Self::KIND, id).await
            }
            fn check_delete(before: &Lookup, users: &[String]) -> Result<()> {
                crate::domain::lookup::check_unused(Self::KIND, &before.code, users)
            }
        }
    )*};
}

lookup_resources! {
    SubjectCategories => SubjectCategory, "subjectcategory", "subject category", "subject_category";
    SubjectTypes => SubjectType, "subjecttype", "subject type", "subject_type";
    Genders => Gender, "gender", "gender", "gender";
}

/// Routes of one lookup resource: `/{path}` and `/{path}/{id}`.
pub fn routes<R: LookupResource + CrudCreate>() -> ApiRouter
where
    R::Single: utoipa::ToSchema,
{
    crud::resource_routes::<R, _, _>(
        list::<R>,
        Operation::get(format!("/{}", R::PATH), R::PATH, format!("Every {}, by code", R::NOUN))
            .query_flag("archived", "Only archived (true) or only active (false) entries.")
            .json_list::<crate::domain::lookup::Lookup>(200, "The list (single form = list form)."),
    )
}

/// `GET /{path}[?archived=BOOL]`: all (or only archived / only active), by code.
async fn list<R: LookupResource>(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_lookups(R::KIND, q.flag("archived")?).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_lookup_kinds() {
        assert_eq!(Genders::TABLE, Genders::KIND.table());
        assert_eq!(SubjectCategories::TABLE, SubjectCategories::KIND.table());
        assert_eq!(SubjectTypes::TABLE, SubjectTypes::KIND.table());
        assert_eq!(SubjectCategories::PATH, SubjectCategories::KIND.path());
    }
}
