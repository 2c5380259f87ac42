//! [`PgBlueprintStore`]: the blueprint's compare-and-swap [`Store`] as one row per project
//! (content + SHA-256 version) and a revisions table pruned by the blueprint revision rule
//! (the newest five kept).
//!
//! Decides the SQL of the contract; the fold and commit loop (`blueprint::commit`) is the
//! core's and runs unchanged over this store. `write_if` is one conditional statement (insert
//! if absent / update where the stored hash is the expected one), so an acknowledged write is
//! never lost and a lost race is `Conflict` — the commit loop's `fold_conflict` deferral.

use std::io;
use std::sync::Arc;

use fourx_core::blueprint::revisions::revision_retention;
use fourx_core::error::Error;
use fourx_core::store::cas::{Store, Version, WriteError};

use crate::PgBackend;

/// The blueprint document of one project in PostgreSQL.
#[derive(Debug, Clone)]
pub struct PgBlueprintStore {
    backend: Arc<PgBackend>,
    project_id: String,
}

fn io_of(e: Error) -> io::Error {
    io::Error::other(e.message)
}

fn sha(v: &Version) -> Option<Vec<u8>> {
    match v {
        Version::Absent => None,
        Version::Sha256(h) => Some(h.to_vec()),
    }
}

impl PgBlueprintStore {
    pub(crate) fn new(backend: Arc<PgBackend>, project_id: &str) -> PgBlueprintStore {
        PgBlueprintStore {
            backend,
            project_id: project_id.to_string(),
        }
    }

    /// The project whose document this is.
    pub fn project_id(&self) -> &str {
        &self.project_id
    }
}

impl Store for PgBlueprintStore {
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        let sql = format!(
            "SELECT content FROM {}.blueprint_doc WHERE project_id = $1",
            self.backend.s()
        );
        let row = self
            .backend
            .conn
            .with("read blueprint", |c| c.query_opt(&sql, &[&self.project_id]))
            .map_err(io_of)?;
        let bytes: Option<Vec<u8>> = row.map(|r| r.get(0));
        let v = Version::of(bytes.as_deref());
        Ok((bytes, v))
    }

    fn write_if(&self, expected: &Version, bytes: &[u8]) -> Result<(), WriteError> {
        let s = self.backend.s();
        let new_sha = sha(&Version::of(Some(bytes)));
        let n = match sha(expected) {
            None => {
                let sql = format!(
                    "INSERT INTO {s}.blueprint_doc (project_id, content, sha256) VALUES ($1, $2, $3)
                     ON CONFLICT (project_id) DO NOTHING"
                );
                self.backend.conn.with("write blueprint", |c| {
                    c.execute(&sql, &[&self.project_id, &bytes, &new_sha])
                })
            }
            Some(old) => {
                let sql = format!(
                    "UPDATE {s}.blueprint_doc SET content = $2, sha256 = $3
                     WHERE project_id = $1 AND sha256 = $4"
                );
                self.backend.conn.with("write blueprint", |c| {
                    c.execute(&sql, &[&self.project_id, &bytes, &new_sha, &old])
                })
            }
        }
        .map_err(|e| WriteError::Io(io_of(e)))?;
        if n == 1 {
            Ok(())
        } else {
            Err(WriteError::Conflict)
        }
    }

    fn save_revision(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let s = self.backend.s();
        let insert = format!(
            "INSERT INTO {s}.blueprint_revision (project_id, name, content) VALUES ($1, $2, $3)
             ON CONFLICT (project_id, name) DO NOTHING"
        );
        let list = format!(
            "SELECT name FROM {s}.blueprint_revision WHERE project_id = $1 ORDER BY name COLLATE \"C\""
        );
        let delete =
            format!("DELETE FROM {s}.blueprint_revision WHERE project_id = $1 AND name = ANY($2)");
        let pid = &self.project_id;
        let created = self
            .backend
            .conn
            .with("save blueprint revision", |c| {
                let mut tx = c.transaction()?;
                if tx.execute(&insert, &[pid, &name, &bytes])? == 0 {
                    return Ok(false);
                }
                let names: Vec<String> =
                    tx.query(&list, &[pid])?.iter().map(|r| r.get(0)).collect();
                let gone = revision_retention(&names);
                if !gone.is_empty() {
                    tx.execute(&delete, &[pid, &gone])?;
                }
                tx.commit()?;
                Ok(true)
            })
            .map_err(io_of)?;
        if created {
            Ok(())
        } else {
            Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("revision {name:?} exists"),
            ))
        }
    }

    fn list_revisions(&self) -> io::Result<Vec<String>> {
        let sql = format!(
            "SELECT name FROM {}.blueprint_revision WHERE project_id = $1 ORDER BY name COLLATE \"C\"",
            self.backend.s()
        );
        self.backend
            .conn
            .with("list blueprint revisions", |c| {
                Ok(c.query(&sql, &[&self.project_id])?
                    .iter()
                    .map(|r| r.get(0))
                    .collect())
            })
            .map_err(io_of)
    }
}
