//! Properties of the Go-compatible text decoder: it agrees with serde_json on documents both
//! accept the same way, and never panics on arbitrary bytes (nor do the events scanners).

use fourx_core::protocol::codec::gojson_decode::{parse, GoValue};
use fourx_core::protocol::state::State;
use fourx_core::workspace::{total_cost, worktree_path};
use proptest::prelude::*;
use serde_json::Value;

/// JSON values without duplicate keys (serde_json maps) and with finite numbers.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e300f64..1e300).prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(any::<String>(), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The serde_json value a GoValue stands for: integers as i64, other numbers through Rust's
/// correctly rounded `f64` parser (serde_json's own default parser is not always exact).
fn to_serde(v: &GoValue) -> Value {
    match v {
        GoValue::Null => Value::Null,
        GoValue::Bool(b) => Value::Bool(*b),
        GoValue::Number(raw) => match raw.parse::<i64>() {
            Ok(i) => Value::from(i),
            Err(_) => raw.parse::<f64>().map_or(Value::Null, Value::from),
        },
        GoValue::String(s) => Value::String(s.clone()),
        GoValue::Array(items) => Value::Array(items.iter().map(to_serde).collect()),
        GoValue::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn decoder_agrees_with_serde_json_on_documents_without_duplicates(v in json_value()) {
        let text = serde_json::to_string(&v).unwrap();
        let go = parse(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(to_serde(&go), v);
    }

    #[test]
    fn decoders_and_scanners_never_panic_on_arbitrary_bytes(b in prop::collection::vec(any::<u8>(), 0..256)) {
        let _ = parse(&b);
        let _ = State::parse_text(&b);
        let _ = total_cost(&b);
        let _ = worktree_path(&b);
    }

    #[test]
    fn decoders_never_panic_on_json_like_text(s in "[\\[\\]{}\",:0-9a-z\\\\. \\n-]{0,64}") {
        let _ = parse(s.as_bytes());
        let _ = State::parse_text(s.as_bytes());
        let _ = total_cost(s.as_bytes());
    }
}
