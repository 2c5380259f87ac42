//! The PostgreSQL backend under a hung server, fork, a paused lease holder, long logs and failed
//! copies: every call is bounded by its configured deadline, nothing waits on another config's
//! server, a forked child never touches its parent's connections, a log of any length streams,
//! and a copy is all of a feature or nothing of it.

mod common;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use common::{config, fid, open, raw_query, schema, url};
use fourx_core::error::ErrorKind;
use fourx_core::store::cas::Version;
use fourx_core::workspace::run_state;
use fourx_core::workspace::run_store::{Claim, RunStore};
use fourx_store_pg::{PgBackend, PgConfig, PgStoreBackend};
use serde_json::{json, Value};

/// A limit no correct run comes near: a call that takes longer than this is stuck.
const SANITY: Duration = Duration::from_secs(60);

/// A TCP server on 127.0.0.1 that accepts every connection and never answers (the accepted
/// sockets stay open for the life of the test).
fn hung_server() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        for s in l.incoming().flatten() {
            kept.push(s);
        }
    });
    port
}

fn port_of(url: &str) -> u16 {
    let after = url.rsplit('@').next().unwrap();
    after
        .split(':')
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn a_hung_server_costs_a_call_its_connect_deadline_and_blocks_no_other_config() {
    let Some(url) = url() else { return };
    let registry = Arc::new(PgStoreBackend::default());
    // A handle opened before the hang, and a config first used during it.
    let before = registry
        .backend(&config(&url, &schema("hung_a"), json!({})))
        .unwrap()
        .run_store();
    let hung_url = format!("postgresql://fourx:pw@127.0.0.1:{}/postgres", hung_server());
    let hung = config(&hung_url, "fourx", json!({"connect_timeout_ms": 8000}));
    let (tx, rx) = mpsc::channel();
    let r = Arc::clone(&registry);
    let started = Instant::now();
    let t = std::thread::spawn(move || {
        let out = r.backend(&hung).map(|_| ());
        tx.send((out, started.elapsed())).unwrap();
    });
    std::thread::sleep(Duration::from_millis(300));
    // Meanwhile: the open handle and a new config both work, while the hung call still waits.
    before.request_stop(&fid("f")).unwrap();
    assert!(before.stop_requested(&fid("f")).unwrap());
    let other = registry
        .backend(&config(&url, &schema("hung_b"), json!({})))
        .unwrap()
        .run_store();
    other.request_stop(&fid("g")).unwrap();
    assert!(
        rx.try_recv().is_err(),
        "the hung call had already returned: the test proves nothing"
    );
    let (out, took) = rx
        .recv_timeout(SANITY)
        .expect("the hung call never returned");
    t.join().unwrap();
    let e = out.unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError, "{}", e.message);
    assert_eq!(
        e.field.as_deref(),
        Some("connect_timeout_ms"),
        "{}",
        e.message
    );
    assert!(
        took >= Duration::from_millis(7000),
        "returned after {took:?}"
    );
    assert!(!e.message.contains("pw@"), "{}", e.message);
}

#[test]
fn a_hung_server_is_a_clear_error_when_a_handle_opens() {
    let port = hung_server();
    let c = PgConfig::from_json(&json!({"kind": "postgres",
        "url": format!("postgresql://fourx:pw@127.0.0.1:{port}/postgres"),
        "connect_timeout_ms": 300}))
    .unwrap();
    let t = Instant::now();
    let e = PgBackend::open(&c).unwrap_err();
    assert!(t.elapsed() < SANITY);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (ErrorKind::IoError, Some("connect_timeout_ms")),
        "{}",
        e.message
    );
}

