//! The second ceiling of `bench/run` (bench/README.md, BENCHMARKS.md): a bare
//! axum handler serving the same response bytes as schoolplan, in the same
//! process setup — mimalloc, tokio's multi-threaded runtime, hyper-util's
//! HTTP/1 and HTTP/2 connections with `TCP_NODELAY`, as `schoolplan serve`
//! (src/app.rs) — and nothing else: no authentication, caches, layers or
//! logging. schoolplan against nginx says what a request costs beside a
//! static file server; against this, what our own stack costs beyond axum.
//!
//! `bare_axum LISTEN DOCROOT` serves every `DOCROOT/P.json` at `/P` (the
//! query is ignored, as by the nginx ceiling's `try_files $uri.json`) as
//! `application/json`, and `/health` as `ok`. It prints `listening on ADDR`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The answers by path.
type Bodies = Arc<HashMap<String, Bytes>>;

/// The saved answer of `uri`'s path, or 404.
async fn answer(State(bodies): State<Bodies>, uri: Uri) -> Response {
    match bodies.get(uri.path()) {
        Some(body) => ([(header::CONTENT_TYPE, "application/json")], body.clone()).into_response(),
        None if uri.path() == "/health" => "ok".into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Every `*.json` below `dir`, keyed by its path below `root` without the extension.
fn read_bodies(root: &Path, dir: &Path, into: &mut HashMap<String, Bytes>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            read_bodies(root, &path, into)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            let below = path.strip_prefix(root).map_err(std::io::Error::other)?.with_extension("");
            let key = format!("/{}", below.to_string_lossy());
            into.insert(key, Bytes::from(std::fs::read(&path)?));
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let [_, listen, docroot] = args.as_slice() else {
        eprintln!("usage: bare_axum LISTEN DOCROOT");
        std::process::exit(2);
    };
    let mut bodies = HashMap::new();
    read_bodies(Path::new(docroot), Path::new(docroot), &mut bodies)?;
    let app = Router::new().fallback(answer).with_state(Arc::new(bodies));
    let listener = tokio::net::TcpListener::bind(listen).await?;
    println!("listening on {}", listener.local_addr()?);
    let builder = Builder::new(TokioExecutor::new());
    loop {
        let (stream, _) = listener.accept().await?;
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let builder = builder.clone();
        tokio::spawn(async move {
            let _ = builder.serve_connection_with_upgrades(TokioIo::new(stream), service).await;
        });
    }
}
