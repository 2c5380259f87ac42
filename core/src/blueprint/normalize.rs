//! Item normalisation and content-derived short IDs (blueprint.md).
//!
//! Decides how a submitted item's four values are cleaned (whitespace collapse, module and field
//! spelling) and how an entry's ID is derived from them. Whether the cleaned values are acceptable
//! is left to [`super::validate`].

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::defaults::ID_HEX_LEN;

/// ASCII whitespace as the blueprint reads it: U+0009–U+000D and U+0020.
pub fn is_ascii_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ')
}

/// Whether `c` is a C0 control character or DEL (what a claim or `where` may not keep).
pub fn is_c0_or_del(c: char) -> bool {
    c < ' ' || c == '\u{7f}'
}

/// Every maximal run of ASCII whitespace becomes one space; leading and trailing runs go.
pub fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending = false;
    for c in s.chars() {
        if is_ascii_ws(c) {
            pending = !out.is_empty();
        } else {
            if pending {
                out.push(' ');
                pending = false;
            }
            out.push(c);
        }
    }
    out
}

/// Trims ASCII whitespace, strips leading `./` and trailing `/` (repeatedly; `.` stays `.`).
pub fn normalize_module(s: &str) -> String {
    let mut m = s.trim_matches(is_ascii_ws);
    while let Some(rest) = m.strip_prefix("./") {
        m = rest;
    }
    while m.len() > 1 && m.ends_with('/') {
        m = &m[..m.len() - 1];
    }
    m.to_string()
}

/// Trims ASCII whitespace and lower-cases ASCII letters.
pub fn normalize_field(s: &str) -> String {
    s.trim_matches(is_ascii_ws).to_ascii_lowercase()
}

/// The 12-hex-digit ID of an entry: SHA-256 over the four normalised values joined by 0x1F.
pub fn short_id(module: &str, field: &str, where_: &str, claim: &str) -> String {
    let mut h = Sha256::new();
    h.update(module.as_bytes());
    h.update([0x1F]);
    h.update(field.as_bytes());
    h.update([0x1F]);
    h.update(where_.as_bytes());
    h.update([0x1F]);
    h.update(claim.as_bytes());
    hex_prefix(&h.finalize(), ID_HEX_LEN)
}

/// The first `n` lower-case hex digits of `bytes`.
pub fn hex_prefix(bytes: &[u8], n: usize) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s.truncate(n);
    s
}

/// One submitted item after normalisation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Item {
    /// Normalised module path.
    pub module: String,
    /// Normalised field name (not yet checked against the field set).
    pub field: String,
    /// Collapsed `where` anchor.
    pub where_: String,
    /// Collapsed claim.
    pub claim: String,
    /// The submitted item was not an object or one of its keys held a non-string.
    pub bad_type: bool,
}

impl Item {
    /// Normalises raw string values.
    pub fn new(module: &str, field: &str, where_: &str, claim: &str) -> Item {
        Item {
            module: normalize_module(module),
            field: normalize_field(field),
            where_: collapse(where_),
            claim: collapse(claim),
            bad_type: false,
        }
    }

    /// Reads one element of `agent_exit.blueprint[]`: missing keys and `null` count as `""`; a
    /// non-string value (or a non-object item) marks it `bad_type` and counts as `""`.
    pub fn from_json(v: &Value) -> Item {
        let Some(obj) = v.as_object() else {
            return Item {
                bad_type: true,
                ..Item::default()
            };
        };
        let mut bad = false;
        let mut get = |k: &str| match obj.get(k) {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => {
                bad = true;
                String::new()
            }
        };
        let (m, f, w, c) = (get("module"), get("field"), get("where"), get("claim"));
        let mut item = Item::new(&m, &f, &w, &c);
        item.bad_type = bad;
        item
    }

    /// The content-derived ID of this item.
    pub fn id(&self) -> String {
        short_id(&self.module, &self.field, &self.where_, &self.claim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapse_joins_ascii_runs_and_keeps_ideographic_space() {
        assert_eq!(collapse("  a \t\n b  "), "a b");
        assert_eq!(collapse("a\u{3000}b"), "a\u{3000}b");
        assert_eq!(collapse(" \r\n "), "");
    }

    #[test]
    fn module_spelling_is_normalised() {
        assert_eq!(normalize_module(" ././internal/util// "), "internal/util");
        assert_eq!(normalize_module("."), ".");
        assert_eq!(normalize_module("./"), "");
        assert_eq!(normalize_field(" Invariants "), "invariants");
    }

    #[test]
    fn short_id_matches_the_spec_example() {
        let id = short_id(
            "internal/blueprint",
            "invariants",
            "internal/blueprint/fold.go:Merge",
            "Merge is pure: it never touches the filesystem.",
        );
        assert_eq!(id, "e8ea256bb06f");
    }

    #[test]
    fn non_string_values_mark_the_item_bad_type() {
        let it = Item::from_json(&serde_json::json!({"module": 3, "field": "purpose"}));
        assert!(it.bad_type);
        assert_eq!(it.module, "");
        assert!(Item::from_json(&serde_json::json!("x")).bad_type);
        assert!(!Item::from_json(&serde_json::json!({"module": null})).bad_type);
    }
}
