//! Verwaltung: accounts, roles and tokens (docs/web.md §Verwaltung), for
//! administrators only ([`account::may_manage`], as `/api/v1/account` and
//! `/api/v1/token`); anyone else gets 403 from the handlers' extractor
//! [`SignedInAdmin`] and no menu entry.
//!
//! | route | handler |
//! |---|---|
//! | `GET /admin` | [`list`]: the accounts and the form to create one |
//! | `POST /admin/accounts` | [`create`] |
//! | `GET /admin/accounts/{id}` | [`detail`]: role, tokens, sign-in link |
//! | `POST /admin/accounts/{id}/role` | [`change_role`] (with the version) |
//! | `POST /admin/accounts/{id}/delete` | [`delete`] (with the version) |
//! | `POST /admin/accounts/{id}/tokens` | [`create_token`]: the secret shown once |
//! | `POST /admin/accounts/{id}/tokens/{token}/revoke` | [`revoke_token`] |
//! | `POST /admin/accounts/{id}/signin-link` | [`signin_link`]: the link shown once |
//!
//! Every write goes through [`crate::service::account`] (and
//! [`session::create_link`] for the link), as the JSON API's do.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Form;
use axum::Router;
use serde_json::json;

use super::form::{self, Field, FieldErrors, FormData};
use super::guard::SignedIn;
use super::history::role_name;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::listing::done_notice;
use super::record::Notice;
use super::refusal::{forbidden, is_page_fault};
use crate::auth::Role;
use crate::domain::person_name::PersonName as _;
use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::service::account::{self, Authorisation};
use crate::service::account::{Account, TokenInfo};
use crate::service::audit::Actor;
use crate::service::session::{self, SessionUser};
use crate::service::version::Version;

/// The routes of Verwaltung: the accounts, their roles, tokens and sign-in links.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/admin", get(list))
        .route("/admin/accounts", post(create))
        .route("/admin/accounts/{id}", get(detail))
        .route("/admin/accounts/{id}/role", post(change_role))
        .route("/admin/accounts/{id}/delete", post(delete))
        .route("/admin/accounts/{id}/tokens", post(create_token))
        .route("/admin/accounts/{id}/tokens/{token}/revoke", post(revoke_token))
        .route("/admin/accounts/{id}/signin-link", post(signin_link))
}

/// The account list with the form to create one.
#[derive(Template)]
#[template(path = "web/admin/list.html")]
pub struct AccountList {
    /// The frame.
    pub page: Page,
    /// What was just done, or why not.
    pub notice: Option<Notice>,
    /// The accounts, by name.
    pub rows: Vec<AccountRow>,
    /// The new account's fields (name, role) with values and errors.
    pub fields: Vec<Field>,
    /// Problems of no single field.
    pub errors: Vec<String>,
}

/// An account as listed.
#[derive(Debug, Clone)]
pub struct AccountRow {
    /// Id (the link to its page).
    pub id: i64,
    /// Name.
    pub name: String,
    /// Role, in the page's language.
    pub role: String,
    /// Created, `25.11.2026 14:03 UTC`.
    pub created: String,
}

/// One account's page: its role, its tokens, a sign-in link.
#[derive(Template)]
#[template(path = "web/admin/account.html")]
pub struct AccountPage {
    /// The frame.
    pub page: Page,
    /// What was just done, or why not.
    pub notice: Option<Notice>,
    /// Account id.
    pub id: i64,
    /// Facts: (label, value).
    pub facts: Vec<(String, String)>,
    /// The role choice.
    pub role: Field,
    /// The version of the account's form (role change and delete expect it).
    pub version: String,
    /// Whether it is the signed-in administrator's own account (no delete).
    pub own: bool,
    /// The tokens, newest first.
    pub tokens: Vec<TokenRow>,
    /// The new token's fields (label, lifetime).
    pub token_fields: Vec<Field>,
    /// A secret shown once (a new token or sign-in link).
    pub secret: Option<Secret>,
    /// The account's history link.
    pub history: String,
}

/// A token as listed (never its secret).
#[derive(Debug, Clone)]
pub struct TokenRow {
    /// Id (revoke posts to it).
    pub id: i64,
    /// Public part, `sp_<publicId>_…`.
    pub public_id: String,
    /// Label or `–`.
    pub label: String,
    /// Created.
    pub created: String,
    /// Expires, or `nie`.
    pub expires: String,
    /// `gültig`, `widerrufen 25.11.2026 …` or `abgelaufen`.
    pub state: String,
    /// Whether it still works (may be revoked).
    pub live: bool,
}

