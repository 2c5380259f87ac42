//! Reliability of the storage layer on a real filesystem: atomic writes under crashes and faults,
//! concurrent appends, directory locks, stale temp files.
#![cfg(feature = "fs")]

use crate::common;

use common::TempDir;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use fourx_core::store::{
    append_record, atomic_write, atomic_write_with, is_temp_name, remove_stale_temp_files,
    visible_entries, Fault, FaultyFs, FileKind, Fs, FsOp, Publish, Published, RealFs,
};
use fourx_core::ErrorKind;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

fn mode_of(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

#[test]
fn atomic_write_replaces_the_file_and_leaves_no_temp_file() {
    let d = TempDir::new("aw");
    atomic_write(&RealFs, d.path(), "state.json", b"one", 0o644).unwrap();
    atomic_write(&RealFs, d.path(), "state.json", b"two", 0o600).unwrap();
    assert_eq!(std::fs::read(d.path().join("state.json")).unwrap(), b"two");
    assert_eq!(mode_of(&d.path().join("state.json")), 0o600);
    assert_eq!(names(d.path()), ["state.json"]);
}

#[test]
fn atomic_write_mode_is_exact_whatever_the_umask() {
    let d = TempDir::new("mode");
    atomic_write(&RealFs, d.path(), "f", b"x", 0o666).unwrap();
    assert_eq!(mode_of(&d.path().join("f")), 0o666);
}

#[test]
fn atomic_write_calls_in_the_specified_order() {
    let d = TempDir::new("order");
    let fs = FaultyFs::new();
    atomic_write(&fs, d.path(), "f", b"x", 0o644).unwrap();
    let calls = fs.calls();
    assert_eq!(
        calls.get(..6).unwrap(),
        [
            FsOp::CreateExclusive,
            FsOp::Write,
            FsOp::SetMode,
            FsOp::Sync,
            FsOp::Rename,
            FsOp::SyncDir
        ]
    );
}

#[test]
fn atomic_write_refuses_names_that_are_not_one_segment() {
    let d = TempDir::new("seg");
    for bad in ["", ".", "..", "a/b", "../x", "a\\b", "a\0b"] {
        let e = atomic_write(&RealFs, d.path(), bad, b"x", 0o644).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidInput, "{bad:?}");
    }
    assert!(names(d.path()).is_empty());
}

#[test]
fn atomic_write_into_a_missing_directory_is_not_found() {
    let d = TempDir::new("missing");
    let e = atomic_write(&RealFs, &d.path().join("nope"), "f", b"x", 0o644).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
}

/// Every failing step before the rename leaves the old file complete and no temp file.
#[test]
fn failed_write_sync_or_rename_leaves_old_file_and_no_temp() {
    for (op, fault) in [
        (FsOp::CreateExclusive, Fault::Fail),
        (FsOp::Write, Fault::Fail),
        (FsOp::Write, Fault::DiskFull),
        (FsOp::SetMode, Fault::Fail),
        (FsOp::Sync, Fault::Fail),
        (FsOp::Rename, Fault::Fail),
    ] {
        let d = TempDir::new("fault");
        atomic_write(&RealFs, d.path(), "f", b"old contents", 0o644).unwrap();
        let fs = FaultyFs::new().fail_nth(op, 1, fault);
        let e = atomic_write(&fs, d.path(), "f", b"new contents!", 0o644).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IoError, "{op:?} {fault:?}");
        assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"old contents");
        assert_eq!(names(d.path()), ["f"], "{op:?} {fault:?}");
    }
}

#[test]
fn failed_directory_sync_after_rename_is_reported() {
    let d = TempDir::new("syncdir");
    let fs = FaultyFs::new().fail_nth(FsOp::SyncDir, 1, Fault::Fail);
    let e = atomic_write(&fs, d.path(), "f", b"new", 0o644).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
    assert_eq!(std::fs::read(d.path().join("f")).unwrap(), b"new");
}

