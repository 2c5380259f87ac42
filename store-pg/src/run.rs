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
    check_event_line, check_holder, check_record, check_ttl, lease_lost, Claim, FenceToken, Lease,
    Replaced, RunStore,
};
use fourx_core::workspace::FeatureId;

use crate::conn::{DbError, Tx};
use crate::PgBackend;

/// The most bytes [`RunStore::read_events`] returns for one feature (64 MiB); over it is
/// `io_error`.
pub const EVENTS_READ_LIMIT: i64 = 64 << 20;

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
    fn fence(
        &self,
        tx: &mut Tx<'_>,
        lease: &Lease,
    ) -> Result<Result<(), Error>, DbError> {
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
        let s = self.backend.s();
        let (ws, f) = (&self.workspace, id.as_str());
        let rows = self.backend.conn.with_tx("read events", |tx| {
            let total: i64 = tx
                .query_one(
                    &format!(
                        "SELECT coalesce(sum(octet_length(line)), 0)::bigint FROM {s}.run_event
                         WHERE workspace = $1 AND feature = $2"
                    ),
                    &[ws, &f],
                )?
                .get(0);
            if total > EVENTS_READ_LIMIT {
                return Ok(Err(Error::new(
                    ErrorKind::IoError,
                    format!("events of {f} are {total} bytes, over the read limit {EVENTS_READ_LIMIT}"),
                )));
            }
            Ok(Ok(tx.query(
                &format!(
                    "SELECT line FROM {s}.run_event WHERE workspace = $1 AND feature = $2 ORDER BY seq"
                ),
                &[ws, &f],
            )?))
        })?;
        let mut out = Vec::new();
        for r in rows {
            let line: Vec<u8> = r.get(0);
            out.extend_from_slice(&line);
        }
        Ok(out)
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
