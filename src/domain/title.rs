//! Page titles, normalized the way the wiki stores them.


use std::fmt;

pub const MAX_TITLE_BYTES: usize = 255;

/// A page title without namespace prefix, in its stored spelling: underscores become spaces, runs of
/// white space collapse, the ends are trimmed and the first letter is upper case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Title(String);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleError {
    pub input: String,
    pub reason: &'static str,
}

impl fmt::Display for TitleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid title \"{}\": {}", self.input, self.reason)
    }
}

impl std::error::Error for TitleError {}

impl Title {
    pub fn new(raw: &str) -> Result<Self, TitleError> {
        let err = |reason| TitleError { input: raw.chars().take(300).collect(), reason };
        let mut out = String::with_capacity(raw.len());
        for word in raw.split(|c: char| c == '_' || c.is_whitespace()).filter(|w| !w.is_empty()) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        if out.is_empty() {
            return Err(err("must not be empty"));
        }
        if let Some(c) = out.chars().find(|c| is_illegal(*c)) {
            return Err(err(if c.is_control() {
                "must not contain control characters"
            } else {
                "must not contain any of # < > [ ] | { }"
            }));
        }
        let mut chars = out.chars();
        let first = chars.next().unwrap_or_default();
        let title: String = first.to_uppercase().chain(chars).collect();
        if title.len() > MAX_TITLE_BYTES {
            return Err(err("must be at most 255 bytes long"));
        }
        Ok(Title(title))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The spelling used in URLs and IRIs: spaces as underscores.
    pub fn db_key(&self) -> String {
        self.0.replace(' ', "_")
    }
}

fn is_illegal(c: char) -> bool {
    c.is_control() || matches!(c, '#' | '<' | '>' | '[' | ']' | '|' | '{' | '}' | '\u{FFFD}')
}

crate::domain::text_value::text_value_object!(Title, Title::new);

#[cfg(test)]
mod tests {
    use super::Title;

    #[test]
    fn normalizes_like_the_wiki() {
        for (raw, want) in [
            ("person", "Person"),
            ("Person_name", "Person name"),
            ("  a__b  c ", "A b c"),
            ("élan", "Élan"),
            ("ǆ", "Ǆ"),
        ] {
            assert_eq!(Title::new(raw).unwrap().as_str(), want, "{raw}");
        }
    }

    #[test]
    fn rejects_what_cannot_be_a_title() {
        for raw in ["", " _ ", "a#b", "a|b", "x{y}", "tab\there\u{7}"] {
            assert!(Title::new(raw).is_err(), "{raw:?}");
        }
        assert!(Title::new(&"x".repeat(256)).is_err());
        assert!(Title::new(&"x".repeat(255)).is_ok());
    }
}