/// A proxy to the real server that can stop forwarding (a server that stops answering in the
/// middle of a session).
fn freezing_proxy(upstream: u16) -> (u16, Arc<AtomicBool>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let frozen = Arc::new(AtomicBool::new(false));
    let fz = Arc::clone(&frozen);
    std::thread::spawn(move || {
        for client in l.incoming().flatten() {
            let server = TcpStream::connect(("127.0.0.1", upstream)).unwrap();
            for (mut from, mut to) in [
                (client.try_clone().unwrap(), server.try_clone().unwrap()),
                (server, client),
            ] {
                let fz = Arc::clone(&fz);
                std::thread::spawn(move || {
                    let mut buf = [0u8; 16384];
                    loop {
                        let n = match from.read(&mut buf) {
                            Ok(0) | Err(_) => return,
                            Ok(n) => n,
                        };
                        while fz.load(Ordering::SeqCst) {
                            std::thread::sleep(Duration::from_millis(20));
                        }
                        if to.write_all(&buf[..n]).is_err() {
                            return;
                        }
                    }
                });
            }
        }
    });
    (port, frozen)
}

#[test]
fn a_server_that_stops_answering_mid_session_costs_a_statement_its_deadline() {
    let Some(url) = url() else { return };
    let (port, frozen) = freezing_proxy(port_of(&url));
    let proxied = url.replace(&format!(":{}/", port_of(&url)), &format!(":{port}/"));
    let c = PgConfig::from_json(&Value::Object(config(
        &proxied,
        &schema("frozen"),
        json!({"statement_timeout_ms": 1500, "pool_size": 1}),
    )))
    .unwrap();
    let r = PgBackend::open(&c).unwrap().run_store();
    let f = fid("f");
    assert!(r.read_state(&f).unwrap().is_none());
    frozen.store(true, Ordering::SeqCst);
    let t = Instant::now();
    let e = r.read_state(&f).unwrap_err();
    assert!(t.elapsed() < SANITY);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (ErrorKind::IoError, Some("statement_timeout_ms")),
        "{}",
        e.message
    );
    // The server answers again: the next call reconnects and works.
    frozen.store(false, Ordering::SeqCst);
    assert!(r.read_state(&f).unwrap().is_none());
}

// ---- a paused lease holder ------------------------------------------------------------------

/// The holder: claims the feature for a short lease, then writes under it without pause.
#[test]
#[ignore = "child process of the paused-holder test"]
fn pg_paused_holder_child() {
    let Ok(spec) = std::env::var("FOURX_PG_PAUSED_CHILD") else {
        return;
    };
    let (sc, url) = spec.split_once('|').unwrap();
    let c = PgConfig::from_json(&Value::Object(config(
        url,
        sc,
        json!({"lock_timeout_ms": 2000}),
    )))
    .unwrap();
    let r = PgBackend::open(&c).unwrap().run_store();
    let f = fid("feat");
    let Claim::Granted(lease) = r.claim(&f, "paused", 400).unwrap() else {
        panic!("the feature was free")
    };
    println!("claimed");
    for i in 0.. {
        let line = format!("{{\"i\":{i}}}\n");
        let _ = r.append_event(&f, line.as_bytes(), Some(&lease));
    }
}

#[test]
fn a_paused_lease_holder_never_blocks_a_claim_after_its_lease_expired() {
    let Some(url) = url() else { return };
    let sc = schema("paused");
    let c = PgConfig::from_json(&Value::Object(config(
        &url,
        &sc,
        json!({"lock_timeout_ms": 2000}),
    )))
    .unwrap();
    let r = PgBackend::open(&c).unwrap().run_store();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "pg_paused_holder_child",
            "--ignored",
            "--nocapture",
        ])
        .env("FOURX_PG_PAUSED_CHILD", format!("{sc}|{url}"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 256];
    while !String::from_utf8_lossy(&seen).contains("claimed") {
        let n = out.read(&mut buf).unwrap();
        assert!(n > 0, "the holder died before claiming");
        seen.extend_from_slice(&buf[..n]);
    }
    let pid = child.id() as i32;
    // Pause the holder until it is caught inside a transaction that holds the lease row's lock
    // (the row's xmax is its transaction id), seen twice 300 ms apart.
    let holding = format!(
        "SELECT a.pid::text || ' ' || a.xact_start::text FROM pg_stat_activity a
         JOIN \"{sc}\".run_lease r ON r.xmax::text = a.backend_xid::text
         WHERE a.state = 'idle in transaction'"
    );
    let mut caught = false;
    for _ in 0..400 {
        // SAFETY: signalling our own child.
        unsafe { libc::kill(pid, libc::SIGSTOP) };
        std::thread::sleep(Duration::from_millis(30));
        let first = raw_query(&url, &holding);
        if !first.is_empty() {
            std::thread::sleep(Duration::from_millis(300));
            if raw_query(&url, &holding) == first {
                caught = true;
                break;
            }
        }
        // SAFETY: as above.
        unsafe { libc::kill(pid, libc::SIGCONT) };
        std::thread::sleep(Duration::from_millis(7));
    }
    assert!(caught, "never caught the holder inside a transaction");
    std::thread::sleep(Duration::from_millis(200)); // the lease (400 ms) has expired
    let (tx, rx) = mpsc::channel();
    let claimant = r.clone();
    std::thread::spawn(move || {
        let _ = tx.send(claimant.claim(&fid("feat"), "next", 10_000));
    });
    let got = rx.recv_timeout(SANITY);
    child.kill().unwrap();
    child.wait().unwrap();
    match got.expect("the claim is still blocked by the paused holder") {
        Ok(Claim::Granted(l)) => assert_eq!(l.holder, "next"),
        other => panic!("the expired lease was not taken over: {other:?}"),
    }
}

