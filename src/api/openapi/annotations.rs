//! What the `#[utoipa::path]` annotations of the handlers refer to.
//!
//! - [`Problem`], the RFC 9457 body of every error response.
//! - [`crate::json_schema!`]: a type whose schema is written as JSON (a request
//!   body from its parser, an envelope, a one-off answer), for `body = inline(T)`.
//! - [`Single`], [`List`]: the success envelope `{"result": …}` around a form.
//! - The texts of the single-object operations ([`crate::crud_routes!`]).
//! - [`crate::inputs!`]: the parameters of an operation and the problem
//!   responses they imply (a path id: 400 and 404; a JSON body: 400, 413, 415,
//!   422; …), plus the operation's own problems, in order: a second
//!   description for the same status is appended to the first. Written
//!   `params(X)` and `responses(…, X)`.
//!
//! The responses every operation shares (401, 403, 429, 500, 503) are added
//! by [`super::operation::finish`] and are not repeated on the handlers.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde_json::{json, Value};
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::{RefOr, Required, Response, Responses};
use utoipa::{PartialSchema, ToSchema};

use super::operation::add_problem;
use super::schemas::{component_ref, components_of, envelope, problem_schema, raw, PROBLEM};

/// The RFC 9457 problem body, component `Problem` ([`problem_schema`]).
pub struct Problem;

impl PartialSchema for Problem {
    fn schema() -> RefOr<Schema> {
        raw(problem_schema())
    }
}

impl ToSchema for Problem {
    fn name() -> std::borrow::Cow<'static, str> {
        PROBLEM.into()
    }
}

/// `{"result": T}`: one object of component `T`.
pub struct Single<T>(PhantomData<T>);

// Generic types are composed (utoipa's `PartialSchema` follows); the generics given are ignored.
impl<T: ToSchema> utoipa::__dev::ComposeSchema for Single<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        raw(envelope(component_ref(&T::name())))
    }
}

impl<T: ToSchema> ToSchema for Single<T> {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.extend(components_of::<T>());
    }
}

/// `{"result": [T]}`: a list of component `T`.
pub struct List<T>(PhantomData<T>);

// Generic types are composed (utoipa's `PartialSchema` follows); the generics given are ignored.
impl<T: ToSchema> utoipa::__dev::ComposeSchema for List<T> {
    fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
        raw(envelope(json!({"type": "array", "items": component_ref(&T::name())})))
    }
}

impl<T: ToSchema> ToSchema for List<T> {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.extend(components_of::<T>());
    }
}

/// What `If-Match` does on a save or delete (docs/contract.md §Concurrency).
pub const IF_MATCH: &str = "An ETag from an earlier response: the change happens only if the object still has it \
     (else 412 and nothing changes). Without it the change is unconditional.";
/// What `If-None-Match` does on a read.
pub const IF_NONE_MATCH: &str = "ETags the client holds: 304 without a body when the object still has one of them.";
/// The 412 of a read whose `If-None-Match` cannot be read.
pub const NOT_A_TAG_LIST: &str = "`If-None-Match` is neither `*` nor a list of entity tags (`invalid_header`).";
/// The 409 of a create or save.
pub const LOCKED: &str = "A uniqueness clash, or the school year is locked (docs/contract.md §Locked school years).";
/// The 409 of a delete.
pub const REFERENCED: &str = "The object is still referenced (archive it instead), or its school year is locked.";
/// The 412 of a save or delete.
pub const STALE: &str = "`If-Match` does not match the object's current ETag, or is malformed; nothing changed.";
/// What a save (`PUT`) does with the body's fields.
pub const REPLACES: &str = "Replaces every writable field; read-only and unknown keys are ignored.";

/// One entry of [`crate::inputs!`]: a parameter (or none) and the problem
/// responses `(status, description)` it implies.
pub struct Input {
    parameter: Option<Parameter>,
    problems: Vec<(u16, String)>,
}

impl Input {
    fn param(v: Value, problems: &[(u16, &str)]) -> Input {
        Input { parameter: Some(parameter(v)), problems: owned(problems) }
    }
}

fn owned(problems: &[(u16, &str)]) -> Vec<(u16, String)> {
    problems.iter().map(|(s, d)| (*s, d.to_string())).collect()
}

fn positive_id() -> Value {
    json!({"type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX})
}

const QUERY_UNREADABLE: (u16, &str) = (400, "A query parameter cannot be read.");

/// The `{id}` path parameter of `noun`; 400 `invalid_path_id` and 404.
pub fn path_id(noun: &str) -> Input {
    let not_found = format!("There is no {noun} with this id.");
    Input {
        parameter: Some(parameter(json!({
            "name": "id", "in": "path", "required": true,
            "description": format!("Database id of the {noun} (a positive integer)."), "schema": positive_id()
        }))),
        problems: vec![
            (400, "The id in the path is not a positive integer, or a header is malformed.".into()),
            (404, not_found),
        ],
    }
}

/// A text path parameter `name` matching `pattern` (compound ids); 400 and 404.
pub fn path_text(name: &str, description: &str, pattern: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "path", "required": true, "description": description,
               "schema": {"type": "string", "pattern": pattern}}),
        &[(400, "The id in the path is malformed."), (404, "There is no such object.")],
    )
}

/// An optional or required id query parameter; 400, and 404 for an unknown id.
pub fn query_id(name: &str, required: bool, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": required, "description": description, "schema": positive_id()}),
        &[
            (400, "A query parameter cannot be read, or a required one is missing."),
            (404, "An id given in the query does not exist."),
        ],
    )
}

