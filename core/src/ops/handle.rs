//! The one shape of every handle a binding holds across calls (the blueprint store, the snapshot
//! cell, the cached workspace): a [`Handle`] runs its ops by full catalog name, and today's short
//! names stay accepted as documented aliases ([`HandleOp::alias`]).
//!
//! Decides how an op name given to a handle is resolved (full name or alias, else `unknown_op`
//! listing the names) and that every handle input passes the depth check of [`super::call`]. What
//! each op does, and the handle's allocation, threads and clock, are the handle's and the binding's.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};

/// One op a handle runs: its full name (an op of the catalog, or one that exists only on a handle,
/// such as `blueprint.store.read`), the short name accepted beside it, and a one-line doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandleOp {
    /// The full name, `<area>.<verb>` or `<area>.<handle>.<verb>`.
    pub name: &'static str,
    /// The short name of the first handle release (`commit`, `read`, `load`, …), kept as an alias.
    pub alias: Option<&'static str>,
    /// One line saying what the op does on the handle.
    pub doc: &'static str,
}

impl HandleOp {
    /// Whether `op` names this op, by full name or alias.
    pub fn is(&self, op: &str) -> bool {
        self.name == op || self.alias == Some(op)
    }
}

/// A handle over state bound once (a store, a cell, a cache) whose ops take JSON objects.
///
/// Implementors say what they are ([`Handle::KIND`]), list their ops ([`Handle::OPS`]) and run
/// one by its full name ([`Handle::run`]); [`Handle::call`] resolves names and checks the input.
///
/// ```
/// use fourx_core::ops::blueprint_store::HeldStore;
/// use fourx_core::ops::Handle;
///
/// let cfg = serde_json::json!({"store": {}});
/// let store = HeldStore::new(cfg.as_object().unwrap()).unwrap();
/// let by_alias = store.call("read", &serde_json::Map::new()).unwrap();
/// let by_name = store.call("blueprint.store.read", &serde_json::Map::new()).unwrap();
/// assert_eq!(by_alias, by_name);
/// ```
pub trait Handle {
    /// What the handle is, for messages (`"blueprint store"`).
    const KIND: &'static str;
    /// The ops the handle runs.
    const OPS: &'static [HandleOp];

    /// Runs the op whose full name is `op` (one of [`Handle::OPS`]) on `input`.
    fn run(&self, op: &'static str, input: &Map<String, Value>) -> Result<Value>;

    /// Runs `op` (a full name or an alias of [`Handle::OPS`]) on `input`: an unknown name is
    /// `unknown_op`, an input nested deeper than [`super::MAX_DEPTH`] is `invalid_input`.
    fn call(&self, op: &str, input: &Map<String, Value>) -> Result<Value> {
        let op = resolve(Self::KIND, Self::OPS, op)?;
        if super::value_depth_of_map(input) > super::MAX_DEPTH {
            return Err(Error::invalid_input(format!(
                "input nests deeper than {} levels",
                super::MAX_DEPTH
            )));
        }
        self.run(op.name, input)
    }
}

/// The op of `ops` that `op` names (full name or alias); otherwise `unknown_op` listing the full
/// names and their aliases.
pub fn resolve<'t>(kind: &str, ops: &'t [HandleOp], op: &str) -> Result<&'t HandleOp> {
    ops.iter().find(|o| o.is(op)).ok_or_else(|| {
        let names: Vec<String> = ops
            .iter()
            .map(|o| match o.alias {
                Some(a) => format!("{} ({a})", o.name),
                None => o.name.to_string(),
            })
            .collect();
        Error::new(
            ErrorKind::UnknownOp,
            format!("unknown {kind} op {op:?}; the ops are {}", names.join(", ")),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPS: &[HandleOp] = &[HandleOp {
        name: "x.thing.read",
        alias: Some("read"),
        doc: "reads",
    }];

    #[test]
    fn a_handle_op_is_found_by_full_name_and_by_alias() {
        assert_eq!(
            resolve("x", OPS, "x.thing.read").unwrap().name,
            "x.thing.read"
        );
        assert_eq!(resolve("x", OPS, "read").unwrap().name, "x.thing.read");
    }

    #[test]
    fn an_unknown_handle_op_is_unknown_op_naming_the_ops() {
        let e = resolve("x", OPS, "write").unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownOp);
        assert!(e.message.contains("x.thing.read (read)"), "{}", e.message);
    }
}
