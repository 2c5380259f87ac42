//! The cached reader for long-running hosts (features.md §13): a [`WorkspaceReader`] that keeps
//! the parsed settings, each loaded feature and the feature listing, keyed by file version
//! tokens (mtime, size, device, inode — links followed), and re-reads whatever changed.
//!
//! It decides when a cached value may be served: stat → parse → stat, and a value is stored only
//! when both stats agree, so a file changed during the parse never pairs an old token with new
//! data. Errors are never cached; state.json is never cached; callers always get owned copies.
//! What the files mean is the uncached workspace's.

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::RwLock;
use std::time::SystemTime;

use crate::error::{Error, Result};
use crate::features::backlog::BacklogDrift;
use crate::features::fs::features_fs::{
    compare_backlog_mirror, load_merged_config, FeatureList, WorkspaceReader, FEATURE_EXT,
};
use crate::protocol::config::Config;
use crate::protocol::feature::Feature;
use crate::protocol::layout::CONFIG_FILE;
use crate::protocol::state::State;
use crate::protocol::warning::Warning;
use crate::store::{is_temp_name, FileKind};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::workspace_fs::{os_error, WorkspaceFs};

/// A file version: it changes whenever the file's modification time changes (and on any atomic
/// rename, through the inode). Compared for equality only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    mtime: SystemTime,
    size: u64,
    dev: u64,
    inode: u64,
}

/// The names and tokens of the `*.yaml` entries of the features directory.
type ListToken = Vec<(String, Token)>;

/// A listing's names with their tokens as far as they could be read.
type PartialListToken = Vec<(String, Option<Token>)>;

/// A [`WorkspaceReader`] with an mtime cache over a [`WorkspaceFs`] (features.md §13).
#[derive(Debug)]
pub struct CachedWorkspace {
    ws: WorkspaceFs,
    config: RwLock<Option<(Token, Config)>>,
    features: RwLock<HashMap<String, (Token, Feature)>>,
    list: RwLock<Option<(ListToken, FeatureList)>>,
}

impl CachedWorkspace {
    /// A cache over `ws`.
    pub fn new(ws: WorkspaceFs) -> Self {
        CachedWorkspace {
            ws,
            config: RwLock::new(None),
            features: RwLock::new(HashMap::new()),
            list: RwLock::new(None),
        }
    }

    fn token(&self, path: &Path) -> io::Result<Token> {
        let st = self.ws.fs().stat(path, true)?;
        Ok(Token {
            mtime: st.mtime,
            size: st.size,
            dev: st.dev,
            inode: st.inode,
        })
    }

    /// The token set of the listing; `Ok(None)` when the directory does not exist, and `None`
    /// tokens inside when an entry cannot be stat'ed (such a set never matches).
    fn list_token(&self) -> Result<Option<PartialListToken>> {
        let dir = self.ws.features_dir();
        let entries = match self.ws.fs().list(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io("read features dir", &e)),
        };
        Ok(Some(
            entries
                .into_iter()
                .filter(|e| e.kind != FileKind::Dir)
                .filter_map(|e| e.name_str().map(str::to_string))
                .filter(|n| !is_temp_name(n) && n.ends_with(FEATURE_EXT))
                .map(|n| {
                    let t = self.token(&dir.join(&n)).ok();
                    (n, t)
                })
                .collect(),
        ))
    }

    /// LoadMergedConfig (features.md §12.3) on the cached `read_config`.
    pub fn load_merged_config(&self, home: Option<&str>) -> Result<(Config, Vec<Warning>)> {
        load_merged_config(self, home)
    }

    /// CompareBacklogMirror (features.md §8.3) on the cached listing.
    pub fn compare_backlog_mirror(&self) -> Result<(Vec<BacklogDrift>, Vec<Warning>)> {
        compare_backlog_mirror(self)
    }
}

fn complete(set: &[(String, Option<Token>)]) -> Option<ListToken> {
    set.iter().map(|(n, t)| t.map(|t| (n.clone(), t))).collect()
}

impl WorkspaceReader for CachedWorkspace {
    fn list_features(&self) -> Result<FeatureList> {
        let Some(before) = self.list_token()? else {
            return Ok(FeatureList::default());
        };
        let before = complete(&before);
        if let (Some(b), Ok(guard)) = (before.as_ref(), self.list.read()) {
            if let Some((t, v)) = guard.as_ref() {
                if t == b {
                    return Ok(v.clone());
                }
            }
        }
        let value = self.ws.list_features()?;
        let after = self.list_token()?.and_then(|a| complete(&a));
        if let (Some(b), Some(a)) = (before, after) {
            if a == b {
                if let Ok(mut guard) = self.list.write() {
                    *guard = Some((b, value.clone()));
                }
            }
        }
        Ok(value)
    }

    fn load_feature(&self, id: &str) -> Result<Feature> {
        let fid = FeatureId::new(id)?;
        let path = self.ws.features_dir().join(format!("{fid}{FEATURE_EXT}"));
        let Ok(before) = self.token(&path) else {
            return self.ws.load_feature(id);
        };
        if let Ok(guard) = self.features.read() {
            if let Some((t, f)) = guard.get(id) {
                if *t == before {
                    return Ok(f.clone());
                }
            }
        }
        let value = self.ws.load_feature(id)?;
        if self.token(&path).ok() == Some(before) {
            if let Ok(mut guard) = self.features.write() {
                guard.insert(id.to_string(), (before, value.clone()));
            }
        }
        Ok(value)
    }

    fn read_state(&self, feature_id: &str) -> Result<State> {
        WorkspaceFs::read_state(&self.ws, &FeatureId::new(feature_id)?)
    }

    fn read_config(&self) -> Result<Config> {
        let path = Path::new(&self.ws.root().dot_dir()).join(CONFIG_FILE);
        let before = self
            .token(&path)
            .map_err(|e| os_error(format!("stat {}", path.display()), &e))?;
        if let Ok(guard) = self.config.read() {
            if let Some((t, c)) = guard.as_ref() {
                if *t == before {
                    return Ok(c.clone());
                }
            }
        }
        let value = self.ws.read_config()?;
        if self.token(&path).ok() == Some(before) {
            if let Ok(mut guard) = self.config.write() {
                *guard = Some((before, value.clone()));
            }
        }
        Ok(value)
    }

    fn workspace(&self) -> &WorkspaceFs {
        &self.ws
    }
}
