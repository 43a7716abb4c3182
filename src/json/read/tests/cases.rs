//! A case table: text in, document or error (kind, message, line and column) out, each also checked
//! against `serde_json`.

use super::{outcome, reference};
use crate::json::{Arena, ErrorKind, Json};

const CASES: &[(&str, &str)] = &[
    // Literals and whitespace.
    ("null", "null"),
    (" \t\n\r true \n", "true"),
    ("[1,\t2 ,\r\n3]", "[1,2,3]"),
    ("{\"a\"\n:\t1\r}", "{\"a\":1}"),
    ("\u{b}true", "error: expected value at line 1 column 1"),
    ("[1,\u{c}2]", "error: expected value at line 1 column 4"),
    ("{\"a\":\u{0}1}", "error: expected value at line 1 column 6"),
    ("true\u{1f}", "error: trailing characters at line 1 column 5"),
    ("false", "false"),
    ("tru", "error: EOF while parsing a value at line 1 column 3"),
    ("trux", "error: expected ident at line 1 column 4"),
    ("nul", "error: EOF while parsing a value at line 1 column 3"),
    ("True", "error: expected value at line 1 column 1"),
    // Empty input, a byte order mark, trailing text.
    ("", "error: EOF while parsing a value at line 1 column 0"),
    ("   ", "error: EOF while parsing a value at line 1 column 3"),
    ("\u{feff}{}", "error: expected value at line 1 column 1"),
    ("{} x", "error: trailing characters at line 1 column 4"),
    ("1 2", "error: trailing characters at line 1 column 3"),
    ("\"a\"\"b\"", "error: trailing characters at line 1 column 4"),
    // Integers at the edges of u64 and i64; -0 is a float.
    ("0", "0"),
    ("-0", "-0.0"),
    ("18446744073709551615", "18446744073709551615"),
    ("18446744073709551616", "1.8446744073709552e+19"),
    ("-9223372036854775808", "-9223372036854775808"),
    ("-9223372036854775809", "-9.223372036854776e+18"),
    ("9007199254740993", "9007199254740993"),
    ("01", "error: invalid number at line 1 column 2"),
    ("-", "error: EOF while parsing a value at line 1 column 1"),
    ("-a", "error: invalid number at line 1 column 2"),
    ("+1", "error: expected value at line 1 column 1"),
    // Fractions and exponents, as serde_json reads them: exact for short significands, and not always
    // correctly rounded for long ones (the halfway case below rounds up, the subnormal edge is off
    // by one unit in the last place; docs/decisions.md).
    ("0.0", "0.0"),
    ("-0.0", "-0.0"),
    ("0.1", "0.1"),
    ("1E2", "100.0"),
    ("1e+2", "100.0"),
    ("25e-1", "2.5"),
    ("1.00000000000000011102230246251565404236316680908203125", "1.0000000000000002"),
    ("1.00000000000000011102230246251565404236316680908203126", "1.0000000000000002"),
    ("2.2250738585072011e-308", "2.2250738585072014e-308"),
    ("1.7976931348623157e308", "1.7976931348623157e+308"),
    ("4.9e-324", "5e-324"),
    ("1e-400", "0.0"),
    ("-1e-400", "-0.0"),
    ("0e99999999999", "0.0"),
    ("1e-99999999999", "0.0"),
    ("-1e-99999999999", "-0.0"),
    ("1e400", "error: number out of range at line 1 column 5"),
    ("-1.8e308", "error: number out of range at line 1 column 8"),
    ("1e99999999999", "error: number out of range at line 1 column 12"),
    ("1.", "error: EOF while parsing a value at line 1 column 2"),
    ("1.e5", "error: invalid number at line 1 column 3"),
    ("1e", "error: EOF while parsing a value at line 1 column 2"),
    ("1e+", "error: EOF while parsing a value at line 1 column 3"),
    ("1ex", "error: invalid number at line 1 column 3"),
    ("[1.]", "error: invalid number at line 1 column 4"),
    // Strings: escapes, UTF-8, surrogate pairs; lone surrogates and control characters refused.
    ("\"plain é ✓\"", "\"plain é ✓\""),
    (r#""\"\\\/\b\f\n\r\t""#, r#""\"\\/\b\f\n\r\t""#),
    (r#""\u00e9\u00E9""#, "\"éé\""),
    (r#""\u0000""#, r#""\u0000""#),
    (r#""\ud83d\ude00""#, "\"😀\""),
    (r#""\uDBFF\uDFFF""#, "\"\u{10FFFF}\""),
    ("\"abc", "error: EOF while parsing a string at line 1 column 4"),
    ("\"a\u{1}\"", "error: control character (\\u0000-\\u001F) found while parsing a string at line 1 column 3"),
    ("\"a\nb\"", "error: control character (\\u0000-\\u001F) found while parsing a string at line 2 column 0"),
    (r#""\x""#, "error: invalid escape at line 1 column 3"),
    ("\"\\", "error: EOF while parsing a string at line 1 column 2"),
    (r#""\u12""#, "error: EOF while parsing a string at line 1 column 6"),
    (r#""\u12G4""#, "error: invalid escape at line 1 column 7"),
    (r#""\udc00""#, "error: lone leading surrogate in hex escape at line 1 column 7"),
    (r#""\ud800""#, "error: unexpected end of hex escape at line 1 column 8"),
    (r#""\ud800\n""#, "error: unexpected end of hex escape at line 1 column 9"),
    (r#""\ud800\u0041""#, "error: lone leading surrogate in hex escape at line 1 column 13"),
    ("\"\\ud800", "error: EOF while parsing a string at line 1 column 7"),
    // Containers: order kept, a repeated key keeps its first position and its last value.
    ("[]", "[]"),
    ("{}", "{}"),
    ("[1,[2,[3,{}]],[]]", "[1,[2,[3,{}]],[]]"),
    (r#"{"b":1,"a":2}"#, r#"{"b":1,"a":2}"#),
    (r#"{"a":1,"b":2,"a":3}"#, r#"{"a":3,"b":2}"#),
    (r#"{"\u0061":1,"a":2}"#, r#"{"a":2}"#),
    ("[", "error: EOF while parsing a list at line 1 column 1"),
    ("[1,", "error: EOF while parsing a value at line 1 column 3"),
    ("[1,]", "error: trailing comma at line 1 column 4"),
    ("[,1]", "error: expected value at line 1 column 2"),
    ("[1 2]", "error: expected `,` or `]` at line 1 column 4"),
    ("[\n1,\n2 x]", "error: expected `,` or `]` at line 3 column 3"),
    ("{", "error: EOF while parsing an object at line 1 column 1"),
    (r#"{"a""#, "error: EOF while parsing an object at line 1 column 4"),
    (r#"{"a":"#, "error: EOF while parsing a value at line 1 column 5"),
    (r#"{"a":1,"#, "error: EOF while parsing a value at line 1 column 7"),
    (r#"{"a":1,}"#, "error: trailing comma at line 1 column 8"),
    (r#"{"a" 1}"#, "error: expected `:` at line 1 column 6"),
    ("{1:2}", "error: key must be a string at line 1 column 2"),
    (r#"{"a":1,2:3}"#, "error: key must be a string at line 1 column 8"),
    (r#"{"a":1 "b":2}"#, "error: expected `,` or `}` at line 1 column 8"),
    ("]", "error: expected value at line 1 column 1"),
];

#[test]
fn each_text_gives_its_document_or_error_as_serde_json_does() {
    let wrong: Vec<String> = CASES
        .iter()
        .filter(|(text, expected)| outcome(text) != *expected || reference(text) != *expected)
        .map(|(text, expected)| {
            format!("{text:?}: expected {expected}, ours {}, serde_json {}", outcome(text), reference(text))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn nesting_stops_at_the_128th_open_container() {
    let arena = Arena::new();
    for open in ["[", "{\"k\":"] {
        let close = if open == "[" { "]" } else { "}" };
        let deepest_allowed = open.repeat(127) + "0" + &close.repeat(127);
        assert!(Json::parse(&deepest_allowed, &arena).is_ok(), "127 levels of {open}");
        let too_deep = open.repeat(128) + "0" + &close.repeat(128);
        let err = Json::parse(&too_deep, &arena).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RecursionLimitExceeded);
        assert_eq!(format!("error: {err}"), reference(&too_deep));
        assert_eq!((err.line(), err.column()), (1, 127 * open.len() + 1), "just past the refused bracket");
    }
    let hostile = "[".repeat(100_000);
    assert_eq!(Json::parse(&hostile, &arena).unwrap_err().kind(), ErrorKind::RecursionLimitExceeded);
}

#[test]
fn only_strings_with_escapes_are_copied() {
    let text = r#"{"plain": "abc", "escaped\n": "a\"c", "": ""}"#;
    let arena = Arena::new();
    let doc = Json::parse(text, &arena).unwrap();
    let in_text = |s: &str| text.as_bytes().as_ptr_range().contains(&s.as_ptr()) || s.is_empty();
    let obj = doc.as_object().unwrap();
    let members: Vec<_> = obj.iter().map(|(k, v)| (in_text(k), in_text(v.as_str().unwrap()))).collect();
    assert_eq!(members, [(true, true), (false, false), (true, true)]);
    assert_eq!(doc.get("escaped\n").and_then(Json::as_str), Some("a\"c"));
}

#[test]
fn containers_hold_exactly_their_elements() {
    let arena = Arena::new();
    let doc = Json::parse(r#"[[1, 2, 3], {"a": [4, 5], "b": {}}, [[], [6]]]"#, &arena).unwrap();
    let Json::Array(outer) = &doc else { panic!("an array") };
    assert_eq!(outer.len(), 3);
    let Json::Array(first) = &outer[0] else { panic!("an array") };
    assert_eq!(first.len(), 3);
    let Json::Object(second) = &outer[1] else { panic!("an object") };
    assert_eq!(second.len(), 2);
}

/// Plain strings are sliced out of the text without a boundary check (`string.rs`): strings of one-
/// to four-byte characters, every length up to 20 bytes and beyond the eight-byte scan, borrowed
/// whole, as keys and as values, next to escapes and to other multi-byte strings.
#[test]
fn strings_of_any_characters_are_borrowed_whole() {
    let chars = ['a', 'é', '日', '🚀', '\u{7f}', '\u{80}', '\u{ffff}'];
    for n in 0..20 {
        for (i, c) in chars.iter().enumerate() {
            let s: String = (0..n).map(|k| if k % 2 == 0 { *c } else { chars[(i + k) % chars.len()] }).collect();
            for text in [
                format!("\"{s}\""),
                format!("{{\"{s}\": [\"{s}\", \"{s}\\n{s}\", \"{s}\"]}}"),
                format!("[\"{s}\",\"日{s}🚀\"]"),
            ] {
                let arena = Arena::new();
                let doc = Json::parse(&text, &arena).unwrap();
                assert_eq!(doc.to_value(), serde_json::from_str::<serde_json::Value>(&text).unwrap(), "{text}");
                assert_eq!(outcome(&text), reference(&text), "{text}");
            }
        }
    }
}
