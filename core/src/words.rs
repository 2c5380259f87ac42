//! The one mechanism for closed string enums: [`string_enum!`](crate::words) writes an enum, its
//! `ALL` table, `as_str`, `from_name`, `Display`, `Serialize`, `Deserialize`, `FromStr` and the [`Vocab`] trait
//! from one `(variant, word)` table, so every word is written once.
//!
//! Decides the generated surface only. What a word means, which enum an op accepts where, and the
//! error a refused word becomes (each use names its error type and constructor) are the caller's.
//! A leaf: it depends on nothing in the crate, so `error` and `protocol` can use it.

/// A closed vocabulary of words (phases, roles, agents, error kinds, …): every value and its word.
pub trait Vocab: Copy + Eq + std::fmt::Debug + 'static {
    /// Every value, in the spec's order.
    const ALL: &'static [Self];
    /// What the vocabulary is called in messages (`phase`, `role`, …).
    const WHAT: &'static str;
    /// The word of this value.
    fn as_str(self) -> &'static str;
    /// The value whose word is exactly `s` (case-sensitive).
    fn from_name(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.as_str() == s)
    }
}

/// Defines a closed string enum from its `(variant, word)` table.
///
/// `string_enum! { /// doc  pub enum Name("what", Err, make_err) { /// doc  Variant = "word", … } }`
/// gives the enum (`Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord`), the inherent
/// `ALL`, `WORDS`, `WHAT`, `const fn as_str` and `from_name`, [`Vocab`], `Display`,
/// `serde::Serialize` as the word, and `FromStr` whose error is `make_err(WHAT, text)` of type
/// `Err`, and `serde::Deserialize` from the word (a word outside the table is the error
/// `unknown <what> "<text>"`).
macro_rules! string_enum {
    (
        $(#[$m:meta])*
        $vis:vis enum $name:ident ($what:literal, $err:ty, $make_err:path) {
            $($(#[$vm:meta])* $var:ident = $s:literal),+ $(,)?
        }
    ) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $($(#[$vm])* $var,)+
        }

        impl $name {
            /// Every value, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// Every word, in the order of [`ALL`](Self::ALL).
            pub const WORDS: &'static [&'static str] = &[$($s),+];
            /// What the vocabulary is called in messages.
            pub const WHAT: &'static str = $what;

            /// The word of this value.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$var => $s,)+
                }
            }

            /// The value whose word is exactly `s` (case-sensitive).
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $($s => Some($name::$var),)+
                    _ => None,
                }
            }
        }

        impl $crate::words::Vocab for $name {
            const ALL: &'static [Self] = $name::ALL;
            const WHAT: &'static str = $what;
            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
            fn from_name(s: &str) -> Option<Self> {
                $name::from_name(s)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $err;
            fn from_str(s: &str) -> ::std::result::Result<Self, $err> {
                $name::from_name(s).ok_or_else(|| $make_err($what, s))
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                struct Word;
                impl<'de> ::serde::de::Visitor<'de> for Word {
                    type Value = $name;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        write!(f, "a {} word", $name::WHAT)
                    }
                    fn visit_str<E: ::serde::de::Error>(self, s: &str) -> ::std::result::Result<$name, E> {
                        $name::from_name(s).ok_or_else(|| E::custom(format_args!("unknown {} {:?}", $what, s)))
                    }
                }
                d.deserialize_str(Word)
            }
        }
    };
}

pub(crate) use string_enum;

#[cfg(test)]
mod tests {
    use super::Vocab;

    #[derive(Debug, PartialEq)]
    struct Refused(&'static str, String);

    fn refused(what: &'static str, s: &str) -> Refused {
        Refused(what, s.to_string())
    }

    string_enum! {
        /// A test vocabulary.
        enum Colour("colour", Refused, refused) {
            /// `red`
            Red = "red",
            /// `dark-blue`
            DarkBlue = "dark-blue",
        }
    }

    #[test]
    fn every_word_round_trips_and_all_keeps_the_table_order() {
        assert_eq!(Colour::ALL, &[Colour::Red, Colour::DarkBlue]);
        assert_eq!(Colour::WORDS, &["red", "dark-blue"]);
        for c in Colour::ALL {
            assert_eq!(c.as_str().parse::<Colour>(), Ok(*c));
            assert_eq!(<Colour as Vocab>::from_name(&c.to_string()), Some(*c));
        }
        assert_eq!(serde_json::to_value(Colour::DarkBlue).unwrap(), "dark-blue");
        let back: Colour = serde_json::from_value("dark-blue".into()).unwrap();
        assert_eq!(back, Colour::DarkBlue);
        assert!(serde_json::from_value::<Colour>("Dark-Blue".into()).is_err());
    }

    string_enum! {
        /// A test vocabulary read back from JSON.
        enum Shape("shape", Refused, refused) {
            /// `round`
            Round = "round",
            /// `square_ish`
            SquareIsh = "square_ish",
        }
    }

    #[test]
    fn a_deserializable_vocabulary_reads_its_words_and_refuses_others() {
        assert_eq!(Shape::WORDS, &["round", "square_ish"]);
        let back: Vec<Shape> = serde_json::from_str(r#"["square_ish","round"]"#).unwrap();
        assert_eq!(back, vec![Shape::SquareIsh, Shape::Round]);
        let err = serde_json::from_str::<Shape>(r#""Round""#).unwrap_err();
        assert!(err.to_string().contains("unknown shape \"Round\""), "{err}");
        assert!(serde_json::from_str::<Shape>("1").is_err());
    }

    #[test]
    fn a_word_outside_the_table_is_the_callers_error() {
        assert_eq!(
            "Red".parse::<Colour>(),
            Err(Refused("colour", "Red".to_string()))
        );
        assert_eq!(Colour::WHAT, "colour");
    }
}
