//! What the existing browser client (pensen-app) needs beyond the planning
//! resources (docs/client.md §Config): `GET /config` (public), the caller's `/settings`,
//! the admin's `/authorisation` screen over the accounts, and the mount a
//! request came in on ([`ClientMount`]: the teacher list's long form there).

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::response::Response;
use serde_json::{json, Value};
use utoipa_axum::routes;

use super::etag::{ETag, Preconditions};
use super::extract::{JsonBody, PathId};
use super::openapi::annotations::{List, Single};
use super::openapi::schemas;
use super::response::{created, no_content, ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::auth::{Principal, Role};
use crate::domain::body_reader::{checked, describe, limits, Mode, Reader};
use crate::error::Result;
use crate::service::account::{self, AccountSettings, Authorisation};
use crate::service::audit::Actor;

/// Settings the browser client reads from `GET /config` and `GET /profile` (docs/client.md §Config).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientSettings {
    /// Entra ID tenant id the client logs in with (`msal.tenantId`); empty when unset.
    pub tenant_id: String,
    /// Entra ID application (client) id of the browser client (`msal.clientId`); empty when unset.
    pub client_id: String,
    /// Feature names the client switches on (`features` of `/profile`), default none.
    pub features: Vec<String>,
}

/// Request extension: the request came in on the compatibility mount
/// (`--client-compat`, `/X` served as `/api/v1/X`, docs/client.md §Mount). Set by
/// [`crate::app::compat_uri`]; the response cache keys such requests apart.
#[derive(Debug, Clone, Copy)]
pub struct ClientMount;

/// Which mount a request came in on: `/api/v1` (the interface's forms) or the
/// compatibility mount (the forms the existing client reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mount {
    /// `/api/v1/X`.
    Api,
    /// `/X` under `--client-compat`.
    Client,
}

impl<S: Send + Sync> FromRequestParts<S> for Mount {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> std::result::Result<Self, Self::Rejection> {
        Ok(if parts.extensions.get::<ClientMount>().is_some() { Mount::Client } else { Mount::Api })
    }
}

/// Decimal places the client shows for percentages (`percentDecimals`, docs/client.md §Config).
pub const PERCENT_DECIMALS: u32 = 3;
/// Minutes before expiry at which the client renews its identity-provider token.
pub const TOKEN_REFRESH_OFFSET_MINUTES: u32 = 10;

/// `GET /config` (public; under `--client-compat` also at `/config`).
pub fn config_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(config))
}

crate::json_schema!(
    /// The answer of [`config`].
    ConfigAnswer = schemas::envelope(json!({
        "type": "object", "required": ["msal", "percentDecimals", "tokenRefreshOffsetMinutes", "version"],
        "properties": {
            "msal": {"type": "object", "required": ["tenantId", "clientId"], "properties": {
                "tenantId": {"type": "string"}, "clientId": {"type": "string"}}},
            "percentDecimals": {"type": "integer"},
            "tokenRefreshOffsetMinutes": {"type": "integer"},
            "version": {"type": "string"}}}))
);

/// `{"msal": {"tenantId", "clientId"}, "percentDecimals": 3, "tokenRefreshOffsetMinutes": 10, "version"}`
/// with the tenant and client id of `--oidc-tenant-id`/`--oidc-client-id` (docs/client.md §Config).
#[utoipa::path(get, path = "/config", tag = "meta", summary = "Settings of the browser client (no token needed)",
    description = "What the existing browser client reads before it logs in: the Entra ID tenant and \
                   application id it signs in with (empty strings without single sign-on), the decimals \
                   it shows for percentages, when it renews its token and the server version.",
    responses((status = 200, description = "The client settings.", body = inline(ConfigAnswer))))]
