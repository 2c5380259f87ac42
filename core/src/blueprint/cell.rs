//! `SnapshotCell`: publication of immutable snapshots through arc-swap (blueprint.md).
//!
//! Decides the single-writer rule (only the job holding the `scanning` token publishes), that a
//! failed scan keeps the previous snapshot, the cost-mode rescan policy, and that `request` never
//! blocks. Running the scan (threads, clocks, the scanner itself) is the caller's: jobs go to an
//! injected [`Executor`], which must not run them on the calling thread.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

use arc_swap::{ArcSwap, ArcSwapOption};

use super::cost::CostDecision;
use super::snapshot::Snapshot;
use super::stamp::UtcSecond;

/// Runs scan jobs somewhere else (a thread pool, a background thread).
pub trait Executor {
    /// Takes one job; must not run it on the calling thread.
    fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>);
}

/// What one scan produced; the duration is measured by the caller's clock.
#[derive(Debug)]
pub struct ScanOutcome {
    /// The new snapshot, or why the scan failed.
    pub result: Result<Snapshot, String>,
    /// How long the scan took, in milliseconds.
    pub sample_ms: f64,
}

/// Produces snapshots for the cell (the scanner plus whatever measures it).
pub trait ScanSource: Send + Sync {
    /// Scans the repository.
    fn scan(&self) -> ScanOutcome;
}

const NEVER: i64 = i64::MIN;

/// The published snapshot of one repository.
pub struct SnapshotCell {
    current: ArcSwap<Snapshot>,
    scanning: AtomicBool,
    cost: ArcSwapOption<CostDecision>,
    last_scan_started_s: AtomicI64,
    last_error: ArcSwapOption<String>,
}

impl SnapshotCell {
    /// A cell publishing `initial`.
    pub fn new(initial: Snapshot) -> Arc<SnapshotCell> {
        Arc::new(SnapshotCell {
            current: ArcSwap::from_pointee(initial),
            scanning: AtomicBool::new(false),
            cost: ArcSwapOption::empty(),
            last_scan_started_s: AtomicI64::new(NEVER),
            last_error: ArcSwapOption::empty(),
        })
    }

    /// The published snapshot (a lock-free load).
    pub fn load(&self) -> Arc<Snapshot> {
        self.current.load_full()
    }

    /// The current cost decision, if one was sampled.
    pub fn cost(&self) -> Option<CostDecision> {
        self.cost.load_full().map(|c| *c)
    }

    /// The error of the last failed scan, if any.
    pub fn last_error(&self) -> Option<Arc<String>> {
        self.last_error.load_full()
    }

    /// Whether a scan job holds the writer token.
    pub fn is_scanning(&self) -> bool {
        self.scanning.load(Ordering::Acquire)
    }

