//! What one op of the surface is: its name, one-line doc, schema hints, error kinds and the
//! function behind it ([`OpInfo`]).
//!
//! Decides the catalog entry's JSON form; which ops exist is the area adapters' (`ops/<area>.rs`),
//! and running them is [`super::call`]'s.

use serde_json::{Map, Value};

use crate::error::{ErrorKind, Result};

/// The function behind an op: takes the input object, returns the result value.
pub(crate) type OpFn = fn(&Map<String, Value>) -> Result<Value>;

/// One operation of the surface: its name, a one-line doc, schema hints and the function.
#[derive(Clone)]
pub struct OpInfo {
    /// `<area>.<verb>`.
    pub name: &'static str,
    /// One line saying what the op does.
    pub doc: &'static str,
    /// Input keys; a trailing `?` marks an optional key.
    pub input: &'static [&'static str],
    /// Keys of the result object (empty when the result is not an object).
    pub output: &'static [&'static str],
    /// The error kinds the op can return (beyond `invalid_input` for a non-object input).
    pub errors: &'static [ErrorKind],
    pub(crate) run: OpFn,
}

impl std::fmt::Debug for OpInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpInfo")
            .field("name", &self.name)
            .field("doc", &self.doc)
            .field("input", &self.input)
            .field("output", &self.output)
            .field("errors", &self.errors)
            .finish()
    }
}

impl OpInfo {
    /// Describes an op; used by the area tables.
    pub(crate) const fn new(
        name: &'static str,
        doc: &'static str,
        input: &'static [&'static str],
        output: &'static [&'static str],
        errors: &'static [ErrorKind],
        run: OpFn,
    ) -> Self {
        OpInfo {
            name,
            doc,
            input,
            output,
            errors,
            run,
        }
    }

    /// The catalog entry of this op as JSON (`{"name","doc","input","output","errors"}`).
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "doc": self.doc,
            "input": self.input,
            "output": self.output,
            "errors": self.errors.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
        })
    }
}
