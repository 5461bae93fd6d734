//! The shared job queue (docs/api.md "Jobs and files"): several servers on one
//! database. A job runs on the server that claimed it, under a lease it
//! renews; its progress and log are stored, so every server reports them; a
//! restart of another server leaves it running; a job whose server dies fails
//! once its lease has run out; a server that stops in order gives its
//! repeatable jobs back to the queue.
//!
//! Jobs are held running by the test hook of the runner (`JobConfig::hook`):
//! it reports a first step and a log line, then waits for the test's gate.
//! The servers that must not take jobs queued through others look for them
//! only once an hour (they still look for leases that ran out).

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::FutureExt as _;
use schoolplan::app::{serve, AppConfig};
use schoolplan::i18n::{text, Lang};
use schoolplan::jobs::{JobConfig, JobHook, Progress};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, Semaphore};
use tokio::task::JoinHandle;

use crate::helpers::TestApp;
use crate::jobs::wait_for;

/// The lease of the test servers (short, so a dead server's job fails soon).
const LEASE: Duration = Duration::from_secs(1);
/// A lease no busy test machine outlasts by accident: for the tests whose
/// jobs must not fail on their own.
const LONG_LEASE: Duration = Duration::from_secs(120);
/// How often the test servers renew their leases and look for expired ones.
const RENEWAL: Duration = Duration::from_millis(200);
/// A server that looks for jobs queued through others only this often: never, in a test.
const HARDLY: Duration = Duration::from_secs(3600);
/// How long a test waits for something another server does.
const PATIENCE: Duration = Duration::from_secs(30);

/// The log line of the hook.
const PREPARED: &str = "Vorbereitet (Test)";

