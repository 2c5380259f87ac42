//! The connection pool a store talks through: parsed from the config's URL once, connected
//! lazily, dropped on any transport failure or missed deadline so that the next call reconnects,
//! left untouched in a forked child, and never shown.
//!
//! Decides the deadlines of every PostgreSQL call and how a failure becomes a fourx [`Error`].
//! Each connection is a `tokio-postgres` client driven by a runtime of its own; every wait on the
//! server (opening, each statement, the commit) and the wait for a free pooled connection is
//! bounded by the config's [`Deadlines`], and no lock is held while waiting on the server. Every
//! failure is `io_error` with a message whose credential-bearing parts are scrubbed ([`scrub`]);
//! a call that failed is never retried here (its outcome is unknown to the caller, who re-reads).

use std::future::Future;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use fourx_core::error::{Error, ErrorKind, Result};
use tokio::runtime::Runtime;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Config, Row};

use crate::config::Deadlines;

/// How long opening a connection may take when the config does not say (`connect_timeout_ms`).
pub const CONNECT_TIMEOUT: Duration =
    Duration::from_millis(crate::config::DEFAULT_CONNECT_TIMEOUT_MS);

/// A failure of one exchange with the server.
#[derive(Debug)]
pub(crate) enum DbError {
    /// The server's error, or the transport's.
    Pg(tokio_postgres::Error),
    /// No answer within the statement deadline; the connection is abandoned.
    Deadline(Duration),
}

impl From<tokio_postgres::Error> for DbError {
    fn from(e: tokio_postgres::Error) -> DbError {
        DbError::Pg(e)
    }
}

impl DbError {
    /// Whether the connection must be dropped: anything but an error the server answered with.
    fn drops_connection(&self) -> bool {
        match self {
            DbError::Pg(e) => e.as_db_error().is_none(),
            DbError::Deadline(_) => true,
        }
    }
}

/// One open connection: the client and the runtime that drives its socket (the connection task
/// runs only while a call waits on this runtime).
struct Session {
    client: Client,
    rt: Runtime,
}

/// Sessions a forked child inherited from its parent: never used, never closed (closing would
/// talk over — or deregister — the parent's socket), kept reachable for the life of the process.
static INHERITED: Mutex<Vec<Session>> = Mutex::new(Vec::new());

/// The pool's bookkeeping, under its mutex (held only for bookkeeping, never across I/O).
struct PoolState {
    /// The process these sessions belong to: another pid means this is a forked child.
    pid: u32,
    /// Connected sessions not in use.
    idle: Vec<Session>,
    /// Sessions (or connection slots) checked out now.
    out: usize,
}

impl PoolState {
    /// In a forked child: the parent's sessions are set aside untouched and the pool starts
    /// empty (the child connects anew).
    fn after_fork(&mut self) {
        let me = std::process::id();
        if self.pid != me {
            let inherited = std::mem::take(&mut self.idle);
            lock(&INHERITED).extend(inherited);
            self.out = 0;
            self.pid = me;
        }
    }
}

