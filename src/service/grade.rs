//! The grade resource (docs/contract.md §Resources, docs/workload.md §Setup)
//! for the generic use cases of [`crate::service::crud`].

use super::crud::{read_back, Crud, CrudCreate};
use crate::domain::grade::{Grade, NewGrade};
use crate::domain::lookup::LookupKind;
use crate::error::Result;
use crate::store::{Conn, Store};

/// Every grade, by code (`GET /grade`, docs/contract.md §Resources). Errors:
/// the database's (500/503).
pub async fn list(store: &Store) -> Result<Vec<Grade>> {
    store.conn().await?.list_grades().await
}

/// The `/grade` resource.
pub struct Grades;
impl CrudCreate for Grades {
    type New = NewGrade;
    async fn create(tx: &mut Conn, new: &NewGrade) -> Result<i64> {
        tx.create_grade(new).await
    }
}
impl Crud for Grades {
    const PATH: &'static str = "grade";
    const NOUN: &'static str = "grade";
    const TABLE: &'static str = "grade";
    type Update = NewGrade;
    type Single = Grade;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Grade>> {
        conn.get_grade(id).await
    }
    async fn save(tx: &mut Conn, id: i64, _before: &Grade, new: &NewGrade) -> Result<Grade> {
        tx.update_grade(id, new).await?;
        read_back::<Self>(tx, id).await
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_grade(id).await
    }
    async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
        tx.lookup_users(LookupKind::Grade, id).await
    }
    fn check_delete(before: &Grade, users: &[String]) -> Result<()> {
        crate::domain::lookup::check_unused(LookupKind::Grade, &before.code, users)
    }
}
