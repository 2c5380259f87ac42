//! cc10x's deterministic PreToolUse guards as one pure decision (`fourx hook pre-tool-use`):
//! the git guard (destructive git text), the QA isolation guard (denied reads; no file writes
//! and no Bash mutation outside the mutation allowlist while a QA workflow plans) and the
//! finished-workflow test they share. Reading the newest artifact, its events log, the approval
//! token and the clock, and printing the Claude Code answer, are the hook's.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::router::now::parse_now;

/// Commands longer than this that name `git` are denied before any pattern runs (cc10x
/// INV-033: 65,536 characters).
pub const MAX_GIT_COMMAND: usize = 65_536;

/// Nesting of `bash -c`, `$(…)` and backquotes past this depth is denied (INV-033: eight).
pub const MAX_NESTING: usize = 8;

/// Seconds an approval token may reach into the future (cc10x: at most 10 minutes).
pub const APPROVAL_MAX_SECONDS: i64 = 600;

/// The QA planning phases, which mutate nothing (refs/qa-workflow.md Rule 1, INV-028);
/// `qa-preflight` is deliberately absent.
pub const QA_PLAN_PHASES: [&str; 6] = [
    "qa",
    "qa-research",
    "qa-plan",
    "qa-plan-review",
    "qa-re-plan",
    "qa-plan-review-2",
];

/// The router's terminal events (a finished workflow locks nothing).
pub const TERMINAL_EVENTS: [&str; 3] =
    ["memory_finalized", "workflow_completed", "workflow_failed"];

/// The mutation allowlist when the artifact names none.
pub const DEFAULT_ALLOWLIST: [&str; 1] = [".cc10x/"];

/// Commands that mutate state whatever their arguments (QA isolation guard).
const MUTATING: [&str; 14] = [
    "mkdir", "rm", "rmdir", "mv", "cp", "touch", "ln", "chmod", "chown", "truncate", "dd",
    "install", "tee", "make",
];

/// Tools whose first word decides: these subcommands mutate (package installs, containers,
/// repository writes).
const MUTATING_SUBCOMMANDS: [(&str, &[&str]); 10] = [
    ("npm", &["install", "i", "ci", "add", "uninstall", "link"]),
    ("pnpm", &["install", "i", "add", "remove"]),
    ("yarn", &["install", "add", "remove"]),
    ("pip", &["install", "uninstall"]),
    ("pip3", &["install", "uninstall"]),
    ("cargo", &["install", "build", "add"]),
    ("brew", &["install", "uninstall"]),
    (
        "docker",
        &["run", "build", "compose", "create", "rm", "pull"],
    ),
    ("podman", &["run", "build", "create", "rm", "pull"]),
    (
        "git",
        &[
            "init", "add", "commit", "checkout", "clone", "apply", "stash",
        ],
    ),
];

/// Which guard decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    /// Destructive git text (`cc10x_git_guard.py`).
    Git,
    /// A read of a quarantined path (`cc10x_qa_isolation_guard.py` Rule 3).
    QaDeniedRead,
    /// A file write during a QA planning phase (Rule 1).
    QaPlanWrite,
    /// A Bash mutation outside the mutation allowlist during a QA planning phase (Rule 2).
    BashScope,
    /// The tool call could not be read.
    Malformed,
}

/// The decision on one tool call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PreToolDecision {
    /// `allow` or `deny`.
    pub decision: &'static str,
    /// The guard that denied (null when allowed).
    pub guard: Option<Guard>,
    /// Why (null when allowed).
    pub reason: Option<String>,
    /// The call was allowed by the approval token, which the host must now delete (single use).
    pub consume_approval: bool,
}

impl PreToolDecision {
    fn allow() -> Self {
        PreToolDecision {
            decision: "allow",
            guard: None,
            reason: None,
            consume_approval: false,
        }
    }

