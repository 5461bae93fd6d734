//! The year kept (docs/web.md §The year kept): the school year a person
//! opens a page of (`GET /years/{year}/…`) becomes their account's year
//! ([`crate::service::session::keep_year`]), on the server, until they open
//! another. The menu's year-bound entries lead to it from every page
//! ([`super::layout::Page::nav`]); no link changes it behind their back.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

use super::guard::Viewer;
use super::kit::state::WebState;

/// Middleware inside the session guard ([`super::guard::guard`], whose
/// [`Viewer`] it reads): after a signed-in person's successful `GET` of a
/// page of a school year, keeps that year as theirs. A failure to keep it is
/// logged and the page answered all the same.
pub async fn keep_the_year(State(state): State<WebState>, req: Request, next: Next) -> Response {
    let chosen = match req.extensions().get::<Viewer>() {
        Some(Viewer { user: Some(user), .. }) if req.method() == Method::GET => {
            year_of_path(req.uri().path()).filter(|y| user.school_year != Some(*y)).map(|y| (user.clone(), y))
        }
        _ => None,
    };
    let res = next.run(req).await;
    if let Some((user, year)) = chosen {
        if res.status().is_success() {
            if let Err(e) = crate::service::session::keep_year(&state.store, &user, year).await {
                tracing::warn!(error = %e, year, "cannot keep the school year chosen");
            }
        }
    }
    res
}

/// The school year of a page's path `/years/{year}/{screen}…`, if it is one.
pub fn year_of_path(path: &str) -> Option<i64> {
    let (year, screen) = path.strip_prefix("/years/")?.split_once('/')?;
    if screen.is_empty() || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    year.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::year_of_path;

    #[test]
    fn only_a_page_of_a_year_names_one() {
        assert_eq!(year_of_path("/years/3/grid"), Some(3));
        assert_eq!(year_of_path("/years/12/workload/7/pdf"), Some(12));
        assert_eq!(year_of_path("/years/3/"), None);
        assert_eq!(year_of_path("/years/3"), None);
        assert_eq!(year_of_path("/years/+3/grid"), None);
        assert_eq!(year_of_path("/years/x/grid"), None);
        assert_eq!(year_of_path("/teachers/3/grid"), None);
        assert_eq!(year_of_path("/years"), None);
    }
}
