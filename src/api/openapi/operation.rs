//! [`Operation`]: the documentation of one route and method, built next to the
//! route it describes and handed to utoipa's model ([`Operation::into_utoipa`])
//! on the [`ApiRouter`](super::super::routes::ApiRouter), an
//! [`OpenApiRouter`](utoipa_axum::router::OpenApiRouter). [`finish`] adds what
//! every operation documents by convention, whether it was declared here or
//! with `#[utoipa::path]`.

use std::collections::BTreeMap;

use axum::http::Method;
use serde_json::{json, Value};
use utoipa::openapi::path::{self, HttpMethod, Parameter, ParameterIn, PathItem};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{Content, Header, RefOr, Required, Response, Responses};
use utoipa::ToSchema;

use super::schemas::{component_ref, components_of, raw, PROBLEM};
use crate::auth::Role;

/// The extension that carries the role an operation needs (set by
/// [`crate::api::routes::ApiRouter::require_roles`], read by [`finish`], kept in the document).
pub const REQUIRED_ROLE: &str = "x-required-role";

/// The documentation of one operation (method + path) in OpenAPI 3.1 terms.
///
/// Responses every operation can give (500, and 503 on timeout) and those of
/// protected routes (401, 403, 429 and the bearer security requirement) are
/// added by [`finish`], from the role set by the access check
/// ([`crate::api::auth::protect`]).
#[derive(Clone)]
pub struct Operation {
    /// HTTP method.
    pub method: Method,
    /// Path template relative to where the route is mounted (e.g. `/teacher/{id}`).
    pub path: String,
    tag: String,
    summary: String,
    description: Option<String>,
    parameters: Vec<Value>,
    request_body: Option<Value>,
    responses: BTreeMap<String, Value>,
    components: Vec<(String, RefOr<Schema>)>,
}

impl Operation {
    /// A new operation under `tag` (the resource) with a one-line `summary`.
    pub fn new(method: Method, path: impl Into<String>, tag: &str, summary: impl Into<String>) -> Self {
        Operation {
            method,
            path: path.into(),
            tag: tag.to_string(),
            summary: summary.into(),
            description: None,
            parameters: Vec::new(),
            request_body: None,
            responses: BTreeMap::new(),
            components: Vec::new(),
        }
    }

    /// `GET path`.
    pub fn get(path: impl Into<String>, tag: &str, summary: impl Into<String>) -> Self {
        Self::new(Method::GET, path, tag, summary)
    }

    /// `POST path`.
    pub fn post(path: impl Into<String>, tag: &str, summary: impl Into<String>) -> Self {
        Self::new(Method::POST, path, tag, summary)
    }

    /// `PUT path`.
    pub fn put(path: impl Into<String>, tag: &str, summary: impl Into<String>) -> Self {
        Self::new(Method::PUT, path, tag, summary)
    }

    /// `DELETE path`.
    pub fn delete(path: impl Into<String>, tag: &str, summary: impl Into<String>) -> Self {
        Self::new(Method::DELETE, path, tag, summary)
    }

    /// Longer explanation (Markdown).
    pub fn describe(mut self, text: impl Into<String>) -> Self {
        self.description = Some(text.into());
        self
    }

    /// The `{id}` path parameter of `noun`; adds 400 `invalid_path_id` and 404.
    pub fn path_id(mut self, noun: &str) -> Self {
        self.parameters.push(json!({
            "name": "id", "in": "path", "required": true,
            "description": format!("Database id of the {noun} (a positive integer)."),
            "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX}
        }));
        self.problem(400, "The id in the path is not a positive integer, or a header is malformed.")
            .problem(404, &format!("There is no {noun} with this id."))
    }

