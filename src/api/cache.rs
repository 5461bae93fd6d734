//! Cache of the serialized `GET` responses of the planning data.
//!
//! A planner's browser loads whole school years at once, and the same lists
//! are read far more often than they change. [`cached`] wraps the planning
//! routes (inside the access check, so every request is still authenticated
//! and authorised): a `GET` answered `200` keeps its headers and body bytes,
//! keyed by path and query (and by the mount: the compatibility mount's
//! forms differ, [`super::client::ClientMount`]), and later `GET`s of the same URI get those bytes
//! without touching the database.
//!
//! **Never stale.** Every entry carries the pool's write generation, read
//! *before* the handler runs its queries, after the request has caught up with
//! the commits of everyone ([`ChangeWatch::catch_up`], done by the access check,
//! which marks the request [`CaughtUp`]); the generation is bumped after every
//! write transaction through this server has committed
//! ([`crate::store::Conn::commit`]) and for every commit by another server,
//! the command line or SQL by hand ([`crate::store::commit_watch`]: before the next
//! request is answered when the check asks per request; when its notification
//! arrives on a listening PostgreSQL server). An entry is served only while its generation
//! is the current one, so once a write has committed, no answer computed before
//! it is served again — not even one that was still being computed when the
//! write committed.
//!
//! Requests with conditional headers (`If-None-Match`, `If-Modified-Since`) pass
//! through untouched. Concurrent misses of one URI are built once (striped
//! locks), and the cache holds at most [`MAX_BYTES`] of bodies.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::Error;
use crate::service::ChangeWatch;

/// Upper bound of the cached body bytes; beyond it older entries are dropped.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// Upper bound of the number of cached responses.
pub const MAX_ENTRIES: usize = 50_000;
/// Number of build locks (misses of URIs hashing to the same stripe build one after the other).
const STRIPES: usize = 64;

/// One cached `200` response.
#[derive(Debug, Clone)]
struct Entry {
    generation: u64,
    headers: HeaderMap,
    body: Bytes,
}

#[derive(Debug, Default)]
struct Entries {
    map: HashMap<String, Entry>,
    bytes: usize,
}

/// Request extension set by the access check once the request has caught up
/// with every commit ([`ChangeWatch::catch_up`]); without it, [`cached`] catches up itself.
#[derive(Debug, Clone, Copy)]
pub struct CaughtUp;

/// The response cache of one application (one database pool).
#[derive(Debug)]
pub struct ResponseCache {
    changes: Arc<ChangeWatch>,
    entries: Mutex<Entries>,
    stripes: Vec<tokio::sync::Mutex<()>>,
    hasher: RandomState,
}

impl ResponseCache {
    /// An empty cache whose entries live as long as the write generation seen by `changes` is unchanged.
    pub fn new(changes: Arc<ChangeWatch>) -> Arc<ResponseCache> {
        Arc::new(ResponseCache {
            changes,
            entries: Mutex::default(),
            stripes: (0..STRIPES).map(|_| tokio::sync::Mutex::new(())).collect(),
            hasher: RandomState::new(),
        })
    }

    fn lookup(&self, key: &str, generation: u64) -> Option<Response> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let entry = entries.map.get(key)?;
        if entry.generation == generation {
            let mut res = Response::new(Body::from(entry.body.clone()));
            *res.headers_mut() = entry.headers.clone();
            return Some(res);
        }
        let size = entry.body.len();
        entries.map.remove(key);
        entries.bytes -= size;
        None
    }

    fn store(&self, key: String, entry: Entry) {
        let size = entry.body.len();
        if size > MAX_BYTES / 4 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entry.generation != self.changes.current() {
            return; // a write committed meanwhile: the answer may already be outdated
        }
        if entries.bytes + size > MAX_BYTES || entries.map.len() >= MAX_ENTRIES {
            let current = entry.generation;
            entries.map.retain(|_, e| e.generation == current);
            entries.bytes = entries.map.values().map(|e| e.body.len()).sum();
            if entries.bytes + size > MAX_BYTES || entries.map.len() >= MAX_ENTRIES {
                entries.map.clear();
                entries.bytes = 0;
            }
        }
        if let Some(old) = entries.map.insert(key, entry) {
            entries.bytes -= old.body.len();
        }
        entries.bytes += size;
    }

    /// Number of cached responses (for tests).
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|e| e.into_inner()).map.len()
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Answers served from the caches of this process (`schoolplan_cache_hits_total` of `/metrics`).
static HITS: AtomicU64 = AtomicU64::new(0);
/// Answers the caches of this process had to build (`schoolplan_cache_misses_total`).
static MISSES: AtomicU64 = AtomicU64::new(0);

/// (hits, misses) of the response caches of this process since its start
/// (docs/operations.md §Monitor).
pub fn hits_and_misses() -> (u64, u64) {
    (HITS.load(Ordering::Relaxed), MISSES.load(Ordering::Relaxed))
}

/// Middleware (for `from_fn_with_state`) serving planning-data `GET`s from
/// the cache and filling it with the handlers' `200` answers.
pub async fn cached(State(cache): State<Arc<ResponseCache>>, req: Request, next: Next) -> Response {
    let conditional =
        req.headers().contains_key(header::IF_NONE_MATCH) || req.headers().contains_key(header::IF_MODIFIED_SINCE);
    if req.method() != Method::GET || conditional {
        return next.run(req).await;
    }
    // `LANG:[client:]PATH?QUERY`, built in one allocation. Texts follow
    // Accept-Language (plan-check findings, docs/i18n.md): one entry per
    // language. The compatibility mount serves some lists in a longer form
    // (docs/client.md): its own entries.
    let lang = super::lang::of_headers(req.headers()).tag();
    let mount = if req.extensions().get::<super::client::ClientMount>().is_some() { "client:" } else { "" };
    let uri = req.uri().path_and_query().map_or_else(|| req.uri().path(), |pq| pq.as_str());
    let mut key = String::with_capacity(lang.len() + 1 + mount.len() + uri.len());
    for part in [lang, ":", mount, uri] {
        key.push_str(part);
    }
    // The generation is read before the handler runs its queries (see the module doc).
    let caught_up = if req.extensions().get::<CaughtUp>().is_some() {
        cache.changes.current()
    } else {
        cache.changes.catch_up().await
    };
    if let Some(hit) = cache.lookup(&key, caught_up) {
        HITS.fetch_add(1, Ordering::Relaxed);
        return hit;
    }
    let stripe = &cache.stripes[(cache.hasher.hash_one(&key) as usize) % STRIPES];
    let _building = stripe.lock().await;
    let generation = cache.changes.current();
    if let Some(hit) = cache.lookup(&key, generation) {
        HITS.fetch_add(1, Ordering::Relaxed);
        return hit; // built by a concurrent request meanwhile
    }
    MISSES.fetch_add(1, Ordering::Relaxed);
    let res = next.run(req).await;
    if res.status() != StatusCode::OK {
        return res;
    }
    let (parts, body) = res.into_parts();
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => return Error::internal(e).into_response(),
    };
    cache.store(key, Entry { generation, headers: parts.headers.clone(), body: body.clone() });
    Response::from_parts(parts, Body::from(body))
}
