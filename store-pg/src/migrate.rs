//! The schema fourx keeps in PostgreSQL, created and migrated by fourx itself: the ordered
//! [`MIGRATIONS`] table and the versioned `fourx_migrations` table recording which ran.
//!
//! Decides the tables and their evolution; a migration is append-only (a released one is never
//! edited, a change is a new row). Concurrent openers serialize on a transaction-scoped advisory
//! lock, so two machines opening a fresh database at once apply each migration exactly once.

use crate::conn::{DbError, Tx};

/// The migrations in order: `(version, name, SQL)`; `{s}` is the quoted schema.
pub const MIGRATIONS: &[(i32, &str, &str)] = &[(
    1,
    "blueprint and run state",
    "CREATE TABLE {s}.blueprint_doc (
        project_id text PRIMARY KEY,
        content bytea NOT NULL,
        sha256 bytea NOT NULL);
     CREATE TABLE {s}.blueprint_revision (
        project_id text NOT NULL,
        name text NOT NULL,
        content bytea NOT NULL,
        PRIMARY KEY (project_id, name));
     CREATE TABLE {s}.run_state (
        workspace text NOT NULL,
        feature text NOT NULL,
        content bytea NOT NULL,
        sha256 bytea NOT NULL,
        revision bigint NOT NULL,
        PRIMARY KEY (workspace, feature));
     CREATE TABLE {s}.run_event_seq (
        workspace text NOT NULL,
        feature text NOT NULL,
        last bigint NOT NULL,
        PRIMARY KEY (workspace, feature));
     CREATE TABLE {s}.run_event (
        workspace text NOT NULL,
        feature text NOT NULL,
        seq bigint NOT NULL,
        line bytea NOT NULL,
        PRIMARY KEY (workspace, feature, seq));
     CREATE TABLE {s}.run_stop (
        workspace text NOT NULL,
        feature text NOT NULL,
        PRIMARY KEY (workspace, feature));
     CREATE TABLE {s}.run_lease (
        workspace text NOT NULL,
        feature text NOT NULL,
        holder text NOT NULL,
        token bigint NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (workspace, feature));",
)];

/// The advisory lock key every fourx migrator takes (`'4x'` as an integer).
pub const MIGRATION_LOCK: i64 = 0x3478_6d69_6772;

/// Creates the schema when missing and applies every migration not yet recorded, in one
/// transaction; returns the versions applied now.
pub(crate) fn migrate(tx: &mut Tx<'_>, schema: &str) -> Result<Vec<i32>, DbError> {
    let s = format!("\"{schema}\"");
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(&format!(
        "CREATE SCHEMA IF NOT EXISTS {s};
         CREATE TABLE IF NOT EXISTS {s}.fourx_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now());"
    ))?;
    let done: Vec<i32> = tx
        .query(&format!("SELECT version FROM {s}.fourx_migrations"), &[])?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let mut applied = Vec::new();
    for (version, name, sql) in MIGRATIONS {
        if done.contains(version) {
            continue;
        }
        tx.batch_execute(&sql.replace("{s}", &s))?;
        tx.execute(
            &format!("INSERT INTO {s}.fourx_migrations (version, name) VALUES ($1, $2)"),
            &[version, name],
        )?;
        applied.push(*version);
    }
    Ok(applied)
}
