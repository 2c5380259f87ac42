//! [`PgRunStore`]: a workspace's run state in PostgreSQL — `state.json` bytes with a SHA-256
//! version and a revision counter, events as an append-only table with a per-feature sequence,
//! the stop signal as a row, and feature leases with fencing tokens measured by the server's
//! clock.
//!
//! Decides the SQL of the [`RunStore`] contract. Each method is one transaction: a fenced write
//! first takes the lease row `FOR SHARE` and checks holder, token and expiry, so a concurrent
//! claim (which updates that row) waits for the write to commit or sees it refused — a paused
//! machine cannot land a write after a newer owner was granted the feature.

use std::sync::Arc;

use fourx_core::error::{Error, ErrorKind, Result};
use fourx_core::store::cas::Version;
use fourx_core::workspace::run_store::{
    check_event_line, check_holder, check_record, check_ttl, holds_already, lease_lost, Claim,
    Copied, EventFeed, EventSink, FenceToken, Lease, LogLines, Replaced, RunStore,
};
use fourx_core::workspace::FeatureId;

use crate::conn::{DbError, Tx};
use crate::PgBackend;

/// The most bytes [`RunStore::read_events`] returns for one feature at once (64 MiB); over it
/// is `io_error`. The scanners (`total_cost`, `check_events`, export) read through
/// [`RunStore::scan_events`], which streams a log of any length.
pub const EVENTS_READ_LIMIT: i64 = 64 << 20;

/// The bytes of event lines one page of a streamed read fetches (at least one line, whatever
/// its length): what a scan holds in memory at once.
pub const SCAN_PAGE_BYTES: i64 = 8 << 20;

/// The most lines one page of a streamed read (or one insert of a copy) carries.
pub const SCAN_PAGE_LINES: i64 = 1024;

/// The run state of one workspace name in PostgreSQL.
#[derive(Debug, Clone)]
pub struct PgRunStore {
    backend: Arc<PgBackend>,
    workspace: String,
}

fn sha(bytes: &[u8]) -> Vec<u8> {
    match Version::of(Some(bytes)) {
        Version::Sha256(h) => h.to_vec(),
        Version::Absent => Vec::new(),
    }
}

impl PgRunStore {
    pub(crate) fn new(backend: Arc<PgBackend>, workspace: &str) -> PgRunStore {
        PgRunStore {
            backend,
            workspace: workspace.to_string(),
        }
    }

    /// The workspace name the rows are keyed by.
    pub fn workspace(&self) -> &str {
        &self.workspace
    }

    /// The state's revision counter (0 = no state): how many replaces it has seen.
    pub fn state_revision(&self, id: &FeatureId) -> Result<i64> {
        let sql = format!(
            "SELECT revision FROM {}.run_state WHERE workspace = $1 AND feature = $2",
            self.backend.s()
        );
        self.backend.conn.with("read state revision", |c| {
            Ok(c.query_opt(&sql, &[&self.workspace, &id.as_str()])?
                .map_or(0, |r| r.get(0)))
        })
    }

    /// Inside a transaction: the lease row locked `FOR SHARE`, checked against `lease`.
    fn fence(&self, tx: &mut Tx<'_>, lease: &Lease) -> Result<Result<(), Error>, DbError> {
        let sql = format!(
            "SELECT holder, token, expires_at > clock_timestamp() FROM {}.run_lease
             WHERE workspace = $1 AND feature = $2 FOR SHARE",
            self.backend.s()
        );
        let row = tx.query_opt(&sql, &[&self.workspace, &lease.feature.as_str()])?;
        Ok(match row {
            None => Err(lease_lost(lease, "not on record")),
            Some(r) => {
                let (holder, token, live): (String, i64, bool) = (r.get(0), r.get(1), r.get(2));
                if holder != lease.holder || token != lease.token.0 as i64 {
                    Err(lease_lost(lease, "superseded by a newer claim"))
                } else if !live {
                    Err(lease_lost(lease, "expired"))
                } else {
                    Ok(())
                }
            }
        })
    }
}

/// Lines of a copy waiting to be inserted.
#[derive(Default)]
struct Batch {
    seqs: Vec<i64>,
    lines: Vec<Vec<u8>>,
    bytes: i64,
    next: i64,
}

