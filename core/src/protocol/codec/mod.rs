//! Codecs shared by several areas: Go-compatible JSON writing ([`gojson`]) and text decoding
//! ([`gojson_decode`]), Go struct read and omitempty rules over JSON values ([`gostruct`]), RFC
//! 3339 times ([`time`]), Go's lexical path cleaning ([`pathclean`]), Go `%q` quoting
//! ([`goquote`]), text primitives ([`text`]), the one YAML module ([`yaml`]) and the depth limit and
//! type names every decoder shares ([`limits`]), and the report of keys the decoders ignore
//! ([`unknown_keys`]).
//!
//! Each codec is exact about the foreign format it mirrors and knows nothing of the areas.

pub mod gojson;
#[doc(hidden)]
pub mod gojson_decode;
#[doc(hidden)]
pub mod goquote;
#[doc(hidden)]
pub mod gostruct;
mod isprint_table;
pub mod limits;
#[doc(hidden)]
pub mod pathclean;
#[doc(hidden)]
pub mod text;
pub mod time;
#[doc(hidden)]
pub mod time_rule;
#[doc(hidden)]
pub mod unknown_keys;
pub mod yaml;