    /// Publishes `snapshot` directly if no scan job holds the writer token; `false` otherwise.
    pub fn publish(&self, snapshot: Snapshot) -> bool {
        if self
            .scanning
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            return false;
        }
        self.current.store(Arc::new(snapshot));
        self.scanning.store(false, Ordering::Release);
        true
    }

    fn rescan_allowed(&self, now: UtcSecond) -> bool {
        let Some(cost) = self.cost() else {
            return true;
        };
        if cost.expired(now) {
            return true;
        }
        let last = self.last_scan_started_s.load(Ordering::Acquire);
        cost.allows_rescan(
            now,
            (last != NEVER)
                .then(|| UtcSecond::from_unix(last))
                .flatten(),
        )
    }

    /// Returns the published snapshot at once; if `repo_token` differs from it and the policy
    /// allows, hands one scan job to `executor` (at most one job runs at a time).
    pub fn request(
        self: &Arc<Self>,
        repo_token: &str,
        now: UtcSecond,
        executor: &dyn Executor,
        source: Arc<dyn ScanSource>,
    ) -> Arc<Snapshot> {
        let snap = self.current.load_full();
        if snap.repo_token() == repo_token || !self.rescan_allowed(now) {
            return snap;
        }
        if self
            .scanning
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            return snap;
        }
        self.last_scan_started_s
            .store(now.unix(), Ordering::Release);
        let cell = Arc::clone(self);
        let token = repo_token.to_string();
        executor.execute(Box::new(move || {
            let out = source.scan();
            match out.result {
                Ok(s) => {
                    cell.current.store(Arc::new(s.with_repo_token(&token)));
                    cell.last_error.store(None);
                }
                Err(e) => cell.last_error.store(Some(Arc::new(e))),
            }
            if cell.cost().is_none_or(|c| c.expired(now)) {
                cell.cost.store(Some(Arc::new(CostDecision::from_sample(
                    out.sample_ms,
                    now,
                ))));
            }
            cell.scanning.store(false, Ordering::Release);
        }));
        snap
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Parked(Mutex<Vec<Box<dyn FnOnce() + Send>>>);

    impl Executor for Parked {
        fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>) {
            if let Ok(mut jobs) = self.0.lock() {
                jobs.push(job);
            }
        }
    }

    impl Parked {
        fn run_all(&self) -> usize {
            let jobs: Vec<_> = self
                .0
                .lock()
                .map(|mut j| j.drain(..).collect())
                .unwrap_or_default();
            let n = jobs.len();
            for j in jobs {
                j();
            }
            n
        }
    }

    struct Source(Result<&'static str, &'static str>);

    impl ScanSource for Source {
        fn scan(&self) -> ScanOutcome {
            ScanOutcome {
                result: self
                    .0
                    .map(|m| {
                        Snapshot::from_json(&serde_json::json!({"modules": [m]}))
                            .unwrap_or_default()
                    })
                    .map_err(str::to_string),
                sample_ms: 10.0,
            }
        }
    }

    fn now() -> UtcSecond {
        "2026-03-01T12:00:00Z".parse().unwrap()
    }

    #[test]
    fn request_never_blocks_while_a_scan_job_is_parked_and_only_one_job_runs() {
        let cell = SnapshotCell::new(Snapshot::default());
        let ex = Parked::default();
        let src: Arc<dyn ScanSource> = Arc::new(Source(Ok("a")));
        let before = cell.request("t1", now(), &ex, src.clone());
        let again = cell.request("t1", now(), &ex, src.clone());
        assert!(Arc::ptr_eq(&before, &again));
        assert_eq!(ex.run_all(), 1);
        assert_eq!(cell.load().repo_token(), "t1");
        assert!(cell.load().contains("a"));
        assert!(!cell.is_scanning());
    }

    #[test]
    fn a_reader_keeps_its_snapshot_while_a_new_one_is_stored() {
        let cell = SnapshotCell::new(Snapshot::default());
        let held = cell.load();
        let ex = Parked::default();
        cell.request("t1", now(), &ex, Arc::new(Source(Ok("a"))));
        ex.run_all();
        assert!(held.modules().is_empty());
        assert!(!Arc::ptr_eq(&held, &cell.load()));
    }

    #[test]
    fn a_failed_scan_never_clears_the_previous_snapshot() {
        let cell = SnapshotCell::new(Snapshot::default());
        let before = cell.load();
        let ex = Parked::default();
        cell.request("t1", now(), &ex, Arc::new(Source(Err("boom"))));
        ex.run_all();
        assert!(Arc::ptr_eq(&before, &cell.load()));
        assert_eq!(
            cell.last_error().as_deref().map(String::as_str),
            Some("boom")
        );
        assert!(!cell.is_scanning());
    }

    #[test]
    fn publish_is_refused_while_a_scan_job_holds_the_writer_token() {
        let cell = SnapshotCell::new(Snapshot::default());
        let ex = Parked::default();
        cell.request("t1", now(), &ex, Arc::new(Source(Ok("a"))));
        assert!(!cell.publish(Snapshot::default()));
        ex.run_all();
        assert!(cell.publish(Snapshot::default()));
    }
}