    fn deny(guard: Guard, reason: impl Into<String>) -> Self {
        PreToolDecision {
            decision: "deny",
            guard: Some(guard),
            reason: Some(reason.into()),
            consume_approval: false,
        }
    }
}

/// One tool call and the state the guards read.
#[derive(Debug, Clone, Copy)]
pub struct ToolCall<'a> {
    /// `Bash`, `Read`, `Write`, …
    pub tool_name: &'a str,
    /// The tool's input object.
    pub tool_input: &'a Map<String, Value>,
    /// The project directory (absolute); relative paths resolve against it.
    pub project_dir: &'a str,
    /// The newest workflow artifact, parsed (null when none or unreadable).
    pub artifact: Option<&'a Map<String, Value>>,
    /// The tail of its events log (for the finished test).
    pub events: Option<&'a str>,
    /// The git approval token (`.cc10x/state/git-approval.json`), parsed.
    pub approval: Option<&'a Map<String, Value>>,
    /// RFC 3339 now (the token's expiry).
    pub now: Option<&'a str>,
}

/// A git operation the guard refuses, and whether an approval token can unlock it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GitDenial {
    /// What was refused (`push`, `reset --hard`, …).
    pub what: &'static str,
    /// The token operation that unlocks it (`push`, `branch-delete`), if any.
    pub unlock: Option<&'static str>,
}

/// Splits shell text into command segments of words: quotes are removed (a quoted string is a
/// segment of its own, so `bash -c "git push"` is still seen), and `;`, `&`, `|`, newlines,
/// parentheses, braces, backquotes and `$(` end a segment. Returns `None` when `$(` or
/// backquote substitutions nest past [`MAX_NESTING`] levels.
fn segments(text: &str) -> Option<Vec<Vec<String>>> {
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    let mut word = String::new();
    let (mut depth, mut max_depth): (usize, usize) = (0, 0);
    let mut backquoted = false;
    let mut quote: Option<char> = None;
    fn flush(word: &mut String, out: &mut Vec<Vec<String>>, new_segment: bool) {
        if !word.is_empty() {
            if let Some(seg) = out.last_mut() {
                seg.push(std::mem::take(word));
            }
        }
        if new_segment && out.last().is_some_and(|s| !s.is_empty()) {
            out.push(Vec::new());
        }
    }
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                flush(&mut word, &mut out, true);
            }
            (Some(_), c) if c.is_whitespace() => flush(&mut word, &mut out, false),
            (Some('\''), c) => word.push(c),
            (Some(_), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    if n != '\n' {
                        word.push(n);
                    }
                }
            }
            (_, '`') => {
                flush(&mut word, &mut out, true);
                backquoted = !backquoted;
                if backquoted {
                    depth += 1;
                } else {
                    depth = depth.saturating_sub(1);
                }
            }
            (_, '$') if chars.peek() == Some(&'(') => {
                chars.next();
                flush(&mut word, &mut out, true);
                depth += 1;
            }
            (_, ')') if depth > 0 => {
                flush(&mut word, &mut out, true);
                depth -= 1;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                flush(&mut word, &mut out, true);
                quote = Some(c);
            }
            (None, ';' | '&' | '|' | '\n' | '(' | ')' | '{' | '}') => {
                flush(&mut word, &mut out, true);
            }
            (None, c) if c.is_whitespace() => flush(&mut word, &mut out, false),
            (None, c) => word.push(c),
        }
        max_depth = max_depth.max(depth);
        if max_depth > MAX_NESTING {
            return None;
        }
    }
    flush(&mut word, &mut out, false);
    out.retain(|s| !s.is_empty());
    Some(out)
}