impl Drop for PoolState {
    /// A pool dropped in a forked child (a backend the child never used, freed there) must not
    /// drop its parent's sessions either: tearing one down would deregister the parent's socket
    /// from the epoll instance parent and child share.
    fn drop(&mut self) {
        self.after_fork();
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A pool of at most `size` lazily (re)connected sessions and the secret needed to open them: a
/// call takes an idle session, opens one when the pool is not full, or waits (at most the
/// statement deadline) for one to come back.
pub struct Conn {
    config: Config,
    tls: Tls,
    deadlines: Deadlines,
    size: usize,
    pool: Mutex<PoolState>,
    returned: Condvar,
}

/// How a connection negotiates TLS: with the `tls` feature, OpenSSL verifying the server's
/// certificate and host name against the system's roots plus `ca_file`; without it, never.
#[cfg(feature = "tls")]
type Tls = postgres_openssl::MakeTlsConnector;
#[cfg(not(feature = "tls"))]
type Tls = tokio_postgres::NoTls;

/// The TLS connector of a URL's `sslmode`. Without the `tls` feature, `sslmode=require` is
/// `invalid_config` here (the connection could never be made as asked); `prefer` and `disable`
/// connect in plain text.
#[cfg(not(feature = "tls"))]
fn tls(config: &Config, _ca_file: Option<&str>) -> Result<Tls> {
    if config.get_ssl_mode() == tokio_postgres::config::SslMode::Require {
        return Err(Error::new(
            ErrorKind::InvalidConfig,
            "the postgres url asks for sslmode=require, and this build has no TLS (build fourx-store-pg with its `tls` feature)",
        )
        .with_field("url"));
    }
    Ok(tokio_postgres::NoTls)
}

/// The TLS connector of a URL's `sslmode`: `require` insists on TLS, `prefer` (the default)
/// uses it when the server offers it, `disable` never does; the server's certificate and host
/// name are always verified when TLS is used (stricter than libpq's `require`).
#[cfg(feature = "tls")]
fn tls(_config: &Config, ca_file: Option<&str>) -> Result<Tls> {
    use openssl::ssl::{SslConnector, SslMethod};
    let bad = |what: &str, e: openssl::error::ErrorStack| {
        Error::new(
            ErrorKind::InvalidConfig,
            format!("postgres TLS: {what}: {e}"),
        )
        .with_field("ca_file")
    };
    let mut builder = SslConnector::builder(SslMethod::tls_client())
        .map_err(|e| bad("cannot set up OpenSSL", e))?;
    if let Some(path) = ca_file {
        builder
            .set_ca_file(path)
            .map_err(|e| bad(&format!("cannot load the roots in {path}"), e))?;
    }
    Ok(postgres_openssl::MakeTlsConnector::new(builder.build()))
}

impl std::fmt::Debug for Conn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Conn")
            .field("deadlines", &self.deadlines)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// A checked-out session slot: returned to the pool on drop (a dropped session frees its slot).
struct Checkout<'a> {
    conn: &'a Conn,
    session: Option<Session>,
}

impl Drop for Checkout<'_> {
    fn drop(&mut self) {
        let session = self.session.take();
        let mut st = lock(&self.conn.pool);
        if st.pid != std::process::id() {
            // Checked out before a fork and returned in the child: the parent's session.
            lock(&INHERITED).extend(session);
            return;
        }
        st.out = st.out.saturating_sub(1);
        if let Some(s) = session {
            if !s.client.is_closed() {
                st.idle.push(s);
            }
        }
        drop(st);
        self.conn.returned.notify_one();
    }
}

/// The deadline-bounded wait for one answer of the server.
fn wait<T>(
    rt: &Runtime,
    deadline: Duration,
    fut: impl Future<Output = std::result::Result<T, tokio_postgres::Error>>,
) -> std::result::Result<T, DbError> {
    match rt.block_on(async { tokio::time::timeout(deadline, fut).await }) {
        Ok(r) => r.map_err(DbError::Pg),
        Err(_) => Err(DbError::Deadline(deadline)),
    }
}

/// The statements of a synchronous handle, each waited on at most the statement deadline.
macro_rules! statements {
    ($t:ident) => {
        #[allow(dead_code)] // each handle uses its own subset
        impl $t<'_> {
            /// Runs a statement; returns its rows.
            pub(crate) fn query(
                &mut self,
                sql: &str,
                params: &[&(dyn ToSql + Sync)],
            ) -> std::result::Result<Vec<Row>, DbError> {
                wait(self.rt, self.deadline, self.c.query(sql, params))
            }

            /// Runs a statement that returns at most one row.
            pub(crate) fn query_opt(
                &mut self,
                sql: &str,
                params: &[&(dyn ToSql + Sync)],
            ) -> std::result::Result<Option<Row>, DbError> {
                wait(self.rt, self.deadline, self.c.query_opt(sql, params))
            }

            /// Runs a statement that returns exactly one row.
            pub(crate) fn query_one(
                &mut self,
                sql: &str,
                params: &[&(dyn ToSql + Sync)],
            ) -> std::result::Result<Row, DbError> {
                wait(self.rt, self.deadline, self.c.query_one(sql, params))
            }

            /// Runs a statement; returns the rows it changed.
            pub(crate) fn execute(
                &mut self,
                sql: &str,
                params: &[&(dyn ToSql + Sync)],
            ) -> std::result::Result<u64, DbError> {
                wait(self.rt, self.deadline, self.c.execute(sql, params))
            }

            /// Runs statements without parameters (the simple protocol).
            pub(crate) fn batch_execute(&mut self, sql: &str) -> std::result::Result<(), DbError> {
                wait(self.rt, self.deadline, self.c.batch_execute(sql))
            }
        }
    };
}

