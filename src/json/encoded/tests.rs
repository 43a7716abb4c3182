//! The encoded form against the JSON text of the same values, malformed buffers by case, and random
//! and mutated buffers, which must never panic nor give a document with a key twice.

use super::*;
use serde_json::{json, Value};

/// A buffer being written: its structure and its strings.
#[derive(Default)]
struct Out {
    structure: Vec<u8>,
    strings: Vec<u8>,
    keys: Vec<String>,
}

impl Out {
    fn text(&mut self, s: &str) {
        self.count(s.len());
        self.strings.extend_from_slice(s.as_bytes());
    }

    /// A member's key: its index in the key table, defined here the first time.
    fn key(&mut self, k: &str) {
        match self.keys.iter().position(|seen| seen == k) {
            Some(index) => self.count(index),
            None => {
                self.count(self.keys.len());
                self.keys.push(k.to_owned());
                self.text(k);
            }
        }
    }

    fn tag(&mut self, tag: u8) {
        self.structure.push(tag);
    }

    /// Unsigned LEB128.
    fn count(&mut self, n: usize) {
        self.structure.extend_from_slice(&leb128(n as u64));
    }

    fn number_text(&mut self, s: &str) {
        self.tag(NUMBER_TEXT);
        self.text(s);
    }

    fn buffer(&self) -> Vec<u8> {
        buffer(&self.structure, &self.strings)
    }
}