/// The program name of a word (`/usr/bin/git` → `git`).
fn program(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// Git's global options that take a value (`git -C dir push`).
const GIT_VALUE_OPTS: [&str; 4] = ["-C", "-c", "--git-dir", "--work-tree"];

/// The destructive git operation in one segment's words starting at a `git` word, if any.
fn git_denial(args: &[String]) -> Option<GitDenial> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if GIT_VALUE_OPTS.contains(&a) {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let sub = args.get(i)?.as_str();
    let rest: Vec<&str> = args[i + 1..].iter().map(String::as_str).collect();
    let has = |f: &str| rest.contains(&f);
    let short = |letter: char| {
        rest.iter()
            .any(|a| a.starts_with('-') && !a.starts_with("--") && a[1..].contains(letter))
    };
    let deny = |what, unlock| Some(GitDenial { what, unlock });
    match sub {
        "push" => {
            let forced = has("--force")
                || has("-f")
                || rest.iter().any(|a| {
                    a.starts_with("--force-with-lease") || (a.starts_with('+') && a.len() > 1)
                });
            if forced {
                deny("push --force", None)
            } else {
                deny("push", Some("push"))
            }
        }
        "reset" if has("--hard") => deny("reset --hard", None),
        "clean" if has("--force") || short('f') => deny("clean -f", None),
        "branch"
            if has("-D") || ((has("--delete") || short('d')) && (has("--force") || short('f'))) =>
        {
            deny("branch -D", Some("branch-delete"))
        }
        "checkout" if has(".") || rest.windows(2).any(|w| w == ["--", "."]) => {
            deny("checkout .", None)
        }
        "restore" if has(".") || has(":/") => deny("restore .", None),
        "stash" if rest.first() == Some(&"clear") => deny("stash clear", None),
        _ => None,
    }
}

/// The git guard over a command's text (INV-033): over-long text naming `git` and nesting past
/// [`MAX_NESTING`] are denied outright; otherwise every segment with
/// a `git` word (whatever wraps it: `sudo`, `env X=1`, `xargs`, a nested shell) is classified. Quoted data is scanned too (a fourx rule: `echo "git push"` is denied; cc10x's
/// narrow pipeline allowance is not reproduced).
pub fn classify_git(command: &str) -> Option<GitDenial> {
    let names_git = command.contains("git");
    if !names_git {
        return None;
    }
    if command.chars().count() > MAX_GIT_COMMAND {
        return Some(GitDenial {
            what: "command-too-large",
            unlock: None,
        });
    }
    let Some(segs) = segments(command) else {
        return Some(GitDenial {
            what: "nesting-too-deep",
            unlock: None,
        });
    };
    let mut found: Option<GitDenial> = None;
    for seg in &segs {
        // Any `git` word opens a candidate, whatever wraps it (`sudo`, `env X=1`, `xargs`).
        for (j, w) in seg.iter().enumerate() {
            if program(w) == "git" {
                if let Some(d) = git_denial(&seg[j + 1..]) {
                    // A non-unlockable denial wins over an unlockable one.
                    if found.is_none_or(|f| f.unlock.is_some() && d.unlock.is_none()) {
                        found = Some(d);
                    }
                }
            }
        }
    }
    found
}

/// Lexically normalises `path` against `base` (absolute): `.` and `..` are folded; no file
/// system access.
pub fn resolve(base: &str, path: &str) -> String {
    let joined = if path.starts_with('/') {
        path.to_string()
    } else {
        format!("{}/{path}", base.trim_end_matches('/'))
    };
    let mut parts: Vec<&str> = Vec::new();
    for p in joined.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// Whether `path` is `root` or inside it.
fn within(path: &str, root: &str) -> bool {
    let root = root.trim_end_matches('/');
    path == root || path.starts_with(&format!("{root}/")) || root.is_empty()
}

/// Glob match with `*` (no `/`), `**` (anything) and `?`.
fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Iterative DP over (pattern index, text index), bounded by |p|·|t|.
    let (n, m) = (p.len(), t.len());
    if n.saturating_mul(m) > 4_000_000 {
        return false;
    }
    let mut dp = vec![vec![false; m + 1]; n + 1];
    dp[n][m] = true;
    for i in (0..n).rev() {
        let double = p[i] == '*' && p.get(i + 1) == Some(&'*');
        for j in (0..=m).rev() {
            dp[i][j] = match p[i] {
                '*' if double => dp[i + 2][j] || (j < m && dp[i][j + 1]),
                '*' if i > 0 && p[i - 1] == '*' => dp[i + 1][j],
                '*' => dp[i + 1][j] || (j < m && t[j] != '/' && dp[i][j + 1]),
                '?' => j < m && t[j] != '/' && dp[i + 1][j + 1],
                c => j < m && t[j] == c && dp[i + 1][j + 1],
            };
        }
    }
    dp[0][0]
}

/// The finished-workflow test (cc10x hooklib `workflow_is_finished`, decidable from the
/// artifact and its events log): a terminal last `status_history` event, a `memory-finalize`
/// cursor whose phase is completed, or a terminal newest router-written events-log record
/// (records written by `agent: "hook"` are skipped).
pub fn workflow_finished(artifact: &Map<String, Value>, events: Option<&str>) -> bool {
    let terminal = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .is_some_and(|e| TERMINAL_EVENTS.contains(&e))
    };
    if let Some(last) = artifact
        .get("status_history")
        .and_then(Value::as_array)
        .and_then(|h| h.last())
    {
        if terminal(last.get("event")) {
            return true;
        }
    }
    if artifact.get("phase_cursor").and_then(Value::as_str) == Some("memory-finalize")
        && artifact
            .get("phase_status")
            .and_then(|s| s.get("memory-finalize"))
            .and_then(Value::as_str)
            == Some("completed")
    {
        return true;
    }
    let Some(events) = events else {
        return false;
    };
    for line in events.lines().rev() {
        let Ok(Value::Object(rec)) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if rec.get("agent").and_then(Value::as_str) == Some("hook") {
            continue;
        }
        return terminal(rec.get("event"));
    }
    false
}