impl RunStore for PgRunStore {
    fn read_state(&self, id: &FeatureId) -> Result<Option<(Vec<u8>, Version)>> {
        let sql = format!(
            "SELECT content FROM {}.run_state WHERE workspace = $1 AND feature = $2",
            self.backend.s()
        );
        let row = self.backend.conn.with("read state", |c| {
            c.query_opt(&sql, &[&self.workspace, &id.as_str()])
        })?;
        Ok(row.map(|r| {
            let b: Vec<u8> = r.get(0);
            let v = Version::of(Some(&b));
            (b, v)
        }))
    }

    fn replace_state(
        &self,
        id: &FeatureId,
        expected: &Version,
        bytes: &[u8],
        fence: Option<&Lease>,
    ) -> Result<Replaced> {
        check_record("state document", bytes)?;
        let s = self.backend.s();
        let new_sha = sha(bytes);
        let (ws, f) = (&self.workspace, id.as_str());
        self.backend.conn.with_tx("replace state", |tx| {
            if let Some(lease) = fence {
                if let Err(e) = self.fence(tx, lease)? {
                    return Ok(Err(e));
                }
            }
            let n = match expected {
                Version::Absent => tx.execute(
                    &format!(
                        "INSERT INTO {s}.run_state (workspace, feature, content, sha256, revision)
                         VALUES ($1, $2, $3, $4, 1) ON CONFLICT (workspace, feature) DO NOTHING"
                    ),
                    &[ws, &f, &bytes, &new_sha],
                )?,
                Version::Sha256(old) => tx.execute(
                    &format!(
                        "UPDATE {s}.run_state SET content = $3, sha256 = $4, revision = revision + 1
                         WHERE workspace = $1 AND feature = $2 AND sha256 = $5"
                    ),
                    &[ws, &f, &bytes, &new_sha, &old.to_vec()],
                )?,
            };
            Ok(Ok(if n == 1 {
                Replaced::Done(Version::of(Some(bytes)))
            } else {
                Replaced::Conflict
            }))
        })
    }

