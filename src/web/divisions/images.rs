//! A division's logo and its head's signature on the division's page
//! (docs/web.md §Organisationseinheiten): the preview, served by
//! `GET /divisions/{id}/logo` and `…/signature` with the image's own type;
//! a multipart form (`POST /divisions/{id}/logo`, with `_csrf`, `_version`
//! and the file `file`) that uploads a new one; `POST …/logo/remove`, which
//! removes it.
//!
//! An upload becomes the API's wire form (`{"fileName", "mimeType", "data":
//! base64}`, docs/contract.md §Envelope and forms), its type read from the
//! file's first bytes; the division is saved with that image through
//! [`crud::update`] expecting the version the page was loaded at, as
//! `PUT /api/v1/division/ID` does, so the domain's reader checks it again. An
//! empty, too large (over 1 MiB) or other file than PNG or JPEG is refused
//! beside the file field (422) before that.

use askama::Template;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use base64::Engine as _;
use serde_json::{json, Value};

use super::DivisionRecord;
use crate::domain::body_reader::{image_type, Binary, Mode, MAX_BINARY_BYTES};
use crate::domain::division::{Division, NewDivision};
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang, Message};
use crate::service::crud;
use crate::service::resources::Divisions;
use crate::service::session::SessionUser;
use crate::web::form::{self, FieldErrors, FormData, VERSION_FIELD};
use crate::web::guard::{SignedIn, UPLOAD_LIMIT};
use crate::web::kit::errors::{error_page, page_error};
use crate::web::kit::state::WebState;
use crate::web::record::{self, Notice, Record, SectionContext};

/// The multipart form's file field.
pub const FILE_FIELD: &str = "file";

/// One of a division's two images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Image {
    /// The logo printed on documents (`logo`).
    Logo,
    /// The head's signature (`headSignature`).
    Signature,
}

impl Image {
    /// Both, in the page's order.
    pub const ALL: [Image; 2] = [Image::Logo, Image::Signature];

    /// The path segment (`/divisions/{id}/logo`) and the ids' part (`f-logo`).
    pub fn slug(self) -> &'static str {
        match self {
            Image::Logo => "logo",
            Image::Signature => "signature",
        }
    }

    /// The API's body key (`logo`, `headSignature`).
    pub fn key(self) -> &'static str {
        match self {
            Image::Logo => "logo",
            Image::Signature => "headSignature",
        }
    }

    /// The image of `d`, if any.
    pub fn of(self, d: &Division) -> Option<&Binary> {
        match self {
            Image::Logo => d.logo.as_ref(),
            Image::Signature => d.head_signature.as_ref(),
        }
    }

    /// The catalogue text `divisions-{slug}-{what}` in `lang`, with `args`.
    fn text(self, lang: Lang, what: &str, args: &[(&'static str, std::borrow::Cow<'_, str>)]) -> String {
        i18n::text_with(lang, &format!("divisions-{}-{what}", self.slug()), args)
    }
}

/// The routes of the images: `GET|POST /divisions/{id}/{logo|signature}`,
/// `POST …/remove`. An upload may be read up to [`UPLOAD_LIMIT`], so that a
/// too large file is refused beside its field.
pub fn routes() -> Router<WebState> {
    let mut router = Router::new();
    for image in Image::ALL {
        let path = format!("{}/{{id}}/{}", DivisionRecord::BASE, image.slug());
        router = router
            .route(
                &path,
                get(move |state: State<WebState>, who: SignedIn, id: Path<i64>| serve(state, who, id, image))
                    .post(move |state: State<WebState>, who: SignedIn, id: Path<i64>, form: Multipart| {
                        upload(state, who, id, form, image)
                    })
                    .layer(DefaultBodyLimit::max(UPLOAD_LIMIT)),
            )
            .route(
                &format!("{path}/remove"),
                post(
                    move |state: State<WebState>,
                          who: SignedIn,
                          id: Path<i64>,
                          sent: axum::Form<Vec<(String, String)>>| {
                        remove(state, who, id, sent, image)
                    },
                ),
            );
    }
    router
}

/// `GET /divisions/{id}/{image}`: the image's bytes with its type (404 when
/// the division has none).
async fn serve(
    State(state): State<WebState>,
    SignedIn { lang, .. }: SignedIn,
    Path(id): Path<i64>,
    image: Image,
) -> Response {
    let division = match crud::get::<Divisions>(&state.store, id).await {
        Ok(d) => d,
        Err(e) => return page_error(lang, e),
    };
    let Some(binary) = image.of(&division) else {
        return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found");
    };
    let kind = HeaderValue::from_str(&binary.mime_type)
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    ([(header::CONTENT_TYPE, kind)], binary.data.clone()).into_response()
}

/// A file as uploaded.
#[derive(Debug, Default)]
struct Upload {
    /// The version the page was loaded at (`_version`).
    version: String,
    /// The file's name as the browser sent it, if any.
    file_name: Option<String>,
    /// The bytes (empty: no file chosen).
    data: Vec<u8>,
}