/// The QA phase the isolation guard reads: `phase_cursor`, else the last `status_history`
/// entry's `phase`.
fn qa_phase(artifact: &Map<String, Value>) -> Option<&str> {
    artifact
        .get("phase_cursor")
        .and_then(Value::as_str)
        .or_else(|| {
            artifact
                .get("status_history")
                .and_then(Value::as_array)
                .and_then(|h| h.last())
                .and_then(|e| e.get("phase"))
                .and_then(Value::as_str)
        })
}

/// `qa.isolation` of the artifact.
fn isolation(artifact: &Map<String, Value>) -> Option<&Map<String, Value>> {
    artifact
        .get("qa")
        .and_then(|q| q.get("isolation"))
        .and_then(Value::as_object)
}

fn strings(v: Option<&Value>) -> Vec<&str> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The paths a Bash command writes: redirection targets and the path arguments of mutating
/// commands; `None` when the command mutates in a way no path names (installs, containers).
fn bash_writes(command: &str) -> Result<Vec<String>, &'static str> {
    let segs = segments(command).ok_or("nesting-too-deep")?;
    let mut paths = Vec::new();
    for seg in segs {
        let mut words: Vec<&str> = seg.iter().map(String::as_str).collect();
        // Redirections: `>`, `>>`, `2>`, `&>` followed by a path (or glued to it).
        let mut k = 0;
        while k < words.len() {
            let w = words[k];
            let bare = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
            if let Some(rest) = bare.strip_prefix(">>").or_else(|| bare.strip_prefix('>')) {
                let target = if rest.is_empty() {
                    words.get(k + 1).copied()
                } else {
                    Some(rest)
                };
                if let Some(t) = target.filter(|t| !t.starts_with('&')) {
                    if t != "/dev/null" {
                        paths.push(t.to_string());
                    }
                }
                words.drain(k..(k + if rest.is_empty() { 2 } else { 1 }).min(words.len()));
                continue;
            }
            if w.starts_with("<<") {
                return Err("heredoc");
            }
            k += 1;
        }
        let Some(first) = words.first() else {
            continue;
        };
        let prog = program(first);
        if MUTATING.contains(&prog) {
            paths.extend(
                words[1..]
                    .iter()
                    .filter(|w| !w.starts_with('-'))
                    .map(|w| w.to_string()),
            );
            continue;
        }
        if let Some((_, subs)) = MUTATING_SUBCOMMANDS.iter().find(|(p, _)| *p == prog) {
            if words.get(1).is_some_and(|s| subs.contains(s)) {
                return Err("installs or provisions");
            }
        }
        if prog == "sed" && words.iter().any(|w| w.starts_with("-i")) {
            paths.extend(
                words[1..]
                    .iter()
                    .skip_while(|w| w.starts_with('-'))
                    .skip(1)
                    .map(|w| w.to_string()),
            );
        }
    }
    Ok(paths)
}

