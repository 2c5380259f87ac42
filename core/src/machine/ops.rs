//! The `machine` area's op table: JSON adapters over the typed API of this module.

use crate::ops::OpInfo;

/// The ops of this area, one line each.
pub(crate) static OPS: &[OpInfo] = &[];
