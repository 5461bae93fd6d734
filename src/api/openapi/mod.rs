//! The OpenAPI 3.1 document, generated from the code, and the interactive
//! documentation at `/docs`.
//!
//! Each handler is documented by `#[utoipa::path]` and registered with it on
//! utoipa-axum's router ([`crate::api::routes::ApiRouter`]), with the parts of
//! [`annotations`]; the single-object operations of every resource are
//! declared by [`crate::crud_routes!`]. Response schemas are derived from the Rust types
//! (`utoipa::ToSchema`), request schemas from the body parsers
//! ([`crate::domain::body_reader::describe`]), and the access check adds the
//! security requirement and 401/403/429 ([`crate::api::auth::protect`]).
//! `/api/v1/openapi.json` serves the document without a token; `/docs` serves
//! Swagger UI from the binary (no network needed).

pub mod annotations;
pub mod examples;
pub mod operation;
pub mod schemas;
pub mod swagger_ui;

use axum::Router;
use serde_json::Value;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::tag::Tag;
use utoipa::openapi::{Info, License, OpenApi, RefOr};

/// Where the document is served (without a token).
pub const DOCUMENT_PATH: &str = "/api/v1/openapi.json";
/// Where the interactive documentation is served.
pub const DOCS_PATH: &str = "/docs";

const DESCRIPTION: &str = "\
Master data and course plan of a Swiss upper-secondary school.

* **Authentication:** every `/api/v1` operation except `/api/v1/version` and this \
document needs `Authorization: Bearer <token>`. Roles: `reader` (every GET), \
`planner` (reader + changes to planning data), `admin` (planner + accounts, tokens, audit).
* **Bodies** are JSON objects in the resource's single form. The reader is tolerant: \
numbers and booleans may come as strings, references as `{\"id\": N}`, `N` or `\"N\"`; \
unknown and read-only keys are ignored. A `PUT` carries every writable field (`null` clears an optional one).
* **Errors** are RFC 9457 problem details (`application/problem+json`) with a stable `code`.
* **Concurrency:** single-object responses carry an `ETag`; send it back in `If-Match` \
with `PUT`/`DELETE` (412 when the object changed meanwhile) or in `If-None-Match` with `GET` (304).
* **Units:** lessons are lessons per week and semester; employment and payment values are percent.";

/// A group of resources in the document: operations are tagged by area, not
/// by resource, so that the reference reads as a short table of contents
/// (and Swagger UI renders it whole: with 31 resource tags, `/docs` in
/// headless Chromium showed only the first tag's operations).
pub struct Area {
    /// The tag.
    pub name: &'static str,
    /// What it holds.
    pub description: &'static str,
    /// The resources (the operations' own tags) it holds.
    resources: &'static [&'static str],
}

/// The areas, in the order `/docs` shows them; the last one takes every
/// resource not listed elsewhere.
pub const AREAS: &[Area] = &[
    Area { name: "meta", description: "Health, version, client settings and this document.", resources: &["meta"] },
    Area {
        name: "master data",
        description: "School years, divisions, curricula and grades, subjects, teachers, classes, the lesson table \
                      and the lookups (docs/contract.md §Resources).",
        resources: &[
            "schoolyear",
            "division",
            "curriculum",
            "grade",
            "subject",
            "subjecttype",
            "subjectcategory",
            "teacher",
            "gender",
            "schoolclass",
            "lessontype",
            "lessontable",
            "calculationmode",
        ],
    },
    Area {
        name: "course plan",
        description:
            "Courses, merge and split, and the planning grid (docs/contract.md §Courses, docs/client.md §Course table).",
        resources: &["course", "coursetable"],
    },
    Area {
        name: "workload",
        description: "Employments, pool, postings, theses, notes, their types, and the workload (docs/workload.md).",
        resources: &[
            "employment",
            "payrolltype",
            "pooltype",
            "poolentry",
            "postingtype",
            "posting",
            "thesistype",
            "thesis",
            "note",
            "workload",
        ],
    },
    Area {
        name: "teachers' sheets",
        description: "A teacher's own sheet, its release to the teachers and their confirmation (docs/teachers.md).",
        resources: &["me", "confirmation"],
    },
    Area {
        name: "jobs and files",
        description: "Documents, exports and the standing jobs (docs/documents.md §Jobs and files).",
        resources: &["job"],
    },
    Area {
        name: "access",
        description: "Accounts, tokens, authorisations, settings, profile and the audit trail.",
        resources: &[],
    },
];

/// The area of resource tag `tag` ([`AREAS`]; `access` for any other).
pub fn area_of(tag: &str) -> &'static Area {
    AREAS.iter().find(|a| a.resources.contains(&tag)).unwrap_or(&AREAS[AREAS.len() - 1])
}

/// The OpenAPI 3.1 document of `api` (the operations the router collected,
/// paths relative to the server root): every operation completed by
/// [`operation::finish`], with the description, areas, problem schema and
/// bearer scheme of the whole API, its schemas' keywords sorted
/// ([`schemas::sort_schema_keywords`]).
pub fn document(mut api: OpenApi) -> Value {
    for (path, item) in api.paths.paths.iter_mut() {
        for (method, op) in operation::operations_mut(item) {
            let method = operation::axum_method(method).as_str().to_ascii_lowercase();
            operation::finish(op, operation_id(&method, path));
        }
    }
    let mut license = License::new("MIT");
    license.identifier = Some("MIT".into());
    let mut info = Info::new("schoolplan", env!("CARGO_PKG_VERSION"));
    info.description = Some(DESCRIPTION.into());
    info.license = Some(license);
    api.info = info;
    api.tags = Some(
        AREAS
            .iter()
            .map(|a| {
                let mut tag = Tag::new(a.name);
                tag.description = Some(a.description.into());
                tag
            })
            .collect(),
    );
    let components = api.components.get_or_insert_with(Default::default);
    components.schemas.insert(schemas::PROBLEM.to_string(), schemas::raw(schemas::problem_schema()));
    let mut bearer = Http::new(HttpAuthScheme::Bearer);
    bearer.description = Some("A token `sp_…` created with `schoolplan token create` or `POST /api/v1/token`.".into());
    components.security_schemes.insert("bearerAuth".into(), RefOr::T(SecurityScheme::Http(bearer)));
    let mut doc = serde_json::to_value(&api).expect("the document serialises");
    schemas::sort_schema_keywords(&mut doc);
    doc
}

/// `get` + `/api/v1/teacher/{id}` → `get_teacher_id`.
fn operation_id(method: &str, path: &str) -> String {
    let rest = path.trim_start_matches("/api/v1");
    let words: Vec<&str> = rest.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    format!("{method}_{}", words.join("_"))
}

/// Swagger UI at `/docs` ([`swagger_ui`]).
pub fn docs_router() -> Router {
    swagger_ui::router()
}