    /// A text path parameter `name` matching `pattern` (compound ids); adds 400 and 404.
    pub fn path_text(mut self, name: &str, description: &str, pattern: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "path", "required": true, "description": description,
            "schema": {"type": "string", "pattern": pattern}
        }));
        self.problem(400, "The id in the path is malformed.").problem(404, "There is no such object.")
    }

    /// An optional or required id query parameter; adds 400, and 404 for an unknown id.
    pub fn query_id(mut self, name: &str, required: bool, description: &str) -> Self {
        self.parameters.push(query_id_json(name, required, description));
        self.problem(400, "A query parameter cannot be read, or a required one is missing.")
            .problem(404, "An id given in the query does not exist.")
    }

    /// An id query parameter that filters without being checked for existence; adds 400.
    pub fn query_id_filter(mut self, name: &str, description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "query", "required": false, "description": description,
            "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX}
        }));
        self.problem(400, "A query parameter cannot be read.")
    }

    /// A boolean query parameter (`true`/`false`; a bare `?name` means `true`); adds 400.
    pub fn query_flag(mut self, name: &str, description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "query", "required": false, "allowEmptyValue": true,
            "description": format!("{description} `true` or `false`; a bare `?{name}` means `true`."),
            "schema": {"type": "string", "enum": ["true", "false", ""]}
        }));
        self.problem(400, "A query parameter cannot be read.")
    }

    /// A query parameter that takes one of `values`; adds 400.
    pub fn query_choice(mut self, name: &str, values: &[&str], description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "query", "required": false, "description": description,
            "schema": {"type": "string", "enum": values}
        }));
        self.problem(400, "A query parameter cannot be read.")
    }

    /// A free-text query parameter (one line: no control character or bidirectional override).
    pub fn query_text(mut self, name: &str, description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "query", "required": false, "description": description,
            // No control character or bidirectional override (400 `invalid_query`, docs/api.md §Conventions).
            "schema": {"type": "string", "pattern": crate::domain::body_reader::SINGLE_LINE_TEXT}
        }));
        self
    }

    /// A time query parameter: RFC 3339 date-time or `YYYY-MM-DD`; adds 400.
    pub fn query_time(mut self, name: &str, description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "query", "required": false, "description": description,
            "schema": {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "string", "format": "date"}]}
        }));
        self.problem(400, "A query parameter cannot be read.")
    }

    /// A conditional request header (`If-Match`, `If-None-Match`): `*` or a
    /// comma-separated list of entity tags (RFC 9110 §8.8.3, §13.1). Its
    /// syntax is stated in words, not as a pattern: a value that is not such a
    /// list is a condition that cannot hold, answered with 412 like a stale tag.
    pub fn condition_header(mut self, name: &str, description: &str) -> Self {
        self.parameters.push(json!({
            "name": name, "in": "header", "required": false,
            "description": format!("{description} Syntax (RFC 9110): `*` or entity tags `\"…\"`/`W/\"…\"` \
                                    separated by commas; anything else → 412 `invalid_header`."),
            "schema": {"type": "string"}
        }));
        self
    }

    /// A JSON request body with `schema`; adds 400 (unreadable), 413, 415 and 422.
    pub fn body(mut self, schema: Value, description: &str) -> Self {
        self.request_body = Some(json!({
            "required": true, "description": description,
            "content": {"application/json": {"schema": schema}}
        }));
        self.problem(400, "The body is not JSON, not an object, or a field has a type that cannot be read.")
            .problem(413, "The body is larger than 2 MiB.")
            .problem(415, "The body is not sent as `application/json`.")
            .problem(422, "A field or rule is violated; `errors` lists every field problem with its JSON pointer.")
    }

    /// An optional JSON request body (the operation also works without one).
    pub fn optional_body(self, schema: Value, description: &str) -> Self {
        let mut op = self.body(schema, description);
        if let Some(b) = op.request_body.as_mut() {
            b["required"] = json!(false);
        }
        op
    }

    /// Registers `T`'s schema (and those it references) as components; returns its `$ref`.
    fn schema_ref<T: ToSchema>(&mut self) -> Value {
        self.components.extend(components_of::<T>());
        component_ref(&T::name())
    }

    /// Named examples of the request body (OpenAPI `examples`); none when `examples` is empty.
    pub fn body_examples(mut self, examples: impl IntoIterator<Item = (&'static str, Value)>) -> Self {
        let map: serde_json::Map<String, Value> =
            examples.into_iter().map(|(name, value)| (name.to_string(), json!({"value": value}))).collect();
        if let Some(media) = self.request_body.as_mut().and_then(|b| b.pointer_mut("/content/application~1json")) {
            if !map.is_empty() {
                media["examples"] = Value::Object(map);
            }
        }
        self
    }

    /// Registers `T`'s schema for a `$ref` written by hand in an explicit schema.
    pub fn uses<T: ToSchema>(mut self) -> Self {
        self.components.extend(components_of::<T>());
        self
    }

    /// A JSON response with `T`'s schema.
    pub fn json<T: ToSchema>(mut self, status: u16, description: &str) -> Self {
        let schema = self.schema_ref::<T>();
        self.json_schema(status, description, schema)
    }

    /// A JSON response holding a list of `T`.
    pub fn json_list<T: ToSchema>(mut self, status: u16, description: &str) -> Self {
        let item = self.schema_ref::<T>();
        self.json_schema(status, description, json!({"type": "array", "items": item}))
    }

    /// A JSON response holding a list whose items are `A` or `B` (e.g. with and without a filter).
    pub fn json_list_either<A: ToSchema, B: ToSchema>(mut self, status: u16, description: &str) -> Self {
        let (a, b) = (self.schema_ref::<A>(), self.schema_ref::<B>());
        self.json_schema(status, description, json!({"type": "array", "items": {"anyOf": [a, b]}}))
    }

    /// A success response whose `result` is one `T` or a list of `T` (as a query parameter decides).
    pub fn json_one_or_list<T: ToSchema>(mut self, status: u16, description: &str) -> Self {
        let one = self.schema_ref::<T>();
        self.json_schema(status, description, json!({"oneOf": [one.clone(), {"type": "array", "items": one}]}))
    }

    /// A JSON success response whose `result` member has `schema` (the success
    /// envelope `{"result": …}` of docs/contract.md §Envelope and forms).
    pub fn json_schema(self, status: u16, description: &str, schema: Value) -> Self {
        self.json_raw(status, description, super::schemas::envelope(schema))
    }

    /// A JSON response with exactly `schema` (no envelope: `/health`, the document itself).
    pub fn json_raw(mut self, status: u16, description: &str, schema: Value) -> Self {
        self.responses.insert(
            status.to_string(),
            json!({"description": description, "content": {"application/json": {"schema": schema}}}),
        );
        self
    }

    /// Adds response headers to the documented response `status` (which must exist).
    pub fn response_header(mut self, status: u16, name: &str, description: &str) -> Self {
        if let Some(Value::Object(resp)) = self.responses.get_mut(&status.to_string()) {
            let headers = resp.entry("headers").or_insert_with(|| json!({}));
            headers[name] = json!({"description": description, "schema": {"type": "string"}});
        }
        self
    }

    /// A file response: its body has one of `media_types` (binary or text).
    pub fn file(mut self, status: u16, description: &str, media_types: &[&str]) -> Self {
        let content: serde_json::Map<String, Value> = media_types
            .iter()
            .map(|m| {
                let schema = if m.starts_with("text/") {
                    json!({"type": "string"})
                } else {
                    json!({"type": "string", "format": "binary"})
                };
                (m.to_string(), json!({"schema": schema}))
            })
            .collect();
        self.responses.insert(status.to_string(), json!({"description": description, "content": content}));
        self
    }

    /// A response without a body (204, 304).
    pub fn empty(mut self, status: u16, description: &str) -> Self {
        self.responses.insert(status.to_string(), json!({"description": description}));
        self
    }

    /// An RFC 9457 problem response (`application/problem+json`). A second
    /// description for the same status is appended.
    pub fn problem(mut self, status: u16, description: &str) -> Self {
        let key = status.to_string();
        match self.responses.get_mut(&key) {
            Some(Value::Object(resp)) => {
                if let Some(Value::String(d)) = resp.get_mut("description") {
                    if !d.contains(description) {
                        d.push(' ');
                        d.push_str(description);
                    }
                }
            }
            _ => {
                self.responses.insert(
                    key,
                    json!({"description": description,
                           "content": {"application/problem+json": {"schema": component_ref(PROBLEM)}}}),
                );
            }
        }
        self
    }

    /// The operation in utoipa's model: its path (relative to where the route
    /// is mounted), method, the operation (tagged with its resource, which
    /// [`finish`] maps to its area) and the component schemas it refers to.
    pub fn into_utoipa(self) -> (String, HttpMethod, path::Operation, Vec<(String, RefOr<Schema>)>) {
        let mut op = path::Operation::new();
        op.tags = Some(vec![self.tag]);
        op.summary = Some(self.summary);
        op.description = self.description;
        if !self.parameters.is_empty() {
            op.parameters = Some(self.parameters.into_iter().map(|p| RefOr::T(parameter(p))).collect());
        }
        op.request_body = self.request_body.map(|b| RefOr::T(request_body(b)));
        for (status, r) in self.responses {
            op.responses.responses.insert(status, RefOr::T(response(r)));
        }
        let method = match self.method {
            Method::GET => HttpMethod::Get,
            Method::PUT => HttpMethod::Put,
            Method::POST => HttpMethod::Post,
            Method::DELETE => HttpMethod::Delete,
            Method::PATCH => HttpMethod::Patch,
            Method::HEAD => HttpMethod::Head,
            Method::OPTIONS => HttpMethod::Options,
            _ => HttpMethod::Trace,
        };
        (self.path, method, op, self.components)
    }
}

