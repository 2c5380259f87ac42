//! Token counting: the injected [`TokenCounter`] and the default [`ApproxCounter`] (blueprint.md
//! §17).
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
        let ascii = text.bytes().filter(u8::is_ascii).count();
        let other = text.chars().filter(|c| !c.is_ascii()).count();
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
    }
}
