//! `/profile` (any caller), and admin-only `/account`, `/token`, `/audit` (docs/contract.md §Roles and authentication).

use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use utoipa_axum::routes;

use super::etag::{ETag, Preconditions};
use super::extract::{JsonBody, PathId, QueryParams};
use super::openapi::annotations::{List, Single};
use super::openapi::{examples, schemas};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::auth::{Principal, Role};
use crate::domain::body_reader::{describe, Mode};
use crate::error::{Error, ErrorCode, Result};
use crate::service::account::{self, Account, TokenInfo};
use crate::service::audit::{self, Actor, AuditEntry, AuditFilter};

/// `GET /profile`.
pub fn profile_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(profile))
}

/// `/account`, `/token`, `/audit` (admin only).
pub fn admin_routes() -> ApiRouter {
    ApiRouter::new()
        .routes(routes!(list_accounts, create_account))
        .routes(routes!(get_account))
        .routes(routes!(list_tokens, create_token))
        .routes(routes!(revoke_token))
        .routes(routes!(list_audit))
}

crate::json_schema!(
    /// The answer of [`profile`].
    ProfileAnswer = schemas::envelope(json!({"type": "object",
        "required": ["accountId", "name", "role", "accountName", "editAllowed", "grantAllowed", "features"],
        "properties": {
        "accountId": {"type": "integer"}, "name": {"type": "string"},
        "role": {"type": "string", "enum": ["reader", "planner", "admin"]},
        "accountName": {"type": "string"}, "editAllowed": {"type": "boolean"},
        "grantAllowed": {"type": "boolean"},
        "features": {"type": "array", "items": {"type": "string"}}}}))
);

crate::json_schema!(
    /// The body of [`create_account`].
    AccountBody = schemas::fields_schema(&describe(account::read_new_account), Mode::Create)
);

crate::inputs!(
    /// The body problems of [`create_account`].
    AccountInputs = [body(), problem(409, "Another account has this name.")]
);

crate::inputs!(
    /// The path id of [`get_account`].
    AccountId = [path_id("account")]
);

crate::inputs!(
    /// The query of [`list_tokens`].
    TokenQuery = [query_id_filter("account", "Only tokens of this account.")]
);

crate::json_schema!(
    /// The body of [`create_token`].
    TokenBody = schemas::fields_schema(&describe(account::read_new_token), Mode::Create)
);

crate::inputs!(
    /// The body problems of [`create_token`].
    TokenInputs = [body()]
);

crate::json_schema!(
    /// The answer of [`create_token`].
    NewTokenAnswer = schemas::envelope(json!({"allOf": [schemas::component_ref("TokenInfo"), {"type": "object",
        "required": ["token"], "properties": {"token": {"type": "string"}}}]})),
    refs = [TokenInfo]
);

crate::inputs!(
    /// Parameters and problems of [`revoke_token`].
    RevokeInputs = [path_id("token"), problem(409, "The token is the one the request uses (`own_token`).")]
);

crate::inputs!(
    /// The query of [`list_audit`].
    AuditQuery = [
        query_text("objectType", "Only entries of this object type (e.g. `teacher`, `course`)."),
        query_id_filter("objectId", "Only entries of this object id."),
        query_time("from", "Only entries at or after this time."),
        query_time("to", "Only entries before this time."),
    ]
);

crate::json_schema!(
    /// The answer of [`list_audit`].
    AuditAnswer = schemas::envelope(json!({"type": "array", "items": {"allOf": [schemas::component_ref("AuditEntry"),
        {"type": "object", "properties": {"changes": {"type": "object",
        "description": "`before`/`after`: the changed fields (create: only `after`, delete: only `before`)."}}}]}})),
    refs = [AuditEntry]
);

/// The caller's account: `{"accountId", "name", "role"}` plus what the browser
/// client reads (docs/client.md §Profile): `accountName` (= `name`),
/// `editAllowed` (planner or admin), `grantAllowed` (admin) and `features`.
#[utoipa::path(get, path = "/profile", tag = "account", summary = "The caller's account and role",
    description = "`accountName` repeats `name`; `editAllowed` (planner or admin), `grantAllowed` (admin) and \
                   `features` (server flag `--client-feature`) are what the existing browser client reads (docs/client.md §Profile).",
    responses((status = 200, description = "The caller.", body = inline(ProfileAnswer))))]
async fn profile(State(app): State<AppState>, p: Principal) -> Response {
    ok(&json!({"accountId": p.account_id, "name": p.name, "role": p.role,
        "accountName": p.name, "editAllowed": p.role >= Role::Planner, "grantAllowed": p.role == Role::Admin,
        "features": app.client.features}))
}

#[utoipa::path(get, path = "/account", tag = "account", summary = "Every account",
    responses((status = 200, description = "The accounts.", body = inline(List<Account>))))]
async fn list_accounts(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&account::accounts(&app.store).await?))
}

/// `GET /account/ID` → 200 with `ETag`; 304 on a matching `If-None-Match` (RFC 9110 §13.1.2).
#[utoipa::path(get, path = "/account/{id}", tag = "account", summary = "One account", params(AccountId),
    responses((status = 200, description = "The account.", body = inline(Single<Account>)), AccountId))]
