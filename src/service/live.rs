//! Working together live (docs/web.md §Working together): the changes other
//! people make, as they are committed, and who has which school year open.
//!
//! - **Changes** come from the audit trail, which every write fills in its own
//!   transaction — through this server, another server on the same
//!   database, or the command line. One task per server asks for the entries
//!   after the last one it saw, every [`POLL_EVERY`] while anybody listens
//!   (one query per server, however many browsers), and hands them to every
//!   listener ([`LiveHub::subscribe`]). So a change reaches the open pages of
//!   every server within about [`POLL_EVERY`] plus the page's reload.
//! - **Presence** is kept by each server for the pages open on it
//!   ([`LiveHub::enter`]); a page shows the others on the same year on its
//!   server.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::broadcast;

use crate::store::account::AuditEntry;
use crate::store::Store;

/// How often the hub asks for new audit entries while anybody listens.
pub const POLL_EVERY: Duration = Duration::from_millis(250);

/// Entries read per poll at most (the rest the next time).
const BATCH: i64 = 200;

/// One change as the pages are told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveChange {
    /// The audit entry's id.
    pub id: i64,
    /// Who changed it (account id; `None`: the command line).
    pub account_id: Option<i64>,
    /// Their account name.
    pub account_name: String,
    /// The kind of object (`course`, `poolentry`, …).
    pub object_type: String,
    /// Its id.
    pub object_id: Option<i64>,
    /// `POST` (created), `PUT` (changed), `DELETE` (deleted).
    pub method: String,
}

impl From<AuditEntry> for LiveChange {
    fn from(e: AuditEntry) -> Self {
        LiveChange {
            id: e.id,
            account_id: e.account_id,
            account_name: e.account_name,
            object_type: e.object_type,
            object_id: e.object_id,
            method: e.method,
        }
    }
}

/// The changes and the presence of one server (see the module doc).
#[derive(Debug)]
pub struct LiveHub {
    store: Store,
    changes: broadcast::Sender<LiveChange>,
    /// Year → session → (account name, open pages).
    presence: Mutex<HashMap<i64, HashMap<i64, (String, u32)>>>,
    /// Tells the pages of a year that its presence changed.
    presence_changed: broadcast::Sender<i64>,
    poller: Mutex<bool>,
}

/// A page's place in the presence of its year; leaving when dropped.
#[derive(Debug)]
pub struct Presence {
    hub: Arc<LiveHub>,
    year: i64,
    session: i64,
}

impl LiveHub {
    /// A hub on `store`; its poller starts with the first listener.
    pub fn new(store: Store) -> Arc<LiveHub> {
        Arc::new(LiveHub {
            store,
            changes: broadcast::channel(256).0,
            presence: Mutex::new(HashMap::new()),
            presence_changed: broadcast::channel(64).0,
            poller: Mutex::new(false),
        })
    }

    /// The changes committed from now on (after the newest audit entry).
    pub fn subscribe(self: &Arc<Self>) -> broadcast::Receiver<LiveChange> {
        let rx = self.changes.subscribe();
        let mut running = self.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !*running {
            *running = true;
            tokio::spawn(poll(Arc::downgrade(self), self.store.clone()));
        }
        rx
    }

    /// The years whose presence changed.
    pub fn presence_changes(&self) -> broadcast::Receiver<i64> {
        self.presence_changed.subscribe()
    }

    /// Notes that `name`'s session `session` has year `year` open, until the
    /// returned guard is dropped.
    pub fn enter(self: &Arc<Self>, year: i64, session: i64, name: &str) -> Presence {
        {
            let mut all = self.presence.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let entry = all.entry(year).or_default().entry(session).or_insert_with(|| (name.to_string(), 0));
            entry.1 += 1;
        }
        let _ = self.presence_changed.send(year);
        Presence { hub: self.clone(), year, session }
    }

    /// The names of the others with year `year` open, sorted, without
    /// `account`'s own sessions.
    pub fn others(&self, year: i64, own_name: &str) -> Vec<String> {
        let all = self.presence.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut names: Vec<String> = all
            .get(&year)
            .map(|s| s.values().map(|(n, _)| n.clone()).filter(|n| n != own_name).collect())
            .unwrap_or_default();
        names.sort();
        names.dedup();
        names
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        {
            let mut all = self.hub.presence.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(sessions) = all.get_mut(&self.year) {
                if let Some(entry) = sessions.get_mut(&self.session) {
                    entry.1 -= 1;
                    if entry.1 == 0 {
                        sessions.remove(&self.session);
                    }
                }
                if sessions.is_empty() {
                    all.remove(&self.year);
                }
            }
        }
        let _ = self.hub.presence_changed.send(self.year);
    }
}

/// The poller: from the newest entry at its start, reads the new audit
/// entries every [`POLL_EVERY`] and sends them; stops when nobody listens
/// (the next listener starts it again) or the hub is gone.
async fn poll(hub: Weak<LiveHub>, store: Store) {
    let mut last = match store.conn().await {
        Ok(mut conn) => conn.last_audit_id().await.unwrap_or(0),
        Err(_) => 0,
    };
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        let Some(hub) = hub.upgrade() else { return };
        if hub.changes.receiver_count() == 0 {
            let mut running = hub.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            // Checked again under the lock: a listener that subscribed
            // meanwhile found the poller running and did not start another.
            if hub.changes.receiver_count() == 0 {
                *running = false;
                return;
            }
        }
        let entries = match store.conn().await {
            Ok(mut conn) => conn.audit_after(last, BATCH).await,
            Err(e) => Err(e),
        };
        match entries {
            Ok(entries) => {
                for e in entries {
                    last = last.max(e.id);
                    let _ = hub.changes.send(LiveChange::from(e));
                }
            }
            Err(e) => tracing::warn!(error = ?e, "reading the audit trail for live changes failed"),
        }
    }
}