// ---- fork -----------------------------------------------------------------------------------

#[test]
fn a_forked_child_never_uses_its_parents_connections() {
    let Some(url) = url() else { return };
    let sc = schema("fork");
    let b = open(&url, &sc, "w");
    let r = b.run_store();
    let f = fid("feat");
    r.append_event(&f, b"{\"who\":\"parent\"}\n", None).unwrap();
    // A second backend the child never uses but frees: its connection stays the parent's.
    let freed_in_child = open(&url, &sc, "w2");
    let r2 = freed_in_child.run_store();
    r2.append_event(&f, b"{}\n", None).unwrap();
    // SAFETY: the child only calls this crate and then _exits.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0);
    if pid == 0 {
        drop(r2);
        drop(freed_in_child);
        let ok = (0..20).all(|_| {
            r.append_event(&f, b"{\"who\":\"child\"}\n", None).is_ok() && r.read_events(&f).is_ok()
        });
        // SAFETY: ends the forked child without running the parent's destructors.
        unsafe { libc::_exit(if ok { 0 } else { 1 }) };
    }
    let (tx, rx) = mpsc::channel();
    let parent = r.clone();
    let g = f.clone();
    std::thread::spawn(move || {
        let ok = (0..20).all(|_| {
            parent
                .append_event(&g, b"{\"who\":\"parent\"}\n", None)
                .is_ok()
                && parent.read_events(&g).is_ok()
        });
        let _ = tx.send(ok);
    });
    let parent_ok = rx.recv_timeout(SANITY).expect("the parent's calls hung");
    let mut status = 0;
    let deadline = Instant::now() + SANITY;
    loop {
        // SAFETY: waiting for our own child.
        let w = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if w == pid {
            break;
        }
        if Instant::now() > deadline {
            // SAFETY: as above.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("the forked child hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(parent_ok, "a parent call failed after the fork");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "the child's calls failed (status {status})"
    );
    let log = r.read_events(&f).unwrap();
    assert_eq!(log.iter().filter(|&&c| c == b'\n').count(), 41);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(r2.append_event(&f, b"{}\n", None));
    });
    assert_eq!(
        rx.recv_timeout(SANITY)
            .expect("the parent's call hung")
            .unwrap(),
        2,
        "the connection of a backend the child freed stays the parent's"
    );
}

// ---- long logs ------------------------------------------------------------------------------