/// A connection, for the calls of one store operation.
pub(crate) struct Db<'a> {
    rt: &'a Runtime,
    c: &'a mut Client,
    deadline: Duration,
}

/// A transaction on a [`Db`]; rolled back when dropped without [`Tx::commit`].
pub(crate) struct Tx<'a> {
    rt: &'a Runtime,
    c: tokio_postgres::Transaction<'a>,
    deadline: Duration,
}

statements!(Db);
statements!(Tx);

impl Db<'_> {
    /// Begins a transaction.
    pub(crate) fn transaction(&mut self) -> std::result::Result<Tx<'_>, DbError> {
        let c = wait(self.rt, self.deadline, self.c.transaction())?;
        Ok(Tx {
            rt: self.rt,
            c,
            deadline: self.deadline,
        })
    }
}

impl Tx<'_> {
    /// Commits.
    pub(crate) fn commit(self) -> std::result::Result<(), DbError> {
        wait(self.rt, self.deadline, self.c.commit())
    }

    /// Rolls back.
    pub(crate) fn rollback(self) -> std::result::Result<(), DbError> {
        wait(self.rt, self.deadline, self.c.rollback())
    }
}

/// `message` with every credential-bearing part replaced by `***`: the userinfo of each URL
/// (`scheme://user:password@` becomes `scheme://***@`) and the value of each `password=` setting
/// (quoted or up to the next space). The rest of the message is kept as it was — a password's
/// text elsewhere is not searched for, so a weak password (`postgres`) cannot be told from which
/// words went missing.
pub fn scrub(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find("://") {
        let (head, tail) = rest.split_at(i + 3);
        out.push_str(head);
        let span = tail
            .find(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '`' || c == '>')
            .unwrap_or(tail.len());
        match tail.get(..span).and_then(|s| s.rfind('@')) {
            Some(at) => {
                out.push_str("***");
                rest = tail.get(at..).unwrap_or_default();
            }
            None => rest = tail,
        }
    }
    out.push_str(rest);
    scrub_password_settings(&out)
}

/// The value of each `password = value` setting (any case, spaces around `=` allowed) replaced
/// by `***`: a quoted value up to its closing quote, else up to the next whitespace.
fn scrub_password_settings(message: &str) -> String {
    const KEY: &str = "password";
    let lower = message.to_ascii_lowercase();
    let mut out = String::with_capacity(message.len());
    let mut at = 0;
    while let Some(k) = lower.get(at..).and_then(|l| l.find(KEY)) {
        let key_end = at + k + KEY.len();
        let after = message.get(key_end..).unwrap_or_default();
        let trimmed = after.trim_start();
        let Some(value) = trimmed.strip_prefix('=') else {
            out.push_str(message.get(at..key_end).unwrap_or_default());
            at = key_end;
            continue;
        };
        let value = value.trim_start();
        let value_start = message.len() - value.len();
        let value_len = match value.strip_prefix('\'') {
            Some(q) => {
                let mut escaped = false;
                let close = q.char_indices().find(|&(_, c)| {
                    let end = c == '\'' && !escaped;
                    escaped = c == '\\' && !escaped;
                    end
                });
                close.map_or(value.len(), |(i, _)| i + 2)
            }
            None => value.find(char::is_whitespace).unwrap_or(value.len()),
        };
        out.push_str(message.get(at..value_start).unwrap_or_default());
        out.push_str("***");
        at = value_start + value_len;
    }
    out.push_str(message.get(at..).unwrap_or_default());
    out
}

/// A PostgreSQL failure as `io_error` (`postgres <context>: <cause>`), scrubbed; a server-side
/// timeout names the config key that set it (`field`).
fn db_error(context: &str, e: &DbError) -> Error {
    let (cause, field) = match e {
        DbError::Pg(e) => match e.as_db_error() {
            Some(db) => {
                let field = match db.code().code() {
                    "55P03" => Some("lock_timeout_ms"),
                    "57014" => Some("statement_timeout_ms"),
                    "25P03" => Some("lock_timeout_ms"),
                    _ => None,
                };
                (format!("{} ({})", db.message(), db.code().code()), field)
            }
            None => (e.to_string(), None),
        },
        DbError::Deadline(d) => (
            format!(
                "no answer from the server within statement_timeout_ms = {} ms; the connection was dropped and the outcome is unknown (re-read before retrying)",
                d.as_millis()
            ),
            Some("statement_timeout_ms"),
        ),
    };
    let err = Error::new(
        ErrorKind::IoError,
        scrub(&format!("postgres {context}: {cause}")),
    );
    match field {
        Some(f) => err.with_field(f),
        None => err,
    }
}

