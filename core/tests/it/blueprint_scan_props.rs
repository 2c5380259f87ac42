//! The scanner's parsers never panic on hostile text, and the scan is independent of listing
//! order (blueprint.md §16.2; no panics on any input).

use fourx_core::blueprint::scan::{go, python, rust, scan, typescript, Language, MapReader};
use proptest::prelude::*;

fn code() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("import ".to_string()),
            Just("from ".to_string()),
            Just("use ".to_string()),
            Just("mod x {".to_string()),
            Just("require(".to_string()),
            Just("crate::".to_string()),
            Just("super::".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just("`".to_string()),
            Just("/".to_string()),
            Just("*".to_string()),
            Just("\\".to_string()),
            Just("#".to_string()),
            Just("{".to_string()),
            Just("}".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("\n".to_string()),
            Just(".".to_string()),
            Just("é".to_string()),
            "[a-z]{1,3}",
        ],
        0..64,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn parsers_never_panic_on_hostile_text(t in code()) {
        let _ = go::imports(&t);
        let _ = rust::use_paths(&t);
        let _ = python::imports(&t);
        let _ = typescript::specifiers(&t);
    }

    #[test]
    fn scans_are_independent_of_listing_order(t in code(), u in code()) {
        let reader = MapReader::new([
            ("go.mod", "module m\n".to_string()),
            ("Cargo.toml", "[package]\nname = \"m\"\n".to_string()),
            ("setup.py", String::new()),
            ("package.json", "{}".to_string()),
            ("a/a.go", t.clone()),
            ("src/a/b.rs", t.clone()),
            ("a/b.py", u.clone()),
            ("b/c.ts", u.clone()),
        ]);
        let listing = reader.listing();
        let mut reversed = listing.clone();
        reversed.reverse();
        let one = scan(&listing, &reader, 1 << 20).expect("scan");
        let two = scan(&reversed, &reader, 1 << 20).expect("scan");
        prop_assert_eq!(one.to_json(), two.to_json());
        prop_assert_eq!(one.languages, Language::ALL.to_vec());
    }
}

#[test]
fn language_words_round_trip() {
    for l in Language::ALL.iter().copied() {
        assert_eq!(l.as_str().parse::<Language>().expect("word"), l);
        assert_eq!(l.to_string(), l.as_str());
    }
    assert!("cobol".parse::<Language>().is_err());
}
