//! Token counting: the injected [`TokenCounter`], the default [`ApproxCounter`] (blueprint.md
//! §17), and the counters fourx ships by name ([`BuiltinCounter`]).
//!
//! Decides only the default rate (four ASCII characters or one other character per token), what a
//! counter promises the index (a fallible count, and whether the whole text can cost more than its
//! lines), and the names of the shipped counters; a caller with a real tokenizer brings its own
//! counter (a Rust closure, a C function pointer, a Python callable).

use crate::error::{Error, Result};

/// Counts the tokens of a piece of text.
///
/// `render_index` calls [`TokenCounter::try_count`], so a counter that can fail (a callback into
/// C or Python) reports its failure there instead of inventing a number. A counter that cannot
/// promise [`TokenCounter::whole_within_lines`] gets its whole index text counted once more, and
/// the cap holds for that count too.
///
/// ```
/// use fourx_core::blueprint::{ApproxCounter, TokenCounter};
///
/// // Any `Fn(&str) -> usize` is a counter: here one token per byte.
/// let bytes = |s: &str| s.len();
/// assert_eq!(bytes.count("abc\n"), 4);
/// assert_eq!(ApproxCounter.count("abc\n"), 1);
/// assert!(ApproxCounter.whole_within_lines());
/// assert!(!bytes.whole_within_lines());
/// ```
pub trait TokenCounter {
    /// The number of tokens of `text`.
    fn count(&self, text: &str) -> usize;

    /// The number of tokens of `text`, or the counter's own failure (by default [`Self::count`],
    /// which cannot fail).
    fn try_count(&self, text: &str) -> Result<usize> {
        Ok(self.count(text))
    }

    /// Whether, for an index text — `\n`-terminated lines, none of which begins with whitespace,
    /// a control character or `/` (a legend, header and footer start with `#` / `+`, a row with a
    /// module path, which is trimmed, control-free and relative) — the count of the whole text is
    /// never more than the sum of the counts of its lines. Only then is the per-line cost model
    /// (§10.3) a bound on what the model sees; otherwise the index also counts its whole text and
    /// keeps that under the cap. `false` unless the counter proves it.
    fn whole_within_lines(&self) -> bool {
        false
    }
}

/// `ceil(A / 4) + U`: `A` ASCII code points, `U` other code points.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApproxCounter;

impl TokenCounter for ApproxCounter {
    fn count(&self, text: &str) -> usize {
        // One pass over the bytes of valid UTF-8: an ASCII byte is an ASCII scalar, and every
        // other scalar has exactly one lead byte (0xC0..=0xFF); continuation bytes count nowhere.
        let (mut ascii, mut other) = (0usize, 0usize);
        for &b in text.as_bytes() {
            ascii += usize::from(b < 0x80);
            other += usize::from(b >= 0xC0);
        }
        ascii.div_ceil(4) + other
    }

    /// `⌈a/4⌉ + ⌈b/4⌉ ≥ ⌈(a+b)/4⌉` and the other scalars add up: the lines never cost less than
    /// the whole text, for any text.
    fn whole_within_lines(&self) -> bool {
        true
    }
}

impl<F: Fn(&str) -> usize> TokenCounter for F {
    fn count(&self, text: &str) -> usize {
        self(text)
    }
}

/// The exact token count of OpenAI's `o200k_base` BPE vocabulary (tiktoken's encoding of plain
/// text: special-token text counts as ordinary text), from the `tiktoken-rs` crate's bundled
/// vocabulary — no file or network is read. Only in builds with the cargo feature `bpe-o200k`
/// (off by default: the vocabulary adds several megabytes to the library).
#[cfg(feature = "bpe-o200k")]
#[derive(Debug, Clone, Copy, Default)]
pub struct O200kCounter;

#[cfg(feature = "bpe-o200k")]
impl TokenCounter for O200kCounter {
    fn count(&self, text: &str) -> usize {
        tiktoken_rs::o200k_base_singleton()
            .encode_ordinary(text)
            .len()
    }

