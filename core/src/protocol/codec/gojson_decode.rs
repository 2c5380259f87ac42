//! A Go-compatible JSON *text* decoder (state-machine.md, CONVENTIONS.md inputs).
//!
//! [`parse`] turns bytes into a [`GoValue`] that keeps what serde_json would lose: every duplicate
//! key in document order and each number's literal text. It decodes strings as Go does (an
//! escaped lone surrogate or an invalid UTF-8 byte becomes U+FFFD). The field accessors
//! ([`GoValue::as_string`] …) apply Go's decode-into-a-typed-field rules, where `null` means
//! "leave the field unchanged". Which keys a shape has, and what a failure is called, is the
//! caller's.

use serde_json::Value;

/// Deepest nesting accepted, as Go's decoder (`exceeded max depth` beyond it).
pub const MAX_DEPTH: usize = 10_000;

/// A decoded JSON value with duplicates and number literals kept.
#[derive(Debug, Clone, PartialEq)]
pub enum GoValue {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number, as its literal text (e.g. `3`, `3.0`, `1e2`).
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<GoValue>),
    /// An object: every member in document order, duplicates included.
    Object(Vec<(String, GoValue)>),
}

impl Drop for GoValue {
    /// Drops nested values iteratively, so a deeply nested document cannot overflow the stack.
    fn drop(&mut self) {
        fn children(v: &mut GoValue, into: &mut Vec<GoValue>) {
            match v {
                GoValue::Array(items) => into.append(items),
                GoValue::Object(members) => into.extend(members.drain(..).map(|(_, v)| v)),
                _ => {}
            }
        }
        let mut stack = Vec::new();
        children(self, &mut stack);
        while let Some(mut v) = stack.pop() {
            children(&mut v, &mut stack);
        }
    }
}

/// Why a text or a field does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DecodeError {}

fn err<T>(msg: impl Into<String>) -> Result<T, DecodeError> {
    Err(DecodeError(msg.into()))
}

/// What a list field becomes after applying one member.
#[derive(Debug, Clone, PartialEq)]
pub enum ListUpdate {
    /// `null`: the list is reset to absent.
    Reset,
    /// A new list.
    Set(Vec<String>),
}

impl GoValue {
    /// The JSON type name, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            GoValue::Null => "null",
            GoValue::Bool(_) => "bool",
            GoValue::Number(_) => "number",
            GoValue::String(_) => "string",
            GoValue::Array(_) => "array",
            GoValue::Object(_) => "object",
        }
    }

    fn mismatch<T>(&self, want: &str) -> Result<T, DecodeError> {
        err(format!(
            "cannot decode JSON {} into {want}",
            self.type_name()
        ))
    }

    /// A string field: `null` → `None` (unchanged), a string → its value, else an error.
    pub fn as_string(&self) -> Result<Option<String>, DecodeError> {
        match self {
            GoValue::Null => Ok(None),
            GoValue::String(s) => Ok(Some(s.clone())),
            other => other.mismatch("a string"),
        }
    }

    /// A bool field: `null` → `None`, `true`/`false`, else an error.
    pub fn as_bool(&self) -> Result<Option<bool>, DecodeError> {
        match self {
            GoValue::Null => Ok(None),
            GoValue::Bool(b) => Ok(Some(*b)),
            other => other.mismatch("a bool"),
        }
    }

    /// An integer field (Go `int`/`int64`): a number literal without fraction or exponent that
    /// fits in i64; `null` → `None`.
    pub fn as_i64(&self) -> Result<Option<i64>, DecodeError> {
        match self {
            GoValue::Null => Ok(None),
            GoValue::Number(raw) => {
                if raw.contains(['.', 'e', 'E']) {
                    return err(format!("number {raw} is not an integer"));
                }
                raw.parse::<i64>()
                    .map(Some)
                    .map_err(|_| DecodeError(format!("number {raw} does not fit in int64")))
            }
            other => other.mismatch("an integer"),
        }
    }

    /// A float field (Go `float64`): any number within the float range; `null` → `None`.
    pub fn as_f64(&self) -> Result<Option<f64>, DecodeError> {
        match self {
            GoValue::Null => Ok(None),
            GoValue::Number(raw) => match raw.parse::<f64>() {
                Ok(f) if f.is_finite() => Ok(Some(f)),
                _ => err(format!("number {raw} is out of float64 range")),
            },
            other => other.mismatch("a float"),
        }
    }

    /// A `[]string` field: `null` resets it; an array of strings (a `null` element is `""`).
    pub fn as_string_list(&self) -> Result<ListUpdate, DecodeError> {
        match self {
            GoValue::Null => Ok(ListUpdate::Reset),
            GoValue::Array(items) => items
                .iter()
                .map(|v| v.as_string().map(Option::unwrap_or_default))
                .collect::<Result<Vec<_>, _>>()
                .map(ListUpdate::Set),
            other => other.mismatch("a list of strings"),
        }
    }
}

