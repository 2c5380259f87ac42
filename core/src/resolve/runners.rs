//! The built-in runner presets (Go `SupportedRunners`, resolution.md): one static table.
//!
//! Decides the preset commands, arguments and tier maps of the seed revision. Leaves choosing a
//! runner for a phase to [`super::pipeline`].

use std::collections::BTreeMap;

use crate::protocol::config::{RunnerConfig, RunnerPreset};

/// One row of the preset table.
struct Preset {
    name: &'static str,
    command: &'static str,
    args: &'static [&'static str],
    model: &'static str,
    output_format: &'static str,
    /// (opus, sonnet) models, or none.
    tiers: Option<(&'static str, &'static str)>,
    /// `stdin` and `quiet` set to true.
    stdin_quiet: bool,
}

/// The presets in their fixed order. `{prompt}` is a literal placeholder argument.
static PRESETS: [Preset; 7] = [
    Preset {
        name: "claude",
        command: "claude",
        args: &[
            "--dangerously-skip-permissions",
            "-p",
            "{prompt}",
            "--output-format",
            "stream-json",
            "--verbose",
        ],
        model: "opus",
        output_format: "stream-json",
        tiers: Some(("opus", "sonnet")),
        stdin_quiet: false,
    },
    Preset {
        name: "codex",
        command: "codex",
        args: &["exec"],
        model: "",
        output_format: "",
        tiers: Some(("gpt-5.5", "gpt-5.5")),
        stdin_quiet: true,
    },
    Preset {
        name: "gemini",
        command: "gemini",
        args: &["-y", "-p", "{prompt}"],
        model: "",
        output_format: "",
        tiers: Some(("gemini-2.5-flash", "gemini-2.5-flash")),
        stdin_quiet: false,
    },
    Preset {
        name: "agy",
        command: "agy",
        args: &["--dangerously-skip-permissions", "-p", "{prompt}"],
        model: "",
        output_format: "",
        tiers: Some(("claude-opus-4-6-thinking", "claude-sonnet-4-6-thinking")),
        stdin_quiet: false,
    },
    Preset {
        name: "copilot",
        command: "copilot",
        args: &["--yolo", "-p", "{prompt}"],
        model: "",
        output_format: "",
        tiers: Some(("auto", "auto")),
        stdin_quiet: false,
    },
    Preset {
        name: "opencode",
        command: "opencode",
        args: &["run", "--dangerously-skip-permissions", "{prompt}"],
        model: "",
        output_format: "",
        tiers: Some(("anthropic/claude-opus-4-6", "anthropic/claude-sonnet-4-6")),
        stdin_quiet: false,
    },
    Preset {
        name: "cursor",
        command: "agent",
        args: &["-p", "{prompt}"],
        model: "",
        output_format: "",
        tiers: None,
        stdin_quiet: false,
    },
];

impl Preset {
    fn config(&self) -> RunnerConfig {
        RunnerConfig {
            command: self.command.to_string(),
            args: Some(self.args.iter().map(|a| (*a).to_string()).collect()),
            model: self.model.to_string(),
            tiers: self.tiers.map(|(opus, sonnet)| {
                BTreeMap::from([
                    ("opus".to_string(), opus.to_string()),
                    ("sonnet".to_string(), sonnet.to_string()),
                ])
            }),
            stdin: self.stdin_quiet.then_some(true),
            tty: None,
            quiet: self.stdin_quiet.then_some(true),
            output_format: self.output_format.to_string(),
            transient_retries: None,
        }
    }
}

/// The built-in presets, in their fixed order.
pub fn supported_runners() -> Vec<RunnerPreset> {
    PRESETS
        .iter()
        .map(|p| RunnerPreset {
            name: p.name.to_string(),
            config: p.config(),
        })
        .collect()
}

/// The built-in presets by name.
pub fn supported_runner_map() -> BTreeMap<String, RunnerConfig> {
    PRESETS
        .iter()
        .map(|p| (p.name.to_string(), p.config()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::encode;
    use serde_json::json;

    #[test]
    fn presets_match_the_spec_table() {
        let names: Vec<_> = supported_runners().into_iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            ["claude", "codex", "gemini", "agy", "copilot", "opencode", "cursor"]
        );
        let m = supported_runner_map();
        assert_eq!(
            encode(&m["codex"]).unwrap(),
            json!({"command": "codex", "args": ["exec"], "tiers": {"opus": "gpt-5.5", "sonnet": "gpt-5.5"}, "stdin": true, "quiet": true})
        );
        assert_eq!(
            encode(&m["cursor"]).unwrap(),
            json!({"command": "agent", "args": ["-p", "{prompt}"]})
        );
        assert_eq!(
            encode(&m["claude"]).unwrap(),
            json!({"command": "claude", "args": ["--dangerously-skip-permissions", "-p", "{prompt}", "--output-format", "stream-json", "--verbose"],
                   "model": "opus", "tiers": {"opus": "opus", "sonnet": "sonnet"}, "output_format": "stream-json"})
        );
        assert_eq!(
            m["opencode"].tiers.as_ref().unwrap()["sonnet"],
            "anthropic/claude-sonnet-4-6"
        );
        assert_eq!(
            m["agy"].tiers.as_ref().unwrap()["opus"],
            "claude-opus-4-6-thinking"
        );
        assert!(m.values().all(|r| r.tty.is_none()));
    }
}