/// A secret shown once, with the hint to copy it now.
#[derive(Debug, Clone)]
pub struct Secret {
    /// Element id of its field.
    pub id: &'static str,
    /// Its label.
    pub label: String,
    /// The secret text.
    pub value: String,
    /// The hint (shown once, copy it now; how to use it).
    pub hint: String,
}

/// A signed-in administrator and their language: the extractor of every
/// handler here; anyone else gets 403 ([`account::may_manage`]), a request
/// without a session goes to the sign-in page.
#[derive(Debug, Clone)]
pub struct SignedInAdmin {
    /// The administrator.
    pub user: SessionUser,
    /// The language.
    pub lang: Lang,
}

impl<S: Send + Sync> FromRequestParts<S> for SignedInAdmin {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let SignedIn { user, lang } = SignedIn::from_request_parts(parts, state).await?;
        if !account::may_manage(user.role) {
            return Err(forbidden(lang));
        }
        Ok(SignedInAdmin { user, lang })
    }
}

/// The role choice of field `name` (reader, planner, admin) showing `values`.
fn role_field(lang: Lang, values: &FormData, errors: &FieldErrors) -> Field {
    let options = [Role::Teacher, Role::Reader, Role::Planner, Role::Admin]
        .into_iter()
        .map(|r| (r.as_str().to_string(), role_name(lang, r)))
        .collect();
    Field::new("select", "role", i18n::text(lang, "admin-role"), values, errors, true)
        .with_options(options, values, None)
}

/// The sentence for a refused write: the catalogue's for the codes this
/// screen meets, else the problem's own.
fn refusal(lang: Lang, e: &Error) -> String {
    match e.code() {
        ErrorCode::DuplicateCode => i18n::text(lang, "admin-name-taken"),
        ErrorCode::OwnAccount => i18n::text(lang, "admin-own-account"),
        ErrorCode::OwnToken => i18n::text(lang, "admin-own-token"),
        ErrorCode::PreconditionFailed => i18n::text(lang, "admin-changed-meanwhile"),
        _ => e.message(lang),
    }
}

/// `GET /admin`: the accounts; `?done=deleted` after a delete.
pub async fn list(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let notice = done_notice(lang, &q, "admin", &["deleted"]);
    let mut values = FormData::default();
    values.set("role", "reader");
    show_list(&state, user, lang, notice, values, FieldErrors::none(lang), StatusCode::OK).await
}

/// The list page with the create form showing `values` and `errors`.
async fn show_list(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    notice: Option<Notice>,
    values: FormData,
    errors: FieldErrors,
    status: StatusCode,
) -> Response {
    let accounts = match account::accounts(&state.store).await {
        Ok(a) => a,
        Err(e) => return page_error(lang, e),
    };
    let rows = accounts
        .iter()
        .map(|a| AccountRow {
            id: a.id,
            name: a.name.clone(),
            role: role_name(lang, a.role),
            created: form::when(&a.created_at),
        })
        .collect();
    let teachers = match account::bindable_teachers(&state.store).await {
        Ok(t) => t,
        Err(e) => return page_error(lang, e),
    };
    let teacher_options = teachers.iter().map(|t| (t.id.to_string(), t.choice())).collect();
    let fields = vec![
        Field::new("text", "name", i18n::text(lang, "admin-name"), &values, &errors, true),
        role_field(lang, &values, &errors),
        Field::new("select", "teacher", i18n::text(lang, "admin-teacher"), &values, &errors, false).with_options(
            teacher_options,
            &values,
            Some(i18n::text(lang, "admin-teacher-none")),
        ),
    ];
    let page = Page::new(lang, Screen::Admin, i18n::text(lang, "admin-title"), Some(user), "/admin".into());
    let html = render(lang, &AccountList { page, notice, rows, fields, errors: errors.general.clone() });
    (status, html).into_response()
}

