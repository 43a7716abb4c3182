//! The identifier grammar of the spec's Identifiers table, one case per rule and boundary.

use super::*;

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

#[test]
fn subject_and_relation_ids_are_15_characters_with_their_prefix() {
    let cases: &[(&str, bool, bool)] = &[
        // (text, a Subject ID, a Relation ID)
        ("s1demo1aaaaaaa1", true, false),
        ("r1demo1aaaaaaa1", false, true),
        ("s1demo1aaaaaaa", false, false),
        ("s1demo1aaaaaaa12", false, false),
        ("S1demo1aaaaaaa1", false, false),
        ("s1demo1aaaaa-a1", false, false),
        ("s1demo1aaaaaaé", false, false),
        ("", false, false),
    ];
    for (text, subject, relation) in cases {
        assert_eq!(SubjectId::parse(text).is_ok(), *subject, "Subject ID {text:?}");
        assert_eq!(RelationId::parse(text).is_ok(), *relation, "Relation ID {text:?}");
    }
}

#[test]
fn source_keys_are_an_ascii_letter_then_up_to_63_more() {
    let longest = format!("a{}", "b".repeat(63));
    let too_long = format!("a{}", "b".repeat(64));
    let cases: &[(&str, bool)] = &[
        ("w", true),
        ("wiki_2-b", true),
        (&longest, true),
        (&too_long, false),
        ("", false),
        ("2wiki", false),
        ("_wiki", false),
        ("wiki.b", false),
        ("wiki b", false),
        ("ébène", false),
        ("wikié", false),
    ];
    for (text, ok) in cases {
        assert_eq!(SourceKey::parse(text).is_ok(), *ok, "{text:?}");
    }
}

#[test]
fn qualified_ids_split_at_the_first_colon_and_own_ones_are_bare() {
    let longest = format!("src:{}", "a".repeat(256));
    let too_long = format!("src:{}", "a".repeat(257));
    let cases: &[(&str, Option<&str>)] = &[
        // (text, the reference as held, None when malformed)
        ("s1demo1aaaaaaa1", Some("s1demo1aaaaaaa1")),
        ("local:s1demo1aaaaaaa1", Some("s1demo1aaaaaaa1")),
        ("local:Q42", None),
        ("wd:Q42", Some("wd:Q42")),
        ("src:a:b:c", Some("src:a:b:c")),
        ("src:._~-:@!$()*+,;=", Some("src:._~-:@!$()*+,;=")),
        (&longest, Some(&longest)),
        (&too_long, None),
        ("src:", None),
        (":Q42", None),
        ("src:a/b", None),
        ("src:a b", None),
        ("src:a#b", None),
        ("src:é", None),
        ("Q42", None),
    ];
    for (text, held) in cases {
        let parsed = SubjectRef::parse(text, &own()).map(|r| r.to_string()).ok();
        assert_eq!(parsed.as_deref(), *held, "{text:?}");
    }
    let bare = SubjectRef::parse("s1demo1aaaaaaa1", &own()).unwrap();
    assert_eq!(SubjectRef::parse("local:s1demo1aaaaaaa1", &own()).unwrap(), bare, "both forms name the same Subject");
    assert!(bare.local().is_some());
}
