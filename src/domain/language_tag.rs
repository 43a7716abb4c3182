//! `LanguageTag`: a BCP 47 language tag of a monolingual text, checked when built.

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
}

pub fn is_valid(s: &str) -> bool {
    let mut parts = s.split('-');
    let first = parts.next().unwrap_or_default();
    let len_ok = |p: &str| (1..=8).contains(&p.len());
    len_ok(first)
        && first.bytes().all(|c| c.is_ascii_alphabetic())
        && parts.all(|p| len_ok(p) && p.bytes().all(|c| c.is_ascii_alphanumeric()))
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
        for ok in ["en", "EN", "de-CH", "zh-Hant-TW", "abcdefgh", "x-1a2b3c4d"] {
            assert!(is_valid(ok), "{ok}");
        }
        for bad in ["", "-en", "en-", "abcdefghi", "en--us", "1en", "en_us", "en-abcdefghi", "é"] {
            assert!(!is_valid(bad), "{bad}");
        }
        assert_eq!(LanguageTag::parse("de-CH").unwrap().as_str(), "de-ch");
    }
}