/// `POST /admin/accounts` (`name`, `role`): creates the account and shows its
/// page, or the list again with the problems beside the fields.
pub async fn create(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let body = json!({"name": values.text("name"), "role": values.text("role"), "teacher": values.text("teacher")});
    let actor = form::actor(&user, "/admin/accounts");
    let written = match account::read_new_account(&body) {
        Ok(new) => account::create_account(&state.store, &actor, &new).await,
        Err(e) => Err(e),
    };
    match written {
        Ok(w) => Redirect::to(&format!("/admin/accounts/{}?done=created", w.id)).into_response(),
        Err(e) if e.code() == ErrorCode::Internal => page_error(lang, e),
        Err(e) => {
            let mut errors = FieldErrors::from_error(&e, lang, &["name", "role", "teacher"]);
            if e.code() == ErrorCode::DuplicateCode {
                errors = FieldErrors::none(lang);
                errors.general.push(refusal(lang, &e));
            }
            show_list(&state, user, lang, None, values, errors, e.status()).await
        }
    }
}

/// `GET /admin/accounts/{id}`: the account's page; `?done=` says what was just done.
pub async fn detail(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let notice = done_notice(lang, &q, "admin", &["created", "saved", "revoked"]);
    show_account(&state, user, lang, id, notice, None, StatusCode::OK).await
}

/// The account's page as it is now, with `notice` and a `secret` shown once.
async fn show_account(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: i64,
    notice: Option<Notice>,
    secret: Option<Secret>,
    status: StatusCode,
) -> Response {
    let (account, tokens) = match account::account_with_tokens(&state.store, id).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let version = match Version::of(&Authorisation::from(&account)) {
        Ok(v) => v.to_string(),
        Err(e) => return page_error(lang, e),
    };
    let teacher = match account.teacher {
        Some(id) => match account::teacher_label(&state.store, id).await {
            Ok(label) => label,
            Err(e) => return page_error(lang, e),
        },
        None => None,
    };
    let t = |key: &str| i18n::text(lang, key);
    let facts = vec![
        (t("admin-name"), account.name.clone()),
        (t("admin-role"), role_name(lang, account.role)),
        (t("admin-teacher"), teacher.unwrap_or_else(|| "–".to_string())),
        (t("admin-created"), form::when(&account.created_at)),
    ];
    let mut values = FormData::default();
    values.set("role", account.role.as_str());
    let none = FieldErrors::none(lang);
    let mut lifetime = FormData::default();
    lifetime.set("expiresInDays", "");
    let days = ["30", "90", "365"].iter().map(|d| (d.to_string(), t(&format!("admin-token-days-{d}")))).collect();
    let token_fields = vec![
        Field::new("text", "label", t("admin-token-label"), &lifetime, &none, false),
        Field::new("select", "expiresInDays", t("admin-token-lifetime"), &lifetime, &none, false).with_options(
            days,
            &lifetime,
            Some(t("admin-token-never")),
        ),
    ];
    let now = crate::auth::now_text();
    let tokens = tokens.iter().map(|tk| token_row(lang, tk, &now)).collect();
    let title = i18n::text_with(lang, "admin-account-title", &[("name", account.name.as_str().into())]);
    let own = account.id == user.account_id;
    let page = Page::new(lang, Screen::Admin, title, Some(user), format!("/admin/accounts/{id}"));
    let html = render(
        lang,
        &AccountPage {
            page,
            notice,
            id,
            facts,
            role: role_field(lang, &values, &none),
            version,
            own,
            tokens,
            token_fields,
            secret,
            history: super::history::link("account", id),
        },
    );
    (status, html).into_response()
}

/// A token as listed at time `now` (timestamp text).
fn token_row(lang: Lang, tk: &TokenInfo, now: &str) -> TokenRow {
    let expired = tk.expires_at.as_deref().is_some_and(|e| e <= now);
    let state = match (&tk.revoked_at, expired) {
        (Some(at), _) => i18n::text_with(lang, "admin-token-revoked", &[("at", form::when(at).into())]),
        (None, true) => i18n::text(lang, "admin-token-expired"),
        (None, false) => i18n::text(lang, "admin-token-live"),
    };
    TokenRow {
        id: tk.id,
        public_id: tk.public_id.clone(),
        label: form::or_dash(tk.label.as_deref()),
        created: form::when(&tk.created_at),
        expires: tk.expires_at.as_deref().map_or_else(|| i18n::text(lang, "admin-token-never"), form::when),
        state,
        live: tk.revoked_at.is_none() && !expired,
    }
}

/// An account write refused: the page as it is now with the reason; other
/// faults as pages.
async fn refused(state: &WebState, user: SessionUser, lang: Lang, id: i64, e: Error) -> Response {
    if is_page_fault(&e) {
        return page_error(lang, e);
    }
    let notice = Notice { kind: "error", text: refusal(lang, &e) };
    show_account(state, user, lang, id, Some(notice), None, e.status()).await
}

