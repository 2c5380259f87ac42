//! Appending whole records (lines) to a shared log file such as `events.jsonl`.
//!
//! Decides what happens around a failed append so that one failure never corrupts later
//! records; the record's bytes and the file's location are the caller's.

use std::io;
use std::path::Path;

use super::fs::Fs;

/// Appends `line` (ending in `\n`) with [`Fs::append_line`].
///
/// If the append fails, part of the line may already be in the file (a full disk). A best-effort
/// lone `\n` is then appended, so that the torn fragment stays on a line of its own — readers skip
/// lines that do not decode, and empty lines — and the next record starts on a fresh line. The
/// original error is returned: the record is never acknowledged.
pub fn append_record(fs: &dyn Fs, path: &Path, line: &[u8], mode: u32) -> io::Result<()> {
    match fs.append_line(path, line, mode) {
        Ok(()) => Ok(()),
        Err(e) => {
            if path.exists() {
                let _ = fs.append_line(path, b"\n", mode);
            }
            Err(e)
        }
    }
}
