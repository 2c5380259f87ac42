//! The resume listing (op `workspace.resume_listing`): the one read a harness needs before `conductor.start` on an
//! existing feature — state.json plus the fixed artifact names that resume and
//! CleanStaleArtifact look at (conductor.md). Every read is bounded.

use std::io;
use std::path::Path;

use super::WorkspaceFs;
use crate::conductor::artifacts::names;
use crate::conductor::resume::{FEATURE_FILES, MAX_PARTIALS, ROUND_FILES};
use crate::conductor::Files;
use crate::error::{Error, ErrorKind as K, Result};
use crate::protocol::state::State;
use crate::workspace::FeatureId;

/// Largest artifact read into a listing; a larger file is `input_too_large`.
pub const MAX_ARTIFACT_BYTES: u64 = 4 * 1024 * 1024;

/// What resume needs of a feature's workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct ResumeListing {
    /// state.json, `None` when the feature has none yet.
    pub state: Option<State>,
    /// The feature-dir files of [`FEATURE_FILES`] that exist.
    pub feature_files: Files,
    /// The round-dir files (of `state.round`) of [`ROUND_FILES`] and the partials that exist.
    pub round_files: Files,
}

fn read_bounded(ws: &WorkspaceFs, path: &Path) -> Result<Option<String>> {
    match ws.fs().stat(path, true) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(format!("stat {}", path.display()), &e)),
        Ok(st) if st.size > MAX_ARTIFACT_BYTES => {
            return Err(Error::new(
                K::InputTooLarge,
                format!(
                    "{} is {} bytes; the limit is {MAX_ARTIFACT_BYTES} bytes",
                    path.display(),
                    st.size
                ),
            ))
        }
        Ok(_) => {}
    }
    match ws.fs().read(path) {
        Ok(b) => Ok(Some(String::from_utf8_lossy(&b).into_owned())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
    }
}

/// Reads state.json (absent → `None`) and the artifacts of its round.
///
/// Errors: `invalid_json` for an undecodable state.json, `input_too_large` for an artifact
/// over [`MAX_ARTIFACT_BYTES`], `io_error` for other read failures.
pub fn resume_listing(ws: &WorkspaceFs, id: &FeatureId) -> Result<ResumeListing> {
    let state = match ws.read_state(id) {
        Ok(s) => Some(s),
        Err(e) if e.kind == K::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = ws.feature_dir(id);
    let mut feature_files = Files::new();
    for name in FEATURE_FILES {
        if let Some(t) = read_bounded(ws, &dir.join(name))? {
            feature_files.insert(name.to_string(), Some(t));
        }
    }
    let round = state.as_ref().map_or(0, |s| s.round);
    let rdir = std::path::PathBuf::from(ws.root().round_dir(id, round));
    let mut round_files = Files::new();
    let partials = (1..=MAX_PARTIALS).map(names::deep_review_partial);
    for name in ROUND_FILES.iter().map(|s| (*s).to_string()).chain(partials) {
        if let Some(t) = read_bounded(ws, &rdir.join(&name))? {
            round_files.insert(name, Some(t));
        }
    }
    Ok(ResumeListing {
        state,
        feature_files,
        round_files,
    })
}
