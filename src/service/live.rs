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
//! - **Presence** is kept in the database for every server
//!   ([`crate::store::presence`]). Each server knows the pages open on it
//!   ([`LiveHub::enter`]; shown on its other pages at once) and writes them
//!   as rows of its own (year, session, account name; the server named by a
//!   random id per start): at the next poll after a page opened or closed,
//!   and every [`HEARTBEAT`] to renew them. A row not renewed within
//!   [`LEASE`] (a server that stopped without cleaning up) counts as gone,
//!   and the next heartbeat of any server deletes it. The same task reads the
//!   rows of the other servers every [`LOOK_EVERY`] — one query per server,
//!   however many browsers — and tells the pages of a year when the names on
//!   the other servers changed ([`LiveHub::presence_changes`]). So a
//!   colleague's page opened or closed on another server shows within about
//!   [`POLL_EVERY`] plus [`LOOK_EVERY`]; one on a server that stopped within
//!   [`LEASE`]. Presence is written and read only while the task runs: while
//!   a page of this server listens, or has a year open.
//! - **Who hears what.** A change goes only to the streams of its own school
//!   year (master data, which has none, to every year: [`LiveChange::reaches`])
//!   and only to people who may read its object through the API
//!   ([`may_see`]: accounts and tokens only to administrators, settings to
//!   their owner).
//! - **How many listen.** A session holds at most [`STREAMS_PER_SESSION`]
//!   streams and a server at most its configured total
//!   ([`LiveHub::with_limit`], `serve --live-streams`); beyond,
//!   [`LiveHub::open_stream`] refuses. A session's streams end when it signs
//!   out ([`LiveHub::end_session`]), and every stream ends when the server
//!   stops ([`LiveHub::close_all`]).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tokio::sync::broadcast;
use tokio::time::Instant;

use super::audit::Action;
use crate::auth::{timestamp_text, Role};
use crate::error::Result;
use crate::store::account::AuditEntry;
use crate::store::presence::OpenYear;
use crate::store::Store;

/// How often the hub asks for new audit entries while anybody listens.
pub const POLL_EVERY: Duration = Duration::from_millis(250);

/// How often a server renews its presence rows (and deletes the rows whose
/// lease ran out).
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// A presence row not renewed for this long counts as gone: three heartbeats.
pub const LEASE: Duration = Duration::from_secs(15);

/// How often the hub reads the presence on the other servers.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Entries read per poll at most (the rest the next time).
const BATCH: i64 = 200;

/// Live streams one session may hold at once (tabs of one person).
pub const STREAMS_PER_SESSION: usize = 8;

/// Live streams one server holds at most, unless configured otherwise
/// (`serve --live-streams`).
pub const DEFAULT_STREAMS: usize = 1000;

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
    /// What was done, whichever front door did it.
    pub action: Action,
    /// The object as planners name it (`Biologie F29c`, `jla`, `jla 26/27`;
    /// `None`: unknown).
    pub label: Option<String>,
    /// Whether the object is still there after the change (not deleted,
    /// nor merged into another): only then may a note link to it.
    pub remains: bool,
    /// The school year of the object (`None`: master data, every year).
    pub school_year: Option<i64>,
}

impl LiveChange {
    /// Whether the pages of school year `year` are told of this change: its
    /// own year's, or every year's for master data.
    pub fn reaches(&self, year: i64) -> bool {
        self.school_year.is_none_or(|y| y == year)
    }
}

/// Whether someone with `role`, signed in as account `account`, may read the
/// object of `change` through the API, and so be told of it: accounts,
/// tokens and the audit trail are for administrators (as `/api/v1/account`,
/// `/api/v1/token`, `/api/v1/audit`), settings for their own account and
/// administrators, planning and master data for every role but `teacher`.
pub fn may_see(change: &LiveChange, role: Role, account: i64) -> bool {
    if role == Role::Teacher {
        // A teacher reads only their own sheets, which have a stream of their own.
        return false;
    }
    match change.object_type.as_str() {
        "account" | "token" | "audit" | "dataset" => role == Role::Admin,
        "settings" => role == Role::Admin || change.object_id == Some(account),
        _ => true,
    }
}

