//! Revision names and pruning: the rolling five pre-images kept for Undo (blueprint.md).
//!
//! Decides the fixed-width name (`YYYYMMDDTHHMMSSZ-<nonce>.md`), the nonce rule, the replay nonce
//! and which names a prune keeps — the one revision rule: [`revision_prune`] answers the
//! `blueprint.revision_prune` op and is the [`revision_retention`] every blueprint store (memory
//! and fs) prunes by. Drawing the nonce and touching files are the caller's.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorKind, Result};

use super::defaults::REVISIONS_KEEP;
use super::normalize::hex_prefix;
use super::stamp::UtcSecond;

/// Eight lower-case hex digits drawn by the caller.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nonce(String);

impl Nonce {
    /// The nonce text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The nonce of a replayed commit: 8 hex of SHA-256(`"fourx-blueprint-replay:" + nonce`).
    pub fn replay(&self) -> Nonce {
        let h = Sha256::digest(format!("fourx-blueprint-replay:{}", self.0).as_bytes());
        Nonce(hex_prefix(&h, 8))
    }
}

impl FromStr for Nonce {
    type Err = Error;

    fn from_str(s: &str) -> Result<Nonce> {
        if s.len() == 8
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            Ok(Nonce(s.to_string()))
        } else {
            Err(Error::new(
                ErrorKind::InvalidNonce,
                format!("nonce {s:?} must be exactly 8 lower-case hex digits"),
            )
            .with_field("nonce"))
        }
    }
}

impl fmt::Display for Nonce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The revision name for `now` and `nonce`.
pub fn revision_name(now: UtcSecond, nonce: &Nonce) -> String {
    format!("{}-{}.md", now.compact(), nonce)
}

/// Whether `name` is a revision name (`^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{8}\.md$`); other names are
/// never pruned.
pub fn is_revision_name(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() == 28
        && b[..8].iter().all(u8::is_ascii_digit)
        && b[8] == b'T'
        && b[9..15].iter().all(u8::is_ascii_digit)
        && &b[15..17] == b"Z-"
        && b[17..25]
            .iter()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c))
        && &b[25..] == b".md"
}

/// What a prune keeps, deletes and leaves alone.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrunePlan {
    /// The newest five matching names, ascending.
    pub keep: Vec<String>,
    /// Older matching names, ascending.
    pub delete: Vec<String>,
    /// Names not matching the pattern (never touched), sorted.
    pub ignored: Vec<String>,
}

/// Sorts matching names (duplicates counted once) and keeps the last [`REVISIONS_KEEP`]; names
/// not matching the pattern are never deleted.
pub fn revision_prune<S: AsRef<str>>(names: &[S]) -> PrunePlan {
    let (mut matching, mut ignored): (Vec<String>, Vec<String>) = names
        .iter()
        .map(|s| s.as_ref().to_string())
        .partition(|n| is_revision_name(n));
    matching.sort();
    matching.dedup();
    ignored.sort();
    let cut = matching.len().saturating_sub(REVISIONS_KEEP);
    let keep = matching.split_off(cut);
    PrunePlan {
        keep,
        delete: matching,
        ignored,
    }
}

/// The blueprint's [`crate::store::cas::Retention`]: the names [`revision_prune`] deletes.
pub fn revision_retention(names: &[String]) -> Vec<String> {
    revision_prune(names).delete
}

/// A memory store that prunes its revisions by the blueprint rule (what the ops' memory `store`
/// binds).
pub fn memory_store(
    content: Option<Vec<u8>>,
    revisions: impl IntoIterator<Item = (String, Vec<u8>)>,
) -> crate::store::cas::MemoryStore {
    crate::store::cas::MemoryStore::new(content, revisions).with_retention(revision_retention)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_fixed_width_utc() {
        let now: UtcSecond = "2026-03-02T10:30:00.5+01:00".parse().unwrap();
        let n: Nonce = "1a2b3c4d".parse().unwrap();
        assert_eq!(revision_name(now, &n), "20260302T093000Z-1a2b3c4d.md");
        assert!(is_revision_name("20260302T093000Z-1a2b3c4d.md"));
        assert_eq!(n.replay().as_str(), "ae2d70fc");
        assert!("1A2B3C4D".parse::<Nonce>().is_err());
    }

    #[test]
    fn save_revision_rolls_to_keep() {
        let names: Vec<String> = (1..=7)
            .map(|d| format!("2026010{d}T000000Z-0000000{d}.md"))
            .collect();
        let mut with_junk = names.clone();
        with_junk.push("notes.txt".into());
        let plan = revision_prune(&with_junk);
        assert_eq!(plan.keep, names[2..].to_vec());
        assert_eq!(plan.delete, names[..2].to_vec());
        assert_eq!(plan.ignored, vec!["notes.txt".to_string()]);
    }

    #[test]
    fn a_memory_store_of_the_blueprint_keeps_five_revisions() {
        use crate::store::cas::Store;
        let s = memory_store(None, []);
        for d in 1..=7 {
            s.save_revision(&format!("2026010{d}T000000Z-0000000{d}.md"), b"x")
                .unwrap();
        }
        let names = s.list_revisions().unwrap();
        assert_eq!(names.len(), REVISIONS_KEEP);
        assert!(names[0].starts_with("20260103"));
        assert!(s.save_revision(&names[0], b"y").is_err());
    }

    #[test]
    fn the_prune_counts_a_duplicate_name_once() {
        let n = |d: u32| format!("2026010{d}T000000Z-0000000{d}.md");
        let mut names: Vec<String> = (1..=6).map(n).collect();
        names.push(n(6));
        let plan = revision_prune(&names);
        assert_eq!(plan.delete, vec![n(1)]);
        assert_eq!(plan.keep.len(), REVISIONS_KEEP);
    }
}