fn leb128(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    while n > 0x7f {
        out.push((n & 0x7f) as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
    out
}

fn buffer(structure: &[u8], strings: &[u8]) -> Vec<u8> {
    [&(structure.len() as u32).to_le_bytes()[..], structure, strings].concat()
}

/// Writes `value` as `js/encode-json.js` would write the JavaScript value `JSON.parse` makes of it;
/// a float's text is `serde_json`'s (JavaScript's `String(x)` is checked by the Node tests).
fn encode(value: &Value, out: &mut Out) {
    match value {
        Value::Null => out.tag(NULL),
        Value::Bool(b) => out.tag(if *b { TRUE } else { FALSE }),
        Value::Number(n) => match n.as_i64() {
            Some(i) if i32::try_from(i).is_ok() => {
                out.tag(INT32);
                out.structure.extend_from_slice(&(i as i32).to_le_bytes());
            }
            Some(i) if i.unsigned_abs() <= MAX_SAFE_INTEGER as u64 => {
                out.tag(SAFE_INTEGER);
                out.structure.extend_from_slice(&(i as f64).to_le_bytes());
            }
            _ => out.number_text(&n.to_string()),
        },
        Value::String(s) => {
            out.tag(STRING);
            out.text(s);
        }
        Value::Array(a) => {
            out.tag(ARRAY);
            out.count(a.len());
            a.iter().for_each(|v| encode(v, out));
        }
        Value::Object(o) => {
            out.tag(OBJECT);
            out.count(o.len());
            for (k, v) in o {
                out.key(k);
                encode(v, out);
            }
        }
    }
}

fn encoded(value: &Value) -> Vec<u8> {
    let mut out = Out::default();
    encode(value, &mut out);
    out.buffer()
}

/// The document of `bytes` as compact JSON (floats keep their `.0`, keys their order), or the error.
fn outcome(bytes: &[u8]) -> String {
    match Json::read_encoded(bytes, &Arena::new()) {
        Ok(doc) => serde_json::to_string(&doc.to_value()).expect("a document serializes"),
        Err(e) => format!("error: {e}"),
    }
}

/// The same document read from JSON text.
fn from_text(text: &str) -> String {
    serde_json::to_string(&Json::parse(text, &Arena::new()).expect("valid JSON").to_value())
        .expect("a document serializes")
}

fn nested(depth: usize) -> Value {
    (1..depth).fold(json!([]), |inner, _| json!([inner]))
}

#[test]
fn reads_the_document_the_json_text_of_the_same_values_gives() {
    let cases = [
        json!(null),
        json!([true, false, null, 0, 1, -1, 2147483647, -2147483648, 2147483648u64, -2147483649i64]),
        json!([9007199254740991u64, -9007199254740991i64, 9007199254740994u64, 18446744073709551615u64]),
        json!([0.1, 1e21, 1e300, -1.5e-7, 5e-324, 1.7976931348623157e308, 0.5]),
        json!(["", "plain", "quote \" and \\ and \n\t\u{0}", "é", "日本語", "😀 astral", "\u{2028}"]),
        json!({"": 1, "é": 2, "😀": {"z": [], "y": {}}, "b": "x", "a": [[], {}]}),
        json!({"subject": {"schema": "Person", "statements": {"Name": {"propertyType": "text", "value": ["Ada"]}}}, "context": {"isMain": true}}),
        nested(127),
    ];
    for value in cases {
        let text = serde_json::to_string(&value).unwrap();
        assert_eq!(outcome(&encoded(&value)), from_text(&text), "{text}");
    }
}

#[test]
fn a_number_text_has_the_value_the_text_reader_gives_it() {
    for text in [
        "1e+21",
        "1e21",
        "0.1",
        "-0",
        "0",
        "123456789012345678901234567890",
        "2.5e-308",
        "1E400",
        "-1e-400",
        "9007199254740993",
        "-5",
    ] {
        let mut out = Out::default();
        out.number_text(text);
        let bytes = out.buffer();
        let expected = match Json::parse(text, &Arena::new()) {
            Ok(_) => from_text(text),
            Err(_) => "error: malformed encoded JSON at byte 6: a number whose text is not a JSON number".to_owned(),
        };
        assert_eq!(outcome(&bytes), expected, "{text}");
    }
}

#[test]
fn integers_are_the_numbers_their_digits_give() {
    for (value, text) in [(0i64, "0"), (7, "7"), (-7, "-7"), (1 << 40, "1099511627776"), (-(1 << 40), "-1099511627776")]
    {
        let bytes = encoded(&json!(value));
        let doc_arena = Arena::new();
        let text_arena = Arena::new();
        assert_eq!(Json::read_encoded(&bytes, &doc_arena).unwrap(), Json::parse(text, &text_arena).unwrap(), "{text}");
    }
    // -0 as a safe integer is 0, as `JSON.stringify(-0)` writes it.
    assert_eq!(outcome(&buffer(&[&[SAFE_INTEGER][..], &(-0.0f64).to_le_bytes()].concat(), b"")), "0");
}

#[test]
fn a_malformed_buffer_is_refused_with_where_and_why() {
    let safe = |x: f64| buffer(&[&[SAFE_INTEGER][..], &x.to_le_bytes()].concat(), b"");
    let string = |declared: u64, strings: &[u8]| buffer(&[&[STRING][..], &leb128(declared)].concat(), strings);
    let number = |text: &str| {
        let mut out = Out::default();
        out.number_text(text);
        out.buffer()
    };
    let object = |members: &[(&str, u8)]| {
        let mut out = Out::default();
        out.tag(OBJECT);
        out.count(members.len());
        for (k, v) in members {
            out.key(k);
            out.tag(*v);
        }
        out.buffer()
    };
    // An object whose members' keys are these table indices, each defining key `k{index}` when it
    // is one past the table, each value null.
    let indexed = |indices: &[u8]| {
        let mut out = Out::default();
        out.tag(OBJECT);
        out.count(indices.len());
        for &index in indices {
            out.count(usize::from(index));
            if usize::from(index) == out.keys.len() {
                let key = format!("k{index}");
                out.keys.push(key.clone());
                out.text(&key);
            }
            out.tag(NULL);
        }
        out.buffer()
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![], "at byte 0: a structure longer than the buffer"),
        (vec![1, 0, 0], "at byte 0: a structure longer than the buffer"),
        (vec![2, 0, 0, 0, NULL], "at byte 0: a structure longer than the buffer"),
        (buffer(&[], b""), "at byte 4: a value past the end"),
        (buffer(&[9], b""), "at byte 4: an unknown tag"),
        (buffer(&[255], b""), "at byte 4: an unknown tag"),
        (buffer(&[NULL, NULL], b""), "at byte 5: bytes after the value"),
        (buffer(&[NULL], b"x"), "at byte 5: string bytes after the last string"),
        (string(1, b"ab"), "at byte 7: string bytes after the last string"),
        (buffer(&[INT32, 1, 2], b""), "at byte 5: a value past the end"),
        (buffer(&[STRING], b"a"), "at byte 5: a value past the end"),
        (buffer(&[STRING, 0x81], b"a"), "at byte 6: a value past the end"),
        (buffer(&[STRING, 0x80, 0x80, 0x80, 0x80, 0x10], b"a"), "at byte 10: a length beyond u32"),
        (buffer(&[STRING, 0x80, 0x80, 0x80, 0x80, 0x80, 0], b"a"), "at byte 10: a length longer than five bytes"),
        (string(5, b"a"), "at byte 6: a string past the end of the strings or ending inside a character"),
        (
            string(u64::from(u32::MAX), b"a"),
            "at byte 10: a string past the end of the strings or ending inside a character",
        ),
        (string(1, "é".as_bytes()), "at byte 6: a string past the end of the strings or ending inside a character"),
        (string(1, &[0xff]), "at byte 6: strings that are not UTF-8"),
        (string(3, &[0xed, 0xa0, 0x80]), "at byte 6: strings that are not UTF-8"),
        (string(2, &[b'a', 0xc3]), "at byte 7: strings that are not UTF-8"),
        (buffer(&[ARRAY, 2, NULL, STRING], b""), "at byte 8: a value past the end"),
        (buffer(&[ARRAY, 2, NULL], b""), "at byte 6: an array longer than the bytes left"),
        (buffer(&[ARRAY, 0xff, 0xff, 0xff, 0xff, 0x0f, NULL], b""), "at byte 10: an array longer than the bytes left"),
        (buffer(&[OBJECT, 2, 0, 1, NULL], b"a"), "at byte 6: an object longer than the bytes left"),
        (object(&[("a", NULL), ("b", NULL), ("a", TRUE)]), "at byte 13: an object with a key twice"),
        (object(&[("", NULL), ("", NULL)]), "at byte 10: an object with a key twice"),
        (indexed(&[0, 2]), "at byte 10: a key index past the table"),
        (indexed(&[1]), "at byte 7: a key index past the table"),
        (buffer(&[OBJECT, 2, 0, 1, NULL, 1, 1, NULL], b"aa"), "at byte 11: a key defined twice"),
        (buffer(&[ARRAY, 2, OBJECT, 1, 0, 1, NULL, OBJECT, 1, 1, 1, NULL], b"aa"), "at byte 15: a key defined twice"),
        (safe(0.5), "at byte 13: an integer that is not a safe integer"),
        (safe(9007199254740992.0), "at byte 13: an integer that is not a safe integer"),
        (safe(f64::NAN), "at byte 13: an integer that is not a safe integer"),
        (safe(f64::INFINITY), "at byte 13: an integer that is not a safe integer"),
        (number("NaN"), "at byte 6: a number whose text is not a JSON number"),
        (number("[1]"), "at byte 6: a number whose text is not a JSON number"),
        (number(" 1"), "at byte 6: a number whose text is not a JSON number"),
        (number(""), "at byte 6: a number whose text is not a JSON number"),
        (number("1-"), "at byte 6: a number whose text is not a JSON number"),
        (encoded(&nested(128)), "at byte 258: nesting deeper than the JSON reader allows"),
    ];
    for (bytes, expected) in cases {
        assert_eq!(outcome(&bytes), format!("error: malformed encoded JSON {expected}"), "{bytes:?}");
    }
}

/// Every object of `doc` holds each key once.
fn keys_once(doc: &Json) -> bool {
    match doc {
        Json::Array(a) => a.iter().all(keys_once),
        Json::Object(o) => {
            let mut keys: Vec<&str> = o.keys().collect();
            keys.sort_unstable();
            keys.windows(2).all(|w| w[0] != w[1]) && o.values().all(keys_once)
        }
        _ => true,
    }
}

/// Whether `bytes` were read; a document read holds each key once per object.
fn survives(bytes: &[u8]) -> bool {
    let arena = Arena::new();
    let read = Json::read_encoded(bytes, &arena);
    if let Ok(doc) = &read {
        assert!(keys_once(doc), "{bytes:?}");
    }
    read.is_ok()
}

#[test]
fn random_and_mutated_buffers_never_panic_nor_repeat_a_key() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let seeds = [
        json!({"subject": {"schema": "S", "label": "é", "statements": {"A": {"propertyType": "number", "value": [1, 0.5, -3]}}}, "context": {"k": [null, true]}}),
        json!([{"a": 1, "b": 2, "c": 3}, ["x", "😀"], 1e21, 9007199254740991u64]),
        nested(126),
    ];
    let mut read = [0, 0];
    for seed in &seeds {
        let bytes = encoded(seed);
        for end in 0..bytes.len() {
            survives(&bytes[..end]);
        }
        for _ in 0..20_000 {
            let mut mutated = bytes.clone();
            for _ in 0..1 + next() % 4 {
                let at = (next() % mutated.len() as u64) as usize;
                mutated[at] = match next() % 3 {
                    0 => (next() % 10) as u8,
                    1 => mutated[at].wrapping_add(1),
                    _ => next() as u8,
                };
            }
            read[usize::from(survives(&mutated))] += 1;
        }
    }
    for _ in 0..50_000 {
        let len = (next() % 64) as usize;
        let random: Vec<u8> =
            (0..len).map(|_| if next() % 2 == 0 { (next() % 10) as u8 } else { next() as u8 }).collect();
        read[usize::from(survives(&random))] += 1;
    }
    let [refused, accepted] = read;
    assert!(refused > 10_000 && accepted > 1_000, "{refused} refused, {accepted} read");
}
