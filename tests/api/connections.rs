//! Slow and idle clients: the header-read timeout (app::AppConfig::header_read_timeout).

use std::time::Duration;

use schoolplan::app::AppConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::TestApp;

/// Reads until the server closes the connection; returns what it sent.
async fn read_to_close(stream: &mut TcpStream) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return out,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn half_sent_headers_are_closed_after_the_bound_while_requests_are_served() {
    let bound = Duration::from_millis(800);
    let app =
        TestApp::spawn_with(AppConfig { rate_limit: None, header_read_timeout: bound, ..TestApp::config() }).await;
    let addr = app.base.trim_start_matches("http://").to_string();

    // 200 clients each send half a request header, then nothing.
    let mut slow = Vec::new();
    for _ in 0..200 {
        let mut s = TcpStream::connect(&addr).await.expect("connect");
        s.write_all(b"GET /api/v1/version HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.expect("write");
        slow.push(s);
    }
    // Meanwhile a normal request is answered.
    let res = app.get("/version").await;
    assert_eq!(res.status, 200, "served while the slow clients hang: {}", res.body);

    // Every slow connection is closed by the server, without a response to a request it never finished;
    // within a generous multiple of the bound, as the machine may be loaded (the test fails by timing out otherwise).
    let closed = tokio::time::timeout(bound * 60, async {
        for s in &mut slow {
            let sent = read_to_close(s).await;
            assert!(!String::from_utf8_lossy(&sent).starts_with("HTTP/1.1 200"), "no answer to a half request");
        }
    })
    .await;
    assert!(closed.is_ok(), "half-sent requests were still open after {:?}", bound * 60);
    // And the server still serves: on a new connection, as the one the client
    // keeps from the first request was idle for longer than the bound and is
    // closed by the server (a pooled connection closed at the moment of reuse
    // is the client's race, not the server's).
    let fresh = reqwest::Client::new();
    let res = fresh.get(format!("{}/api/v1/version", app.base)).bearer_auth(&app.token).send().await.expect("sent");
    assert_eq!(res.status(), 200);
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_after_the_bound() {
    let bound = Duration::from_millis(500);
    let app =
        TestApp::spawn_with(AppConfig { rate_limit: None, header_read_timeout: bound, ..TestApp::config() }).await;
    let addr = app.base.trim_start_matches("http://").to_string();
    let mut s = TcpStream::connect(&addr).await.expect("connect");
    s.write_all(b"GET /api/v1/version HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
    // The answer comes, then the connection stays idle and is closed by the server.
    let sent = tokio::time::timeout(bound * 60, read_to_close(&mut s)).await.expect("closed in time");
    let text = String::from_utf8_lossy(&sent);
    assert!(text.starts_with("HTTP/1.1 200"), "answered first: {text}");
}

#[tokio::test]
async fn writes_cut_off_by_their_clients_leave_the_database_writable() {
    let app = TestApp::spawn().await;
    let id = crate::fixtures::division(&app, "D").await;
    let url = format!("{}/api/v1/division/{id}", app.base);
    // Clients that hang up 0.1 to 3 ms into their PUT: at every point of the
    // write (waiting for the writer, BEGIN, the statements, COMMIT).
    let body = |description: String| {
        serde_json::json!({"code": "D", "description": description, "headName": null, "headTitle": null,
                           "grouping": null, "headSignature": null, "logo": null})
    };
    let client = reqwest::Client::new();
    let mut cut_off = 0;
    for i in 0..300u64 {
        let body = body(format!("cut off {i}"));
        let wait = Duration::from_micros(100 + (i * 37) % 2900);
        if client.put(&url).bearer_auth(&app.token).json(&body).timeout(wait).send().await.is_err() {
            cut_off += 1;
        }
    }
    assert!(cut_off > 0, "some clients hung up mid-request");
    // Every later write succeeds, on whichever pooled connection it gets.
    for i in 0..40 {
        app.put(&format!("/division/{id}"), body(format!("after {i}"))).await.expect(200);
    }
    assert_eq!(app.get(&format!("/division/{id}")).await.expect(200).result()["description"], "after 39");
}