    fn append_event(&self, id: &FeatureId, line: &[u8], fence: Option<&Lease>) -> Result<u64> {
        check_event_line(line)?;
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, id.as_str());
        let seq: i64 = self.backend.conn.with_tx("append event", |tx| {
            if let Some(lease) = fence {
                if let Err(e) = self.fence(tx, lease)? {
                    return Ok(Err(e));
                }
            }
            let seq: i64 = tx
                .query_one(
                    &format!(
                        "INSERT INTO {s}.run_event_seq (workspace, feature, last) VALUES ($1, $2, 1)
                         ON CONFLICT (workspace, feature) DO UPDATE SET last = {s}.run_event_seq.last + 1
                         RETURNING last"
                    ),
                    &[ws, &f],
                )?
                .get(0);
            tx.execute(
                &format!(
                    "INSERT INTO {s}.run_event (workspace, feature, seq, line) VALUES ($1, $2, $3, $4)"
                ),
                &[ws, &f, &seq, &line],
            )?;
            Ok(Ok(seq))
        })?;
        Ok(seq as u64)
    }

    fn read_events(&self, id: &FeatureId) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.scan_events(id, &mut |line| {
            if (out.len() + line.len()) as i64 > EVENTS_READ_LIMIT {
                return Err(Error::new(
                    ErrorKind::IoError,
                    format!(
                        "the events of {id} are over the read limit of {EVENTS_READ_LIMIT} bytes; \
                         read them as a stream (total_cost, check_events and export do)"
                    ),
                ));
            }
            out.extend_from_slice(line);
            Ok(())
        })?;
        Ok(out)
    }

    /// Pages of whole lines in sequence order: each page first reads the lengths of the next
    /// [`SCAN_PAGE_LINES`] lines, then fetches as many as fit in [`SCAN_PAGE_BYTES`] (at least
    /// one). Appends commit in sequence order, so a scan sees a prefix of the log.
    fn scan_events(&self, id: &FeatureId, sink: EventSink<'_>) -> Result<()> {
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, id.as_str());
        let sizes = format!(
            "SELECT seq, octet_length(line)::bigint FROM {s}.run_event
             WHERE workspace = $1 AND feature = $2 AND seq > $3 ORDER BY seq LIMIT {SCAN_PAGE_LINES}"
        );
        let lines = format!(
            "SELECT seq, line FROM {s}.run_event
             WHERE workspace = $1 AND feature = $2 AND seq > $3 AND seq <= $4 ORDER BY seq"
        );
        let mut after: i64 = 0;
        loop {
            let rows = self.backend.conn.with("read events", |db| {
                let sized = db.query(&sizes, &[ws, &f, &after])?;
                let mut upto = None;
                let mut bytes: i64 = 0;
                for r in &sized {
                    let (seq, len): (i64, i64) = (r.get(0), r.get(1));
                    if upto.is_some() && bytes + len > SCAN_PAGE_BYTES {
                        break;
                    }
                    bytes += len;
                    upto = Some(seq);
                }
                match upto {
                    None => Ok(Vec::new()),
                    Some(upto) => db.query(&lines, &[ws, &f, &after, &upto]),
                }
            })?;
            if rows.is_empty() {
                return Ok(());
            }
            for r in rows {
                let line: Vec<u8> = r.get(1);
                after = r.get(0);
                sink(&line)?;
            }
        }
    }

    /// One transaction: the emptiness check, the state, the log inserted in batches as it is
    /// fed, the sequence counter and the stop signal — committed together, or rolled back
    /// together on any failure (the feed's included).
    fn put_feature(
        &self,
        id: &FeatureId,
        state: Option<&[u8]>,
        events: EventFeed<'_>,
        stop: bool,
    ) -> Result<Copied> {
        if let Some(bytes) = state {
            check_record("state document", bytes)?;
        }
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, id.as_str());
        let held = format!(
            "SELECT EXISTS (SELECT 1 FROM {s}.run_state WHERE workspace = $1 AND feature = $2)
                 OR EXISTS (SELECT 1 FROM {s}.run_event WHERE workspace = $1 AND feature = $2)"
        );
        let insert = format!(
            "INSERT INTO {s}.run_event (workspace, feature, seq, line)
             SELECT $1, $2, seq, line FROM unnest($3::bigint[], $4::bytea[]) AS t(seq, line)"
        );
        self.backend.conn.with_tx("import feature", |tx| {
            let held: bool = tx.query_one(&held, &[ws, &f])?.get(0);
            if held {
                return Ok(Err(holds_already(id)));
            }
            let mut copied = Copied::default();
            if let Some(bytes) = state {
                tx.execute(
                    &format!(
                        "INSERT INTO {s}.run_state (workspace, feature, content, sha256, revision)
                         VALUES ($1, $2, $3, $4, 1)"
                    ),
                    &[ws, &f, &bytes, &sha(bytes)],
                )?;
                copied.state = true;
            }
            // The feed's errors are fourx errors; the database's are kept apart to be returned
            // as such (the transaction is rolled back either way).
            let mut db_failure: Option<DbError> = None;
            let mut batch = Batch::default();
            let mut log = LogLines::default();
            let mut flush = |batch: &mut Batch, tx: &mut Tx<'_>| -> Result<()> {
                if batch.seqs.is_empty() {
                    return Ok(());
                }
                let r = tx.execute(&insert, &[ws, &f, &batch.seqs, &batch.lines]);
                batch.seqs.clear();
                batch.lines.clear();
                batch.bytes = 0;
                r.map(|_| ()).map_err(|e| {
                    db_failure = Some(e);
                    Error::new(ErrorKind::IoError, "postgres import feature: insert failed")
                })
            };
            let fed = events(&mut |chunk| {
                log.push(id, chunk, &mut |line| {
                    batch.next += 1;
                    batch.seqs.push(batch.next);
                    batch.lines.push(line.to_vec());
                    batch.bytes += line.len() as i64;
                    if batch.bytes >= SCAN_PAGE_BYTES || batch.seqs.len() as i64 >= SCAN_PAGE_LINES {
                        flush(&mut batch, tx)?;
                    }
                    Ok(())
                })
            })
            .and_then(|()| flush(&mut batch, tx))
            .and_then(|()| log.finish(id));
            if let Some(e) = db_failure {
                return Err(e);
            }
            let lines = match fed {
                Ok(n) => n,
                Err(e) => return Ok(Err(e)),
            };
            if lines > 0 {
                tx.execute(
                    &format!(
                        "INSERT INTO {s}.run_event_seq (workspace, feature, last) VALUES ($1, $2, $3)
                         ON CONFLICT (workspace, feature) DO UPDATE SET last = EXCLUDED.last"
                    ),
                    &[ws, &f, &(lines as i64)],
                )?;
                copied.events = lines;
            }
            if stop {
                tx.execute(
                    &format!(
                        "INSERT INTO {s}.run_stop (workspace, feature) VALUES ($1, $2) ON CONFLICT DO NOTHING"
                    ),
                    &[ws, &f],
                )?;
                copied.stop = true;
            }
            Ok(Ok(copied))
        })
    }

    fn request_stop(&self, id: &FeatureId) -> Result<()> {
        let sql = format!(
            "INSERT INTO {}.run_stop (workspace, feature) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            self.backend.s()
        );
        self.backend.conn.with("request stop", |c| {
            c.execute(&sql, &[&self.workspace, &id.as_str()])
                .map(|_| ())
        })
    }

    fn stop_requested(&self, id: &FeatureId) -> Result<bool> {
        let sql = format!(
            "SELECT 1 FROM {}.run_stop WHERE workspace = $1 AND feature = $2",
            self.backend.s()
        );
        self.backend.conn.with("read stop", |c| {
            Ok(c.query_opt(&sql, &[&self.workspace, &id.as_str()])?
                .is_some())
        })
    }

    fn clear_stop(&self, id: &FeatureId) -> Result<()> {
        let sql = format!(
            "DELETE FROM {}.run_stop WHERE workspace = $1 AND feature = $2",
            self.backend.s()
        );
        self.backend.conn.with("clear stop", |c| {
            c.execute(&sql, &[&self.workspace, &id.as_str()])
                .map(|_| ())
        })
    }

    fn claim(&self, id: &FeatureId, holder: &str, ttl_ms: u64) -> Result<Claim> {
        let holder = check_holder(holder)?;
        let ttl = check_ttl(ttl_ms)? as f64 / 1000.0;
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, id.as_str());
        self.backend.conn.with_tx("claim", |tx| {
            tx.execute(
                &format!(
                    "INSERT INTO {s}.run_lease (workspace, feature, holder, token, expires_at)
                     VALUES ($1, $2, '', 0, 'epoch') ON CONFLICT DO NOTHING"
                ),
                &[ws, &f],
            )?;
            let r = tx.query_one(
                &format!(
                    "SELECT holder, token, expires_at > clock_timestamp(),
                            GREATEST(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::bigint
                     FROM {s}.run_lease WHERE workspace = $1 AND feature = $2 FOR UPDATE"
                ),
                &[ws, &f],
            )?;
            let (cur, token, live): (String, i64, bool) = (r.get(0), r.get(1), r.get(2));
            if live && cur != holder {
                let left: i64 = r.get(3);
                return Ok(Ok(Claim::Held {
                    holder: cur,
                    expires_in_ms: left.max(0) as u64,
                }));
            }
            let token = if live { token } else { token + 1 };
            tx.execute(
                &format!(
                    "UPDATE {s}.run_lease SET holder = $3, token = $4,
                            expires_at = clock_timestamp() + make_interval(secs => $5)
                     WHERE workspace = $1 AND feature = $2"
                ),
                &[ws, &f, &holder, &token, &ttl],
            )?;
            Ok(Ok(Claim::Granted(Lease {
                feature: id.clone(),
                holder: holder.to_string(),
                token: FenceToken(token as u64),
                ttl_ms,
            })))
        })
    }

    fn release(&self, lease: &Lease) -> Result<()> {
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, lease.feature.as_str());
        self.backend.conn.with_tx("release", |tx| {
            let n = tx.execute(
                &format!(
                    "UPDATE {s}.run_lease SET expires_at = 'epoch'
                     WHERE workspace = $1 AND feature = $2 AND holder = $3 AND token = $4
                       AND expires_at > clock_timestamp()"
                ),
                &[ws, &f, &lease.holder, &(lease.token.0 as i64)],
            )?;
            Ok(if n == 1 {
                Ok(())
            } else {
                Err(lease_lost(lease, "no longer current"))
            })
        })
    }

    fn features(&self) -> Result<Vec<FeatureId>> {
        let s = self.backend.s();
        let sql = format!(
            "SELECT feature FROM {s}.run_state WHERE workspace = $1
             UNION SELECT feature FROM {s}.run_event_seq WHERE workspace = $1
             UNION SELECT feature FROM {s}.run_stop WHERE workspace = $1
             ORDER BY 1"
        );
        let names: Vec<String> = self.backend.conn.with("list features", |c| {
            Ok(c.query(&sql, &[&self.workspace])?
                .iter()
                .map(|r| r.get(0))
                .collect())
        })?;
        let mut ids: Vec<FeatureId> = names
            .iter()
            .filter_map(|n| FeatureId::new(n).ok())
            .collect();
        ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        Ok(ids)
    }
}
