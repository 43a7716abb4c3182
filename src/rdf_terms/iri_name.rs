//! Names (properties, Schemas, relation types, relation-property keys, projections) as the local
//! part of an IRI.

use std::borrow::Cow;
use std::fmt::Write;

/// Spaces become underscores; characters that would make the IRI invalid or change its structure
/// are percent-encoded as UTF-8; everything else, non-ASCII included, stays raw.
///
/// Percent-encoded beyond the spec's illegal list (percent, `<>"{}|^\``, space-less controls):
/// `#` and `?` (they would start a fragment or query), `[` and `]` (allowed only in an IRI's host),
/// and non-ASCII characters outside RFC 3987's `ucschar` (private use, non-characters), which no
/// IRI path may hold. `/` stays raw. `My_name` and `My name` share one IRI; this is accepted.
pub fn encode_name(name: &str) -> Cow<'_, str> {
    if name.chars().all(|c| c != ' ' && keeps_raw(c)) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if c == ' ' {
            out.push('_');
        } else if keeps_raw(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    Cow::Owned(out)
}

fn keeps_raw(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/".contains(c)
    } else {
        is_ucschar(c)
    }
}

/// RFC 3987 `ucschar`: the non-ASCII characters an IRI path may hold unencoded.
fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
}

#[cfg(test)]
mod tests {
    use super::encode_name;

    #[test]
    fn encoding_rules() {
        let cases = [
            ("Founded at", "Founded_at"),
            ("Founded_at", "Founded_at"),
            ("already  two", "already__two"),
            ("100%", "100%25"),
            ("<a>", "%3Ca%3E"),
            ("say \"hi\"", "say_%22hi%22"),
            ("{x}", "%7Bx%7D"),
            ("a|b", "a%7Cb"),
            ("a^b", "a%5Eb"),
            ("a\\b", "a%5Cb"),
            ("a`b", "a%60b"),
            ("tab\there", "tab%09here"),
            ("nul\u{0}", "nul%00"),
            ("c1\u{85}", "c1%C2%85"),
            ("Größe", "Größe"),
            ("名前", "名前"),
            ("no\u{a0}break", "no\u{a0}break"),
            ("emoji 🎨", "emoji_🎨"),
            ("a#b", "a%23b"),
            ("a?b", "a%3Fb"),
            ("a/b", "a/b"),
            ("Size [cm]", "Size_%5Bcm%5D"),
            ("private\u{E000}", "private%EE%80%80"),
            ("nonchar\u{FFFE}", "nonchar%EF%BF%BE"),
            ("replacement\u{FFFD}", "replacement%EF%BF%BD"),
            ("ok-._~!$&'()*+,;=:@", "ok-._~!$&'()*+,;=:@"),
        ];
        for (name, want) in cases {
            assert_eq!(encode_name(name), want, "{name:?}");
        }
    }

    #[test]
    fn every_encoded_name_makes_a_valid_iri() {
        let names = ["a b", "%", "<>\"{}|^\\`", "#?[]", "\u{E000}\u{FFFE}", "x\u{1}\u{7f}", "Größe/名前"];
        for name in names {
            let iri = format!("https://wiki.example/prop/{}", encode_name(name));
            assert!(crate::domain::mapping::iri::is_absolute_iri(&iri), "{iri}");
        }
    }
}