#[test]
fn event_logs_past_64_mib_stream_through_total_cost_check_events_and_export() {
    let Some(url) = url() else { return };
    let sc = schema("long");
    let b = open(&url, &sc, "w");
    let r = b.run_store();
    let f = fid("feat");
    let pad = "x".repeat((4 << 20) - 200);
    let mut bytes = 0;
    let mut n = 0;
    while bytes <= 66 << 20 {
        let line = format!("{{\"type\":\"run-end\",\"cost_usd\":0.5,\"detail\":\"{pad}\"}}\n");
        r.append_event(&f, line.as_bytes(), None).unwrap();
        bytes += line.len();
        n += 1;
    }
    assert_eq!(run_state::total_cost(&r, &f).unwrap(), 0.5 * n as f64);
    let check = run_state::check_events(&r, &f).unwrap();
    assert_eq!((check.lines, check.events), (n, n));
    fourx_store_pg::register();
    let root = tempdir("long");
    let mut input = json!({"root": root, "store": config(&url, &sc, json!({}))});
    let out = fourx_core::ops::call("workspace.export", &input).unwrap();
    assert_eq!(out["features"][0]["events"], n as u64, "{out}");
    let file = std::path::Path::new(&root).join(".4x/run/feat/events.jsonl");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), bytes as u64);
    input["feature_id"] = json!("feat");
    let cost = fourx_core::ops::call("workspace.total_cost", &input).unwrap();
    assert_eq!(cost["total_cost_usd"], json!(0.5 * n as f64));
    std::fs::remove_dir_all(&root).unwrap();
}