/// Reads the multipart form: `_version` and the file.
async fn read_upload(mut form: Multipart) -> std::result::Result<Upload, ()> {
    let mut upload = Upload::default();
    while let Some(field) = form.next_field().await.map_err(|_| ())? {
        match field.name() {
            Some(VERSION_FIELD) => upload.version = field.text().await.map_err(|_| ())?,
            Some(FILE_FIELD) => {
                upload.file_name = field.file_name().map(|n| n.rsplit(['/', '\\']).next().unwrap_or(n).to_string());
                upload.data = field.bytes().await.map_err(|_| ())?.to_vec();
            }
            _ => {}
        }
    }
    Ok(upload)
}

/// A file size as people read it, rounded up: below 1 MiB in whole
/// kilobytes (`1 KB`, `312 KB`), else megabytes with one decimal (`1 MB`, `2.4 MB`).
fn file_size(bytes: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if bytes < MIB {
        return format!("{} KB", bytes.div_ceil(1024));
    }
    let tenths = bytes.saturating_mul(10).div_ceil(MIB);
    if tenths.is_multiple_of(10) {
        format!("{} MB", tenths / 10)
    } else {
        format!("{}.{} MB", tenths / 10, tenths % 10)
    }
}

/// The API's wire form of an uploaded file, or why it is refused: none
/// chosen, larger than 1 MiB, neither PNG nor JPEG (by its first bytes).
fn wire(image: Image, upload: &Upload) -> Result<Value> {
    let refuse = |message: Message| Err(Error::field(format!("/{}", image.key()), ErrorCode::InvalidBinary, message));
    if upload.data.is_empty() {
        return refuse(Message::new("divisions-image-missing"));
    }
    if upload.data.len() > MAX_BINARY_BYTES {
        return refuse(
            Message::new("divisions-image-too-large")
                .arg("size", file_size(upload.data.len()))
                .arg("max", file_size(MAX_BINARY_BYTES)),
        );
    }
    let Some(mime) = image_type(&upload.data) else {
        return refuse(Message::new("divisions-image-not-image"));
    };
    Ok(json!({
        "fileName": upload.file_name,
        "mimeType": mime,
        "data": base64::engine::general_purpose::STANDARD.encode(&upload.data),
    }))
}

/// Saves division `id` with `image` set to `value` (wire form or null),
/// the other fields as they are, expecting `version`.
async fn write(state: &WebState, user: &SessionUser, id: i64, version: &str, image: Image, value: Value) -> Result<()> {
    let current = crud::get::<Divisions>(&state.store, id).await?;
    let mut body = DivisionRecord::body_over(&DivisionRecord::values_of(&current), &current);
    body[image.key()] = value;
    let new = NewDivision::from_body(&body, Mode::Replace)?;
    let expect = FormData(vec![(VERSION_FIELD.to_string(), version.to_string())]).expect()?;
    let actor = form::actor(user, &format!("{}/{id}/{}", DivisionRecord::BASE, image.slug()));
    crud::update::<Divisions>(&state.store, &actor, id, &expect, &new).await.map(|_| ())
}

/// `POST /divisions/{id}/{image}` (multipart): uploads the image; the
/// division's page after it, or again with the problem beside the file field.
async fn upload(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    form: Multipart,
    image: Image,
) -> Response {
    let result = match read_upload(form).await {
        Ok(upload) => match wire(image, &upload) {
            Ok(value) => write(&state, &user, id, &upload.version, image, value).await,
            Err(e) => Err(e),
        },
        Err(()) => Err(Error::field(
            format!("/{}", image.key()),
            ErrorCode::InvalidBinary,
            Message::new("divisions-image-unreadable"),
        )),
    };
    written(&state, user, lang, id, image, result).await
}

/// `POST /divisions/{id}/{image}/remove` (`_version`): removes the image.
async fn remove(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    axum::Form(sent): axum::Form<Vec<(String, String)>>,
    image: Image,
) -> Response {
    let version = FormData(sent).get(VERSION_FIELD).to_string();
    let result = write(&state, &user, id, &version, image, Value::Null).await;
    written(&state, user, lang, id, image, result).await
}

/// The answer to a write of `image`: the page (303, scrolled to the image)
/// after it; the page with the problem above and beside the file field
/// (422), or with someone else's change (412); other faults as pages.
async fn written(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: i64,
    image: Image,
    result: Result<()>,
) -> Response {
    let e = match result {
        Ok(()) => {
            let to = format!("{}/{id}?done=saved#image-{}", DivisionRecord::BASE, image.slug());
            return Redirect::to(&to).into_response();
        }
        Err(e) => e,
    };
    let (text, errors) = match e.code() {
        ErrorCode::NotFound | ErrorCode::Internal | ErrorCode::Forbidden => return page_error(lang, e),
        ErrorCode::PreconditionFailed => (i18n::text(lang, "form-changed-meanwhile"), FieldErrors::none(lang)),
        _ => {
            let keys: Vec<&str> = Image::ALL.iter().map(|i| i.key()).collect();
            let errors = FieldErrors::from_error(&e, lang, &keys);
            let label = image.text(lang, "label", &[]);
            let text = match errors.get(image.key(), &label) {
                Some(why) => format!("{label}: {why}"),
                None => i18n::text(lang, "form-has-errors"),
            };
            (text, errors)
        }
    };
    let notice = Notice { kind: "error", text };
    record::show_detail::<DivisionRecord>(state, user, lang, id, Some(notice), &errors, e.status()).await
}

