//! Typed ids: a `TeacherId` cannot be passed where a `SubjectId` is expected.

use serde::{Deserialize, Serialize};

macro_rules! typed_ids {
    ($($name:ident => $kind:literal,)*) => {$(
        #[doc = concat!("Database id of a ", $kind, ".")]
        ///
        /// Bound to and read from SQL as the plain `BIGINT`/`INTEGER` it wraps (`sqlx(transparent)`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub i64);
        impl $name {
            /// The kind of object, as named in error messages.
            pub const KIND: &'static str = $kind;
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { self.0.fmt(f) }
        }
        impl From<i64> for $name { fn from(v: i64) -> Self { $name(v) } }
        impl From<$name> for i64 { fn from(v: $name) -> Self { v.0 } }
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::Integer)
                    .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
                    .description(Some(concat!("Database id of a ", $kind, ".")))
                    .into()
            }
        }
        impl utoipa::ToSchema for $name {}
    )*};
}

typed_ids! {
    GradeId => "grade",
    SubjectCategoryId => "subject category",
    SubjectTypeId => "subject type",
    CurriculumId => "curriculum",
    DivisionId => "division",
    SchoolYearId => "school year",
    SubjectId => "subject",
    TeacherId => "teacher",
    SchoolClassId => "school class",
    EmploymentId => "employment",
    CourseId => "course",
    PayrollTypeId => "payroll type",
    PoolTypeId => "pool type",
    PostingTypeId => "posting type",
    ThesisTypeId => "thesis type",
    PoolEntryId => "pool entry",
    PostingId => "posting",
    NoteId => "note",
    GenderId => "gender",
    JobId => "job",
    FileId => "file",
}