/// An id query parameter that filters without being checked for existence; 400.
pub fn query_id_filter(name: &str, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": false, "description": description, "schema": positive_id()}),
        &[QUERY_UNREADABLE],
    )
}

/// A boolean query parameter (`true`/`false`; a bare `?name` means `true`); 400.
pub fn query_flag(name: &str, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": false, "allowEmptyValue": true,
               "description": format!("{description} `true` or `false`; a bare `?{name}` means `true`."),
               "schema": {"type": "string", "enum": ["true", "false", ""]}}),
        &[QUERY_UNREADABLE],
    )
}

/// A query parameter that takes one of `values`; 400.
pub fn query_choice(name: &str, values: &[&str], description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": false, "description": description,
               "schema": {"type": "string", "enum": values}}),
        &[QUERY_UNREADABLE],
    )
}

/// A free-text query parameter (one line: no control character or bidirectional
/// override, else 400 `invalid_query`, docs/api.md §Conventions).
pub fn query_text(name: &str, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": false, "description": description,
               "schema": {"type": "string", "pattern": crate::domain::body_reader::SINGLE_LINE_TEXT}}),
        &[],
    )
}

/// A time query parameter: RFC 3339 date-time or `YYYY-MM-DD`; 400.
pub fn query_time(name: &str, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "query", "required": false, "description": description,
               "schema": {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "string", "format": "date"}]}}),
        &[QUERY_UNREADABLE],
    )
}

/// A conditional request header (`If-Match`, `If-None-Match`): `*` or a
/// comma-separated list of entity tags (RFC 9110 §8.8.3, §13.1). Its syntax is
/// stated in words, not as a pattern: a value that is not such a list is a
/// condition that cannot hold, answered with 412 like a stale tag.
pub fn condition_header(name: &str, description: &str) -> Input {
    Input::param(
        json!({"name": name, "in": "header", "required": false,
               "description": format!("{description} Syntax (RFC 9110): `*` or entity tags `\"…\"`/`W/\"…\"` \
                                       separated by commas; anything else → 412 `invalid_header`."),
               "schema": {"type": "string"}}),
        &[],
    )
}

/// The problems of a JSON request body: 400 (unreadable), 413, 415 and 422.
pub fn body() -> Input {
    Input {
        parameter: None,
        problems: owned(&[
            (400, "The body is not JSON, not an object, or a field has a type that cannot be read."),
            (413, "The body is larger than 2 MiB."),
            (415, "The body is not sent as `application/json`."),
            (422, "A field or rule is violated; `errors` lists every field problem with its JSON pointer."),
        ]),
    }
}

/// A problem response of the operation itself.
pub fn problem(status: u16, description: &str) -> Input {
    Input { parameter: None, problems: vec![(status, description.to_string())] }
}

/// The parameters of `inputs`, in order.
pub fn parameters(inputs: &[Input]) -> Vec<Parameter> {
    inputs.iter().filter_map(|i| i.parameter.clone()).collect()
}

/// The problem responses of `inputs`, in order (see [`add_problem`]).
pub fn problems(inputs: &[Input]) -> BTreeMap<String, RefOr<Response>> {
    let mut responses = Responses::new();
    for (status, description) in inputs.iter().flat_map(|i| &i.problems) {
        add_problem(&mut responses, *status, description);
    }
    responses.responses
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(String::from)
}

/// A parameter object written as JSON, in utoipa's model.
fn parameter(mut v: Value) -> Parameter {
    let mut p = Parameter::new(text(&v, "name").unwrap_or_default());
    p.parameter_in = match v["in"].as_str() {
        Some("path") => ParameterIn::Path,
        Some("header") => ParameterIn::Header,
        _ => ParameterIn::Query,
    };
    p.required = if v["required"] == json!(true) { Required::True } else { Required::False };
    p.description = text(&v, "description");
    p.schema = v.get_mut("schema").map(Value::take).map(raw);
    if v["allowEmptyValue"] == json!(true) {
        // Not in utoipa's Parameter (deprecated by OpenAPI, still read by Swagger UI): an extension key serialises as is.
        p.extensions = Some([("allowEmptyValue", json!(true))].into_iter().collect());
    }
    p
}

/// `inputs!(/// docs\n Name = [path_id("account"), body(), problem(409, "…")]);`
/// declares the unit struct `Name` whose parameters ([`utoipa::IntoParams`])
/// and problem responses ([`utoipa::IntoResponses`]) are those of the
/// [`Input`]s listed (the functions of this module are in scope).
#[macro_export]
macro_rules! inputs {
    ($(#[$meta:meta])* $name:ident = [$($input:expr),* $(,)?]) => {
        $(#[$meta])*
        pub struct $name;

        impl $name {
            fn inputs() -> Vec<$crate::api::openapi::annotations::Input> {
                #[allow(unused_imports)]
                use $crate::api::openapi::annotations::*;
                vec![$($input),*]
            }
        }

        impl utoipa::IntoParams for $name {
            fn into_params(
                _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
            ) -> Vec<utoipa::openapi::path::Parameter> {
                $crate::api::openapi::annotations::parameters(&Self::inputs())
            }
        }

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::Response>,
            > {
                $crate::api::openapi::annotations::problems(&Self::inputs())
            }
        }
    };
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
