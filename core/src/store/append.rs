//! Appending whole records (lines) to a shared log file such as `events.jsonl`.
//!
//! Decides what happens around a failed append so that one failure never corrupts later
//! records; the record's bytes and the file's location are the caller's.

use std::io;
use std::path::Path;

use super::fs::Fs;

/// Appends `line` (ending in `\n`) with [`Fs::append_line`].
///
/// A failed append is atomic: the appender cuts the file back to the length it found (under the
/// file's lock), so no part of an unacknowledged record stays for a later append to complete into
/// a valid line — not even a lone `\n` is added. Should the cut itself fail (or an [`Fs`] leave
/// a fragment), the next append starts with a `\n` because the file then ends mid-line, so the
/// fragment stays on a line of its own, which readers skip. The original error is returned: the
/// record is never acknowledged.
pub fn append_record(fs: &dyn Fs, path: &Path, line: &[u8], mode: u32) -> io::Result<()> {
    fs.append_line(path, line, mode)
}
