//! What the list pages share (docs/web.md §Master-data forms): the URL a
//! page answers for, the search text, the `n of m` sentence, the answer to
//! htmx asking for a list alone, and the notice after a write (`?done=`).

use std::collections::HashMap;

use axum::http::Uri;
use axum::response::{IntoResponse, Response};

use super::htmx::HxResponse;
use super::notice::Notice;
use crate::i18n::{self, Lang};

/// The request's path and query (the language switch comes back to it,
/// htmx pushes it).
pub fn here(uri: &Uri) -> String {
    uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string())
}

/// The search text of a list's query (`q`), trimmed; empty when absent.
pub fn search_text(query: &HashMap<String, String>) -> String {
    query.get("q").map(|s| s.trim().to_string()).unwrap_or_default()
}

/// The sentence of catalogue key `key` saying how many of all are shown (`$shown`, `$total`).
pub fn count_text(lang: Lang, key: &str, shown: usize, total: usize) -> String {
    i18n::text_with(lang, key, &[("shown", shown.to_string().into()), ("total", total.to_string().into())])
}

/// The answer to htmx asking for a list's region alone: `region` (rendered)
/// with the URL `here` pushed to the browser's history.
pub fn region_answer(here: String, region: Response) -> Response {
    (HxResponse { push_url: Some(here), ..Default::default() }, region).into_response()
}

/// The notice after a write: `?done=D` with `D` one of `known` says the text
/// of catalogue key `{prefix}-done-{D}`; anything else, nothing.
pub fn done_notice(lang: Lang, query: &HashMap<String, String>, prefix: &str, known: &[&str]) -> Option<Notice> {
    let done = query.get("done").filter(|d| known.contains(&d.as_str()))?;
    Some(Notice { kind: "ok", text: i18n::text(lang, &format!("{prefix}-done-{done}")) })
}