async fn config(State(app): State<AppState>) -> Response {
    ok(&json!({
        "msal": {"tenantId": app.client.tenant_id, "clientId": app.client.client_id},
        "percentDecimals": PERCENT_DECIMALS,
        "tokenRefreshOffsetMinutes": TOKEN_REFRESH_OFFSET_MINUTES,
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

/// `/settings` (any caller, their own): the mail template of the client's mail dialog.
pub fn settings_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(get_settings, post_settings, put_settings))
}

crate::json_schema!(
    /// The body of [`post_settings`].
    SettingsPostBody = schemas::fields_schema(&describe(|b| parse_settings(b, Mode::Create)), Mode::Create)
);

crate::json_schema!(
    /// The body of [`put_settings`].
    SettingsPutBody = schemas::fields_schema(&describe(|b| parse_settings(b, Mode::Replace)), Mode::Replace)
);

crate::inputs!(
    /// The problems of a body.
    BodyProblems = [body()]
);

/// `{mailBody, mailFrom, mailSubject}`: texts (trimmed; null or empty → `""`);
/// a PUT body carries all three.
fn parse_settings(body: &Value, mode: Mode) -> Result<AccountSettings> {
    let mut r = Reader::new(body, mode)?;
    let mail_body = r.multi_line_text("mailBody", false, limits::COMMENT).unwrap_or_default();
    let mail_from = r.mailbox("mailFrom", false).unwrap_or_default();
    let mail_subject = r.text("mailSubject", false, limits::NAME).unwrap_or_default();
    r.finish()?;
    Ok(AccountSettings { mail_body, mail_from, mail_subject })
}

#[utoipa::path(get, path = "/settings", tag = "settings", summary = "The caller's mail settings",
    description = "Empty strings until the caller saved some (docs/client.md §Settings).",
    responses((status = 200, description = "The caller's settings.", body = inline(Single<AccountSettings>))))]
async fn get_settings(State(app): State<AppState>, p: Principal) -> Result<Response> {
    Ok(ok(&crate::service::account::settings(&app.store, p.account_id).await?))
}

async fn save_settings(app: AppState, p: Principal, actor: Actor, body: Value, mode: Mode) -> Result<Response> {
    let new = parse_settings(&body, mode)?;
    Ok(ok(&account::save_settings(&app.store, &actor, p.account_id, &new).await?))
}

/// `POST /settings` → 200 with the saved settings (absent fields → `""`).
#[utoipa::path(post, path = "/settings", tag = "settings", summary = "Save the caller's mail settings",
    description = "Absent or null fields are saved as empty strings.",
    request_body(content = inline(SettingsPostBody), description = "The settings."),
    responses((status = 200, description = "The saved settings.", body = inline(Single<AccountSettings>)), BodyProblems))]
async fn post_settings(
    State(app): State<AppState>,
    p: Principal,
    actor: Actor,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    save_settings(app, p, actor, body, Mode::Create).await
}

/// `PUT /settings` → 200 with the saved settings (every field present, else 422 `missing_field`).
#[utoipa::path(put, path = "/settings", tag = "settings", summary = "Save the caller's mail settings (every field)",
    request_body(content = inline(SettingsPutBody), description = "The settings, every field present."),
    responses((status = 200, description = "The saved settings.", body = inline(Single<AccountSettings>)), BodyProblems))]
async fn put_settings(
    State(app): State<AppState>,
    p: Principal,
    actor: Actor,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    save_settings(app, p, actor, body, Mode::Replace).await
}

/// `/authorisation` and `/authorisation/{id}` (admin only).
pub fn authorisation_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(list_authorisations, create_authorisation)).routes(routes!(
        get_authorisation,
        update_authorisation,
        delete_authorisation
    ))
}

crate::json_schema!(
    /// The body of [`create_authorisation`].
    AuthorisationPostBody =
        schemas::fields_schema(&describe(|b| parse_authorisation(b, Mode::Create)), Mode::Create)
);

crate::json_schema!(
    /// The body of [`update_authorisation`].
    AuthorisationPutBody =
        schemas::fields_schema(&describe(|b| parse_authorisation(b, Mode::Replace)), Mode::Replace)
);

crate::inputs!(
    /// The body problems of [`create_authorisation`].
    CreateInputs = [body(), problem(409, "Another account has this name (`duplicate_code`).")]
);

crate::inputs!(
    /// The path id of [`get_authorisation`].
    AccountId = [path_id("account")]
);

const CLIENT_STALE: &str = "`If-Match` does not match the current `ETag` (`precondition_failed`).";

crate::inputs!(
    /// Parameters and problems of [`update_authorisation`].
    UpdateInputs = [
        path_id("account"),
        body(),
        problem(409, "The name is taken (`duplicate_code`), or an administrator removes their own grant right (`own_account`)."),
        problem(412, CLIENT_STALE),
    ]
);

