//! Codecs shared by several areas: Go-compatible JSON writing ([`gojson`]), RFC 3339 times
//! ([`time`]), Go's lexical path cleaning ([`pathclean`]), Go `%q` quoting ([`goquote`]), text
//! primitives ([`text`]) and the one YAML module ([`yaml`]).
//!
//! Each codec is exact about the foreign format it mirrors and knows nothing of the areas.

pub mod gojson;
pub mod goquote;
pub mod pathclean;
pub mod text;
pub mod time;
pub mod yaml;
