//! What `#[utoipa::path]` annotations of the handlers refer to: [`Problem`],
//! the RFC 9457 body of every error response, and [`crate::json_schema!`], which
//! declares a type whose schema is written as JSON (an envelope, a one-off
//! answer) so that a `body = inline(T)` can name it.
//!
//! An error response is written
//! `(status = 404, description = "…", body = Problem, content_type = "application/problem+json")`;
//! the responses every operation shares (401, 403, 429, 500, 503) are added by
//! [`super::operation::finish`] and are not repeated on the handlers.

use std::collections::BTreeMap;

use utoipa::openapi::schema::Schema;
use utoipa::openapi::{RefOr, Response};

use super::operation::problem_responses;
use super::schemas::{problem_schema, raw, PROBLEM};

/// The problems of id query parameters ([`super::Operation::query_id`]):
/// 400 for one that cannot be read or a required one missing, 404 for an id
/// that does not exist. Written `responses(…, QueryIdProblems)`.
pub struct QueryIdProblems;

impl utoipa::IntoResponses for QueryIdProblems {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        problem_responses(&[
            (400, "A query parameter cannot be read, or a required one is missing."),
            (404, "An id given in the query does not exist."),
        ])
    }
}

/// The RFC 9457 problem body, component `Problem` ([`problem_schema`]).
pub struct Problem;

impl utoipa::PartialSchema for Problem {
    fn schema() -> RefOr<Schema> {
        raw(problem_schema())
    }
}

impl utoipa::ToSchema for Problem {
    fn name() -> std::borrow::Cow<'static, str> {
        PROBLEM.into()
    }
}

/// `json_schema!(/// docs\n Name = expr, refs = [T, U]);` declares the unit
/// struct `Name` whose schema is the JSON Schema `expr` (a `serde_json::Value`,
/// see [`raw`]) and which registers the components of `T`, `U` that `expr`
/// refers to by `$ref`.
#[macro_export]
macro_rules! json_schema {
    ($(#[$meta:meta])* $name:ident = $schema:expr $(, refs = [$($refs:ty),* $(,)?])? $(,)?) => {
        $(#[$meta])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::api::openapi::schemas::raw($schema)
            }
        }

        impl utoipa::ToSchema for $name {
            #[allow(unused_variables)]
            fn schemas(
                schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>,
            ) {
                $($(schemas.extend($crate::api::openapi::schemas::components_of::<$refs>());)*)?
            }
        }
    };
}