/// Servers announce here which job their hook holds.
pub type Entered = mpsc::UnboundedSender<(&'static str, i64)>;

/// A hook that reports step 1 of 4 and a log line, announces `(server, job)`
/// on `entered`, and lets the job run once `gate` gives a permit.
pub fn holding(server: &'static str, entered: &Entered, gate: &Arc<Semaphore>) -> JobHook {
    let (entered, gate) = (entered.clone(), gate.clone());
    JobHook(Arc::new(move |id, progress: Progress| {
        progress.set_total(4);
        progress.step();
        progress.log(PREPARED);
        let (entered, gate) = (entered.clone(), gate.clone());
        async move {
            let _ = entered.send((server, id.0));
            if let Ok(permit) = gate.acquire().await {
                permit.forget();
            }
        }
        .boxed()
    }))
}

/// A test server's configuration: short leases, looking for queued jobs every `poll`.
fn config(poll: Duration, hook: JobHook) -> AppConfig {
    config_leasing(LEASE, poll, hook)
}

/// A test server's configuration with leases of `lease`.
fn config_leasing(lease: Duration, poll: Duration, hook: JobHook) -> AppConfig {
    let jobs = JobConfig { lease, renewal: RENEWAL, poll, hook: Some(hook), ..JobConfig::default() };
    AppConfig { rate_limit: None, jobs, ..TestApp::config() }
}

/// Another server on `on`'s database, serving until `shutdown`; its task
/// (aborting it kills the server with its job runner).
async fn server(
    on: &TestApp,
    config: AppConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> (TestApp, JoinHandle<anyhow::Result<()>>) {
    let store = crate::servers::second_store(on).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    (on.at(base), tokio::spawn(serve(listener, store, config, shutdown)))
}

/// Reads job `id` through `server` until `done` holds for it; returns it.
async fn until(server: &TestApp, id: i64, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let job = server.get(&format!("/job/{id}")).await.expect(200).result().clone();
        if done(&job) {
            return job;
        }
        assert!(start.elapsed() < PATIENCE, "not within {PATIENCE:?}: {what}; job {job}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether `job` runs and shows the hook's step (1 of 4) and log line.
fn shows_the_first_step(job: &Value) -> bool {
    job["running"] == true && job["progress"] == 25 && job["log"][0]["message"] == PREPARED
}

#[tokio::test]
async fn a_restart_of_another_server_leaves_a_job_running_and_it_ends_done() {
    let (entered, mut announced) = mpsc::unbounded_channel();
    let gate = Arc::new(Semaphore::new(0));
    // Long leases: on a busy machine a renewal may come late, and a lease
    // that ran out would fail the job for a reason this test is not about.
    // A restart that failed running jobs regardless of their leases (the
    // bug) still fails it.
    let config = |poll, hook| config_leasing(LONG_LEASE, poll, hook);
    let holder = TestApp::spawn_with(config(HARDLY, holding("H", &entered, &gate))).await;
    let (stop_a, a_stopped) = tokio::sync::oneshot::channel::<()>();
    let (a, a_task) = server(&holder, config(RENEWAL, holding("A", &entered, &gate)), async {
        let _ = a_stopped.await;
    })
    .await;
    let (stop_b, b_stopped) = tokio::sync::oneshot::channel::<()>();
    let (b, b_task) = server(&holder, config(HARDLY, holding("B", &entered, &gate)), async {
        let _ = b_stopped.await;
    })
    .await;

    let id = a.post("/job", json!({"name": "CalculateBalances"})).await.expect(201).id();
    // Usually A runs it (woken by its own request), but every server looks
    // for queued jobs once when it starts, and B may still be starting: the
    // server restarted is one that does not run the job.
    let (runner, claimed) = announced.recv().await.expect("a server runs the job");
    assert_eq!(claimed, id);
    let (other, stop_other, other_task, _running_one) =
        if runner == "A" { (b, stop_b, b_task, (a, stop_a, a_task)) } else { (a, stop_a, a_task, (b, stop_b, b_task)) };
    // The other server reports the progress and log the runner stored.
    until(&other, id, "the other server shows the runner's progress", shows_the_first_step).await;

    // A rolling restart of the other server: it stops in order, and a new
    // one starts (and looks for jobs whose lease ran out: this job is not one
    // of them).
    stop_other.send(()).expect("the other server still serves");
    other_task.await.expect("its task").expect("it stopped in order");
    let (b, _b) = server(&holder, config(HARDLY, holding("B2", &entered, &gate)), std::future::pending()).await;
    let job = b.get(&format!("/job/{id}")).await.expect(200).result().clone();
    assert!(shows_the_first_step(&job), "the job still runs on {runner} after the restart: {job}");

    gate.add_permits(1);
    let job = wait_for(&b, &holder.token, id).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    let log: Vec<&str> = job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert_eq!(log.first(), Some(&PREPARED), "{log:?}");
    assert!(log.iter().any(|l| l.contains("nothing needs recalculating")), "the job ran to its end: {log:?}");
    assert!(announced.try_recv().is_err(), "no other server ran it");
}

#[tokio::test]
async fn a_job_whose_server_dies_fails_when_its_lease_runs_out() {
    let (entered, mut announced) = mpsc::unbounded_channel();
    let gate = Arc::new(Semaphore::new(0));
    let b = TestApp::spawn_with(config(HARDLY, holding("B", &entered, &gate))).await;
    let (a, a_task) = server(&b, config(RENEWAL, holding("A", &entered, &gate)), std::future::pending()).await;

    let id = a.post("/job", json!({"name": "CalculateBalances"})).await.expect(201).id();
    assert_eq!(announced.recv().await, Some(("A", id)));
    until(&b, id, "B shows A's progress", shows_the_first_step).await;
    // A holds its lease while it lives: longer than one lease, the job runs on.
    tokio::time::sleep(LEASE + RENEWAL).await;
    assert!(shows_the_first_step(b.get(&format!("/job/{id}")).await.result()), "A renews its lease");

    // A dies with its job runner.
    a_task.abort();
    let _ = a_task.await;
    let killed = Instant::now();
    let job = until(&b, id, "the job fails", |j| j["running"] == false).await;
    let took = killed.elapsed();
    assert_eq!(job["error"], text(Lang::En, "job-failed-lease"), "{job}");
    assert_eq!(job["product"], Value::Null);
    assert_eq!(job["log"][0]["message"], PREPARED, "the log A stored is kept: {job}");
    // Within the lease from A's last renewal, plus one look by B (generously
    // bounded: the machine may be busy).
    assert!(took < LEASE + RENEWAL + Duration::from_secs(3), "failed {took:?} after A died");
    assert!(announced.try_recv().is_err(), "the job was not run again");
}

#[tokio::test]
async fn a_server_that_stops_in_order_gives_its_jobs_back() {
    let (entered, mut announced) = mpsc::unbounded_channel();
    let held = Arc::new(Semaphore::new(0));
    let open = Arc::new(Semaphore::new(Semaphore::MAX_PERMITS));
    let holder = TestApp::spawn_with(config(HARDLY, holding("H", &entered, &open))).await;
    let (stop_a, a_stopped) = tokio::sync::oneshot::channel::<()>();
    // Two workers (the default): A holds both jobs at once.
    let (a, a_task) = server(&holder, config(HARDLY, holding("A", &entered, &held)), async {
        let _ = a_stopped.await;
    })
    .await;
    let year = a
        .post(
            "/schoolyear",
            json!({"code": "30/31", "description": "Schuljahr 2030/31", "graduationYear": 2031, "weeks": 38}),
        )
        .await
        .expect(201)
        .id();

    // A repeatable job and one that is not (it changes the plan), started by a German reader.
    let balances = a.post("/job", json!({"name": "CalculateBalances"})).await.expect(201).id();
    let start = json!({"action": "start", "schoolYear": year});
    let german = [("accept-language", "de-CH")];
    a.request_headers(Some(&a.token), reqwest::Method::PUT, "/api/v1/job/3", Some(&start), &german).await.expect(200);
    let mut held_on_a = vec![announced.recv().await.unwrap(), announced.recv().await.unwrap()];
    held_on_a.sort();
    assert_eq!(held_on_a, [("A", 3), ("A", balances)]);

    stop_a.send(()).expect("A still serves");
    a_task.await.expect("A's task").expect("A stopped in order");
    let opening = holder.get("/job/3").await.expect(200).result().clone();
    // Its error in the language of the request that started it, not the English one.
    let stopped = text(Lang::De, "job-failed-stopped");
    assert_eq!((&opening["running"], &opening["error"]), (&json!(false), &json!(stopped)), "{opening}");
    assert_ne!(stopped, text(Lang::En, "job-failed-stopped"));
    let queued = holder.get(&format!("/job/{balances}")).await.expect(200).result().clone();
    assert_eq!((&queued["running"], &queued["progress"], &queued["log"]), (&json!(true), &json!(0), &json!([])));

    // A server that looks for queued jobs takes the repeatable one and runs it from the start.
    let (c, _c) = server(&holder, config(RENEWAL, holding("C", &entered, &open)), std::future::pending()).await;
    assert_eq!(announced.recv().await, Some(("C", balances)));
    let job = wait_for(&c, &holder.token, balances).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    assert!(announced.try_recv().is_err(), "the opening was not repeated");
}