fn tempdir(tag: &str) -> String {
    let d = std::env::temp_dir().join(format!("fourx-pgrel-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.to_string_lossy().into_owned()
}

// ---- copies ---------------------------------------------------------------------------------

fn write_feature(root: &str, id: &str, state: &[u8], events: &[u8]) {
    let dir = std::path::Path::new(root).join(".4x/run").join(id);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("state.json"), state).unwrap();
    std::fs::write(dir.join("events.jsonl"), events).unwrap();
}

#[test]
fn an_import_carries_blank_and_long_lines_exactly_and_a_failed_one_leaves_nothing() {
    let Some(url) = url() else { return };
    fourx_store_pg::register();
    let sc = schema("import");
    let store = config(&url, &sc, json!({}));
    let root = tempdir("import");
    let long = format!("{{\"detail\":\"{}\"}}\n", "y".repeat(5 << 20));
    let log = format!("{{\"type\":\"a\"}}\n\n{long}{{\"type\":\"b\"}}\n");
    write_feature(&root, "odd", b"{\"phase\":\"coding\"}", log.as_bytes());
    let input = json!({"root": root, "store": store, "feature_ids": ["odd"]});
    let out = fourx_core::ops::call("workspace.import", &input).unwrap();
    assert_eq!(out["features"][0]["events"], 4, "{out}");
    let r = open(&url, &sc, "w").run_store();
    assert_eq!(r.read_events(&fid("odd")).unwrap(), log.as_bytes());

    // A torn log fails the import after the state and some lines were read: nothing stays,
    // and once repaired the retry is not refused.
    write_feature(
        &root,
        "torn",
        b"{\"phase\":\"coding\"}",
        b"{\"a\":1}\n{\"a\":2}\n{\"a\":",
    );
    let input = json!({"root": root, "store": store, "feature_ids": ["torn"]});
    let e = fourx_core::ops::call("workspace.import", &input).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidInput, "{}", e.message);
    assert!(r.read_state(&fid("torn")).unwrap().is_none());
    assert!(r.read_events(&fid("torn")).unwrap().is_empty());
    assert!(!r.features().unwrap().contains(&fid("torn")));
    write_feature(
        &root,
        "torn",
        b"{\"phase\":\"coding\"}",
        b"{\"a\":1}\n{\"a\":2}\n",
    );
    let out = fourx_core::ops::call("workspace.import", &input).unwrap();
    assert_eq!(out["features"][0]["events"], 2, "{out}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_export_refuses_a_feature_id_the_filesystem_cannot_hold_before_writing_anything() {
    let Some(url) = url() else { return };
    fourx_store_pg::register();
    let sc = schema("longid");
    let r = open(&url, &sc, "w").run_store();
    let fine = fid("a-fine-one");
    let huge = fid(&"z".repeat(300));
    for f in [&fine, &huge] {
        r.replace_state(f, &Version::Absent, b"{}", None).unwrap();
        r.append_event(f, b"{\"type\":\"x\"}\n", None).unwrap();
    }
    let root = tempdir("longid");
    let input = json!({"root": root, "store": config(&url, &sc, json!({}))});
    let e = fourx_core::ops::call("workspace.export", &input).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidFeatureId, "{}", e.message);
    let run = std::path::Path::new(&root).join(".4x/run");
    let left: Vec<_> = std::fs::read_dir(&run).map_or(Vec::new(), |d| d.flatten().collect());
    assert!(left.is_empty(), "a partial export: {left:?}");
    // Without the id the filesystem cannot hold, the export goes through.
    let input = json!({"root": root, "store": config(&url, &sc, json!({})),
                       "feature_ids": ["a-fine-one"]});
    fourx_core::ops::call("workspace.export", &input).unwrap();
    assert!(run.join("a-fine-one/state.json").exists());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_export_whose_source_fails_mid_log_leaves_no_half_copy() {
    let Some(url) = url() else { return };
    let sc = schema("midlog");
    let r = open(&url, &sc, "w").run_store();
    let f = fid("feat");
    r.replace_state(&f, &Version::Absent, b"{}", None).unwrap();
    for i in 0..5 {
        r.append_event(&f, format!("{{\"i\":{i}}}\n").as_bytes(), None)
            .unwrap();
    }
    let root = tempdir("midlog");
    let fs = fourx_core::workspace::fs::FsRunStore::new(
        fourx_core::workspace::WorkspaceFs::new(&root).unwrap(),
        Arc::new(|| 0),
    );
    // The source fails after its first line has been written to the target.
    let fed = Mutex::new(0);
    let e = fs
        .put_feature(
            &f,
            Some(b"{}"),
            &mut |sink| {
                r.scan_events(&f, &mut |line| {
                    let mut n = fed.lock().unwrap();
                    *n += 1;
                    if *n == 2 {
                        return Err(fourx_core::error::Error::new(
                            ErrorKind::IoError,
                            "the source went away",
                        ));
                    }
                    sink(line)
                })
            },
            false,
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
    assert!(fs.read_state(&f).unwrap().is_none());
    assert!(fs.read_events(&f).unwrap().is_empty());
    assert!(
        fs.features().unwrap().is_empty(),
        "the feature directory stayed"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

// ---- the password scrub ---------------------------------------------------------------------

#[test]
fn a_weak_password_is_not_given_away_by_the_scrub() {
    let Some(url) = url() else { return };
    let pw = url.split(':').nth(2).unwrap().split('@').next().unwrap();
    let weak = url.replacen(pw, "postgres", 1);
    let e = PgBackend::open(&PgConfig::new(&weak)).unwrap_err();
    assert!(
        e.message.starts_with("postgres connect: ")
            && e.message.contains("password authentication failed"),
        "{}",
        e.message
    );
    assert!(!e.message.contains("***"), "{}", e.message);
}

// ---- SQL through ids and config -------------------------------------------------------------

#[test]
fn ids_holders_and_workspace_names_shaped_like_sql_are_data_and_a_schema_so_shaped_is_refused() {
    let Some(url) = url() else { return };
    let sc = schema("sqli");
    let evil = "x'); DROP TABLE run_state; --";
    let c = PgConfig::from_json(&Value::Object(config(
        &url,
        &sc,
        json!({"workspace": evil}),
    )))
    .unwrap();
    let r = PgBackend::open(&c).unwrap().run_store();
    let f = fid(evil);
    r.replace_state(&f, &Version::Absent, b"{}", None).unwrap();
    r.append_event(&f, b"{\"a\":\"'; DELETE FROM run_event; --\"}\n", None)
        .unwrap();
    let Claim::Granted(l) = r.claim(&f, "h';DROP-TABLE-run_lease;--", 60_000).unwrap() else {
        panic!("the feature was free")
    };
    r.append_event(&f, b"{}\n", Some(&l)).unwrap();
    assert_eq!(r.features().unwrap(), vec![f.clone()]);
    assert_eq!(
        r.read_events(&f)
            .unwrap()
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        2
    );
    assert!(r.read_state(&f).unwrap().is_some());
    for schema in ["fourx\"; DROP SCHEMA public; --", "Fourx", "a b", ""] {
        let e = PgConfig::from_json(&Value::Object(config(&url, schema, json!({})))).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (ErrorKind::InvalidConfig, Some("schema")),
            "{schema:?}"
        );
    }
}
