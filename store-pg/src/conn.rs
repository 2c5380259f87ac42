//! The connection a store talks through: parsed from the config's URL once, connected lazily,
//! dropped on any transport failure so that the next call reconnects, and never shown.
//!
//! Decides how a PostgreSQL failure becomes a fourx [`Error`]: every failure is `io_error` with
//! a message scrubbed of the URL and its password (the URL is a credential); a call that failed
//! is never retried here (its outcome is unknown to the caller, who re-reads).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use fourx_core::error::{Error, ErrorKind, Result};
use postgres::{Client, Config};

/// How long opening a connection may take when the URL does not say (`connect_timeout`).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A small pool of lazily (re)connected clients and the secret needed to open them: a call
/// takes a free client, or waits for one in turn.
pub struct Conn {
    config: Config,
    /// Strings that must never appear in a message: the URL and the password.
    secrets: Vec<String>,
    clients: Vec<Mutex<Option<Client>>>,
    next: AtomicUsize,
    tls: Tls,
}

/// How a connection negotiates TLS: with the `tls` feature, OpenSSL verifying the server's
/// certificate and host name against the system's roots plus `ca_file`; without it, never.
#[cfg(feature = "tls")]
type Tls = postgres_openssl::MakeTlsConnector;
#[cfg(not(feature = "tls"))]
type Tls = postgres::NoTls;

/// The TLS connector of a URL's `sslmode`. Without the `tls` feature, `sslmode=require` is
/// `invalid_config` here (the connection could never be made as asked); `prefer` and `disable`
/// connect in plain text.
#[cfg(not(feature = "tls"))]
fn tls(config: &Config, _ca_file: Option<&str>) -> Result<Tls> {
    if config.get_ssl_mode() == postgres::config::SslMode::Require {
        return Err(Error::new(
            ErrorKind::InvalidConfig,
            "the postgres url asks for sslmode=require, and this build has no TLS (build fourx-store-pg with its `tls` feature)",
        )
        .with_field("url"));
    }
    Ok(postgres::NoTls)
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
        f.debug_struct("Conn").finish_non_exhaustive()
    }
}

impl Conn {
    /// Parses `url` (a `postgresql://` URL or a `key=value` string). A malformed URL is
    /// `invalid_config`, with a message that does not repeat it.
    pub fn parse(url: &str, pool_size: usize, ca_file: Option<&str>) -> Result<Conn> {
        let mut config: Config = url.parse().map_err(|_| {
            Error::new(
                ErrorKind::InvalidConfig,
                "the postgres url is not a valid connection string (postgresql://user@host:port/db); the url is not shown because it may hold a password",
            )
            .with_field("url")
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let mut secrets = vec![url.to_string()];
        if let Some(pw) = config.get_password() {
            if !pw.is_empty() {
                secrets.push(String::from_utf8_lossy(pw).into_owned());
            }
        }
        let tls = tls(&config, ca_file)?;
        Ok(Conn {
            config,
            tls,
            secrets,
            clients: (0..pool_size.max(1)).map(|_| Mutex::new(None)).collect(),
            next: AtomicUsize::new(0),
        })
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

    fn take(&self) -> MutexGuard<'_, Option<Client>> {
        for m in &self.clients {
            if let Ok(g) = m.try_lock() {
                return g;
            }
        }
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        self.clients[i].lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `message` with every secret replaced by `***`.
    pub fn scrub(&self, message: &str) -> String {
        let mut m = message.to_string();
        for s in &self.secrets {
            if !s.is_empty() {
                m = m.replace(s.as_str(), "***");
            }
        }
        m
    }

    /// A PostgreSQL failure as `io_error` (`context: cause`), scrubbed.
    pub fn error(&self, context: &str, e: &postgres::Error) -> Error {
        let cause = match e.as_db_error() {
            Some(db) => format!("{} ({})", db.message(), db.code().code()),
            None => e.to_string(),
        };
        Error::new(
            ErrorKind::IoError,
            self.scrub(&format!("postgres {context}: {cause}")),
        )
    }

    /// Opens the connection now (the open-time check of a store): an unreachable server or a
    /// refused login is `io_error` naming the cause.
    pub fn open(&self) -> Result<()> {
        self.with("connect", |_| Ok(()))
    }

    /// Runs `f` on the client, connecting first when there is none. On failure the client is
    /// dropped when the connection is gone (or the failure was not the server's answer), so the
    /// next call reconnects.
    pub fn with<T>(
        &self,
        context: &str,
        f: impl FnOnce(&mut Client) -> std::result::Result<T, postgres::Error>,
    ) -> Result<T> {
        let mut guard = self.take();
        if guard.as_ref().is_none_or(Client::is_closed) {
            *guard = None;
            let client = self
                .config
                .connect(self.connector())
                .map_err(|e| self.error("connect", &e))?;
            *guard = Some(client);
        }
        let Some(client) = guard.as_mut() else {
            return Err(Error::new(ErrorKind::IoError, "postgres: no connection"));
        };
        match f(client) {
            Ok(v) => Ok(v),
            Err(e) => {
                if e.as_db_error().is_none() || client.is_closed() {
                    *guard = None;
                }
                Err(self.error(context, &e))
            }
        }
    }

    /// Like [`Conn::with`], for a body that can also refuse with a fourx error (a lost lease):
    /// the transaction is rolled back when the body returns an error.
    pub fn with_tx<T>(
        &self,
        context: &str,
        f: impl FnOnce(
            &mut postgres::Transaction<'_>,
        ) -> std::result::Result<Result<T>, postgres::Error>,
    ) -> Result<T> {
        let outcome = self.with(context, |client| {
            let mut tx = client.transaction()?;
            match f(&mut tx)? {
                Ok(v) => {
                    tx.commit()?;
                    Ok(Ok(v))
                }
                Err(refusal) => {
                    tx.rollback()?;
                    Ok(Err(refusal))
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