/// A crash after any step keeps a complete file: the old one before the rename, the new one
/// after it. A temp file may stay behind (a crash cannot clean up), never under the final name.
#[test]
fn crash_between_any_two_steps_keeps_a_complete_file() {
    for op in [
        FsOp::CreateExclusive,
        FsOp::Write,
        FsOp::SetMode,
        FsOp::Sync,
        FsOp::Rename,
        FsOp::SyncDir,
    ] {
        let d = TempDir::new("crash");
        atomic_write(&RealFs, d.path(), "f", b"old", 0o644).unwrap();
        let fs = FaultyFs::new().fail_nth(op, 1, Fault::CrashAfter);
        let _ = atomic_write(&fs, d.path(), "f", b"new", 0o644);
        assert!(fs.crashed());
        let got = std::fs::read(d.path().join("f")).unwrap();
        let renamed = matches!(op, FsOp::Rename | FsOp::SyncDir);
        assert_eq!(
            got,
            if renamed { &b"new"[..] } else { &b"old"[..] },
            "{op:?}"
        );
        for n in names(d.path()) {
            assert!(n == "f" || is_temp_name(&n), "{op:?}: {n}");
        }
        let shown: Vec<_> = visible_entries(&RealFs, d.path()).unwrap();
        assert_eq!(shown.len(), 1, "{op:?}: listings skip temp files");
    }
}

/// The child half of the kill test (run only as a child process, hence ignored): rewrites the
/// file forever with complete versions until it is killed.
#[test]
#[ignore = "child process of writer_killed_mid_write_leaves_a_complete_file"]
fn crash_child_writer() {
    let dir = std::env::var("FOURX_CRASH_CHILD_DIR").expect("run by the parent test");
    let dir = PathBuf::from(dir);
    let mut i = 0u64;
    loop {
        i += 1;
        let body = format!("version {i} {}", "x".repeat(4096 + (i % 7) as usize * 1000));
        atomic_write(&RealFs, &dir, "state.json", body.as_bytes(), 0o644).unwrap();
    }
}

fn is_complete_version(bytes: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(bytes) else {
        return false;
    };
    let Some(rest) = s.strip_prefix("version ") else {
        return false;
    };
    let Some((n, xs)) = rest.split_once(' ') else {
        return false;
    };
    let Ok(i) = n.parse::<u64>() else {
        return false;
    };
    xs.len() == 4096 + (i % 7) as usize * 1000 && xs.bytes().all(|b| b == b'x')
}

#[test]
fn writer_killed_mid_write_leaves_a_complete_file() {
    let exe = std::env::current_exe().unwrap();
    for trial in 0..5u64 {
        let d = TempDir::new("kill");
        atomic_write(&RealFs, d.path(), "state.json", b"version 0 ", 0o644).unwrap();
        std::fs::write(
            d.path().join("state.json"),
            format!("version 0 {}", "x".repeat(4096)),
        )
        .unwrap();
        let mut child = std::process::Command::new(&exe)
            .args([
                "--exact",
                crate::common::test_name(module_path!(), "crash_child_writer").as_str(),
                "--ignored",
                "--test-threads=1",
            ])
            .env("FOURX_CRASH_CHILD_DIR", d.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(30 + trial * 17));
        child.kill().unwrap();
        child.wait().unwrap();
        let bytes = std::fs::read(d.path().join("state.json")).unwrap();
        assert!(is_complete_version(&bytes), "trial {trial}: torn file");
        for n in names(d.path()) {
            assert!(n == "state.json" || is_temp_name(&n), "{n}");
        }
    }
}