    /// Claimed, and exact: tiktoken encodes each piece of its pre-tokenizer on its own, and on an
    /// index text no piece runs past a line's `\n`. The pattern's only pieces that can hold a
    /// newline are punctuation followed by `[\r\n/]*`, whitespace followed by `[\r\n]+`, and
    /// whitespace runs; each stops at the `\n` unless the next line begins with `/`, `\r`, `\n` or
    /// other whitespace, which no index line does, and letter and digit pieces never hold a
    /// newline. So the whole text's pieces are its lines' pieces and its count is their sum
    /// (`core/tests/it/index_cap.rs` pins the equality).
    fn whole_within_lines(&self) -> bool {
        true
    }
}

crate::words::string_enum! {
    /// The counters fourx ships, by the name a JSON input gives in its `counter` key
    /// (`blueprint.render_index`, `blueprint.count_tokens`).
    pub enum BuiltinCounter("token counter", Error, unknown_counter) {
        /// `approx`: [`ApproxCounter`], the default.
        Approx = "approx",
        /// `o200k_base`: the exact `O200kCounter`; only in builds with the `bpe-o200k` feature.
        O200kBase = "o200k_base",
    }
}

fn unknown_counter(what: &str, s: &str) -> Error {
    Error::invalid_input(format!(
        "unknown {what} {s:?}; the built-in counters are \"approx\" and \"o200k_base\""
    ))
    .with_field("counter")
}

impl BuiltinCounter {
    /// The counter behind the name; `o200k_base` in a build without the `bpe-o200k` feature is
    /// `invalid_input` saying how to get it.
    pub fn counter(self) -> Result<&'static dyn TokenCounter> {
        match self {
            BuiltinCounter::Approx => Ok(&ApproxCounter),
            #[cfg(feature = "bpe-o200k")]
            BuiltinCounter::O200kBase => Ok(&O200kCounter),
            #[cfg(not(feature = "bpe-o200k"))]
            BuiltinCounter::O200kBase => Err(Error::invalid_input(
                "this fourx build has no o200k_base counter: build it with the cargo feature \
                 `bpe-o200k` (docs/tokenizers.md), or pass a counter of your own",
            )
            .with_field("counter")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_counter_is_quarter_ascii_plus_one_per_other_scalar() {
        assert_eq!(ApproxCounter.count("internal/util [unannotated]\n"), 7);
        assert_eq!(ApproxCounter.count("仓库蓝图 ok\n"), 5);
        assert_eq!(ApproxCounter.count(""), 0);
        assert_eq!(ApproxCounter.count("abcde"), 2);
        assert_eq!(ApproxCounter.count("é😀a"), 3);
    }

    #[test]
    fn built_in_counters_are_named_approx_and_o200k_base() {
        assert_eq!(
            "approx".parse::<BuiltinCounter>(),
            Ok(BuiltinCounter::Approx)
        );
        let err = "cl100k".parse::<BuiltinCounter>().unwrap_err();
        assert_eq!(err.field.as_deref(), Some("counter"));
        let approx = BuiltinCounter::Approx.counter().unwrap();
        assert_eq!(approx.count("abcde"), 2);
    }

    #[cfg(not(feature = "bpe-o200k"))]
    #[test]
    fn o200k_base_without_its_feature_is_invalid_input_naming_the_feature() {
        let err = BuiltinCounter::O200kBase.counter().err().unwrap();
        assert_eq!(err.kind, crate::error::ErrorKind::InvalidInput);
        assert!(err.message.contains("bpe-o200k"), "{}", err.message);
    }

    #[cfg(feature = "bpe-o200k")]
    #[test]
    fn o200k_base_counts_tiktokens_known_examples() {
        // tiktoken: o200k_base encodes "hello world" as [24912, 2375].
        assert_eq!(O200kCounter.count("hello world"), 2);
        assert_eq!(O200kCounter.count(""), 0);
    }
}
