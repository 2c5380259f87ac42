//! Runs one router or index bench function `N` times, for instruction counts under callgrind
//! (repeatable on a loaded machine, where criterion's times are not):
//!
//! ```text
//! cargo build --profile bench -p fourx-benches --example instr
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/instr router reviewer_2k parse 100
//! ```
//!
//! `(Ir(N) − Ir(0)) / N` is the cost of one call, setup excluded. Functions: router
//! `<case> parse|floor|floor_lines|floor_fences`; index `<modules>_<budget> render|floor`; conductor
//! `apply typed|op` (`instr conductor apply op 100`); features
//! `<n> cold|cached|one_changed|list_stat` (a generated workspace of `n` feature files: the plain
//! listing, the cached reader with nothing changed, with one file rewritten before each listing,
//! and the floor of one directory listing plus one `stat` per entry).

use std::hint::black_box;

use fourx_benches::{
    blueprint_file, blueprint_snapshot, conductor_cases, features_cases, index_cases, router_cases,
};
use fourx_core::blueprint::{parse, render_index, ApproxCounter};
use fourx_core::protocol::codec::yaml;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    let n: usize = arg(4).parse().unwrap_or(1);
    match arg(1) {
        "router" => {
            let cases = router_cases::cases();
            let case = cases
                .iter()
                .find(|c| c.name == arg(2))
                .expect("a router case name");
            let limits = yaml::Limits::UNTRUSTED;
            for _ in 0..n {
                let t = black_box(case.text.as_str());
                black_box(match arg(3) {
                    "parse" => router_cases::parse(case, t),
                    "floor" => router_cases::floor(t, &limits),
                    "floor_lines" => router_cases::floor_plus_lines(t, &limits),
                    "floor_fences" => router_cases::floor_plus_fences(t, &limits),
                    other => panic!("unknown router function {other}"),
                });
            }
        }
        "index" => {
            let (m, b) = arg(2).split_once('_').expect("<modules>_<budget>");
            let modules: usize = m.parse().expect("modules");
            let budget: i64 = b.parse().expect("budget");
            let snap = blueprint_snapshot(modules);
            let doc = parse(&blueprint_file(modules)).expect("the bench document parses");
            let out = render_index(&doc, &snap, Some(budget), None, &ApproxCounter)
                .expect("the bench index renders");
            for _ in 0..n {
                black_box(match arg(3) {
                    "render" => render_index(&doc, &snap, Some(budget), None, &ApproxCounter)
                        .map(|o| o.shown)
                        .unwrap_or(0),
                    "floor" => index_cases::floor(&snap, black_box(&out.text)),
                    other => panic!("unknown index function {other}"),
                });
            }
        }
        "conductor" => {
            let case = conductor_cases::case();
            for _ in 0..n {
                let c = black_box(&case);
                match arg(3) {
                    "typed" => drop(black_box(conductor_cases::typed(c))),
                    "op" => drop(black_box(conductor_cases::op(c))),
                    other => panic!("unknown conductor function {other}"),
                }
            }
        }
        "features" => features(arg(2).parse().expect("feature count"), arg(3), n),
        other => panic!("usage: instr router|index|conductor|features ..., not {other:?}"),
    }
}

/// Runs one listing of a generated workspace of `count` features `n` times.
fn features(count: usize, function: &str, n: usize) {
    use fourx_core::features::fs::cached::{CachedWorkspace, Clock};
    use fourx_core::features::fs::WorkspaceReader;
    use fourx_core::workspace::WorkspaceFs;
    use std::sync::Arc;
    use std::time::{Duration, SystemTime};

    let t = features_cases::workspace(count);
    let root = t.0.to_str().expect("temp paths are UTF-8");
    let ws = WorkspaceFs::new(root).expect("workspace");
    // The clock runs a minute ahead so that the generated files are cached at once.
    let ahead: Clock = Arc::new(|| SystemTime::now() + Duration::from_secs(60));
    let cached = CachedWorkspace::with_clock(WorkspaceFs::new(root).expect("workspace"), ahead);
    assert_eq!(cached.list_features().expect("list").features.len(), count);
    let dir = features_cases::features_dir(&t.0);
    let one = dir.join("F00007-feature.yaml");
    for k in 0..n {
        match function {
            "cold" => drop(black_box(ws.list_features().expect("list"))),
            "cached" => drop(black_box(cached.list_features().expect("list"))),
            "one_changed" => {
                let text = format!(
                    "{}# rewrite {}\n",
                    features_cases::feature_yaml(7),
                    "x".repeat(k % 7 + 1)
                );
                std::fs::write(&one, text).expect("rewrite");
                drop(black_box(cached.list_features().expect("list")));
            }
            "list_stat" => drop(black_box(features_cases::list_and_stat(&dir))),
            other => panic!("unknown features function {other}"),
        }
    }
}