#[test]
fn concurrent_appends_never_interleave_or_lose_lines() {
    let d = TempDir::new("append");
    let path = d.path().join("events.jsonl");
    std::thread::scope(|s| {
        for t in 0..8 {
            let path = &path;
            s.spawn(move || {
                for i in 0..1000 {
                    let pad = "p".repeat((t * 37 + i) % 200);
                    let line = format!("{{\"t\":{t},\"i\":{i},\"pad\":\"{pad}\"}}\n");
                    RealFs.append_line(path, line.as_bytes(), 0o644).unwrap();
                }
            });
        }
    });
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen = std::collections::HashSet::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("intact line");
        let key = (v["t"].as_u64().unwrap(), v["i"].as_u64().unwrap());
        let pad = "p".repeat((key.0 as usize * 37 + key.1 as usize) % 200);
        assert_eq!(v["pad"], pad.as_str());
        assert!(seen.insert(key), "duplicate {key:?}");
    }
    assert_eq!(seen.len(), 8000);
}

#[test]
fn long_appends_above_pipe_buf_stay_whole() {
    let d = TempDir::new("long");
    let path = d.path().join("events.jsonl");
    std::thread::scope(|s| {
        for t in 0..4u8 {
            let path = &path;
            s.spawn(move || {
                for _ in 0..50 {
                    let mut line = vec![b'a' + t; 20_000];
                    line.push(b'\n');
                    RealFs.append_line(path, &line, 0o644).unwrap();
                }
            });
        }
    });
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 200);
    for l in lines {
        assert_eq!(l.len(), 20_000);
        let first = l.as_bytes()[0];
        assert!(l.bytes().all(|b| b == first));
    }
}

#[test]
fn full_disk_append_is_not_acknowledged_and_later_lines_stay_whole() {
    let d = TempDir::new("full");
    let path = d.path().join("events.jsonl");
    let fs = FaultyFs::new().fail_nth(FsOp::AppendLine, 2, Fault::DiskFull);
    append_record(&fs, &path, b"{\"a\":1}\n", 0o644).unwrap();
    assert!(append_record(&fs, &path, b"{\"a\":2}\n", 0o644).is_err());
    append_record(&fs, &path, b"{\"a\":3}\n", 0o644).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let whole: Vec<&str> = text
        .lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
        .collect();
    assert_eq!(whole, ["{\"a\":1}", "{\"a\":3}"]);
}

#[test]
fn no_replace_publish_keeps_the_existing_file() {
    let d = TempDir::new("noreplace");
    let r = atomic_write_with(&RealFs, d.path(), "rev", b"a", 0o644, Publish::NoReplace).unwrap();
    assert_eq!(r, Published::Written);
    let r = atomic_write_with(&RealFs, d.path(), "rev", b"b", 0o644, Publish::NoReplace).unwrap();
    assert_eq!(r, Published::AlreadyExists);
    assert_eq!(std::fs::read(d.path().join("rev")).unwrap(), b"a");
    assert_eq!(names(d.path()), ["rev"]);
}

#[test]
fn stale_temp_files_older_than_an_hour_are_removed_younger_kept() {
    let d = TempDir::new("stale");
    std::fs::write(d.path().join(".old.json.1-1-1.tmp"), b"x").unwrap();
    std::fs::write(d.path().join(".young.json.1-1-1.tmp"), b"x").unwrap();
    std::fs::write(d.path().join("keep.tmp"), b"x").unwrap();
    let old = std::fs::File::options()
        .write(true)
        .open(d.path().join(".old.json.1-1-1.tmp"))
        .unwrap();
    old.set_modified(SystemTime::now() - Duration::from_secs(3700))
        .unwrap();
    drop(old);
    remove_stale_temp_files(&RealFs, d.path(), SystemTime::now());
    assert_eq!(names(d.path()), [".young.json.1-1-1.tmp", "keep.tmp"]);
    atomic_write(&RealFs, d.path(), "f", b"x", 0o644).unwrap();
    assert_eq!(names(d.path()), [".young.json.1-1-1.tmp", "f", "keep.tmp"]);
}

