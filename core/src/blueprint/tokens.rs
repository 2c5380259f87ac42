//! Token counting: the injected [`TokenCounter`] and the default [`ApproxCounter`] (blueprint.md).
//!
//! Decides only the default rate (four ASCII characters or one other character per token); a
//! caller with a real tokenizer brings its own counter.

/// Counts the tokens of a piece of text.
pub trait TokenCounter {
    /// The number of tokens of `text`.
    fn count(&self, text: &str) -> usize;
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
}

impl<F: Fn(&str) -> usize> TokenCounter for F {
    fn count(&self, text: &str) -> usize {
        self(text)
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
}
