//! The resources whose writes are the generic ones of [`crate::service::crud`]
//! with the store's checks and the rules of `domain/` (docs/contract.md
//! §Resources, docs/workload.md §Setup): divisions, subjects, school classes,
//! teachers, the lookups and the payroll and booking types. Their lists are
//! read here too ([`divisions`], [`subjects`], [`school_classes`],
//! [`school_classes_in_year`], [`teachers`], [`teacher_with_history`],
//! [`lookups`], [`payroll_types`], [`pool_types`], [`posting_types`],
//! [`thesis_types`]).

use serde::Serialize;

use super::crud::{read_back, Crud, CrudCreate};
use super::workload::fill_balances;
use crate::domain::division::{DivisionListItem, NewDivision};
use crate::domain::employment::Employment;
use crate::domain::ids::{
    DivisionId, GradeId, PayrollTypeId, PoolTypeId, PostingTypeId, SchoolClassId, SchoolYearId, SubjectId, TeacherId,
    ThesisTypeId,
};
use crate::domain::lookup::{Lookup, LookupKind, NewLookup};
use crate::domain::payroll;
use crate::domain::payroll::{
    BookingKind, NewPayrollType, NewPoolType, NewPostingType, NewThesisType, PayrollType, PoolType, PostingType,
    ThesisType,
};
use crate::domain::reference_forms::SubjectRef;
use crate::domain::schoolclass::{NewSchoolClass, SchoolClass, SchoolClassInYear};
use crate::domain::subject::NewSubject;
use crate::domain::teacher::{NewTeacher, Teacher, TeacherListItem};
use crate::error::{Error, Result};
use crate::i18n::Message;
use crate::store::employment::EmploymentFilter;
use crate::store::{Conn, Store};

pub use crate::store::schoolclass::SchoolClassFilter;
pub use crate::store::subject::SubjectFilter;
pub use crate::store::teacher::TeacherFilter;

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

/// Every division in its list form (no binary data), by code (`GET
/// /division`, docs/api.md §Endpoints). Errors: the database's (500/503).
pub async fn divisions(store: &Store) -> Result<Vec<DivisionListItem>> {
    store.conn().await?.list_divisions().await
}

/// The entries of lookup `kind`, by code: only archived (`Some(true)`), only
/// active (`Some(false)`) or all (`None`) (`GET /gender` and the other
/// lookups, docs/api.md §Endpoints). Errors: the database's (500/503).
pub async fn lookups(store: &Store, kind: LookupKind, archived: Option<bool>) -> Result<Vec<Lookup>> {
    store.conn().await?.list_lookups(kind, archived).await
}

/// The payroll types (Anstellungsarten), by code: only lesson-based
/// (`Some(true)`), only the others (`Some(false)`) or all (`None`) (`GET
/// /payrolltype`, docs/workload.md §Setup). Errors: the database's (500/503).
pub async fn payroll_types(store: &Store, lesson_based: Option<bool>) -> Result<Vec<PayrollType>> {
    store.conn().await?.list_payroll_types(lesson_based).await
}

/// Every pool type, by code (`GET /pooltype`, docs/workload.md §Setup).
/// Errors: the database's (500/503).
pub async fn pool_types(store: &Store) -> Result<Vec<PoolType>> {
    store.conn().await?.list_pool_types().await
}

/// Every posting type, by code (`GET /postingtype`, docs/workload.md
/// §Setup). Errors: the database's (500/503).
pub async fn posting_types(store: &Store) -> Result<Vec<PostingType>> {
    store.conn().await?.list_posting_types().await
}

/// Every thesis type, by code (`GET /thesistype`, docs/workload.md §Setup).
/// Errors: the database's (500/503).
pub async fn thesis_types(store: &Store) -> Result<Vec<ThesisType>> {
    store.conn().await?.list_thesis_types().await
}

/// The subjects `filter` selects, in their list form, by code (`GET
/// /subject`, docs/api.md §Endpoints). Errors: the database's (500/503).
pub async fn subjects(store: &Store, filter: SubjectFilter) -> Result<Vec<SubjectRef>> {
    store.conn().await?.list_subjects(filter).await
}

/// The school classes `filter` selects, by graduation year then code, read in
/// one snapshot (`GET /schoolclass`, docs/api.md §Endpoints). Errors: the
/// database's (500/503).
pub async fn school_classes(store: &Store, filter: SchoolClassFilter) -> Result<Vec<SchoolClass>> {
    store.snapshot(async |conn| conn.list_school_classes(filter).await).await
}

/// The school classes `filter` selects that have a grade in school year
/// `year` (only those of `grade`, when given), each with that grade, by
/// graduation year then code, read in one snapshot (`GET
/// /schoolclass?schoolYear=`, docs/api.md §Endpoints). Errors: 404 for an
/// unknown school year or grade; the database's (500/503).
pub async fn school_classes_in_year(
    store: &Store,
    year: SchoolYearId,
    grade: Option<GradeId>,
    filter: SchoolClassFilter,
) -> Result<Vec<SchoolClassInYear>> {
    store
        .snapshot(async |conn| {
            if let Some(g) = grade {
                conn.require(LookupKind::Grade.table(), GradeId::KIND, g.0).await?;
            }
            conn.list_school_classes_in_year(year, grade, filter).await
        })
        .await
}

/// The teacher list of [`teachers`] in one of its two forms; it is written
/// as the plain list of its elements.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum TeacherList {
    /// The list form of each teacher (docs/api.md §Forms: id, archived, code,
    /// lastName, firstName, email).
    ListForms(Vec<TeacherListItem>),
    /// The single form of each teacher (with gender, employeeNumber,
    /// birthday, title and departments).
    SingleForms(Vec<Teacher>),
}

/// The teachers `filter` selects, by code, read in one snapshot (`GET
/// /teacher`, docs/api.md §Endpoints): in their list form, or with
/// `single_forms` each in its single form — what the existing client's
/// compatibility mount serves, as the system schools use today does
/// (docs/client.md: Teacher.vue shows these columns; two more queries).
/// Errors: 404 for an unknown school year of the filter; the database's
/// (500/503).
pub async fn teachers(store: &Store, filter: TeacherFilter, single_forms: bool) -> Result<TeacherList> {
    store
        .snapshot(async |conn| {
            if let Some(y) = filter.school_year {
                conn.require("school_year", SchoolYearId::KIND, y.0).await?;
            }
            let list = conn.list_teachers(filter).await?;
            if !single_forms {
                return Ok(TeacherList::ListForms(list));
            }
            let ids: Vec<TeacherId> = list.iter().map(|t| t.id).collect();
            Ok(TeacherList::SingleForms(conn.teachers_by_ids(&ids).await?))
        })
        .await
}

/// Teacher `id`'s single form and, with `history`, the teacher's employments
/// of every school year with their balances (filled as `GET /employment`
/// fills them, docs/workload.md §Balance), read in one snapshot (`GET
/// /teacher/ID?detail=history`, docs/client.md §Teachers). Errors: 404 for an
/// unknown teacher; the database's (500/503).
pub async fn teacher_with_history(
    store: &Store,
    id: TeacherId,
    history: bool,
) -> Result<(Teacher, Option<Vec<Employment>>)> {
    store
        .snapshot(async |conn| {
            let teacher = conn.get_teacher(id).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, id.0))?;
            if !history {
                return Ok((teacher, None));
            }
            let mut employments =
                conn.list_employments(EmploymentFilter { school_year: None, teacher: Some(id) }).await?;
            fill_balances(conn, &mut employments).await?;
            Ok((teacher, Some(employments)))
        })
        .await
}

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
