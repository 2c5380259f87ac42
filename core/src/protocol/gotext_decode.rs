//! Decoding JSON *text* into the Go-shaped structs (`go_struct!`) with the text rules of
//! state-machine.md: the Go-compatible parser of [`crate::protocol::codec::gojson_decode`]
//! (duplicates applied in order, lone surrogates → U+FFFD), then the struct rules of
//! [`crate::protocol::codec::gostruct`].
//!
//! What a failure is called (`invalid_json`, a warning) is the caller's: errors are messages.

use crate::protocol::codec::gojson_decode::parse;
use crate::protocol::codec::gostruct::GoDecode;

/// Decodes `text` into `T`; `Err` carries a message naming the problem and `what`.
pub fn decode_text<T: GoDecode>(text: &[u8], what: &str) -> Result<T, String> {
    let go = parse(text).map_err(|e| format!("{what}: {e}"))?;
    T::go_decode(&go, what).map_err(|e| format!("{what}: {}", e.message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::features::backlog::BacklogMirror;

    #[test]
    fn later_null_keeps_earlier_value_and_wrong_types_fail() {
        let m: BacklogMirror = decode_text(
            br#"{"version":2,"version":null,"features":[{"id":"\ud800"}]}"#,
            "m",
        )
        .unwrap();
        assert_eq!(m.version, 2);
        assert_eq!(m.features.unwrap()[0].id, "\u{fffd}");
        assert!(decode_text::<BacklogMirror>(br#"{"version":"2"}"#, "m").is_err());
        assert!(decode_text::<BacklogMirror>(b"[1e400]", "m").is_err());
    }
}
