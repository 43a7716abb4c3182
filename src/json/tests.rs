//! The borrowing JSON reader against serde_json, repeated keys and malformed text.

use super::{Arena, Json};
use serde_json::{json, Value};

#[test]
fn parses_to_the_same_document_as_serde_json() {
    let cases = [
        r#"null"#,
        r#"[true, false, 0, -7, 18446744073709551615, 1.5e3, "x"]"#,
        r#"{"b": 1, "a": {"z": [], "y": {}}, "c": "é\n\u00e9"}"#,
        r#"{"k": 1, "j": 2, "k": 3}"#,
        r#""\ud83d\ude00""#,
    ];
    for text in cases {
        let ours = Json::parse(text, &Arena::new()).unwrap().to_value();
        let theirs: Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs, "{text}");
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap(),
            "key order of {text}"
        );
    }
}

#[test]
fn a_repeated_key_keeps_its_first_position_and_its_last_value() {
    let many: String = (0..40).map(|i| format!("\"k{i}\": {i},")).collect();
    for text in [r#"{"a": 1, "b": 2, "a": 3}"#.to_owned(), format!("{{\"a\": 1, {many} \"a\": 3}}")] {
        let arena = Arena::new();
        let doc = Json::parse(&text, &arena).unwrap();
        let obj = doc.as_object().unwrap();
        assert_eq!(obj.keys().next(), Some("a"));
        assert_eq!(obj.get("a").and_then(Json::as_number).and_then(|n| n.as_u64()), Some(3));
        assert_eq!(obj.keys().filter(|k| *k == "a").count(), 1);
    }
}

#[test]
fn strings_without_escapes_are_borrowed() {
    let text = r#"{"plain": "abc", "escaped": "a\"c"}"#;
    let arena = Arena::new();
    let doc = Json::parse(text, &arena).unwrap();
    let in_text = |s: &str| text.as_bytes().as_ptr_range().contains(&s.as_ptr());
    assert!(matches!(doc.get("plain"), Some(Json::String(s)) if *s == "abc" && in_text(s)));
    assert!(matches!(doc.get("escaped"), Some(Json::String(s)) if *s == "a\"c" && !in_text(s)));
}

#[test]
fn an_arena_is_reused_after_a_reset() {
    let mut arena = Arena::new();
    let text = r#"{"a": [1, {"b": "c\n"}], "d": {}}"#;
    let first = Json::parse(text, &arena).unwrap().to_value();
    let held = arena.allocated_bytes();
    for _ in 0..100 {
        arena.reset();
        assert_eq!(Json::parse(text, &arena).unwrap().to_value(), first);
    }
    assert_eq!(arena.allocated_bytes(), held, "the same document parsed again takes no new block");
    arena.reset();
    assert!(Json::parse("[1, ", &arena).is_err());
    assert_eq!(Json::parse("[2]", &arena).unwrap().to_value(), json!([2]), "a failed parse leaves the arena usable");
}

#[test]
fn malformed_and_deeply_nested_text_is_an_error() {
    let arena = Arena::new();
    for text in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"\\x\""] {
        assert!(Json::parse(text, &arena).is_err(), "{text:?}");
    }
    let deep = "[".repeat(10_000) + &"]".repeat(10_000);
    assert!(Json::parse(&deep, &arena).is_err());
}

#[test]
fn converts_from_a_value_without_changing_it() {
    let v = json!({"x": [1, "two", null, {"three": true}], "y": 2.5});
    assert_eq!(Json::from_value(&v, &Arena::new()).to_value(), v);
}
