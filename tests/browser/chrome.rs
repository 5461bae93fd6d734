//! One headless Chromium per test, driven by chromedriver over WebDriver
//! (fantoccini), with a screenshot helper.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
// chromedriver speaks plain HTTP on loopback: no TLS connector.
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// The Chromium binary (Debian's package); `CHROMIUM` overrides it.
fn chromium_binary() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string())
}

/// The chromedriver binary; `CHROMEDRIVER` overrides it.
fn chromedriver_binary() -> String {
    std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".to_string())
}

/// A running chromedriver and a browser session on it; both end when dropped
/// (call [`Chrome::close`] to end the session cleanly).
pub struct Chrome {
    /// The WebDriver session.
    pub client: Client,
    driver: Child,
    _profile: tempfile::TempDir,
    test: String,
    shots: u32,
}

impl Chrome {
    /// Starts chromedriver on a free port and a headless Chromium of
    /// 1400×900 CSS pixels with an empty profile, for the test `test` (the
    /// screenshots' name prefix).
    pub async fn start(test: &str) -> Chrome {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new(chromedriver_binary())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts (install Debian's chromium-driver)");
        let profile = tempfile::tempdir().unwrap();
        let caps = json!({
            "goog:chromeOptions": {
                "binary": chromium_binary(),
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--window-size=1400,900", "--lang=de-CH",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
                "prefs": { "intl.accept_languages": "de-CH,de" }
            }
        });
        let caps: serde_json::Map<String, serde_json::Value> = caps.as_object().unwrap().clone();
        let url = format!("http://127.0.0.1:{port}");
        let mut last = None;
        for _ in 0..100 {
            match ClientBuilder::new(HttpConnector::new()).capabilities(caps.clone()).connect(&url).await {
                Ok(client) => {
                    return Chrome { client, driver, _profile: profile, test: test.to_string(), shots: 0 };
                }
                Err(e) => last = Some(e),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no WebDriver session on chromedriver: {last:?}");
    }

    /// Opens `url` and waits for the document to be loaded.
    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.unwrap_or_else(|e| panic!("open {url}: {e}"));
    }

    /// Waits up to 10 s for an element matching the CSS selector and returns it.
    pub async fn wait_for(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    /// The page's visible text.
    pub async fn text(&self) -> String {
        self.client.find(Locator::Css("body")).await.unwrap().text().await.unwrap()
    }

    /// Saves a screenshot of the viewport as
    /// `target/tmp/screenshots/<test>-<nn>-<step>.png` and returns its path.
    pub async fn screenshot(&mut self, step: &str) -> PathBuf {
        self.shots += 1;
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}-{:02}-{step}.png", self.test, self.shots));
        let png = self.client.screenshot().await.expect("screenshot");
        assert!(png.starts_with(b"\x89PNG"), "a screenshot is a PNG");
        std::fs::write(&path, png).unwrap();
        path
    }

    /// Ends the browser session and chromedriver.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Chrome {
    fn drop(&mut self) {
        let _ = self.driver.kill();
    }
}