crate::inputs!(
    /// Parameters and problems of [`delete_authorisation`].
    DeleteInputs = [
        path_id("account"),
        problem(409, "The account is the caller's own (`own_account`)."),
        problem(412, CLIENT_STALE),
    ]
);

/// `{accountName, editAllowed, grantAllowed}` → name and role.
fn parse_authorisation(body: &Value, mode: Mode) -> Result<(String, Role)> {
    let mut r = Reader::new(body, mode)?;
    let name = r.text("accountName", true, limits::NAME);
    let edit = r.boolean("editAllowed");
    let grant = r.boolean("grantAllowed");
    r.finish()?;
    let role = if grant {
        Role::Admin
    } else if edit {
        Role::Planner
    } else {
        Role::Reader
    };
    Ok((checked(name), role))
}

#[utoipa::path(get, path = "/authorisation", tag = "authorisation",
    summary = "Every account as the client's permission list",
    responses((status = 200, description = "The accounts, by name.", body = inline(List<Authorisation>))))]
async fn list_authorisations(State(app): State<AppState>) -> Result<Response> {
    let accounts = account::accounts(&app.store).await?;
    Ok(ok(&accounts.iter().map(Authorisation::from).collect::<Vec<_>>()))
}

/// `GET /authorisation/ID` → 200 with `ETag`; 304 on a matching `If-None-Match`.
#[utoipa::path(get, path = "/authorisation/{id}", tag = "authorisation", summary = "One account as permission",
    params(AccountId), responses((status = 200, description = "The account.", body = inline(Single<Authorisation>)), AccountId))]
async fn get_authorisation(State(app): State<AppState>, PathId(id): PathId, pre: Preconditions) -> Result<Response> {
    let a = account::account(&app.store, id).await?;
    let form = Authorisation::from(&a);
    let tag = ETag::of(&form)?;
    if let Some(not_modified) = pre.check_read("account", id, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(&form)))
}

/// `POST /authorisation` → 201 with the new account's permission form.
#[utoipa::path(post, path = "/authorisation", tag = "authorisation", summary = "Create an account",
    description = "Role: grantAllowed ⇒ admin, else editAllowed ⇒ planner, else reader.",
    request_body(content = inline(AuthorisationPostBody), description = "Name and rights."),
    responses(
        (status = 201, description = "The created account.", body = inline(Single<Authorisation>),
            headers(("Location" = String, description = "Path of the new account."))),
        CreateInputs))]
async fn create_authorisation(State(app): State<AppState>, actor: Actor, JsonBody(body): JsonBody) -> Result<Response> {
    let (name, role) = parse_authorisation(&body, Mode::Create)?;
    let written = account::create_account(&app.store, &actor, &account::NewAccount::with_role(&name, role)).await?;
    let form = Authorisation::from(&written.item);
    Ok(ETag::of(&form)?.attach(created("authorisation", written.id, &form)))
}

/// `PUT /authorisation/ID` → 200; the caller's own account must keep its grant right (409 `own_account`).
#[utoipa::path(put, path = "/authorisation/{id}", tag = "authorisation", summary = "Rename an account or change its rights",
    params(UpdateInputs), request_body(content = inline(AuthorisationPutBody), description = "Name and rights."),
    responses((status = 200, description = "The saved account.", body = inline(Single<Authorisation>)), UpdateInputs))]
async fn update_authorisation(
    State(app): State<AppState>,
    actor: Actor,
    PathId(id): PathId,
    pre: Preconditions,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    let (name, role) = parse_authorisation(&body, Mode::Replace)?;
    let written = account::update_account(&app.store, &actor, id, &pre.expect(), &name, role).await?;
    Ok(ok_written(&written.item, &written.version))
}

/// `DELETE /authorisation/ID` → 204 (its tokens and settings go with it); own account → 409 `own_account`.
#[utoipa::path(delete, path = "/authorisation/{id}", tag = "authorisation", summary = "Delete an account with its tokens",
    params(DeleteInputs), responses((status = 204, description = "Deleted."), DeleteInputs))]
async fn delete_authorisation(
    State(app): State<AppState>,
    actor: Actor,
    PathId(id): PathId,
    pre: Preconditions,
) -> Result<Response> {
    account::delete_account(&app.store, &actor, id, &pre.expect()).await?;
    Ok(no_content())
}
