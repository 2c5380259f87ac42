//! Runs one router or index bench function `N` times, for instruction counts under callgrind
//! (repeatable on a loaded machine, where criterion's times are not):
//!
//! ```text
//! cargo build --profile bench -p fourx-benches --example instr
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/instr router reviewer_2k parse 100
//! ```
//!
//! `(Ir(N) − Ir(0)) / N` is the cost of one call, setup excluded. Functions: router
//! `<case> parse|floor|floor_lines`; index `<modules>_<budget> render|floor`; conductor
//! `apply typed|op` (`instr conductor apply op 100`).

use std::hint::black_box;

use fourx_benches::{
    blueprint_file, blueprint_snapshot, conductor_cases, index_cases, router_cases,
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
        other => panic!("usage: instr router|index|conductor ..., not {other:?}"),
    }
}
