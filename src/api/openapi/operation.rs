//! What every operation of the document states by convention, beside what
//! its `#[utoipa::path]` declares: [`finish`] adds the responses of its role
//! and of every route, its `operationId`, area and security.

use axum::http::Method;
use serde_json::{json, Value};
use utoipa::openapi::path::{self, HttpMethod, PathItem};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{Content, Header, RefOr, Response, Responses};

use super::schemas::{component_ref, raw, PROBLEM};
use crate::auth::Role;

/// The extension that carries the role an operation needs (set by
/// [`crate::api::routes::ApiRouter::require_roles`], read by [`finish`], kept in the document).
pub const REQUIRED_ROLE: &str = "x-required-role";

/// Adds an RFC 9457 problem response (`application/problem+json`) to
/// `responses`; a second description for the same status is appended.
pub fn add_problem(responses: &mut Responses, status: u16, description: &str) {
    match responses.responses.get_mut(&status.to_string()) {
        Some(RefOr::T(resp)) => {
            if !resp.description.contains(description) {
                resp.description.push(' ');
                resp.description.push_str(description);
            }
        }
        _ => {
            let mut problem = Response::new(description);
            problem
                .content
                .insert("application/problem+json".into(), RefOr::T(Content::new(Some(raw(component_ref(PROBLEM))))));
            responses.responses.insert(status.to_string(), RefOr::T(problem));
        }
    }
}

/// Sets the headers of the documented response `status` to `name` alone.
fn only_header(responses: &mut Responses, status: u16, name: &str, description: &str, schema: Value) {
    if let Some(RefOr::T(resp)) = responses.responses.get_mut(&status.to_string()) {
        resp.headers.clear();
        let mut header = Header::new(raw(schema));
        header.description = Some(description.to_string());
        resp.headers.insert(name.to_string(), RefOr::T(header));
    }
}

/// Completes `op` as every operation of the document is: the responses of its
/// role (401, 429, and 403 above `reader`, with their headers) and of every
/// route (500, 503), its `operationId`, its area as its only tag
/// ([`super::area_of`]), and its security (the bearer token for a protected
/// operation, with a sentence naming the role; none for a public one).
pub fn finish(op: &mut path::Operation, operation_id: String) {
    // An annotation's description is an expression; the empty one ([`crate::crud_routes!`]'s default) is none.
    op.description = op.description.take().filter(|d| !d.is_empty());
    let role = op
        .extensions
        .as_ref()
        .and_then(|e| e.get(REQUIRED_ROLE))
        .and_then(Value::as_str)
        .and_then(|r| r.parse::<Role>().ok());
    if let Some(role) = role {
        add_problem(&mut op.responses, 401, "Missing or invalid bearer token (`WWW-Authenticate: Bearer`).");
        add_problem(&mut op.responses, 429, "Too many requests for this token; see `Retry-After`.");
        // Every role from reader on refuses a teacher account, so every protected operation may answer 403.
        let why = match role {
            Role::Teacher => {
                "The caller's account is not a teacher's (`/me` answers only accounts of the role `teacher`)."
                    .to_string()
            }
            Role::Reader => "The caller's account is a teacher's, which reads only `/me`.".to_string(),
            role => format!("The caller's role is lower than `{}`.", role.as_str()),
        };
        add_problem(&mut op.responses, 403, &why);
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