impl Conn {
    /// Parses `url` (a `postgresql://` URL or a `key=value` string). A malformed URL is
    /// `invalid_config`, with a message that does not repeat it.
    pub fn parse(
        url: &str,
        pool_size: usize,
        ca_file: Option<&str>,
        deadlines: Deadlines,
    ) -> Result<Conn> {
        let mut config: Config = url.parse().map_err(|_| {
            Error::new(
                ErrorKind::InvalidConfig,
                "the postgres url is not a valid connection string (postgresql://user@host:port/db); the url is not shown because it may hold a password",
            )
            .with_field("url")
        })?;
        // The URL's own `connect_timeout` may bound the TCP connect more tightly; the whole
        // open is bounded by `deadlines.connect` in any case.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(deadlines.connect);
        }
        let tls = tls(&config, ca_file)?;
        Ok(Conn {
            config,
            tls,
            deadlines,
            size: pool_size.max(1),
            pool: Mutex::new(PoolState {
                pid: std::process::id(),
                idle: Vec::new(),
                out: 0,
            }),
            returned: Condvar::new(),
        })
    }

    /// The deadlines of this pool.
    pub fn deadlines(&self) -> Deadlines {
        self.deadlines
    }

    /// The TLS connector for one connection attempt.
    #[cfg(feature = "tls")]
    fn connector(&self) -> Tls {
        self.tls.clone()
    }

    /// The TLS connector for one connection attempt (none: plain text).
    #[cfg(not(feature = "tls"))]
    fn connector(&self) -> Tls {
        self.tls
    }

    /// An idle session, a free slot to connect in, or — when all are out — the first one
    /// returned within the statement deadline (`io_error` after it).
    fn checkout(&self, context: &str) -> Result<Checkout<'_>> {
        let deadline = Instant::now() + self.deadlines.statement;
        let mut st = lock(&self.pool);
        loop {
            st.after_fork();
            if let Some(s) = st.idle.pop() {
                st.out += 1;
                return Ok(Checkout {
                    conn: self,
                    session: Some(s),
                });
            }
            if st.out < self.size {
                st.out += 1;
                return Ok(Checkout {
                    conn: self,
                    session: None,
                });
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Error::new(
                    ErrorKind::IoError,
                    format!(
                        "postgres {context}: all {} pooled connections stayed busy for statement_timeout_ms = {} ms",
                        self.size,
                        self.deadlines.statement.as_millis()
                    ),
                )
                .with_field("statement_timeout_ms"));
            }
            st = self
                .returned
                .wait_timeout(st, deadline - now)
                .map_or_else(|p| p.into_inner().0, |(g, _)| g);
        }
    }

    /// Opens one session: TCP, TLS, startup, authentication and the session's server-side
    /// timeouts, all within the connect deadline (`io_error` naming `connect_timeout_ms` after
    /// it).
    fn connect(&self) -> Result<Session> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| Error::io("postgres connect: start the client runtime", &e))?;
        let d = self.deadlines;
        let setup = format!(
            "SET statement_timeout = {}; SET lock_timeout = {}; SET idle_in_transaction_session_timeout = {}",
            d.statement.as_millis(),
            d.lock.as_millis(),
            d.idle_in_transaction().as_millis()
        );
        let (config, tls) = (&self.config, self.connector());
        let opened = rt.block_on(async {
            tokio::time::timeout(d.connect, async {
                let (client, connection) = config.connect(tls).await?;
                tokio::spawn(async move {
                    let _ = connection.await;
                });
                client.batch_execute(&setup).await?;
                Ok::<_, tokio_postgres::Error>(client)
            })
            .await
        });
        match opened {
            Ok(Ok(client)) => Ok(Session { client, rt }),
            Ok(Err(e)) => Err(db_error("connect", &DbError::Pg(e))),
            Err(_) => Err(Error::new(
                ErrorKind::IoError,
                format!(
                    "postgres connect: the server did not complete the connection (TCP, TLS, startup, authentication) within connect_timeout_ms = {} ms",
                    d.connect.as_millis()
                ),
            )
            .with_field("connect_timeout_ms")),
        }
    }

    /// Opens a connection now (the open-time check of a store): an unreachable, silent or
    /// refusing server is `io_error` naming the cause.
    pub fn open(&self) -> Result<()> {
        self.with("connect", |_| Ok(()))
    }

    /// Runs `f` on a pooled connection, connecting first when there is none. On failure the
    /// connection is dropped when it is gone, missed a deadline, or the failure was not the
    /// server's answer, so the next call reconnects.
    pub(crate) fn with<T>(
        &self,
        context: &str,
        f: impl FnOnce(&mut Db<'_>) -> std::result::Result<T, DbError>,
    ) -> Result<T> {
        let mut co = self.checkout(context)?;
        if co.session.as_ref().is_none_or(|s| s.client.is_closed()) {
            co.session = None;
            co.session = Some(self.connect()?);
        }
        let Some(s) = co.session.as_mut() else {
            return Err(Error::new(ErrorKind::IoError, "postgres: no connection"));
        };
        let outcome = f(&mut Db {
            rt: &s.rt,
            c: &mut s.client,
            deadline: self.deadlines.statement,
        });
        match outcome {
            Ok(v) => Ok(v),
            Err(e) => {
                if e.drops_connection() || s.client.is_closed() {
                    co.session = None;
                }
                Err(db_error(context, &e))
            }
        }
    }

    /// Like [`Conn::with`], for a body that can also refuse with a fourx error (a lost lease):
    /// the transaction is rolled back when the body returns an error.
    pub(crate) fn with_tx<T>(
        &self,
        context: &str,
        f: impl FnOnce(&mut Tx<'_>) -> std::result::Result<Result<T>, DbError>,
    ) -> Result<T> {
        let outcome = self.with(context, |db| {
            let mut tx = db.transaction()?;
            match f(&mut tx) {
                Ok(Ok(v)) => {
                    tx.commit()?;
                    Ok(Ok(v))
                }
                Ok(Err(refusal)) => {
                    tx.rollback()?;
                    Ok(Err(refusal))
                }
                Err(e) => {
                    // The server answered with an error: end the transaction now, so that the
                    // connection goes back to the pool idle, not idle in an aborted transaction.
                    if !e.drops_connection() {
                        let _ = tx.rollback();
                    }
                    Err(e)
                }
            }
        })?;
        outcome
    }
}

/// A schema name, checked: 1–63 bytes of `[a-z_][a-z0-9_]*` (it is quoted into SQL; anything
/// else is `invalid_config`).
pub fn check_schema(schema: &str) -> Result<&str> {
    let mut bytes = schema.bytes();
    let ok = schema.len() <= 63
        && bytes
            .next()
            .is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !ok {
        return Err(Error::new(
            ErrorKind::InvalidConfig,
            format!("postgres schema {schema:?} must be 1-63 characters of [a-z_][a-z0-9_]*"),
        )
        .with_field("schema"));
    }
    Ok(schema)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scrub_replaces_a_urls_userinfo_whole() {
        assert_eq!(
            scrub("postgres connect: cannot reach postgresql://postgres:postgres@db:5432/postgres now"),
            "postgres connect: cannot reach postgresql://***@db:5432/postgres now"
        );
        assert_eq!(
            scrub("at postgres://u:p/a@ss@h/db"),
            "at postgres://***@h/db"
        );
        assert_eq!(
            scrub("see https://example.com/x"),
            "see https://example.com/x"
        );
    }

    #[test]
    fn the_scrub_replaces_a_password_setting_value_whole() {
        assert_eq!(
            scrub("bad conninfo host=h password=postgres user=postgres"),
            "bad conninfo host=h password=*** user=postgres"
        );
        assert_eq!(
            scrub(r"PASSWORD = 'it\'s x' sslmode=require"),
            "PASSWORD = *** sslmode=require"
        );
        assert_eq!(
            scrub("password authentication failed for user \"postgres\""),
            "password authentication failed for user \"postgres\""
        );
    }

    #[test]
    fn the_scrub_never_blanks_words_that_equal_a_weak_password() {
        let m = "postgres connect: password authentication failed for user \"postgres\" (28P01)";
        assert_eq!(scrub(m), m);
    }
}