#[test]
fn stale_sweep_removes_only_fourx_shaped_temp_names() {
    let d = TempDir::new("stale-own");
    let hour_ago = SystemTime::now() - Duration::from_secs(3700);
    // A caller's acknowledged atomic write under a dot-tmp name, and a user's own notes file.
    atomic_write(&RealFs, d.path(), ".keep.tmp", b"acknowledged", 0o644).unwrap();
    let others = [
        ".keep.tmp",
        ".notes.tmp",
        ".a.1-2.tmp",
        ".a.x-2-3.tmp",
        "..tmp",
    ];
    for name in &others[1..] {
        std::fs::write(d.path().join(name), b"mine").unwrap();
    }
    std::fs::write(d.path().join(".state.json.1-2-3.tmp"), b"crashed writer").unwrap();
    for name in others.iter().chain([&".state.json.1-2-3.tmp"]) {
        let f = std::fs::File::options()
            .write(true)
            .open(d.path().join(name))
            .unwrap();
        f.set_modified(hour_ago).unwrap();
    }
    atomic_write(&RealFs, d.path(), "f", b"x", 0o644).unwrap();
    let mut want: Vec<&str> = others.to_vec();
    want.push("f");
    want.sort();
    assert_eq!(names(d.path()), want);
    assert_eq!(
        std::fs::read(d.path().join(".keep.tmp")).unwrap(),
        b"acknowledged"
    );
}

#[test]
fn atomic_write_refuses_targets_shaped_like_its_own_temp_names() {
    let d = TempDir::new("own-target");
    for name in [".state.json.1-2-3.tmp", "..x.9-9-9.tmp"] {
        let e = atomic_write(&RealFs, d.path(), name, b"x", 0o644).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidInput, "{name}");
        assert_eq!(e.field.as_deref(), Some("final_name"));
    }
    assert!(names(d.path()).is_empty());
}

#[test]
fn lock_dir_is_exclusive_and_times_out() {
    let d = TempDir::new("lock");
    let held = RealFs.lock_dir(d.path(), Duration::from_secs(1)).unwrap();
    let e = RealFs
        .lock_dir(d.path(), Duration::from_millis(50))
        .unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::TimedOut);
    drop(held);
    RealFs
        .lock_dir(d.path(), Duration::from_millis(50))
        .unwrap();
}

#[test]
fn stat_follows_links_only_when_asked() {
    let d = TempDir::new("stat");
    std::fs::write(d.path().join("f"), b"abc").unwrap();
    std::os::unix::fs::symlink("f", d.path().join("l")).unwrap();
    let followed = RealFs.stat(&d.path().join("l"), true).unwrap();
    assert_eq!((followed.kind, followed.size), (FileKind::File, 3));
    let own = RealFs.stat(&d.path().join("l"), false).unwrap();
    assert_eq!(own.kind, FileKind::Symlink);
    let f = RealFs.stat(&d.path().join("f"), false).unwrap();
    assert_eq!((f.dev, f.inode), (followed.dev, followed.inode));
}

#[test]
fn create_dir_makes_parents_and_list_is_sorted() {
    let d = TempDir::new("dirs");
    RealFs.create_dir(&d.path().join("a/b/c"), 0o755).unwrap();
    RealFs.create_dir(&d.path().join("a/b/c"), 0o755).unwrap();
    std::fs::write(d.path().join("a/z"), b"").unwrap();
    std::fs::write(d.path().join("a/B"), b"").unwrap();
    let l = RealFs.list(&d.path().join("a")).unwrap();
    let got: Vec<_> = l.iter().map(|e| (e.name_str().unwrap(), e.kind)).collect();
    assert_eq!(
        got,
        [
            ("B", FileKind::File),
            ("b", FileKind::Dir),
            ("z", FileKind::File)
        ]
    );
    RealFs.remove_dir_all(&d.path().join("a")).unwrap();
    assert!(names(d.path()).is_empty());
}