/// Whether school year `year` exists (a stream for another gets 404).
pub async fn year_exists(store: &Store, year: i64) -> Result<bool> {
    Ok(store.conn().await?.get_school_year(crate::domain::ids::SchoolYearId(year)).await?.is_some())
}

impl From<AuditEntry> for LiveChange {
    fn from(e: AuditEntry) -> Self {
        LiveChange {
            id: e.id,
            account_id: e.account_id,
            account_name: e.account_name,
            object_type: e.object_type,
            object_id: e.object_id,
            action: Action::of_entry(e.action.as_deref(), &e.changes),
            label: e.label,
            remains: remains(&e.changes),
            school_year: e.school_year,
        }
    }
}

/// Whether the compact changes `changes` keep values after the change (the
/// object remains), as every action but a deletion does.
fn remains(changes: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(changes).is_ok_and(|c| c.get("after").is_some())
}

/// The changes and the presence of one server (see the module doc).
#[derive(Debug)]
pub struct LiveHub {
    store: Store,
    /// This server's id in the presence rows (random, new at every start).
    server: String,
    changes: broadcast::Sender<LiveChange>,
    presence: Mutex<Presences>,
    /// Tells the pages of a year that its presence changed.
    presence_changed: broadcast::Sender<i64>,
    poller: Mutex<bool>,
    /// The streams open, per session and in all.
    streams: Mutex<Streams>,
    /// Tells the streams that a session ended (`Some`) or the server stops (`None`).
    endings: broadcast::Sender<Option<i64>>,
}

/// The live streams open on one server.
#[derive(Debug, Default)]
struct Streams {
    /// Most streams at once.
    limit: usize,
    /// Open now.
    total: usize,
    /// Open now, per session.
    per_session: HashMap<i64, usize>,
    /// The server stops: no new stream.
    closed: bool,
}

/// Why [`LiveHub::open_stream`] refused a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamRefused {
    /// The session holds [`STREAMS_PER_SESSION`] streams already.
    Session,
    /// The server holds its total already.
    Server,
    /// The server is stopping.
    Closing,
}

/// An open stream's place in the counts; given back when dropped.
#[derive(Debug)]
pub struct StreamSlot {
    hub: Arc<LiveHub>,
    session: i64,
    endings: broadcast::Receiver<Option<i64>>,
}

impl StreamSlot {
    /// Completes when the stream must end: its session signed out, or the
    /// server stops. Also when more endings came than the channel holds
    /// before this stream read them: its own sign-out may be among those
    /// lost, so it ends rather than outlive it; a browser whose session
    /// still holds opens it again (the page's `EventSource` reconnects).
    pub async fn ended(&mut self) {
        loop {
            match self.endings.recv().await {
                Ok(Some(s)) if s != self.session => continue,
                Ok(_) | Err(broadcast::error::RecvError::Closed | broadcast::error::RecvError::Lagged(_)) => return,
            }
        }
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = self.hub.streams();
        streams.total = streams.total.saturating_sub(1);
        if let Some(n) = streams.per_session.get_mut(&self.session) {
            *n -= 1;
            if *n == 0 {
                streams.per_session.remove(&self.session);
            }
        }
    }
}

/// Who has which year open, as one server knows it.
#[derive(Debug, Default)]
struct Presences {
    /// On this server: year → session → (account name, open pages).
    local: HashMap<i64, HashMap<i64, (String, u32)>>,
    /// `local` changed since it was last written.
    unwritten: bool,
    /// On the other servers, as last read: year → account names.
    others: HashMap<i64, BTreeSet<String>>,
}

