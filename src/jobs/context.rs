//! What every job may use: its [`Context`] and the reads and checks several
//! jobs share (the job bodies are in `kinds.rs`, `pdf.rs` and `mail.rs`).

use crate::domain::employment::Employment;
use crate::domain::ids::{JobId, TeacherId};
use crate::domain::job::{JobKind, JobParams};
use crate::domain::teacher::Teacher;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::store::employment::EmploymentFilter;
use crate::store::{Conn, Store};

use super::{JobConfig, Progress};

/// What a running job may use.
#[derive(Debug, Clone)]
pub struct Context {
    /// The database.
    pub store: Store,
    /// Its progress and log.
    pub progress: Progress,
    /// The runner's settings (SMTP).
    pub config: JobConfig,
    /// The job's id.
    pub job: JobId,
    /// Who started it (writes are audited in their name; `None` when their
    /// account was deleted since).
    pub who: Option<crate::auth::Principal>,
    /// The language of the request that started the job: its log is written
    /// in it (docs/i18n.md §Job logs).
    pub lang: crate::i18n::Lang,
}

impl Context {
    /// The catalogue text `key` with `args`, in the job's language.
    pub fn text(&self, key: &str, args: &[(&'static str, std::borrow::Cow<'_, str>)]) -> String {
        crate::i18n::text_with(self.lang, key, args)
    }
}

/// 422 `job_not_available` for a job this server cannot run (yet).
pub fn not_available(kind: JobKind) -> Error {
    Error::new(
        ErrorCode::JobNotAvailable,
        Message::new("error-job-not-available-here").arg("name", kind.name()).arg("title", kind.title()),
    )
}

pub use crate::domain::teacher::valid_email;

/// The employments a workload job covers: the year's, of one teacher or one
/// division when given, by teacher code.
pub async fn selected_employments(conn: &mut Conn, params: &JobParams) -> Result<Vec<Employment>> {
    let list =
        conn.list_employments(EmploymentFilter { school_year: params.school_year, teacher: params.teacher }).await?;
    Ok(list.into_iter().filter(|e| params.division.is_none_or(|d| e.division.id == d.0)).collect())
}

/// The single forms of `ids` (title, employee number, birthday) by id, read in one batch.
pub async fn full_teachers(
    conn: &mut Conn,
    ids: impl Iterator<Item = TeacherId>,
) -> Result<std::collections::HashMap<i64, Teacher>> {
    let ids: Vec<TeacherId> = ids.collect();
    Ok(conn.teachers_by_ids(&ids).await?.into_iter().map(|t| (t.id.0, t)).collect())
}
