//! `LanguageTag`: a BCP 47 language tag of a monolingual text, checked when built.

use bumpalo::Bump;
use serde::{Serialize, Serializer};
use std::fmt;

/// A language tag matching `^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`, held in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LanguageTag(String);

impl LanguageTag {
    pub fn parse(s: &str) -> Option<Self> {
        is_valid(s).then(|| LanguageTag(s.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// This tag borrowed, as a normalized view holds it.
    pub fn view(&self) -> LanguageTagRef<'_> {
        LanguageTagRef(&self.0)
    }
}

/// A [`LanguageTag`] borrowed: checked when built and held in lower case, so the owned tag is a copy
/// of its text with nothing checked again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LanguageTagRef<'a>(&'a str);

impl<'a> LanguageTagRef<'a> {
    /// `s` checked; lower-cased into `arena` when it holds an upper-case letter, else borrowed.
    pub fn parse_in(s: &'a str, arena: &'a Bump) -> Option<Self> {
        if !is_valid(s) {
            return None;
        }
        Some(LanguageTagRef(if s.bytes().any(|b| b.is_ascii_uppercase()) {
            arena.alloc_str(&s.to_ascii_lowercase())
        } else {
            s
        }))
    }

    pub fn as_str(self) -> &'a str {
        self.0
    }

    pub fn into_owned(self) -> LanguageTag {
        LanguageTag(self.0.to_owned())
    }
}

/// One pass over the bytes: subtags of 1 to 8, the first letters only, the others letters and digits.
pub fn is_valid(s: &str) -> bool {
    let (mut len, mut first) = (0, true);
    for b in s.bytes() {
        if b == b'-' {
            if len == 0 {
                return false;
            }
            (len, first) = (0, false);
        } else if b.is_ascii_alphabetic() || (!first && b.is_ascii_digit()) {
            len += 1;
            if len > 8 {
                return false;
            }
        } else {
            return false;
        }
    }
    len > 0
}

impl fmt::Display for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for LanguageTag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        for ok in ["en", "EN", "de-CH", "zh-Hant-TW", "abcdefgh", "x-1a2b3c4d", "a-1", "en-12345678", "a-b-c-d"] {
            assert!(is_valid(ok), "{ok}");
        }
        for bad in
            ["", "-", "-en", "en-", "abcdefghi", "en--us", "1en", "e1", "en_us", "en-abcdefghi", "é", "en-é", "en-US-"]
        {
            assert!(!is_valid(bad), "{bad}");
        }
        assert_eq!(LanguageTag::parse("de-CH").unwrap().as_str(), "de-ch");
    }

    /// The borrowed tag accepts and lower-cases as the owned one does, and its owned copy is that tag.
    #[test]
    fn borrowed_as_owned() {
        let arena = Bump::new();
        for s in ["en", "EN", "de-CH", "zh-Hant-TW", "x-1a2b3c4d", "", "en--us", "1en", "é"] {
            let borrowed = LanguageTagRef::parse_in(s, &arena);
            assert_eq!(borrowed.map(LanguageTagRef::into_owned), LanguageTag::parse(s), "{s}");
            assert_eq!(
                borrowed.map(LanguageTagRef::as_str),
                LanguageTag::parse(s).as_ref().map(LanguageTag::as_str),
                "{s}"
            );
        }
        let lower = "de-ch";
        assert!(
            std::ptr::eq(LanguageTagRef::parse_in(lower, &arena).unwrap().as_str(), lower),
            "a lower-case tag is borrowed"
        );
    }
}
