//! A router that remembers its paths and the documentation of its operations,
//! so tests can derive the full route table from the router itself (and prove
//! every route is protected and documented), and the OpenAPI document is built
//! from what is registered.

use axum::body::Bytes;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use serde_json::json;

use super::openapi::{document, Operation, DOCUMENT_PATH};
use super::AppState;

/// An axum router plus the list of path templates registered on it.
#[derive(Default)]
pub struct ApiRouter {
    router: Router<AppState>,
    paths: Vec<String>,
    operations: Vec<Operation>,
}

impl ApiRouter {
    /// An empty router.
    pub fn new() -> Self {
        ApiRouter { router: Router::new(), paths: Vec::new(), operations: Vec::new() }
    }

    /// Adds a route (like [`Router::route`]) and records its path.
    pub fn route(mut self, path: &str, method_router: MethodRouter<AppState>) -> Self {
        self.router = self.router.route(path, method_router);
        self.paths.push(path.to_string());
        self
    }

    /// Documents an operation (method + path, relative to this router).
    pub fn doc(mut self, operation: Operation) -> Self {
        self.operations.push(operation);
        self
    }

    /// Documents several operations.
    pub fn docs(mut self, operations: impl IntoIterator<Item = Operation>) -> Self {
        self.operations.extend(operations);
        self
    }

    /// Merges another router's routes, paths and operations.
    pub fn merge(mut self, other: ApiRouter) -> Self {
        self.router = self.router.merge(other.router);
        self.paths.extend(other.paths);
        self.operations.extend(other.operations);
        self
    }

    /// Nests `other` under `prefix`.
    pub fn nest(mut self, prefix: &str, other: ApiRouter) -> Self {
        self.router = self.router.nest(prefix, other.router);
        self.paths.extend(other.paths.into_iter().map(|p| format!("{prefix}{p}")));
        self.operations.extend(other.operations.into_iter().map(|op| op.prefixed(prefix)));
        self
    }

    /// Sets the role each documented operation so far needs, from `role_for(method)`.
    pub fn require_roles(mut self, role_for: impl Fn(&axum::http::Method) -> crate::auth::Role) -> Self {
        for op in &mut self.operations {
            op.role = Some(role_for(&op.method));
        }
        self
    }

    /// Applies a layer to the routes registered so far (only matched routes run it).
    pub fn route_layer<L>(mut self, layer: L) -> Self
    where
        L: tower::Layer<axum::routing::Route> + Clone + Send + Sync + 'static,
        L::Service:
            tower::Service<axum::extract::Request, Error = std::convert::Infallible> + Clone + Send + Sync + 'static,
        <L::Service as tower::Service<axum::extract::Request>>::Response: axum::response::IntoResponse + 'static,
        <L::Service as tower::Service<axum::extract::Request>>::Future: Send + 'static,
    {
        self.router = self.router.route_layer(layer);
        self
    }

    /// The recorded path templates (e.g. `/api/v1/teacher/{id}`).
    pub fn paths(&self) -> &[String] {
        &self.paths
    }

    /// The documented operations, with paths relative to this router.
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The axum router.
    pub fn into_router(self) -> Router<AppState> {
        self.router
    }
}

/// Adds `GET /api/v1/openapi.json` to `app`, serving the document of every
/// operation `app` documents (itself included).
pub fn serve_document(app: ApiRouter) -> ApiRouter {
    let op = Operation::get(DOCUMENT_PATH, "meta", "This OpenAPI 3.1 document").json_raw(
        200,
        "The OpenAPI document.",
        json!({"type": "object"}),
    );
    let app = app.doc(op);
    let body = Bytes::from(serde_json::to_vec(&document(app.operations())).expect("the document serialises"));
    app.route(
        DOCUMENT_PATH,
        get(move || {
            let body = body.clone();
            async move { json_bytes(body) }
        }),
    )
}

fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}
