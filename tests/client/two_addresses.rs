//! `serve --client-compat-listen ADDR` (docs/client.md §Mount): one server
//! serves the existing client's mount on a second address while its main
//! address keeps the web interface and `/api/v1`.

use tokio::net::TcpListener;

use crate::browser::{self, PlainError};
use crate::helpers::TestApp;

#[tokio::test]
async fn one_server_serves_the_web_interface_and_the_clients_mount_on_two_addresses() {
    // The database and its admin token; the server under test is started below on it.
    let setup = TestApp::spawn().await;
    let main = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let compat = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let main_base = format!("http://{}", main.local_addr().unwrap());
    let compat_base = format!("http://{}", compat.local_addr().unwrap());
    let config = schoolplan::app::AppConfig { client_compat: false, ..browser::config() };
    let server =
        schoolplan::app::serve_with_compat(main, Some(compat), setup.store.clone(), config, std::future::pending());
    tokio::spawn(server);
    let (main, compat) = (setup.at(main_base.clone()), setup.at(compat_base.clone()));
    let get = |url: String| {
        let req = setup.client.get(url).bearer_auth(&setup.token).header("content-type", "application/json");
        async move { TestApp::read(req.send().await.expect("answered")).await }
    };
    // The main address: the web interface at `/`, the API at `/api/v1` only.
    let res = setup.client.get(format!("{main_base}/")).send().await.expect("answered");
    let page = res.text().await.unwrap();
    assert!(page.contains("<html"), "the web interface: {page}");
    main.get("/grade").await.expect(200);
    assert_ne!(get(format!("{main_base}/grade")).await.status, 200, "no client mount here");
    // The second address: the client's mount, its errors as plain text.
    let grades = get(format!("{compat_base}/grade")).await.expect(200);
    assert_eq!(grades.header("content-type"), Some("application/json"));
    get(format!("{compat_base}/teacher/999")).await.expect_text(404, "999");
    compat.get("/grade").await.expect(200);
}