/// A page's place in the presence of its year; leaving when dropped.
#[derive(Debug)]
pub struct Presence {
    hub: Arc<LiveHub>,
    year: i64,
    session: i64,
}

impl LiveHub {
    /// A hub on `store` holding at most [`DEFAULT_STREAMS`] streams; its
    /// poller starts with the first listener.
    pub fn new(store: Store) -> Arc<LiveHub> {
        LiveHub::with_limit(store, DEFAULT_STREAMS)
    }

    /// A hub on `store` holding at most `streams` streams at once.
    pub fn with_limit(store: Store, streams: usize) -> Arc<LiveHub> {
        Arc::new(LiveHub {
            store,
            server: uuid::Uuid::new_v4().to_string(),
            changes: broadcast::channel(256).0,
            presence: Mutex::new(Presences::default()),
            presence_changed: broadcast::channel(64).0,
            poller: Mutex::new(false),
            streams: Mutex::new(Streams { limit: streams, ..Streams::default() }),
            endings: broadcast::channel(64).0,
        })
    }

    /// A place for one more stream of session `session`, or why not (see
    /// the module doc).
    pub fn open_stream(self: &Arc<Self>, session: i64) -> std::result::Result<StreamSlot, StreamRefused> {
        let mut streams = self.streams();
        if streams.closed {
            return Err(StreamRefused::Closing);
        }
        if streams.per_session.get(&session).copied().unwrap_or(0) >= STREAMS_PER_SESSION {
            return Err(StreamRefused::Session);
        }
        if streams.total >= streams.limit {
            return Err(StreamRefused::Server);
        }
        streams.total += 1;
        *streams.per_session.entry(session).or_default() += 1;
        Ok(StreamSlot { hub: self.clone(), session, endings: self.endings.subscribe() })
    }

    /// The streams open on this server now.
    pub fn open_streams(&self) -> usize {
        self.streams().total
    }

    /// Ends the streams of session `session` (it signed out).
    pub fn end_session(&self, session: i64) {
        let _ = self.endings.send(Some(session));
    }

    /// Ends every stream and refuses new ones (the server stops).
    pub fn close_all(&self) {
        self.streams().closed = true;
        let _ = self.endings.send(None);
    }

    fn streams(&self) -> MutexGuard<'_, Streams> {
        self.streams.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The changes committed from now on (after the newest audit entry).
    pub fn subscribe(self: &Arc<Self>) -> broadcast::Receiver<LiveChange> {
        let rx = self.changes.subscribe();
        self.start_poller();
        rx
    }

    /// The years whose presence changed (on this server or another).
    pub fn presence_changes(&self) -> broadcast::Receiver<i64> {
        self.presence_changed.subscribe()
    }

    /// Notes that `name`'s session `session` has year `year` open, until the
    /// returned guard is dropped; the other servers learn of it at the
    /// hub's next poll.
    pub fn enter(self: &Arc<Self>, year: i64, session: i64, name: &str) -> Presence {
        {
            let mut all = self.presences();
            let entry = all.local.entry(year).or_default().entry(session).or_insert_with(|| (name.to_string(), 0));
            entry.1 += 1;
            all.unwritten = true;
        }
        let _ = self.presence_changed.send(year);
        self.start_poller();
        Presence { hub: self.clone(), year, session }
    }

    /// The names of the others with year `year` open, on this server or
    /// another, sorted, each once, without `own_name` (the person's own other
    /// pages).
    pub fn others(&self, year: i64, own_name: &str) -> Vec<String> {
        let all = self.presences();
        let here = all.local.get(&year).into_iter().flat_map(|s| s.values().map(|(n, _)| n));
        let there = all.others.get(&year).into_iter().flatten();
        let names: BTreeSet<&String> = here.chain(there).filter(|n| *n != own_name).collect();
        names.into_iter().cloned().collect()
    }

    fn presences(&self) -> MutexGuard<'_, Presences> {
        self.presence.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn start_poller(self: &Arc<Self>) {
        let mut running = self.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !*running {
            *running = true;
            tokio::spawn(poll(Arc::downgrade(self), self.store.clone()));
        }
    }