/// Converts an op-input value (already decoded by serde_json: last duplicate won) into a
/// [`GoValue`], so that both regimes share one field decoder. Nesting deeper than
/// `max_depth` is an error.
pub fn from_value(v: &Value, max_depth: usize) -> Result<GoValue, DecodeError> {
    fn go(v: &Value, depth: usize, max: usize) -> Result<GoValue, DecodeError> {
        Ok(match v {
            Value::Null => GoValue::Null,
            Value::Bool(b) => GoValue::Bool(*b),
            Value::Number(n) => GoValue::Number(n.to_string()),
            Value::String(s) => GoValue::String(s.clone()),
            Value::Array(_) | Value::Object(_) if depth >= max => {
                return err(format!("value nests deeper than {max} levels"))
            }
            Value::Array(items) => GoValue::Array(
                items
                    .iter()
                    .map(|x| go(x, depth + 1, max))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Object(map) => GoValue::Object(
                map.iter()
                    .map(|(k, x)| Ok((k.clone(), go(x, depth + 1, max)?)))
                    .collect::<Result<_, DecodeError>>()?,
            ),
        })
    }
    go(v, 0, max_depth)
}

enum Frame {
    Array(Vec<GoValue>),
    Object(Vec<(String, GoValue)>, String),
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

/// Parses one JSON value from `bytes` (whitespace around it allowed, nothing else) with Go's
/// rules. Invalid UTF-8 inside strings becomes U+FFFD byte by byte; outside strings it is a
/// syntax error.
pub fn parse(bytes: &[u8]) -> Result<GoValue, DecodeError> {
    let mut p = Parser { b: bytes, i: 0 };
    let v = p.value()?;
    p.ws();
    if p.i < p.b.len() {
        return err(format!(
            "invalid character {:?} after top-level value at offset {}",
            char::from(p.b[p.i]),
            p.i
        ));
    }
    Ok(v)
}

impl Parser<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn unexpected<T>(&self) -> Result<T, DecodeError> {
        match self.peek() {
            None => err("unexpected end of JSON input"),
            Some(c) => err(format!(
                "invalid character {:?} at offset {}",
                char::from(c),
                self.i
            )),
        }
    }

    /// Parses a value iteratively (explicit stack, depth-limited).
    fn value(&mut self) -> Result<GoValue, DecodeError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            // Parse the start of a value.
            self.ws();
            let mut done: GoValue = match self.peek() {
                Some(b'[') => {
                    self.i += 1;
                    if stack.len() >= MAX_DEPTH {
                        return err("exceeded max depth");
                    }
                    self.ws();
                    if self.peek() == Some(b']') {
                        self.i += 1;
                        GoValue::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue;
                    }
                }
                Some(b'{') => {
                    self.i += 1;
                    if stack.len() >= MAX_DEPTH {
                        return err("exceeded max depth");
                    }
                    self.ws();
                    if self.peek() == Some(b'}') {
                        self.i += 1;
                        GoValue::Object(Vec::new())
                    } else {
                        let key = self.key()?;
                        stack.push(Frame::Object(Vec::new(), key));
                        continue;
                    }
                }
                Some(b'"') => GoValue::String(self.string()?),
                Some(b't') => self.literal("true", GoValue::Bool(true))?,
                Some(b'f') => self.literal("false", GoValue::Bool(false))?,
                Some(b'n') => self.literal("null", GoValue::Null)?,
                Some(b'-' | b'0'..=b'9') => GoValue::Number(self.number()?),
                _ => return self.unexpected(),
            };
            // Attach the finished value to its container, closing containers as they end.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(done);
                };
                self.ws();
                match top {
                    Frame::Array(items) => {
                        items.push(done);
                        match self.peek() {
                            Some(b',') => {
                                self.i += 1;
                                break;
                            }
                            Some(b']') => {
                                self.i += 1;
                                match stack.pop() {
                                    Some(Frame::Array(items)) => done = GoValue::Array(items),
                                    _ => return err("internal: frame mismatch"),
                                }
                            }
                            _ => return self.unexpected(),
                        }
                    }
                    Frame::Object(members, key) => {
                        members.push((std::mem::take(key), done));
                        match self.peek() {
                            Some(b',') => {
                                self.i += 1;
                                self.ws();
                                let k = self.key()?;
                                if let Some(Frame::Object(_, key)) = stack.last_mut() {
                                    *key = k;
                                }
                                break;
                            }
                            Some(b'}') => {
                                self.i += 1;
                                match stack.pop() {
                                    Some(Frame::Object(members, _)) => {
                                        done = GoValue::Object(members)
                                    }
                                    _ => return err("internal: frame mismatch"),
                                }
                            }
                            _ => return self.unexpected(),
                        }
                    }
                }
            }
        }
    }

    /// `"key"` followed by `:`.
    fn key(&mut self) -> Result<String, DecodeError> {
        if self.peek() != Some(b'"') {
            return self.unexpected();
        }
        let k = self.string()?;
        self.ws();
        if self.peek() != Some(b':') {
            return self.unexpected();
        }
        self.i += 1;
        Ok(k)
    }

    fn literal(&mut self, word: &str, v: GoValue) -> Result<GoValue, DecodeError> {
        if self.b.get(self.i..self.i + word.len()) == Some(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            self.unexpected()
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while let Some(b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Result<String, DecodeError> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return self.unexpected(),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return self.unexpected();
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if self.digits() == 0 {
                return self.unexpected();
            }
        }
        Ok(String::from_utf8_lossy(&self.b[start..self.i]).into_owned())
    }

    fn hex4(&self, at: usize) -> Option<u32> {
        let h = self.b.get(at..at + 4)?;
        let s = std::str::from_utf8(h).ok()?;
        if !s.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(s, 16).ok()
    }

    fn string(&mut self) -> Result<String, DecodeError> {
        self.i += 1; // opening quote
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return err("unexpected end of JSON input in string");
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    let Some(e) = self.b.get(self.i + 1).copied() else {
                        return err("unexpected end of JSON input in string escape");
                    };
                    let simple = match e {
                        b'"' => Some('"'),
                        b'\\' => Some('\\'),
                        b'/' => Some('/'),
                        b'b' => Some('\u{8}'),
                        b'f' => Some('\u{c}'),
                        b'n' => Some('\n'),
                        b'r' => Some('\r'),
                        b't' => Some('\t'),
                        b'u' => None,
                        _ => {
                            self.i += 1;
                            return self.unexpected();
                        }
                    };
                    if let Some(ch) = simple {
                        out.push(ch);
                        self.i += 2;
                        continue;
                    }
                    let Some(r) = self.hex4(self.i + 2) else {
                        return err(format!("invalid \\u escape at offset {}", self.i));
                    };
                    self.i += 6;
                    if (0xD800..0xE000).contains(&r) {
                        // A valid pair consumes the next escape; otherwise U+FFFD (Go).
                        if r < 0xDC00 && self.b.get(self.i..self.i + 2) == Some(b"\\u") {
                            if let Some(r2) = self.hex4(self.i + 2) {
                                if (0xDC00..0xE000).contains(&r2) {
                                    let cp = 0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00);
                                    out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                                    self.i += 6;
                                    continue;
                                }
                            }
                        }
                        out.push('\u{fffd}');
                    } else {
                        out.push(char::from_u32(r).unwrap_or('\u{fffd}'));
                    }
                }
                0x00..=0x1f => {
                    return err(format!(
                        "invalid control character in string at offset {}",
                        self.i
                    ))
                }
                0x20..=0x7f => {
                    out.push(char::from(c));
                    self.i += 1;
                }
                _ => {
                    let len = match c {
                        0xc2..=0xdf => 2,
                        0xe0..=0xef => 3,
                        0xf0..=0xf4 => 4,
                        _ => 0,
                    };
                    match self
                        .b
                        .get(self.i..self.i + len)
                        .filter(|_| len > 0)
                        .and_then(|s| std::str::from_utf8(s).ok())
                    {
                        Some(s) => {
                            out.push_str(s);
                            self.i += len;
                        }
                        None => {
                            out.push('\u{fffd}');
                            self.i += 1;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> GoValue {
        GoValue::String(v.into())
    }

    #[test]
    fn duplicates_are_kept_in_document_order() {
        let v = parse(br#"{"round":3,"round":null}"#).unwrap();
        assert_eq!(
            v,
            GoValue::Object(vec![
                ("round".into(), GoValue::Number("3".into())),
                ("round".into(), GoValue::Null)
            ])
        );
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(parse(br#""\ud800x""#).unwrap(), s("\u{fffd}x"));
        assert_eq!(parse(br#""\udc00""#).unwrap(), s("\u{fffd}"));
        assert_eq!(parse(br#""\ud800\u0041""#).unwrap(), s("\u{fffd}A"));
        assert_eq!(parse(br#""\ud83d\ude00""#).unwrap(), s("😀"));
        assert_eq!(parse(br#""\ud800\ud800\udc00""#).unwrap(), s("\u{fffd}𐀀"));
    }

    #[test]
    fn invalid_utf8_in_strings_is_replaced_byte_by_byte() {
        assert_eq!(parse(b"\"a\xffb\"").unwrap(), s("a\u{fffd}b"));
        assert_eq!(parse(b"\"\xe2\x82\"").unwrap(), s("\u{fffd}\u{fffd}"));
        assert_eq!(parse("\"é\"".as_bytes()).unwrap(), s("é"));
    }

    #[test]
    fn integers_refuse_fraction_and_exponent_and_overflow() {
        for raw in ["3.0", "1e2", "1E2", "9223372036854775808"] {
            assert!(GoValue::Number(raw.into()).as_i64().is_err(), "{raw}");
        }
        assert_eq!(GoValue::Number("-12".into()).as_i64().unwrap(), Some(-12));
        assert_eq!(GoValue::Null.as_i64().unwrap(), None);
        assert!(GoValue::Number("1e400".into()).as_f64().is_err());
        assert_eq!(GoValue::Number("1e2".into()).as_f64().unwrap(), Some(100.0));
    }

    #[test]
    fn syntax_follows_json_strictly() {
        for bad in [
            &b""[..],
            b"{",
            b"[1,]",
            b"{\"a\":1,}",
            b"01",
            b"1.",
            b"-",
            b"+1",
            b"\"a\tb\"",
            b"nul",
            b"1 2",
            b"{\"a\" 1}",
            b"\"\\x\"",
            b"[1 2]",
        ] {
            assert!(parse(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
        assert_eq!(parse(b" null \n").unwrap(), GoValue::Null);
        assert_eq!(
            parse(b"[[],{},[1,{\"a\":[true,false]}]]").unwrap(),
            GoValue::Array(vec![
                GoValue::Array(vec![]),
                GoValue::Object(vec![]),
                GoValue::Array(vec![
                    GoValue::Number("1".into()),
                    GoValue::Object(vec![(
                        "a".into(),
                        GoValue::Array(vec![GoValue::Bool(true), GoValue::Bool(false)])
                    )])
                ])
            ])
        );
    }

    #[test]
    fn depth_is_limited_without_recursion() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(deep.as_bytes()).is_ok());
        let deeper = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(deeper.as_bytes()).is_err());
    }

    #[test]
    fn null_list_resets_and_null_elements_are_empty() {
        assert_eq!(GoValue::Null.as_string_list().unwrap(), ListUpdate::Reset);
        let v = parse(br#"["a",null]"#).unwrap();
        assert_eq!(
            v.as_string_list().unwrap(),
            ListUpdate::Set(vec!["a".into(), String::new()])
        );
        assert!(parse(b"[1]").unwrap().as_string_list().is_err());
    }
}
