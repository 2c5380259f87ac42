//! The limits and names every JSON value obeys before any rule reads it: the nesting depth limit
//! ([`MAX_DEPTH`]) and the JSON type names used in messages ([`type_name`]).
//!
//! Decides the numbers and the words; the codecs and the op surface (the ops module) apply them
//! where they read a value.

use serde_json::Value;

/// Deepest nesting of arrays and objects accepted in any op input (and in any value a codec
/// decodes from one).
pub const MAX_DEPTH: usize = 128;

/// The JSON type name of a value, for messages ("a string", "an object", …).
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn type_names_read_as_english_with_their_article() {
        assert_eq!(type_name(&json!(null)), "null");
        assert_eq!(type_name(&json!(true)), "a boolean");
        assert_eq!(type_name(&json!(1)), "a number");
        assert_eq!(type_name(&json!("x")), "a string");
        assert_eq!(type_name(&json!([])), "an array");
        assert_eq!(type_name(&json!({})), "an object");
    }
}