    /// Nobody listens and no page of this server has a year open.
    fn idle(&self) -> bool {
        self.changes.receiver_count() == 0 && self.presences().local.is_empty()
    }

    /// Writes this server's presence rows when they changed since the last
    /// time, or always when `heartbeat` (renewing them). A failed write is
    /// logged and tried again at the next heartbeat.
    async fn write_presence(&self, heartbeat: bool) {
        let open: Vec<OpenYear> = {
            let mut all = self.presences();
            if !all.unwritten && !heartbeat {
                return;
            }
            all.unwritten = false;
            all.local
                .iter()
                .flat_map(|(year, sessions)| {
                    sessions.iter().map(|(session, (name, _))| OpenYear {
                        school_year: *year,
                        session_id: *session,
                        account_name: name.clone(),
                    })
                })
                .collect()
        };
        if let Err(e) = renew(&self.store, &self.server, &open).await {
            tracing::warn!(error = ?e, "writing this server's presence failed");
        }
    }

    /// Reads the presence on the other servers and tells the pages of the
    /// years whose names changed.
    async fn read_presence(&self) {
        let rows = match others_seen(&self.store, &self.server).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = ?e, "reading the presence on the other servers failed");
                return;
            }
        };
        let mut now: HashMap<i64, BTreeSet<String>> = HashMap::new();
        for (year, name) in rows {
            now.entry(year).or_default().insert(name);
        }
        let changed = self.replace_others(now);
        for year in changed {
            let _ = self.presence_changed.send(year);
        }
    }

    /// Keeps `now` as the presence on the other servers; the years whose
    /// names differ from before.
    fn replace_others(&self, now: HashMap<i64, BTreeSet<String>>) -> Vec<i64> {
        let mut all = self.presences();
        let before = std::mem::replace(&mut all.others, now);
        let years: BTreeSet<i64> = before.keys().chain(all.others.keys()).copied().collect();
        years.into_iter().filter(|y| before.get(y) != all.others.get(y)).collect()
    }
}

/// Writes `open` as the presence rows of `server`, seen now; deletes the
/// rows of any server whose [`LEASE`] ran out.
async fn renew(store: &Store, server: &str, open: &[OpenYear]) -> Result<()> {
    let now = chrono::Utc::now();
    let lease = chrono::Duration::from_std(LEASE).unwrap_or(chrono::Duration::seconds(15));
    let mut tx = store.begin().await?;
    tx.renew_presence(server, open, &timestamp_text(now), &timestamp_text(now - lease)).await?;
    // No cache reads presence: the heartbeat leaves the caches alone.
    tx.commit_unseen().await
}

/// The `(year, account name)` pairs open on the servers other than
/// `server`, renewed within [`LEASE`].
async fn others_seen(store: &Store, server: &str) -> Result<Vec<(i64, String)>> {
    let lease = chrono::Duration::from_std(LEASE).unwrap_or(chrono::Duration::seconds(15));
    let since = timestamp_text(chrono::Utc::now() - lease);
    store.conn().await?.presence_of_others(server, &since).await
}

impl Drop for Presence {
    fn drop(&mut self) {
        {
            let mut all = self.hub.presences();
            if let Some(sessions) = all.local.get_mut(&self.year) {
                if let Some(entry) = sessions.get_mut(&self.session) {
                    entry.1 -= 1;
                    if entry.1 == 0 {
                        sessions.remove(&self.session);
                    }
                }
                if sessions.is_empty() {
                    all.local.remove(&self.year);
                }
            }
            all.unwritten = true;
        }
        let _ = self.hub.presence_changed.send(self.year);
    }
}

