//! A feature's design document (Go `ResolveDesignDoc`, resolution.md): the first readable of
//! the YAML `spec:`/`plan:` path and the `design_doc.search_order` candidates, never a file outside
//! the workspace root.
//!
//! Decides what is read and what is refused; the order of the candidates is
//! [`crate::resolve::design_doc_search_order`]'s.

use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;
use crate::protocol::feature::Feature;
use crate::protocol::warning::{Warning, WarningKind};
use crate::resolve::design_doc_search_order;
use crate::store::{Fs, TooLarge};

/// The largest design document read (4 MiB); a larger one is `input_too_large`, not skipped.
pub const DESIGN_DOC_LIMIT: u64 = 4 << 20;

/// The document found (Go `DesignDoc`): both fields `""` when none could be read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DesignDoc {
    /// The file's text (invalid UTF-8 replaced by U+FFFD, with a warning).
    pub content: String,
    /// The YAML path as written, or the root-relative candidate that was read.
    pub source: String,
}

/// What [`resolve_design_doc`] found and every candidate it refused or could not read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Resolved {
    /// The document (empty when none).
    pub doc: DesignDoc,
    /// Refused paths (outside the root after resolving links) and unreadable existing files.
    pub warnings: Vec<Warning>,
}

enum Attempt {
    Read(Vec<u8>),
    Absent,
    Skipped(Warning),
}

fn warn(source: &str, msg: String) -> Warning {
    Warning::new(WarningKind::ReadError, source, msg)
}

/// Reads `path` if, after resolving links, it is `root` itself or lies under it.
fn attempt(fs: &dyn Fs, root: &Path, path: &str, source: &str) -> Result<Attempt> {
    let resolved = match fs.canonicalize(Path::new(path)) {
        Ok(p) => p,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Attempt::Absent),
        Err(e) => {
            return Ok(Attempt::Skipped(warn(
                source,
                format!("resolve {path}: {e}"),
            )))
        }
    };
    if !(resolved == root || resolved.starts_with(root)) {
        let msg = format!(
            "refused {source}: it resolves to {} outside the workspace root {}",
            resolved.display(),
            root.display()
        );
        return Ok(Attempt::Skipped(warn(source, msg)));
    }
    match fs.read_limited(&resolved, DESIGN_DOC_LIMIT) {
        Ok(b) => Ok(Attempt::Read(b)),
        Err(e) => {
            if let Some(t) = TooLarge::of(&e) {
                return Err(Error::new(
                    ErrorKind::InputTooLarge,
                    format!(
                        "design document {source} is {} bytes; the limit is {}",
                        t.size, t.limit
                    ),
                ));
            }
            Ok(Attempt::Skipped(warn(
                source,
                format!("read {source}: {e}"),
            )))
        }
    }
}

fn found(bytes: Vec<u8>, source: &str, mut warnings: Vec<Warning>) -> Resolved {
    let content = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            warnings.push(Warning::new(
                WarningKind::ParseError,
                source,
                format!("{source} is not valid UTF-8; invalid bytes were replaced by U+FFFD"),
            ));
            String::from_utf8_lossy(e.as_bytes()).into_owned()
        }
    };
    Resolved {
        doc: DesignDoc {
            content,
            source: source.to_string(),
        },
        warnings,
    }
}

/// The design document of `doc_type` (`spec` or `plan`) for `feature` under `root`: the YAML path
/// (relative to `root` unless absolute, cleaned lexically, then links resolved), then each
/// candidate of [`design_doc_search_order`] with `extra_dirs`. A path that resolves outside the
/// resolved root is refused with a warning and the next one is tried — for the YAML path, as 4x
/// does, and for the candidates too (4x reads those unchecked; fourx lets no path escape the
/// root). A missing file is skipped silently; an existing one that cannot be read is skipped with
/// a warning. `io_error` when the root cannot be resolved; `input_too_large` for a document over
/// [`DESIGN_DOC_LIMIT`].
///
/// ```
/// # fn main() -> fourx_core::Result<()> {
/// use fourx_core::features::fs::design_doc::resolve_design_doc;
/// use fourx_core::protocol::feature::Feature;
/// use fourx_core::store::RealFs;
/// let root = std::env::temp_dir().join(format!("fourx-dd-doc-{}", std::process::id()));
/// std::fs::create_dir_all(root.join("docs/design")).unwrap();
/// std::fs::write(root.join("docs/design/login-spec.md"), "# Login").unwrap();
/// let feature = Feature { id: "F001-login".into(), ..Feature::default() };
/// let r = resolve_design_doc(&RealFs, root.to_str().unwrap(), &feature, "spec", &[])?;
/// assert_eq!((r.doc.content.as_str(), r.doc.source.as_str()), ("# Login", "docs/design/login-spec.md"));
/// # std::fs::remove_dir_all(&root).unwrap();
/// # Ok(()) }
/// ```
pub fn resolve_design_doc(
    fs: &dyn Fs,
    root: &str,
    feature: &Feature,
    doc_type: &str,
    extra_dirs: &[String],
) -> Result<Resolved> {
    let real_root: PathBuf = fs
        .canonicalize(Path::new(root))
        .map_err(|e| Error::io(format!("resolve workspace root {root}"), &e))?;
    let search = design_doc_search_order(feature, doc_type, extra_dirs);
    let mut warnings = Vec::new();
    if !search.yaml_path.is_empty() {
        let p = &search.yaml_path;
        let abs = if Path::new(p).is_absolute() {
            pathclean::clean(p)
        } else {
            pathclean::join(&[root, p.as_str()])
        };
        match attempt(fs, &real_root, &abs, p)? {
            Attempt::Read(b) => return Ok(found(b, p, warnings)),
            Attempt::Absent => {
                warnings.push(warn(p, format!("{doc_type} path {p} does not exist")))
            }
            Attempt::Skipped(w) => warnings.push(w),
        }
    }
    for rel in &search.candidates {
        let abs = pathclean::join(&[root, rel.as_str()]);
        match attempt(fs, &real_root, &abs, rel)? {
            Attempt::Read(b) => return Ok(found(b, rel, warnings)),
            Attempt::Absent => {}
            Attempt::Skipped(w) => warnings.push(w),
        }
    }
    Ok(Resolved {
        doc: DesignDoc::default(),
        warnings,
    })
}