/// The images' section of the division's page.
#[derive(Template)]
#[template(path = "web/divisions/images.html")]
pub struct ImagesSection<'a> {
    /// The heading.
    pub title: String,
    /// The page's id, version, CSRF token and whether the person may write (shows the forms).
    pub ctx: &'a SectionContext<'a>,
    /// The two images.
    pub images: Vec<ImageView>,
}

/// One image as the section shows it.
#[derive(Debug, Clone)]
pub struct ImageView {
    /// `logo` or `signature` (path and ids).
    pub slug: &'static str,
    /// The heading (`Logo`).
    pub label: String,
    /// The preview's URL, when there is an image.
    pub src: Option<String>,
    /// The preview's text alternative.
    pub alt: String,
    /// File name, type and size of the image; or that there is none.
    pub about: String,
    /// The file field's label.
    pub choose: String,
    /// What the file field accepts.
    pub hint: String,
    /// The upload button.
    pub upload: String,
    /// The remove button.
    pub remove: String,
    /// Why the last upload was refused, if it was.
    pub error: Option<String>,
}

impl ImageView {
    /// The ids the file field is described by (hint, and error if any).
    pub fn described_by(&self) -> String {
        match self.error {
            Some(_) => format!("f-{0}-hint f-{0}-error", self.slug),
            None => format!("f-{}-hint", self.slug),
        }
    }
}

/// The HTML of the images' section of division `d`'s page.
pub fn section(ctx: &SectionContext<'_>, d: &Division) -> String {
    let lang = ctx.lang;
    let images = Image::ALL
        .into_iter()
        .map(|image| {
            let label = image.text(lang, "label", &[]);
            let about = match image.of(d) {
                Some(b) => i18n::text_with(
                    lang,
                    "divisions-image-about",
                    &[
                        ("name", b.file_name.clone().unwrap_or_else(|| "–".into()).into()),
                        ("type", b.mime_type.trim_start_matches("image/").to_uppercase().into()),
                        ("size", file_size(b.data.len()).into()),
                    ],
                ),
                None => image.text(lang, "none", &[]),
            };
            ImageView {
                slug: image.slug(),
                src: image.of(d).map(|_| format!("{}/{}/{}", DivisionRecord::BASE, ctx.id, image.slug())),
                alt: image.text(lang, "alt", &[("code", d.code.as_str().into())]),
                about,
                choose: image.text(lang, "choose", &[]),
                hint: i18n::text_with(lang, "divisions-image-hint", &[("max", file_size(MAX_BINARY_BYTES).into())]),
                upload: image.text(lang, "upload", &[]),
                remove: image.text(lang, "remove", &[]),
                error: ctx.errors.get(image.key(), &label),
                label,
            }
        })
        .collect();
    let html = ImagesSection { title: i18n::text(lang, "divisions-images-title"), ctx, images }.render();
    html.unwrap_or_else(|e| {
        tracing::error!(error = %e, "rendering a division's images failed");
        String::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_kilobytes_or_megabytes_rounded_up() {
        assert_eq!(file_size(MAX_BINARY_BYTES), "1 MB");
        assert_eq!(file_size(MAX_BINARY_BYTES + 1), "1.1 MB");
        assert_eq!(file_size(5 * 1024 * 1024 / 2), "2.5 MB");
        assert_eq!(file_size(1), "1 KB");
        assert_eq!(file_size(1025), "2 KB");
        assert_eq!(file_size(MAX_BINARY_BYTES - 1), "1024 KB");
    }

    #[test]
    fn an_upload_becomes_the_wire_form_with_the_type_of_its_bytes() {
        let png =
            Upload { version: String::new(), file_name: Some("l.png".into()), data: b"\x89PNG\r\n\x1a\nx".to_vec() };
        let v = wire(Image::Logo, &png).unwrap();
        assert_eq!(v["mimeType"], "image/png");
        assert_eq!(v["fileName"], "l.png");
        let text = Upload { data: b"hello".to_vec(), ..Upload::default() };
        let e = wire(Image::Signature, &text).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidBinary);
        let big = Upload { data: [&[0xFF, 0xD8, 0xFF][..], &vec![0; MAX_BINARY_BYTES]].concat(), ..Upload::default() };
        assert!(wire(Image::Logo, &big).is_err());
        assert!(wire(Image::Logo, &Upload::default()).is_err());
    }
}