/// The poller: from the newest entry at its start, reads the new audit
/// entries every [`POLL_EVERY`] and sends them; writes this server's presence
/// when it changed and every [`HEARTBEAT`], and reads the others' every
/// [`LOOK_EVERY`]. Stops when nobody listens and no page has a year open
/// (after writing that), or when the hub is gone; the next listener starts
/// it again.
async fn poll(hub: Weak<LiveHub>, store: Store) {
    let mut last = match store.conn().await {
        Ok(mut conn) => conn.last_audit_id().await.unwrap_or(0),
        Err(_) => 0,
    };
    let mut renewed = Instant::now();
    let mut looked: Option<Instant> = None;
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        let Some(hub) = hub.upgrade() else { return };
        if hub.idle() {
            // The last pages closed: their rows go now, not after the lease.
            hub.write_presence(false).await;
            let mut running = hub.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            // Checked again under the lock: a listener or a page that came
            // meanwhile found the poller running and did not start another.
            if hub.idle() && !hub.presences().unwritten {
                *running = false;
                // Not read while stopped: the next poller reads anew.
                hub.presences().others.clear();
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
        let heartbeat = renewed.elapsed() >= HEARTBEAT;
        if heartbeat {
            renewed = Instant::now();
        }
        hub.write_presence(heartbeat).await;
        if looked.is_none_or(|t| t.elapsed() >= LOOK_EVERY) {
            looked = Some(Instant::now());
            hub.read_presence().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits until `hub` names exactly `names` as the others on `year` for
    /// `own`, 10 s at most.
    async fn until_others(hub: &LiveHub, year: i64, own: &str, names: &[&str]) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let others = hub.others(year, own);
            if others == names {
                return;
            }
            assert!(Instant::now() < deadline, "{own} sees {others:?} on year {year}, not {names:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn change(object_type: &str, object_id: i64, school_year: Option<i64>) -> LiveChange {
        LiveChange {
            id: 1,
            account_id: Some(1),
            account_name: "demo-admin".into(),
            object_type: object_type.into(),
            object_id: Some(object_id),
            action: Action::Created,
            label: None,
            remains: true,
            school_year,
        }
    }

    #[test]
    fn accounts_and_tokens_are_told_to_administrators_only() {
        for kind in ["account", "token", "audit"] {
            let c = change(kind, 4, None);
            assert!(may_see(&c, Role::Admin, 1), "{kind}");
            assert!(!may_see(&c, Role::Planner, 2), "{kind}");
            assert!(!may_see(&c, Role::Reader, 3), "{kind}");
        }
        let settings = change("settings", 3, None);
        assert!(may_see(&settings, Role::Reader, 3) && !may_see(&settings, Role::Reader, 5));
        assert!(may_see(&change("course", 9, Some(3)), Role::Reader, 3));
    }

    #[test]
    fn a_change_reaches_its_own_year_and_master_data_every_year() {
        assert!(change("course", 1, Some(3)).reaches(3));
        assert!(!change("course", 1, Some(2)).reaches(3));
        assert!(change("teacher", 1, None).reaches(3));
    }

    #[tokio::test]
    async fn streams_are_counted_per_session_and_in_all() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let hub = LiveHub::with_limit(store, 10);
        let mut first: Vec<StreamSlot> = (0..STREAMS_PER_SESSION).map(|_| hub.open_stream(1).unwrap()).collect();
        assert_eq!(hub.open_stream(1).unwrap_err(), StreamRefused::Session);
        let mut two = hub.open_stream(2).unwrap();
        let _three = hub.open_stream(3).unwrap();
        assert_eq!(hub.open_stream(4).unwrap_err(), StreamRefused::Server);
        first.pop();
        assert_eq!(hub.open_streams(), 9);
        let mut again = hub.open_stream(1).expect("a place was given back");
        // Signing out ends the session's streams, not the others'.
        assert_eq!(hub.open_stream(5).unwrap_err(), StreamRefused::Server);
        hub.end_session(1);
        tokio::time::timeout(Duration::from_secs(1), again.ended()).await.expect("session 1 ended");
        let stays = tokio::time::timeout(Duration::from_millis(100), two.ended()).await;
        assert!(stays.is_err(), "session 2 was not signed out");
        hub.close_all();
        assert_eq!(hub.open_stream(6).unwrap_err(), StreamRefused::Closing);
        tokio::time::timeout(Duration::from_secs(1), two.ended()).await.expect("the server stops");
    }

    #[tokio::test]
    async fn a_stream_that_missed_endings_ends_rather_than_outlive_its_sign_out() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let hub = LiveHub::with_limit(store, 10);
        let mut behind = hub.open_stream(1).unwrap();
        // More sign-outs of other sessions than the channel holds, then its
        // own: by the time it reads, its own may be lost among them.
        for other in 100..200 {
            hub.end_session(other);
        }
        tokio::time::timeout(Duration::from_secs(1), behind.ended()).await.expect("the stream ends");
        // A stream that keeps up goes on.
        let mut current = hub.open_stream(2).unwrap();
        hub.end_session(3);
        let stays = tokio::time::timeout(Duration::from_millis(100), current.ended()).await;
        assert!(stays.is_err(), "session 2 was not signed out");
    }

    #[tokio::test]
    async fn two_servers_see_each_others_pages_until_they_close() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let (a, b) = (LiveHub::new(store.clone()), LiveHub::new(store.clone()));
        let anna = a.enter(7, 1, "anna");
        // From now on only the other server changes year 7 for `a`.
        let mut told = a.presence_changes();
        let ben = b.enter(7, 2, "ben");
        let ben_again = b.enter(7, 2, "ben");
        let _carla = b.enter(8, 3, "carla");
        until_others(&a, 7, "anna", &["ben"]).await;
        until_others(&b, 7, "ben", &["anna"]).await;
        until_others(&a, 8, "anna", &["carla"]).await;
        // The pages of year 7 on `a` were told.
        let told_7 = async { while told.recv().await.unwrap() != 7 {} };
        tokio::time::timeout(Duration::from_secs(1), told_7).await.expect("year 7 told");
        // One of Ben's two pages closes: he stays; both close: he goes.
        drop(ben);
        tokio::time::sleep(POLL_EVERY * 2 + LOOK_EVERY).await;
        assert_eq!(a.others(7, "anna"), ["ben"]);
        drop(ben_again);
        until_others(&a, 7, "anna", &[]).await;
        drop(anna);
        until_others(&b, 7, "ben", &[]).await;
    }

    #[tokio::test]
    async fn the_rows_of_a_server_that_stopped_go_after_the_lease() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let hub = LiveHub::new(store.clone());
        let _page = hub.enter(7, 1, "anna");
        // A server that stopped left a row renewed just within the lease, and one older.
        let now = chrono::Utc::now();
        let at = |secs: i64| timestamp_text(now - chrono::Duration::seconds(secs));
        let mut tx = store.begin().await.unwrap();
        let gone = OpenYear { school_year: 7, session_id: 9, account_name: "gone".into() };
        tx.renew_presence("stopped", &[gone], &at(LEASE.as_secs() as i64 + 1), &at(3600)).await.unwrap();
        let stale = OpenYear { school_year: 7, session_id: 8, account_name: "stale".into() };
        tx.renew_presence("stale", &[stale], &at(LEASE.as_secs() as i64 - 2), &at(3600)).await.unwrap();
        tx.commit().await.unwrap();
        until_others(&hub, 7, "anna", &["stale"]).await;
        // Not renewed, it goes once its lease ran out too; the heartbeat deletes both rows.
        until_others(&hub, 7, "anna", &[]).await;
        tokio::time::sleep(HEARTBEAT + POLL_EVERY * 2).await;
        let mut conn = store.conn().await.unwrap();
        let left = conn.presence_of_others("x", "0").await.unwrap();
        assert_eq!(left, [(7, "anna".to_string())]);
    }
}
