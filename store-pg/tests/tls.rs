//! TLS to the server: the URL's `sslmode` decides whether TLS is used, and with the `tls`
//! feature the server's certificate is verified against the config's `ca_file`.
//! `scripts/pg-cluster.sh` starts its cluster with TLS on and leaves the root of its self-signed
//! certificate in `FOURX_PG_DIR/ca.crt`. Without the feature, `sslmode=require` and `ca_file`
//! are refused at open (the build cannot do what they ask). `scripts/test.sh` runs this binary
//! both ways.

mod common;

use common::{fid, schema, url};
use fourx_core::error::ErrorKind;
use fourx_core::workspace::run_store::RunStore;
use fourx_store_pg::{PgBackend, PgConfig};
use serde_json::json;

fn with_sslmode(url: &str, mode: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}sslmode={mode}")
}

fn config(url: &str, name: &str, ca_file: Option<&str>) -> serde_json::Value {
    let mut v = json!({"kind": "postgres", "url": url, "schema": schema(name)});
    if let Some(f) = ca_file {
        v["ca_file"] = json!(f);
    }
    v
}

#[cfg(not(feature = "tls"))]
#[test]
fn without_the_tls_feature_sslmode_require_and_ca_file_are_refused_at_open() {
    let url = "postgresql://fourx:s3cret@127.0.0.1:1/x?sslmode=require";
    let c = PgConfig::from_json(&config(url, "notls", None)).unwrap();
    let e = PgBackend::open(&c).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidConfig, "{}", e.message);
    assert!(
        e.message.contains("tls") && !e.message.contains("s3cret"),
        "{}",
        e.message
    );
    let e =
        PgConfig::from_json(&config("postgresql://a@h/db", "notls", Some("/ca.pem"))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidConfig);
}

#[cfg(not(feature = "tls"))]
#[test]
fn without_the_tls_feature_sslmode_prefer_connects_in_plain_text() {
    let Some(url) = url() else { return };
    let c = PgConfig::from_json(&config(&with_sslmode(&url, "prefer"), "plain", None)).unwrap();
    let store = PgBackend::open(&c).unwrap().run_store();
    store.request_stop(&fid("F1")).unwrap();
    assert!(store.stop_requested(&fid("F1")).unwrap());
}

#[cfg(feature = "tls")]
fn ca_file() -> Option<String> {
    url()?;
    let Ok(dir) = std::env::var("FOURX_PG_DIR") else {
        eprintln!("######## SKIPPED: FOURX_PG_DIR is not set; TLS was NOT tested");
        return None;
    };
    let ca = format!("{dir}/ca.crt");
    if !std::path::Path::new(&ca).exists() {
        assert!(
            std::env::var_os("FOURX_REQUIRE_PG").is_none(),
            "{ca} is missing: pg-cluster.sh could not turn TLS on (is openssl installed?)"
        );
        eprintln!("######## SKIPPED: {ca} is missing; TLS was NOT tested");
        return None;
    }
    Some(ca)
}

#[cfg(feature = "tls")]
#[test]
fn sslmode_require_with_the_servers_root_connects_over_tls() {
    let Some(ca) = ca_file() else { return };
    let url = with_sslmode(&url().unwrap_or_default(), "require");
    let c = PgConfig::from_json(&config(&url, "tls", Some(&ca))).unwrap();
    let store = PgBackend::open(&c).unwrap().run_store();
    let line = b"{\"type\":\"run-start\"}\n";
    assert_eq!(store.append_event(&fid("F1"), line, None).unwrap(), 1);
    assert_eq!(store.read_events(&fid("F1")).unwrap(), line);
}

#[cfg(feature = "tls")]
#[test]
fn an_unverifiable_certificate_is_an_io_error_at_open_without_the_password() {
    let Some(_) = ca_file() else { return };
    let url = url().unwrap_or_default();
    // The system roots do not know the throwaway certificate: TLS is refused, never skipped.
    let c = PgConfig::from_json(&config(&with_sslmode(&url, "require"), "noca", None)).unwrap();
    let e = PgBackend::open(&c).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError, "{}", e.message);
    assert!(e.message.contains("TLS handshake"), "{}", e.message);
    let password = url
        .split("://")
        .nth(1)
        .and_then(|r| r.split('@').next())
        .unwrap_or("");
    let password = password.split(':').nth(1).unwrap_or("");
    assert!(
        !password.is_empty() && !e.message.contains(password),
        "{}",
        e.message
    );
}

#[cfg(feature = "tls")]
#[test]
fn a_ca_file_that_cannot_be_read_is_invalid_config() {
    let c = PgConfig::from_json(&config(
        "postgresql://a@127.0.0.1:1/db",
        "badca",
        Some("/nonexistent/ca.pem"),
    ))
    .unwrap();
    let e = PgBackend::open(&c).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidConfig, "{}", e.message);
}
