//! The resources whose writes are the generic ones of [`crate::service::crud`]
//! with the store's checks and the rules of `domain/` (docs/contract.md
//! §Resources, docs/workload.md §Setup): divisions, subjects, school classes,
//! teachers, the lookups and the payroll and booking types.

use super::crud::{read_back, Crud, CrudCreate};
use crate::domain::division::NewDivision;
use crate::domain::ids::{
    DivisionId, PayrollTypeId, PoolTypeId, PostingTypeId, SchoolClassId, SubjectId, TeacherId, ThesisTypeId,
};
use crate::domain::lookup::{Lookup, LookupKind, NewLookup};
use crate::domain::payroll;
use crate::domain::payroll::{
    BookingKind, NewPayrollType, NewPoolType, NewPostingType, NewThesisType, PayrollType, PoolType, PostingType,
    ThesisType,
};
use crate::domain::schoolclass::NewSchoolClass;
use crate::domain::subject::NewSubject;
use crate::domain::teacher::NewTeacher;
use crate::error::Result;
use crate::i18n::Message;
use crate::store::Conn;

crate::crud_resource!(Divisions, path: "division", table: "division", id: DivisionId, new: NewDivision, single: crate::domain::division::Division,
    get: get_division, create: create_division, update: update_division, delete: delete_division,
    users: division_users,
    in_use: |d, users| Message::new("error-in-use-division").arg("code", &d.code).arg_message("users", users));

crate::crud_resource!(Subjects, path: "subject", table: "subject", id: SubjectId, new: NewSubject, single: crate::domain::subject::Subject,
    get: get_subject, create: create_subject, update: update_subject, delete: delete_subject,
    users: subject_users,
    in_use: |s, users| Message::new("error-in-use-subject").arg("code", &s.code).arg_message("users", users));

crate::crud_resource!(SchoolClasses, path: "schoolclass", table: "school_class", id: SchoolClassId, new: NewSchoolClass, single: crate::domain::schoolclass::SchoolClass,
    get: get_school_class, create: create_school_class, update: update_school_class, delete: delete_school_class,
    users: school_class_users,
    in_use: |c, users| Message::new("error-in-use-school-class").arg("code", &c.code).arg_message("users", users));

crate::crud_resource!(Teachers, path: "teacher", table: "teacher", id: TeacherId, new: NewTeacher, single: crate::domain::teacher::Teacher,
    get: get_teacher, create: create_teacher, update: update_teacher, delete: delete_teacher,
    users: teacher_users,
    in_use: |t, users| Message::new("error-in-use-teacher").arg("code", &t.code).arg_message("users", users));

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
            async fn save(tx: &mut Conn, id: i64, _before: &Lookup, new: &NewLookup) -> Result<Lookup> {
                tx.update_lookup(Self::KIND, id, new).await?;
                read_back::<Self>(tx, id).await
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

/// The `/payrolltype` resource.
pub struct PayrollTypes;
impl CrudCreate for PayrollTypes {
    type New = NewPayrollType;
    async fn create(tx: &mut Conn, new: &NewPayrollType) -> Result<i64> {
        Ok(tx.create_payroll_type(new).await?.0)
    }
}
impl Crud for PayrollTypes {
    const PATH: &'static str = "payrolltype";
    const NOUN: &'static str = "payroll type";
    const TABLE: &'static str = "payroll_type";
    type Update = NewPayrollType;
    type Single = PayrollType;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<PayrollType>> {
        conn.get_payroll_type(PayrollTypeId(id)).await
    }
    async fn save(tx: &mut Conn, id: i64, _before: &PayrollType, new: &NewPayrollType) -> Result<PayrollType> {
        if !new.lesson_based {
            let weekly_users = tx.weekly_lessons_users(PayrollTypeId(id)).await?;
            payroll::check_stays_lesson_based(new, &weekly_users)?;
        }
        tx.update_payroll_type(PayrollTypeId(id), new).await?;
        read_back::<Self>(tx, id).await
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_payroll_type(PayrollTypeId(id)).await
    }
    async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
        tx.payroll_type_users(PayrollTypeId(id)).await
    }
    fn check_delete(before: &PayrollType, users: &[String]) -> Result<()> {
        payroll::check_unused(Self::NOUN, &before.code, users)
    }
}

macro_rules! booking_resources {
    ($($marker:ident => $kind:ident, $new:ident, $single:ident, $id:ident, $get:ident, $path:literal, $table:literal;)*) => {$(
        #[doc = concat!("The `/", $path, "` resource.")]
        pub struct $marker;
        impl CrudCreate for $marker {
            type New = $new;
            async fn create(tx: &mut Conn, new: &$new) -> Result<i64> {
                tx.create_booking_type(BookingKind::$kind, &new.0).await
            }
        }
        impl Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = BookingKind::$kind.noun();
            const TABLE: &'static str = $table;
            type Update = $new;
            type Single = $single;
            async fn get(conn: &mut Conn, id: i64) -> Result<Option<$single>> {
                conn.$get($id(id)).await
            }
            async fn save(tx: &mut Conn, id: i64, _before: &$single, new: &$new) -> Result<$single> {
                tx.update_booking_type(BookingKind::$kind, id, &new.0).await?;
                read_back::<Self>(tx, id).await
            }
            async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
                tx.delete_booking_type(BookingKind::$kind, id).await
            }
            async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
                tx.booking_type_users(BookingKind::$kind, id).await
            }
            fn check_delete(before: &$single, users: &[String]) -> Result<()> {
                payroll::check_unused(Self::NOUN, &before.code, users)
            }
        }
    )*};
}

booking_resources! {
    PoolTypes => Pool, NewPoolType, PoolType, PoolTypeId, get_pool_type, "pooltype", "pool_type";
    PostingTypes => Posting, NewPostingType, PostingType, PostingTypeId, get_posting_type, "postingtype", "posting_type";
    ThesisTypes => Thesis, NewThesisType, ThesisType, ThesisTypeId, get_thesis_type, "thesistype", "thesis_type";
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
