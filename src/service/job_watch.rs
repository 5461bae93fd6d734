//! The jobs the Export page's streams watch (docs/web.md §Documents): one
//! task per server reads every watched job in one query every
//! [`WATCH_EVERY`] while anybody watches — however many streams — and hands
//! each watcher its job whenever it changed. The job is read from the
//! database, so the server that runs it may be another one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tokio::sync::watch;

use crate::domain::ids::JobId;
use crate::domain::job::JobRecord;
use crate::store::Store;

/// How often the watched jobs are read.
pub const WATCH_EVERY: Duration = Duration::from_millis(250);

/// The watched jobs of one server (see the module doc).
#[derive(Debug)]
pub struct JobWatch {
    store: Store,
    /// Job id → its last reading (`None` before the first).
    watched: Mutex<HashMap<JobId, watch::Sender<Option<JobRecord>>>>,
    poller: Mutex<bool>,
}

impl JobWatch {
    /// A watch on `store`; its task starts with the first watcher.
    pub fn new(store: Store) -> Arc<JobWatch> {
        Arc::new(JobWatch { store, watched: Mutex::new(HashMap::new()), poller: Mutex::new(false) })
    }

    /// Job `id` as read from now on: `None` until the first reading (within
    /// [`WATCH_EVERY`]), then the job each time it changed. The sender is
    /// dropped (`changed` fails) once the job no longer exists. Who may see
    /// the job is not checked here ([`super::job::visible`]).
    pub fn watch(self: &Arc<Self>, id: JobId) -> watch::Receiver<Option<JobRecord>> {
        let rx = self.jobs().entry(id).or_insert_with(|| watch::channel(None).0).subscribe();
        let mut running = self.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !*running {
            *running = true;
            tokio::spawn(poll(Arc::downgrade(self), self.store.clone()));
        }
        rx
    }

    fn jobs(&self) -> MutexGuard<'_, HashMap<JobId, watch::Sender<Option<JobRecord>>>> {
        self.watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The ids still watched (forgets the others).
    fn watched_ids(&self) -> Vec<JobId> {
        let mut jobs = self.jobs();
        jobs.retain(|_, tx| tx.receiver_count() > 0);
        let mut ids: Vec<JobId> = jobs.keys().copied().collect();
        ids.sort_unstable();
        ids
    }
}

/// The task: reads the watched jobs every [`WATCH_EVERY`] and hands on the
/// changed ones; stops when nobody watches (the next watcher starts it
/// again) or the watch is gone.
async fn poll(watch: Weak<JobWatch>, store: Store) {
    loop {
        tokio::time::sleep(WATCH_EVERY).await;
        let Some(watch) = watch.upgrade() else { return };
        let mut ids = watch.watched_ids();
        if ids.is_empty() {
            let mut running = watch.poller.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            // Checked again under the lock: a watcher that came meanwhile
            // found the task running and did not start another.
            ids = watch.watched_ids();
            if ids.is_empty() {
                *running = false;
                return;
            }
        }
        let records = match store.conn().await {
            Ok(mut conn) => conn.get_jobs(&ids).await,
            Err(e) => Err(e),
        };
        let records = match records {
            Ok(records) => records,
            Err(e) => {
                tracing::warn!(error = ?e, "reading the watched jobs failed");
                continue;
            }
        };
        let mut read: HashMap<JobId, JobRecord> = records.into_iter().map(|r| (r.id, r)).collect();
        let mut jobs = watch.jobs();
        for id in ids {
            match read.remove(&id) {
                Some(record) => {
                    if let Some(tx) = jobs.get(&id) {
                        tx.send_if_modified(|last| {
                            let changed = last.as_ref() != Some(&record);
                            if changed {
                                *last = Some(record);
                            }
                            changed
                        });
                    }
                }
                None => {
                    jobs.remove(&id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::Role;

    #[tokio::test]
    async fn every_watcher_gets_its_job_from_one_query_per_round() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let mut conn = store.conn().await.unwrap();
        let anna = conn.create_account("anna", Role::Planner).await.unwrap();
        let now = crate::auth::now_text();
        let first = conn.create_job("CheckPlan", anna.id, "{}", "de", &now).await.unwrap();
        let second = conn.create_job("CheckPlan", anna.id, "{}", "de", &now).await.unwrap();
        let watch = JobWatch::new(store.clone());
        store.count_statements();
        let mut watchers: Vec<_> = (0..10).map(|i| watch.watch(if i % 2 == 0 { first } else { second })).collect();
        for w in &mut watchers {
            let record = w.wait_for(Option::is_some).await.unwrap().clone().unwrap();
            assert_eq!(record.done, 0);
        }
        // Ten streams, one query (two if the round turned meanwhile).
        assert!(store.statement_count() <= 2, "{} statements", store.statement_count());
        // A change reaches the watchers of that job.
        conn.execute_with_id("UPDATE job SET progress_done = 4, progress_total = 8 WHERE id = $1", first.0)
            .await
            .unwrap();
        for w in watchers.iter_mut().step_by(2) {
            let record = w.wait_for(|r| r.as_ref().is_some_and(|r| r.done == 4)).await.unwrap().clone().unwrap();
            assert_eq!((record.id, record.total), (first, 8));
        }
        assert!(!watchers[1].has_changed().unwrap(), "the other job did not change");
        // A job that is gone ends its watchers.
        conn.execute_with_id("DELETE FROM job WHERE id = $1", second.0).await.unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(5), watchers[1].changed()).await.expect("within 5 s");
        assert!(ended.is_err());
        // Nobody watching: the task stops, and starts again for the next watcher.
        drop(watchers);
        tokio::time::sleep(WATCH_EVERY * 3).await;
        assert!(!*watch.poller.lock().unwrap());
        let mut again = watch.watch(first);
        assert_eq!(again.wait_for(Option::is_some).await.unwrap().as_ref().unwrap().done, 4);
    }
}