/// The answer to a write on account `id`: done, a redirect to `to` (303);
/// refused, the account's page with the reason ([`refused`]).
async fn after_write<T>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: i64,
    written: Result<T, Error>,
    to: &str,
) -> Response {
    match written {
        Ok(_) => Redirect::to(to).into_response(),
        Err(e) => refused(state, user, lang, id, e).await,
    }
}

/// The audit trail's caller of a form's write `what` on account `id`'s page
/// (`POST /admin/accounts/{id}/{what}`).
fn account_actor(user: &SessionUser, id: i64, what: &str) -> Actor {
    form::actor(user, &format!("/admin/accounts/{id}/{what}"))
}

/// `POST /admin/accounts/{id}/role` (`role`, `_version`): sets the role,
/// expecting the version the page was loaded at (412 says someone changed
/// it meanwhile); an administrator cannot take their own right away (409).
pub async fn change_role(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let actor = account_actor(&user, id, "role");
    let result = async {
        let (current, _) = account::account_with_tokens(&state.store, id).await?;
        let role = match sent.text("role") {
            r if r == "teacher" => Role::Teacher,
            r => account::read_new_account(&json!({"name": current.name.clone(), "role": r}))?.role,
        };
        account::update_account(&state.store, &actor, id, &sent.expect()?, &current.name, role).await
    }
    .await;
    after_write(&state, user, lang, id, result, &format!("/admin/accounts/{id}?done=saved")).await
}

/// `POST /admin/accounts/{id}/delete` (`_version`): deletes the account with
/// its tokens; not the administrator's own (409).
pub async fn delete(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let actor = account_actor(&user, id, "delete");
    let result = async { account::delete_account(&state.store, &actor, id, &sent.expect()?).await }.await;
    after_write(&state, user, lang, id, result, "/admin?done=deleted").await
}

/// `POST /admin/accounts/{id}/tokens` (`label`, `expiresInDays`): creates a
/// token and shows its secret once, on this answer only.
pub async fn create_token(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let days = sent.get("expiresInDays").trim().parse::<i64>().ok();
    let body = json!({"account": id, "label": sent.text("label"), "expiresInDays": days});
    let actor = account_actor(&user, id, "tokens");
    let result = async {
        let (account, label, days) = account::read_new_token(&body)?;
        account::create_token(&state.store, &actor, account, label.as_deref(), account::expiry_in(days).as_deref())
            .await
    }
    .await;
    match result {
        Ok((_, token)) => {
            let secret = Secret {
                id: "admin-new-token",
                label: i18n::text(lang, "admin-token-secret"),
                value: token.text,
                hint: i18n::text(lang, "admin-token-secret-hint"),
            };
            let notice = Notice { kind: "ok", text: i18n::text(lang, "admin-done-token") };
            show_account(&state, user, lang, id, Some(notice), Some(secret), StatusCode::CREATED).await
        }
        Err(e) => refused(&state, user, lang, id, e).await,
    }
}

/// `POST /admin/accounts/{id}/tokens/{token}/revoke`: revokes the token with immediate effect.
pub async fn revoke_token(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path((id, token)): Path<(i64, i64)>,
) -> Response {
    let actor = account_actor(&user, id, &format!("tokens/{token}/revoke"));
    let result = account::revoke_token(&state.store, &actor, token).await;
    after_write(&state, user, lang, id, result, &format!("/admin/accounts/{id}?done=revoked")).await
}

/// `POST /admin/accounts/{id}/signin-link`: a one-time sign-in link for the
/// account (what `schoolplan account signin-link NAME` prints), shown once.
/// Its address is the public URL, else `http://` and the request's `Host`.
pub async fn signin_link(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Response {
    let base = state.config.base_url(&headers);
    let result = async {
        let (account, _): (Account, _) = account::account_with_tokens(&state.store, id).await?;
        session::create_link(&state.store, &account.name, &base).await
    }
    .await;
    match result {
        Ok(link) => {
            let minutes = session::LINK_LIFETIME.num_minutes().to_string();
            let secret = Secret {
                id: "admin-new-link",
                label: i18n::text(lang, "admin-link-secret"),
                value: link,
                hint: i18n::text_with(lang, "admin-link-secret-hint", &[("minutes", minutes.into())]),
            };
            show_account(&state, user, lang, id, None, Some(secret), StatusCode::OK).await
        }
        Err(e) => refused(&state, user, lang, id, e).await,
    }
}