async fn get_account(State(app): State<AppState>, PathId(id): PathId, pre: Preconditions) -> Result<Response> {
    let a = account::account(&app.store, id).await?;
    let tag = ETag::of(&a)?;
    if let Some(not_modified) = pre.check_read("account", id, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(&a)))
}

/// `POST /account {"name", "role"}` → 201 with `ETag`.
#[utoipa::path(post, path = "/account", tag = "account", summary = "Create an account",
    request_body(content = inline(AccountBody), description = "Name and role.",
        examples(("example" = (value = json!(examples::body("account")))))),
    responses(
        (status = 201, description = "The created account.", body = inline(Single<Account>),
            headers(("Location" = String, description = "Path of the new account."))),
        AccountInputs))]
async fn create_account(State(app): State<AppState>, p: Principal, JsonBody(body): JsonBody) -> Result<Response> {
    let new = account::read_new_account(&body)?;
    let actor = Actor::new(Some(p), "POST", "/api/v1/account");
    let written = account::create_account(&app.store, &actor, &new).await?;
    Ok(ETag::from(&written.version).attach(created("account", written.id, &written.item)))
}

#[utoipa::path(get, path = "/token", tag = "token", summary = "Every token (never the secret)", params(TokenQuery),
    responses((status = 200, description = "The tokens.", body = inline(List<TokenInfo>)), TokenQuery))]
async fn list_tokens(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&account::tokens_of(&app.store, q.id("account")?).await?))
}

/// `POST /token {"account": ref, "label"?, "expiresInDays"?}` → 201 with the
/// token listing plus `token`: the secret text, shown only in this response.
#[utoipa::path(post, path = "/token", tag = "token", summary = "Create a token",
    description = "The response carries the secret `token`, shown only this once.",
    request_body(content = inline(TokenBody), description = "Account, label and lifetime.",
        examples(("example" = (value = json!(examples::body("token")))))),
    responses(
        (status = 201, description = "The token listing plus `token`, the secret.", body = inline(NewTokenAnswer),
            headers(("Location" = String, description = "Path of the new token."))),
        TokenInputs))]
async fn create_token(State(app): State<AppState>, p: Principal, JsonBody(body): JsonBody) -> Result<Response> {
    let (account, label, days) = account::read_new_token(&body)?;
    let expires = account::expiry_in(days);
    let actor = Actor::new(Some(p), "POST", "/api/v1/token");
    let (info, token) =
        account::create_token(&app.store, &actor, account, label.as_deref(), expires.as_deref()).await?;
    let mut out: Value = serde_json::to_value(&info).map_err(Error::internal)?;
    out["token"] = Value::String(token.text);
    Ok(created("token", info.id, &out))
}

/// `DELETE /token/ID` revokes the token with immediate effect → 204; the
/// token the request uses cannot revoke itself (409 `own_token`), so an admin
/// cannot lock themselves out by mistake.
#[utoipa::path(delete, path = "/token/{id}", tag = "token", summary = "Revoke a token (immediate effect)",
    params(RevokeInputs), responses((status = 204, description = "Revoked."), RevokeInputs))]
async fn revoke_token(State(app): State<AppState>, p: Principal, PathId(id): PathId) -> Result<Response> {
    let actor = Actor::new(Some(p), "DELETE", format!("/api/v1/token/{id}"));
    account::revoke_token(&app.store, &actor, id).await?;
    Ok(no_content())
}

fn time_param(q: &QueryParams, name: &str) -> Result<Option<String>> {
    let Some(raw) = q.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()) else { return Ok(None) };
    let parsed = chrono::DateTime::parse_from_rfc3339(&raw).map(|t| t.with_timezone(&chrono::Utc)).or_else(|_| {
        chrono::NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
            .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
    });
    match parsed {
        Ok(t) => Ok(Some(crate::auth::timestamp_text(t))),
        Err(_) => Err(Error::new(
            ErrorCode::InvalidQuery,
            crate::i18n::Message::new("error-query-value")
                .arg("name", name)
                .arg("value", &raw)
                .arg_message("expected", crate::i18n::Message::new("error-query-expected-time")),
        )),
    }
}

/// `GET /audit[?objectType=teacher][&objectId=ID][&from=T][&to=T]`: newest first.
#[utoipa::path(get, path = "/audit", tag = "audit", summary = "The audit trail, newest first", params(AuditQuery),
    responses((status = 200, description = "The entries.", body = inline(AuditAnswer)), AuditQuery))]
async fn list_audit(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = AuditFilter {
        object_type: q.0.iter().find(|(k, _)| k == "objectType").map(|(_, v)| v.clone()),
        object_id: q.id("objectId")?,
        from: time_param(&q, "from")?,
        to: time_param(&q, "to")?,
    };
    let entries = audit::entries(&app.store, &filter).await?;
    let out: Vec<Value> = entries
        .into_iter()
        .map(|e| {
            let changes: Value = serde_json::from_str(&e.changes).unwrap_or(Value::Null);
            let mut v = serde_json::to_value(&e).unwrap_or(Value::Null);
            v["changes"] = changes;
            v
        })
        .collect();
    Ok(ok(&out))
}
