//! Text primitives shared by the parsers: Unicode `White_Space` trimming, simple case mapping and
//! Go `strconv.IsPrint` (Unicode 15.0).
