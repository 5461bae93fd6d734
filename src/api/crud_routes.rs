//! [`crate::crud_routes!`]: the single-object routes of a resource —
//! `POST /X`, `GET`, `PUT` and `DELETE /X/{id}` — each a small handler over
//! the generic ones of [`super::crud`], declared with `#[utoipa::path]` like
//! every other route, so route and documentation come from one declaration.
//!
//! The annotations take the resource's path, tag and texts as expressions
//! of its [`Crud`](crate::service::crud::Crud) constants (`PATH`, `NOUN`),
//! its types as the trait's associated types; the texts they share are the
//! constants of [`super::openapi::annotations`].

/// The single-object routes of resource `R` (a
/// [`Crud`](crate::service::crud::Crud) type), as an
/// [`ApiRouter`](crate::api::routes::ApiRouter):
///
/// ```ignore
/// crud_routes!(Subjects: create, get, save, delete)
/// crud_routes!(Curricula: create { handler = create, description = TEXT }, get, save { handler = update }, delete)
/// ```
///
/// - `create`: `POST /X` → 201 with `Location`, `ETag` and the single form
///   ([`crud::create`](crate::api::crud::create); needs
///   [`CrudCreate`](crate::service::crud::CrudCreate));
/// - `get`: `GET /X/{id}` → 200 or 304 ([`crud::fetch`](crate::api::crud::fetch));
/// - `save`: `PUT /X/{id}` → 200 with the new `ETag` ([`crud::update`](crate::api::crud::update));
/// - `delete`: `DELETE /X/{id}` → 204 ([`crud::remove`](crate::api::crud::remove)).
///
/// `create` and `save` take an own `handler` (same extractors as the generic
/// one) and an own `description` (an expression), in that order.
#[macro_export]
macro_rules! crud_routes {
    ($resource:ty: $($op:ident $({ $($arg:tt)* })?),+ $(,)?) => {
        $crate::api::routes::ApiRouter::new()
            $(.merge($crate::crud_routes!(@$op $resource; $($($arg)*)?)))+
    };

    (@create $r:ty;) => {
        $crate::crud_routes!(@create $r; handler = $crate::api::crud::create::<$r>, description = "")
    };
    (@create $r:ty; description = $d:expr) => {
        $crate::crud_routes!(@create $r; handler = $crate::api::crud::create::<$r>, description = $d)
    };
    (@create $r:ty; handler = $h:path) => {
        $crate::crud_routes!(@create $r; handler = $h, description = "")
    };
    (@create $r:ty; handler = $h:path, description = $d:expr) => {{
        #[allow(unused_imports)]
        use $crate::service::crud::{Crud as _, CrudCreate as _};
        use $crate::api::openapi::annotations::Single;
        type One = <$r as $crate::service::crud::Crud>::Single;
        type New = <$r as $crate::service::crud::CrudCreate>::New;
        $crate::json_schema!(
            /// The body of `POST /X`, as its parser reads it.
            NewBody = $crate::api::openapi::schemas::body_schema::<New>($crate::domain::body_reader::Mode::Create)
        );
        $crate::inputs!(
            /// The problems of `POST /X` (it has no parameters).
            CreateInputs = [body(), problem(409, LOCKED)]
        );
        #[utoipa::path(post, path = format!("/{}", <$r>::PATH), tag = <$r>::PATH,
            summary = format!("Create a {}", <$r>::NOUN),
            description = $d,
            request_body(content = inline(NewBody),
                description = format!("The new {} in its single form (no `id`).", <$r>::NOUN),
                examples(("example" = (value = json!($crate::api::openapi::examples::body(<$r>::PATH)))))),
            responses(
                (status = 201, description = format!("The created {}.", <$r>::NOUN), body = inline(Single<One>),
                    headers(("Location" = String, description = "Path of the new object."),
                            ("ETag" = String, description = "Entity tag of the new object."))),
                CreateInputs))]
        async fn create_one(
            state: axum::extract::State<$crate::api::AppState>,
            actor: $crate::service::audit::Actor,
            body: $crate::api::extract::Parsed<New>,
        ) -> $crate::error::Result<axum::response::Response> {
            $h(state, actor, body).await
        }
        $crate::api::routes::ApiRouter::new().routes(utoipa_axum::routes!(create_one))
    }};

    (@get $r:ty;) => {{
        #[allow(unused_imports)]
        use $crate::service::crud::Crud as _;
        use $crate::api::openapi::annotations::Single;
        type One = <$r as $crate::service::crud::Crud>::Single;
        $crate::inputs!(
            /// Parameters and problems of `GET /X/{id}`.
            GetInputs = [
                path_id(<$r>::NOUN),
                condition_header("If-None-Match", IF_NONE_MATCH),
                problem(412, NOT_A_TAG_LIST),
            ]
        );
        #[utoipa::path(get, path = format!("/{}/{{id}}", <$r>::PATH), tag = <$r>::PATH,
            summary = format!("One {} (single form)", <$r>::NOUN),
            params(GetInputs),
            responses(
                (status = 200, description = format!("The {}.", <$r>::NOUN), body = inline(Single<One>),
                    headers(("ETag" = String, description = "Entity tag of this version of the object."))),
                (status = 304, description = "The object still has an ETag given in `If-None-Match`.",
                    headers(("ETag" = String, description = "Entity tag of this version of the object."))),
                GetInputs))]
        async fn get_one(
            state: axum::extract::State<$crate::api::AppState>,
            id: $crate::api::extract::PathId,
            pre: $crate::api::etag::Preconditions,
        ) -> $crate::error::Result<axum::response::Response> {
            $crate::api::crud::fetch::<$r>(state, id, pre).await
        }
        $crate::api::routes::ApiRouter::new().routes(utoipa_axum::routes!(get_one))
    }};

    (@save $r:ty;) => {
        $crate::crud_routes!(@save $r; handler = $crate::api::crud::update::<$r>,
            description = $crate::api::openapi::annotations::REPLACES)
    };
    (@save $r:ty; description = $d:expr) => {
        $crate::crud_routes!(@save $r; handler = $crate::api::crud::update::<$r>, description = $d)
    };
    (@save $r:ty; handler = $h:path) => {
        $crate::crud_routes!(@save $r; handler = $h, description = $crate::api::openapi::annotations::REPLACES)
    };
    (@save $r:ty; handler = $h:path, description = $d:expr) => {{
        #[allow(unused_imports)]
        use $crate::service::crud::Crud as _;
        use $crate::api::openapi::annotations::Single;
        type One = <$r as $crate::service::crud::Crud>::Single;
        type Update = <$r as $crate::service::crud::Crud>::Update;
        $crate::json_schema!(
            /// The body of `PUT /X/{id}`, as its parser reads it.
            UpdateBody = $crate::api::openapi::schemas::body_schema::<Update>($crate::domain::body_reader::Mode::Replace)
        );
        $crate::inputs!(
            /// Parameters and problems of `PUT /X/{id}`.
            SaveInputs = [
                path_id(<$r>::NOUN),
                condition_header("If-Match", IF_MATCH),
                body(),
                problem(409, LOCKED),
                problem(412, STALE),
            ]
        );
        #[utoipa::path(put, path = format!("/{}/{{id}}", <$r>::PATH), tag = <$r>::PATH,
            summary = format!("Save a {}", <$r>::NOUN),
            description = $d,
            params(SaveInputs),
            request_body(content = inline(UpdateBody),
                description = format!("The {} with every writable field.", <$r>::NOUN),
                examples(("example" = (value = json!($crate::api::openapi::examples::body(<$r>::PATH)))))),
            responses(
                (status = 200, description = format!("The saved {}.", <$r>::NOUN), body = inline(Single<One>),
                    headers(("ETag" = String, description = "Entity tag of the saved object."))),
                SaveInputs))]
        async fn save_one(
            state: axum::extract::State<$crate::api::AppState>,
            actor: $crate::service::audit::Actor,
            id: $crate::api::extract::PathId,
            pre: $crate::api::etag::Preconditions,
            body: $crate::api::extract::Parsed<Update>,
        ) -> $crate::error::Result<axum::response::Response> {
            $h(state, actor, id, pre, body).await
        }
        $crate::api::routes::ApiRouter::new().routes(utoipa_axum::routes!(save_one))
    }};

    (@delete $r:ty;) => {{
        #[allow(unused_imports)]
        use $crate::service::crud::Crud as _;
        $crate::inputs!(
            /// Parameters and problems of `DELETE /X/{id}`.
            DeleteInputs = [
                path_id(<$r>::NOUN),
                condition_header("If-Match", IF_MATCH),
                problem(409, REFERENCED),
                problem(412, STALE),
            ]
        );
        #[utoipa::path(delete, path = format!("/{}/{{id}}", <$r>::PATH), tag = <$r>::PATH,
            summary = format!("Delete a {}", <$r>::NOUN),
            params(DeleteInputs),
            responses((status = 204, description = "Deleted."), DeleteInputs))]
        async fn delete_one(
            state: axum::extract::State<$crate::api::AppState>,
            actor: $crate::service::audit::Actor,
            id: $crate::api::extract::PathId,
            pre: $crate::api::etag::Preconditions,
        ) -> $crate::error::Result<axum::response::Response> {
            $crate::api::crud::remove::<$r>(state, actor, id, pre).await
        }
        $crate::api::routes::ApiRouter::new().routes(utoipa_axum::routes!(delete_one))
    }};
}
