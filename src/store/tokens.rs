//! The token cache: the per-request token lookup (docs/contract.md §Roles and authentication) without a
//! database read per request, the same on SQLite and PostgreSQL.
//!
//! Token rows are remembered by public id (also "no such token", so guessed
//! ids cost no more than known ones) under the write generation they were read
//! in, and used only while it is the current one after
//! [`ChangeWatch::catch_up`]. Any commit — a revocation through the API, by
//! `schoolplan token revoke`, by another server or by SQL by hand — starts a
//! new generation (see [`super::commit_watch`]), so a revoked token is refused
//! from the next request on — on the same server, on SQLite and with
//! `--change-check poll`; another PostgreSQL server that listens for
//! notifications (the default) refuses it once the commit's notification has
//! arrived, usually well under a millisecond later. The secret is still
//! compared (in constant time) and the expiry checked on every request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::account::AuthRow;
use super::commit_watch::ChangeWatch;
use crate::auth::Principal;
use crate::error::Result;

/// Remembered rows at most; beyond it they are all forgotten.
const MAX_REMEMBERED: usize = 10_000;

/// Token rows by public id (`None`: no such token), each with the generation it was read in.
type Rows = HashMap<String, (u64, Option<Arc<AuthRow>>)>;

/// Remembered token rows of one application.
#[derive(Debug)]
pub struct TokenCache {
    watch: Arc<ChangeWatch>,
    rows: Mutex<Rows>,
}

impl TokenCache {
    /// An empty cache kept coherent by `watch`.
    pub fn new(watch: Arc<ChangeWatch>) -> Arc<TokenCache> {
        Arc::new(TokenCache { watch, rows: Mutex::default() })
    }

    /// The principal of a presented token, or `None` when unknown, revoked,
    /// expired or the secret does not match (constant-time compare).
    /// `generation` comes from a [`ChangeWatch::catch_up`] of this request
    /// (made before any row is used or read).
    ///
    /// Errors: the database's (500/503) when the row must be read.
    pub async fn authenticate(&self, generation: u64, public_id: &str, secret: &str) -> Result<Option<Principal>> {
        let remembered = self.lock().get(public_id).filter(|(at, _)| *at == generation).map(|(_, row)| row.clone());
        let row = match remembered {
            Some(row) => row,
            None => {
                let row = self.watch.store().conn().await?.auth_row(public_id).await?.map(Arc::new);
                let mut rows = self.lock();
                // Kept only when no write was seen meanwhile (it may have changed the row).
                if self.watch.current() == generation {
                    if rows.len() >= MAX_REMEMBERED {
                        rows.clear();
                    }
                    rows.insert(public_id.to_string(), (generation, row.clone()));
                }
                row
            }
        };
        row.map_or(Ok(None), |row| row.principal(secret))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Rows> {
        self.rows.lock().unwrap_or_else(|e| e.into_inner())
    }
}