fn query_id_json(name: &str, required: bool, description: &str) -> Value {
    json!({
        "name": name, "in": "query", "required": required, "description": description,
        "schema": {"type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX}
    })
}

/// The id query parameter `name` of [`Operation::query_id`] in utoipa's model
/// (for an `IntoParams` of a `#[utoipa::path]`; document its 400 and 404 there).
pub fn query_id_parameter(name: &str, required: bool, description: &str) -> Parameter {
    parameter(query_id_json(name, required, description))
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(String::from)
}

/// A parameter object written above, in utoipa's model.
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

/// The content map `{"media/type": {"schema": …, "examples": {…}}}` in utoipa's model.
fn content(v: &mut Value) -> impl Iterator<Item = (String, RefOr<Content>)> {
    let map = match v.get_mut("content").map(Value::take) {
        Some(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    map.into_iter().map(|(media, mut c)| {
        let mut out = Content::new(c.get_mut("schema").map(Value::take).map(raw));
        if let Some(Value::Object(examples)) = c.get_mut("examples").map(Value::take) {
            for (name, mut example) in examples {
                let value = example.get_mut("value").map(Value::take);
                out.examples
                    .insert(name, RefOr::T(utoipa::openapi::example::ExampleBuilder::new().value(value).build()));
            }
        }
        (media, RefOr::T(out))
    })
}

/// A request body object written above, in utoipa's model.
fn request_body(mut v: Value) -> RequestBody {
    let mut b = RequestBody::new();
    b.description = text(&v, "description");
    b.required = Some(if v["required"] == json!(true) { Required::True } else { Required::False });
    b.content = content(&mut v).collect();
    b
}

/// A response object written above, in utoipa's model.
fn response(mut v: Value) -> Response {
    let mut r = Response::new(text(&v, "description").unwrap_or_default());
    r.content = content(&mut v).collect();
    if let Some(Value::Object(headers)) = v.get_mut("headers").map(Value::take) {
        for (name, h) in headers {
            r.headers.insert(name, RefOr::T(header(h)));
        }
    }
    r
}

fn header(mut v: Value) -> Header {
    let mut h = Header::new(raw(v.get_mut("schema").map(Value::take).unwrap_or_else(|| json!({}))));
    h.description = text(&v, "description");
    h
}

/// Adds an RFC 9457 problem response (`application/problem+json`) to
/// `responses`; a second description for the same status is appended.
fn add_problem(responses: &mut Responses, status: u16, description: &str) {
    match responses.responses.get_mut(&status.to_string()) {
        Some(RefOr::T(resp)) => {
            if !resp.description.contains(description) {
                resp.description.push(' ');
                resp.description.push_str(description);
            }
        }
        _ => {
            let problem = json!({"description": description,
                                 "content": {"application/problem+json": {"schema": component_ref(PROBLEM)}}});
            responses.responses.insert(status.to_string(), RefOr::T(response(problem)));
        }
    }
}

/// The problem responses `(status, description)` in utoipa's model (for an
/// `IntoResponses` of a `#[utoipa::path]`).
pub fn problem_responses(problems: &[(u16, &str)]) -> BTreeMap<String, RefOr<Response>> {
    let mut responses = Responses::new();
    for (status, description) in problems {
        add_problem(&mut responses, *status, description);
    }
    responses.responses
}

/// Sets the headers of the documented response `status` to `name` alone.
fn only_header(responses: &mut Responses, status: u16, name: &str, description: &str, schema: Value) {
    if let Some(RefOr::T(resp)) = responses.responses.get_mut(&status.to_string()) {
        resp.headers.clear();
        resp.headers.insert(name.to_string(), RefOr::T(header(json!({"description": description, "schema": schema}))));
    }
}

/// Completes `op` as every operation of the document is: the responses of its
/// role (401, 429, and 403 above `reader`, with their headers) and of every
/// route (500, 503), its `operationId`, its area as its only tag
/// ([`super::area_of`]), and its security (the bearer token for a protected
/// operation, with a sentence naming the role; none for a public one).
pub fn finish(op: &mut path::Operation, operation_id: String) {
    let role = op
        .extensions
        .as_ref()
        .and_then(|e| e.get(REQUIRED_ROLE))
        .and_then(Value::as_str)
        .and_then(|r| r.parse::<Role>().ok());
    if let Some(role) = role {
        add_problem(&mut op.responses, 401, "Missing or invalid bearer token (`WWW-Authenticate: Bearer`).");
        add_problem(&mut op.responses, 429, "Too many requests for this token; see `Retry-After`.");
        if role != Role::Reader {
            add_problem(&mut op.responses, 403, &format!("The caller's role is lower than `{}`.", role.as_str()));
        }
        only_header(&mut op.responses, 429, "Retry-After", "Seconds to wait.", json!({"type": "integer"}));
        only_header(&mut op.responses, 401, "WWW-Authenticate", "`Bearer`.", json!({"type": "string"}));
    }
    add_problem(&mut op.responses, 500, "The server failed; the body says nothing internal.");
    add_problem(
        &mut op.responses,
        503,
        "The request took longer than the configured timeout, or the database is unavailable.",
    );
    op.operation_id = Some(operation_id);
    let tag = op.tags.as_ref().and_then(|t| t.first()).map(String::as_str).unwrap_or_default();
    op.tags = Some(vec![super::area_of(tag).name.to_string()]);
    op.security = Some(match role {
        Some(role) => {
            let note = format!("Needs a bearer token of role `{}` or higher.", role.as_str());
            op.description = Some(match op.description.take() {
                Some(d) => format!("{d}\n\n{note}"),
                None => note,
            });
            vec![SecurityRequirement::new("bearerAuth", Vec::<String>::new())]
        }
        None => Vec::new(),
    });
}

/// The operations of `item` with their methods.
pub fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = (HttpMethod, &mut path::Operation)> {
    [
        (HttpMethod::Get, &mut item.get),
        (HttpMethod::Put, &mut item.put),
        (HttpMethod::Post, &mut item.post),
        (HttpMethod::Delete, &mut item.delete),
        (HttpMethod::Options, &mut item.options),
        (HttpMethod::Head, &mut item.head),
        (HttpMethod::Patch, &mut item.patch),
        (HttpMethod::Trace, &mut item.trace),
    ]
    .into_iter()
    .filter_map(|(method, op)| op.as_mut().map(|op| (method, op)))
}

/// The axum method of utoipa's `method`.
pub fn axum_method(method: HttpMethod) -> Method {
    match method {
        HttpMethod::Get => Method::GET,
        HttpMethod::Put => Method::PUT,
        HttpMethod::Post => Method::POST,
        HttpMethod::Delete => Method::DELETE,
        HttpMethod::Options => Method::OPTIONS,
        HttpMethod::Head => Method::HEAD,
        HttpMethod::Patch => Method::PATCH,
        HttpMethod::Trace => Method::TRACE,
    }
}
