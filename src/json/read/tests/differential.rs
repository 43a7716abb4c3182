//! Differential test: many generated texts, valid and broken, each parsed by the reader and by
//! `serde_json`; the documents (with key order and float bits) or the error messages and positions
//! must be the same. The generator is a fixed-seed xorshift, so a failure repeats; no crate needed.

use super::{outcome, reference};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const KEYS: &[&str] = &["a", "b", "schema", "label", "statements", "k\\u0061", "\\n", ""];
const WHITESPACE: &[&str] = &["", "", "", " ", "\n", "\t ", "\r\n  "];
const STRING_PIECES: &[&str] = &[
    "a",
    "Zürich",
    "✓",
    "😀",
    " ",
    "\\\"",
    "\\\\",
    "\\/",
    "\\b",
    "\\f",
    "\\n",
    "\\r",
    "\\t",
    "\\u00e9",
    "\\u0000",
    "\\uD83D\\uDE00",
    "\\udbff\\udfff",
    "\\u20AC",
    "\u{7f}",
    "~~~",
];
const BROKEN_PIECES: &[&str] = &["\\ud800", "\\udc00", "\\x", "\\u12", "\u{1}", "\\ud800\\u0041", "\\ud800\\n"];
const NOISE: &[u8] = b"[]{},:\"\\-+.eE0123456789 \ntfnulx\x01";

fn whitespace(rng: &mut Rng, out: &mut String) {
    out.push_str(rng.pick(WHITESPACE));
}

/// Up to `usual` digits, one time in ten up to `rare`.
fn digits(rng: &mut Rng, out: &mut String, usual: usize, rare: usize) {
    let max = if rng.below(10) == 0 { rare } else { usual };
    let n = 1 + rng.below(max);
    for _ in 0..n {
        out.push(char::from(b'0' + rng.below(10) as u8));
    }
}

fn number(rng: &mut Rng, out: &mut String) {
    if rng.below(2) == 0 {
        out.push('-');
    }
    match rng.below(10) {
        0 => out.push('0'),
        1 => {
            out.push('1');
            digits(rng, out, 25, 800);
        }
        _ => {
            out.push(char::from(b'1' + rng.below(9) as u8));
            if rng.below(2) == 0 {
                digits(rng, out, 19, 19);
            }
        }
    }
    if rng.below(3) == 0 {
        out.push('.');
        digits(rng, out, 20, 400);
    }
    if rng.below(4) == 0 {
        out.push(rng.pick(&['e', 'E']));
        out.push_str(rng.pick(&["", "+", "-"]));
        digits(rng, out, 3, 12);
    }
}

fn string(rng: &mut Rng, out: &mut String, broken: bool) {
    out.push('"');
    for _ in 0..rng.below(8) {
        if broken && rng.below(10) == 0 {
            out.push_str(rng.pick(BROKEN_PIECES));
        } else {
            out.push_str(rng.pick(STRING_PIECES));
        }
    }
    out.push('"');
}

fn value(rng: &mut Rng, out: &mut String, depth: usize, broken: bool) {
    whitespace(rng, out);
    let kinds = if depth > 5 { 5 } else { 7 };
    match rng.below(kinds) {
        0 => out.push_str(rng.pick(&["null", "true", "false"])),
        1 | 2 => number(rng, out),
        3 | 4 => string(rng, out, broken),
        5 => {
            out.push('[');
            for i in 0..rng.below(5) {
                if i > 0 {
                    out.push(',');
                }
                value(rng, out, depth + 1, broken);
            }
            whitespace(rng, out);
            out.push(']');
        }
        _ => {
            out.push('{');
            for i in 0..rng.below(6) {
                if i > 0 {
                    out.push(',');
                }
                whitespace(rng, out);
                out.push('"');
                out.push_str(rng.pick(KEYS));
                out.push('"');
                whitespace(rng, out);
                out.push(':');
                value(rng, out, depth + 1, broken);
            }
            whitespace(rng, out);
            out.push('}');
        }
    }
    whitespace(rng, out);
}

/// A byte-level change: delete, insert or replace a byte, or cut the text; kept on char boundaries.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = rng.below(bytes.len() + 1);
    match rng.below(4) {
        0 if at < bytes.len() => {
            bytes.remove(at);
        }
        1 => bytes.insert(at, rng.pick(NOISE)),
        2 if at < bytes.len() => bytes[at] = rng.pick(NOISE),
        _ => bytes.truncate(at),
    }
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[test]
fn generated_texts_parse_as_serde_json_parses_them() {
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let (mut valid, mut invalid) = (0, 0);
    for round in 0..30_000 {
        let mut text = String::new();
        value(&mut rng, &mut text, 0, round % 4 == 0);
        let once = mutate(&mut rng, &text);
        let twice = mutate(&mut rng, &once);
        let texts = [text, once, twice];
        for text in &texts {
            let ours = outcome(text);
            assert_eq!(ours, reference(text), "text: {text:?}");
            if ours.starts_with("error: ") {
                invalid += 1;
            } else {
                valid += 1;
            }
        }
    }
    assert!(valid > 20_000 && invalid > 20_000, "the generator covers both sides: {valid} valid, {invalid} invalid");
}
