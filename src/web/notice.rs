//! The message above a page's content (`templates/web/form/notice.html`):
//! what was just done, or why it was not.

/// A message above a page's content.
#[derive(Debug, Clone)]
pub struct Notice {
    /// `ok` (done) or `error` (refused); the CSS class `notice--{kind}`.
    pub kind: &'static str,
    /// The text.
    pub text: String,
}
