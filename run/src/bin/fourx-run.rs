//! `fourx-run --root DIR --feature ID --agent-cmd CMD [--profile P]`: runs a feature to the end
//! of its run with an agent that is a shell command (the Rust twin of `python -m fourx run`).
//! One line per decision on stdout; exit 0 on `finish`, 1 on `stop`, 2 on an error.

use std::process::ExitCode;

use fourx_run::{run_with, CommandAgent, RealWorld, RunOptions};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut root, mut feature, mut cmd, mut profile) = (None, None, None, None);
    while let Some(a) = args.next() {
        let v = args.next();
        match (a.as_str(), v) {
            ("--root", Some(v)) => root = Some(v),
            ("--feature", Some(v)) => feature = Some(v),
            ("--agent-cmd", Some(v)) => cmd = Some(v),
            ("--profile", Some(v)) => profile = Some(v),
            _ => {
                eprintln!("usage: fourx-run --root DIR --feature ID --agent-cmd CMD [--profile P]");
                return ExitCode::from(2);
            }
        }
    }
    let (Some(root), Some(feature), Some(cmd)) = (root, feature, cmd) else {
        eprintln!("usage: fourx-run --root DIR --feature ID --agent-cmd CMD [--profile P]");
        return ExitCode::from(2);
    };
    let mut opts = RunOptions::new(&root, &feature);
    opts.profile = profile;
    let mut world = RealWorld::new();
    let mut agent = CommandAgent::new(&cmd, &root, &world);
    agent.trace = true;
    match run_with(&opts, &mut agent, &mut world) {
        Ok(r) if r.finished() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) => {
            eprintln!("fourx-run: {}: {}", e.kind.as_str(), e.message);
            ExitCode::from(2)
        }
    }
}