/// Whether the approval token unlocks `operation` at `now`: it lists the operation and
/// expires after now but no more than [`APPROVAL_MAX_SECONDS`] later.
fn approved(approval: Option<&Map<String, Value>>, now: Option<&str>, operation: &str) -> bool {
    let (Some(tok), Some(now)) = (approval, now) else {
        return false;
    };
    let listed = strings(tok.get("operations")).contains(&operation);
    let Some(expires) = tok.get("expires_at").and_then(Value::as_str) else {
        return false;
    };
    let (Ok(n), Ok(e)) = (parse_now(now, "now"), parse_now(expires, "expires_at")) else {
        return false;
    };
    let left = e.unix_seconds() - n.unix_seconds();
    listed && left > 0 && left <= APPROVAL_MAX_SECONDS
}

/// The path a file tool names (`file_path`, `notebook_path`, or `path` for Grep/Glob).
fn tool_path(input: &Map<String, Value>) -> Option<&str> {
    ["file_path", "notebook_path", "path"]
        .iter()
        .find_map(|k| input.get(*k).and_then(Value::as_str))
}

/// Decides one PreToolUse call: the git guard for Bash, then the QA isolation guard when the
/// newest artifact is an unfinished QA workflow (Rule 3 denied reads at every phase; Rules 1
/// and 2 during a planning phase: no file write and no Bash mutation outside the mutation
/// allowlist, default `.cc10x/`, resolved against the project).
pub fn decide(call: &ToolCall<'_>) -> PreToolDecision {
    let input = call.tool_input;
    let command = input.get("command").and_then(Value::as_str);
    let mut consume = false;
    if call.tool_name == "Bash" {
        let Some(command) = command else {
            return PreToolDecision::deny(Guard::Malformed, "a Bash call without a command");
        };
        if let Some(d) = classify_git(command) {
            match d.unlock {
                Some(op) if approved(call.approval, call.now, op) => consume = true,
                _ => {
                    let how = if d.unlock.is_some() {
                        " (only the BUILD-DONE finishing choice unlocks it, with a fresh approval token)"
                    } else {
                        ""
                    };
                    return PreToolDecision::deny(
                        Guard::Git,
                        format!("CC10X git guard: `git {}` is destructive{how}", d.what),
                    );
                }
            }
        }
    }
    let qa = call.artifact.filter(|a| {
        a.get("workflow_type").and_then(Value::as_str) == Some("QA")
            && !workflow_finished(a, call.events)
    });
    if let Some(artifact) = qa {
        let iso = isolation(artifact);
        let project = call.project_dir;
        let denied: Vec<&str> = strings(iso.and_then(|i| i.get("denied_reads")));
        let why = iso
            .and_then(|i| i.get("denied_read_reason"))
            .and_then(Value::as_str)
            .unwrap_or("quarantined by the QA workflow");
        let read_tool = matches!(call.tool_name, "Read" | "Grep" | "Glob" | "NotebookRead");
        if read_tool && !denied.is_empty() {
            let target = resolve(project, tool_path(input).unwrap_or("."));
            let search = matches!(call.tool_name, "Grep" | "Glob");
            for d in &denied {
                let entry = if d.contains('*') || d.contains('?') {
                    d.to_string()
                } else {
                    resolve(project, d)
                };
                let hit = if d.contains('*') || d.contains('?') {
                    glob(&entry, &target) || glob(&entry, target.trim_start_matches('/'))
                } else {
                    within(&target, &entry) || (search && within(&entry, &target))
                };
                if hit {
                    return PreToolDecision::deny(
                        Guard::QaDeniedRead,
                        format!("CC10X QA isolation: {target} is a denied read ({why})"),
                    );
                }
            }
        }
        let phase = qa_phase(artifact);
        let readonly = iso
            .and_then(|i| i.get("plan_phase_readonly"))
            .and_then(Value::as_bool)
            .unwrap_or(true);
        if readonly && phase.is_some_and(|p| QA_PLAN_PHASES.contains(&p)) {
            let phase = phase.unwrap_or("qa");
            let listed = strings(iso.and_then(|i| i.get("mutation_allowlist")));
            let allow: Vec<String> = if listed.is_empty() {
                DEFAULT_ALLOWLIST
                    .iter()
                    .map(|a| resolve(project, a))
                    .collect()
            } else {
                listed.iter().map(|a| resolve(project, a)).collect()
            };
            let allowed = |p: &str| allow.iter().any(|a| within(&resolve(project, p), a));
            if matches!(
                call.tool_name,
                "Edit" | "Write" | "MultiEdit" | "NotebookEdit"
            ) {
                let target = tool_path(input).unwrap_or("");
                if !allowed(target) {
                    return PreToolDecision::deny(
                        Guard::QaPlanWrite,
                        format!(
                            "CC10X QA isolation: phase {phase} is a planning phase; writing {} \
                             is outside the mutation allowlist (record the gap and continue)",
                            resolve(project, target)
                        ),
                    );
                }
            }
            if let (true, Some(command)) = (call.tool_name == "Bash", command) {
                match bash_writes(command) {
                    Err(what) => {
                        return PreToolDecision::deny(
                            Guard::BashScope,
                            format!(
                                "CC10X QA isolation: phase {phase} is a planning phase and this \
                                 command {what}"
                            ),
                        )
                    }
                    Ok(paths) => {
                        if let Some(p) = paths.iter().find(|p| !allowed(p)) {
                            return PreToolDecision::deny(
                                Guard::BashScope,
                                format!(
                                    "CC10X QA isolation: phase {phase} is a planning phase; the \
                                     command writes {} outside the mutation allowlist",
                                    resolve(project, p)
                                ),
                            );
                        }
                    }
                }
            }
        }
    }
    PreToolDecision {
        consume_approval: consume,
        ..PreToolDecision::allow()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn git(cmd: &str) -> Option<&'static str> {
        classify_git(cmd).map(|d| d.what)
    }

    #[test]
    fn the_git_guard_denies_the_destructive_set() {
        for (cmd, what) in [
            ("git push origin main", "push"),
            ("git push --force", "push --force"),
            ("git push origin +main", "push --force"),
            ("git reset --hard HEAD~1", "reset --hard"),
            ("git clean -fdx", "clean -f"),
            ("git branch -D topic", "branch -D"),
            ("git branch --delete --force topic", "branch -D"),
            ("git checkout .", "checkout ."),
            ("git checkout -- .", "checkout ."),
            ("git restore .", "restore ."),
            ("git stash clear", "stash clear"),
        ] {
            assert_eq!(git(cmd), Some(what), "{cmd}");
        }
        for ok in [
            "git status",
            "git log --oneline",
            "git diff HEAD",
            "git reset HEAD file",
            "git branch -d merged",
            "git checkout main",
            "git stash",
            "ls -la",
            "gitk",
        ] {
            assert_eq!(git(ok), None, "{ok}");
        }
    }

    #[test]
    fn the_git_guard_sees_through_wrappers_chains_substitutions_and_nested_shells() {
        for cmd in [
            "cd repo && git push",
            "make; git reset --hard",
            "sudo git push",
            "env GIT_DIR=x git push",
            "echo $(git push)",
            "bash -c 'git push origin'",
            "sh -c \"cd x && git clean -f\"",
            "/usr/bin/git -C repo push",
            "git -c user.name=x push",
            "true | xargs git push",
        ] {
            assert!(classify_git(cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn oversized_or_deeply_nested_git_text_is_denied_before_any_pattern() {
        let big = format!("git status {}", "x".repeat(MAX_GIT_COMMAND));
        assert_eq!(git(&big), Some("command-too-large"));
        assert_eq!(git(&"x".repeat(MAX_GIT_COMMAND + 10)), None);
        let deep = format!("git status {}", "$(".repeat(100));
        assert_eq!(git(&deep), Some("nesting-too-deep"));
    }

    #[test]
    fn a_mixed_command_is_denied_as_its_non_unlockable_operation() {
        let d = classify_git("git push && git reset --hard").unwrap();
        assert_eq!((d.what, d.unlock), ("reset --hard", None));
    }

    fn call<'a>(
        tool: &'a str,
        input: &'a Map<String, Value>,
        artifact: Option<&'a Map<String, Value>>,
    ) -> ToolCall<'a> {
        ToolCall {
            tool_name: tool,
            tool_input: input,
            project_dir: "/p",
            artifact,
            events: None,
            approval: None,
            now: None,
        }
    }

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_fresh_approval_token_unlocks_push_once_and_nothing_else() {
        let input = obj(json!({"command": "git push origin main"}));
        let tok = obj(json!({"wf": "wf-x", "operations": ["push"],
                              "expires_at": "2026-10-07T12:05:00Z"}));
        let mut c = call("Bash", &input, None);
        c.approval = Some(&tok);
        c.now = Some("2026-10-07T12:00:00Z");
        let d = decide(&c);
        assert_eq!((d.decision, d.consume_approval), ("allow", true));
        c.now = Some("2026-10-07T12:06:00Z");
        assert_eq!(decide(&c).decision, "deny");
        let force = obj(json!({"command": "git push --force"}));
        c.tool_input = &force;
        c.now = Some("2026-10-07T12:00:00Z");
        assert_eq!(decide(&c).decision, "deny");
    }

    fn qa(phase: &str, isolation: Value) -> Map<String, Value> {
        obj(json!({"workflow_type": "QA", "phase_cursor": phase,
                   "status_history": [{"event": "workflow_started", "phase": "qa"}],
                   "qa": {"isolation": isolation}}))
    }

    #[test]
    fn qa_planning_phases_refuse_writes_outside_the_allowlist() {
        let a = qa("qa-plan", json!({}));
        let w = obj(json!({"file_path": "src/app.ts", "content": "x"}));
        assert_eq!(
            decide(&call("Write", &w, Some(&a))).guard,
            Some(Guard::QaPlanWrite)
        );
        let ok = obj(json!({"file_path": ".cc10x/qa/wf/test-plan.md", "content": "x"}));
        assert_eq!(decide(&call("Write", &ok, Some(&a))).decision, "allow");
        let escape = obj(json!({"file_path": ".cc10x/../src/a.ts"}));
        assert_eq!(decide(&call("Edit", &escape, Some(&a))).decision, "deny");
        // Preflight and build may provision; a non-QA workflow is never guarded.
        for p in ["qa-preflight", "qa-build", "qa-execute"] {
            let a = qa(p, json!({}));
            assert_eq!(
                decide(&call("Write", &w, Some(&a))).decision,
                "allow",
                "{p}"
            );
        }
        let mut build = a.clone();
        build.insert("workflow_type".into(), json!("BUILD"));
        assert_eq!(decide(&call("Write", &w, Some(&build))).decision, "allow");
    }

    #[test]
    fn qa_planning_phases_refuse_bash_mutations_outside_the_allowlist() {
        let a = qa("qa-research", json!({}));
        for cmd in [
            "mkdir -p /tmp/fixtures",
            "echo x > src/a.txt",
            "npm install left-pad",
            "cat <<EOF > x\nEOF",
            "docker run redis",
        ] {
            let b = obj(json!({ "command": cmd }));
            assert_eq!(
                decide(&call("Bash", &b, Some(&a))).guard,
                Some(Guard::BashScope),
                "{cmd}"
            );
        }
        for cmd in [
            "mkdir -p .cc10x/qa/wf",
            "ls -la",
            "grep -r foo src",
            "git log -3",
            "echo hi > /dev/null",
            "docker info",
        ] {
            let b = obj(json!({ "command": cmd }));
            assert_eq!(
                decide(&call("Bash", &b, Some(&a))).decision,
                "allow",
                "{cmd}"
            );
        }
    }

    #[test]
    fn denied_reads_are_refused_in_both_directions_at_every_phase() {
        let a = qa(
            "qa-build",
            json!({"denied_reads": ["/p/baseline", "**/test/*.e2e-spec.ts"],
                   "denied_read_reason": "benchmark"}),
        );
        let named = obj(json!({"file_path": "/p/baseline/answers.md"}));
        assert_eq!(
            decide(&call("Read", &named, Some(&a))).guard,
            Some(Guard::QaDeniedRead)
        );
        let root = obj(json!({"path": "/p", "pattern": "x"}));
        assert_eq!(decide(&call("Grep", &root, Some(&a))).decision, "deny");
        let globbed = obj(json!({"file_path": "/p/app/test/login.e2e-spec.ts"}));
        assert_eq!(decide(&call("Read", &globbed, Some(&a))).decision, "deny");
        let fine = obj(json!({"file_path": "/p/src/a.ts"}));
        assert_eq!(decide(&call("Read", &fine, Some(&a))).decision, "allow");
    }

    #[test]
    fn a_finished_qa_workflow_locks_nothing() {
        let mut a = qa("qa-plan", json!({}));
        let w = obj(json!({"file_path": "src/app.ts"}));
        a.insert(
            "status_history".into(),
            json!([{"event": "memory_finalized", "phase": "memory-finalize"}]),
        );
        assert_eq!(decide(&call("Write", &w, Some(&a))).decision, "allow");
        let b = qa("qa-plan", json!({}));
        let ev = "{\"event\":\"memory_finalized\",\"agent\":\"router\"}\n\
                  {\"event\":\"artifact_mutated\",\"agent\":\"hook\"}\n";
        let mut c = call("Write", &w, Some(&b));
        c.events = Some(ev);
        assert_eq!(decide(&c).decision, "allow");
        let mut cursor = qa("memory-finalize", json!({}));
        cursor.insert(
            "phase_status".into(),
            json!({"memory-finalize": "completed"}),
        );
        assert!(workflow_finished(&cursor, None));
        assert!(!workflow_finished(
            &qa("qa-plan", json!({})),
            Some("not json\n")
        ));
    }

    #[test]
    fn the_phase_falls_back_to_the_last_status_history_entry() {
        let mut a = qa("qa-plan", json!({}));
        a.insert("phase_cursor".into(), Value::Null);
        a.insert(
            "status_history".into(),
            json!([{"event": "workflow_started", "phase": "qa-plan-review"}]),
        );
        let w = obj(json!({"file_path": "src/app.ts"}));
        assert_eq!(decide(&call("Write", &w, Some(&a))).decision, "deny");
    }

    #[test]
    fn paths_resolve_lexically_against_the_project() {
        assert_eq!(resolve("/p", "a/../b/./c"), "/p/b/c");
        assert_eq!(resolve("/p/", "/etc/x"), "/etc/x");
        assert_eq!(resolve("/p", "../../.."), "/");
        assert!(glob("**/test/*.ts", "a/b/test/x.ts"));
        assert!(!glob("*.ts", "a/x.ts"));
    }
}
