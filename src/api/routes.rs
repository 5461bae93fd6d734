//! The router of the API: utoipa-axum's [`OpenApiRouter`], which keeps each
//! route's OpenAPI operations beside the route (prefixed when nested, merged
//! when merged), plus the list of every path registered on it, so tests can
//! derive the full route table from the router itself (and prove every route
//! is protected and documented).
//!
//! Every route is documented by `#[utoipa::path]` on its handler
//! ([`ApiRouter::routes`] with [`utoipa_axum::routes!`]; the single-object
//! routes of a resource by [`crate::crud_routes!`]).

use axum::body::Bytes;
use axum::http::{header, HeaderValue, Method};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use serde_json::json;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use super::openapi::operation::{axum_method, operations_mut, REQUIRED_ROLE};
use super::openapi::{document, DOCUMENT_PATH};
use super::AppState;

/// An [`OpenApiRouter`] plus the list of path templates registered on it.
pub struct ApiRouter {
    router: OpenApiRouter<AppState>,
    paths: Vec<String>,
}

impl Default for ApiRouter {
    fn default() -> Self {
        ApiRouter::new()
    }
}

impl ApiRouter {
    /// An empty router with an empty document.
    pub fn new() -> Self {
        ApiRouter { router: OpenApiRouter::with_openapi(OpenApi::default()), paths: Vec::new() }
    }

    /// Adds the handlers of [`utoipa_axum::routes!`], documented by their
    /// `#[utoipa::path]`, and records their paths.
    pub fn routes(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        for path in routes.1.paths.keys() {
            self.record(path);
        }
        self.router = self.router.routes(routes);
        self
    }

    fn record(&mut self, path: &str) {
        if !self.paths.iter().any(|p| p == path) {
            self.paths.push(path.to_string());
        }
    }

    /// Merges another router's routes, paths and operations.
    pub fn merge(mut self, other: ApiRouter) -> Self {
        self.router = self.router.merge(other.router);
        self.paths.extend(other.paths);
        self
    }

    /// Nests `other` under `prefix`.
    pub fn nest(mut self, prefix: &str, other: ApiRouter) -> Self {
        self.router = self.router.nest(prefix, other.router);
        self.paths.extend(other.paths.into_iter().map(|p| format!("{prefix}{p}")));
        self
    }

    /// Sets the role each documented operation so far needs, from
    /// `role_for(method)`, as its [`REQUIRED_ROLE`] extension.
    pub fn require_roles(mut self, role_for: impl Fn(&Method) -> crate::auth::Role) -> Self {
        for item in self.router.get_openapi_mut().paths.paths.values_mut() {
            for (method, op) in operations_mut(item) {
                let role = role_for(&axum_method(method));
                op.extensions.get_or_insert_with(Default::default).insert(REQUIRED_ROLE.into(), json!(role.as_str()));
            }
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

    /// The documentation of the routes so far, in utoipa's model (paths relative to this router).
    pub fn openapi(&self) -> &OpenApi {
        self.router.get_openapi()
    }

    /// The axum router.
    pub fn into_router(self) -> Router<AppState> {
        self.router.split_for_parts().0
    }
}

/// Adds `GET /api/v1/openapi.json` to `app`, serving the document of every
/// operation `app` documents (itself included).
pub fn serve_document(app: ApiRouter) -> ApiRouter {
    let route = ApiRouter::new().routes(utoipa_axum::routes!(openapi_document));
    let mut api = app.openapi().clone();
    api.merge(route.openapi().clone());
    let body = Bytes::from(serde_json::to_vec(&document(api)).expect("the document serialises"));
    app.merge(route.route_layer(Extension(DocumentBody(body))))
}

/// The serialised document, handed to [`openapi_document`].
#[derive(Clone)]
struct DocumentBody(Bytes);

crate::json_schema!(
    /// Any JSON object.
    AnyObject = json!({"type": "object"})
);

#[utoipa::path(get, path = DOCUMENT_PATH, tag = "meta", summary = "This OpenAPI 3.1 document",
    responses((status = 200, description = "The OpenAPI document.", body = inline(AnyObject))))]
async fn openapi_document(Extension(DocumentBody(body)): Extension<DocumentBody>) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}
