//! Page titles, normalized the way the wiki stores them, and refused where MediaWiki refuses them.
//! This is the one title rule: the REST layer, page actions (`api.php`) and the hosts' imports all
//! reach it (hosts through the `normalizeTitle` export).

use std::fmt;
use std::sync::Arc;

pub const MAX_TITLE_BYTES: usize = 255;

/// A page title without namespace prefix, in its stored spelling: underscores become spaces, runs of
/// white space collapse, the ends are trimmed and the first letter is upper case. The text is shared,
/// so a clone (a Schema reference resolved for each Subject of a batch) allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Title(Arc<str>);

/// Why a text cannot be a title: `code` is MediaWiki's message key for the refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleError {
    pub input: String,
    pub code: &'static str,
    pub reason: &'static str,
}

impl fmt::Display for TitleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid title \"{}\": {}", self.input, self.reason)
    }
}

impl std::error::Error for TitleError {}

/// The texts `Title::new` accepts, as a regular expression (ECMA-262, for JSON Schema and OpenAPI):
/// not blank, no leading colon, no `.`/`..` segment, no `~~~`, `%XX` or HTML entity, none of the
/// refused characters. Lengths count bytes in the rule and characters here, so a title of more than
/// 255 bytes in fewer characters fits the pattern and is still refused.
pub const PATTERN: &str = concat!(
    r"^(?=.*[^\s_])(?![\s_]*:)(?![\s_]*\.\.?(?:/|[\s_]*$))(?!.*/\.\.?(?:/|[\s_]*$))(?!.*~~~)",
    r"(?!.*%[0-9A-Fa-f]{2})(?!.*&(?:[A-Za-z0-9]|[^\x00-\x7F])+;)",
    r"[^#<>\[\]|{}\x00-\x1F\x7F-\x9F\uFFFD\u200E\u200F\u202A-\u202E\u2066-\u2069]{1,255}$",
);

impl Title {
    pub fn new(raw: &str) -> Result<Self, TitleError> {
        let err = |code, reason| TitleError { input: raw.chars().take(300).collect(), code, reason };
        let mut out = String::with_capacity(raw.len());
        for word in raw.split(|c: char| c == '_' || c.is_whitespace()).filter(|w| !w.is_empty()) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        if out.is_empty() {
            return Err(err("title-invalid-empty", "must not be empty"));
        }
        if let Some(reason) = illegal(&out) {
            return Err(err("title-invalid-characters", reason));
        }
        if out.starts_with(':') {
            return Err(err("title-invalid-leading-colon", "must not start with a colon"));
        }
        if is_relative_path(&out) {
            return Err(err("title-invalid-relative", "must not be a relative path (\".\" or \"..\" segments)"));
        }
        // Most titles have no tilde: a byte search first spares them the substring searcher.
        if out.contains('~') && out.contains("~~~") {
            return Err(err(
                "title-invalid-magic-tilde",
                "must not contain three tildes (~~~), which a signature replaces",
            ));
        }
        let title = if out.as_bytes()[0].is_ascii() {
            out[..1].make_ascii_uppercase();
            out
        } else {
            let mut chars = out.chars();
            let first = chars.next().unwrap_or_default();
            first.to_uppercase().chain(chars).collect()
        };
        if title.len() > MAX_TITLE_BYTES {
            return Err(err("title-invalid-too-long", "must be at most 255 bytes long"));
        }
        Ok(Title(title.into()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The spelling used in URLs and IRIs: spaces as underscores.
    pub fn db_key(&self) -> String {
        self.0.replace(' ', "_")
    }
}

/// Why `text` holds a character MediaWiki does not allow in a title, if it does.
fn illegal(text: &str) -> Option<&'static str> {
    if let Some(c) =
        text.chars().find(|c| c.is_control() || matches!(c, '#' | '<' | '>' | '[' | ']' | '|' | '{' | '}' | '\u{FFFD}'))
    {
        return Some(if c.is_control() {
            "must not contain control characters"
        } else {
            "must not contain any of # < > [ ] | { }"
        });
    }
    if text.chars().any(is_direction_mark) {
        return Some(
            "must not contain direction marks or overrides (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069)",
        );
    }
    if has_percent_escape(text) {
        return Some("must not contain percent-encoded characters (%XX)");
    }
    if has_html_entity(text) {
        return Some("must not contain HTML entities (&name;)");
    }
    None
}

fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn has_percent_escape(text: &str) -> bool {
    text.as_bytes().windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// `&` followed by letters, digits or non-ASCII characters and `;`.
fn has_html_entity(text: &str) -> bool {
    text.match_indices('&').any(|(at, _)| {
        let rest = &text[at + 1..];
        let name_len: usize =
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || !c.is_ascii()).map(char::len_utf8).sum();
        name_len > 0 && rest[name_len..].starts_with(';')
    })
}

/// `.` or `..` as a whole path segment, as MediaWiki refuses: `.`, `..`, `./x`, `../x`, `x/./y`,
/// `x/../y`, `x/.`, `x/..`.
fn is_relative_path(text: &str) -> bool {
    text.split('/').enumerate().any(|(i, segment)| {
        let dots = segment == "." || segment == "..";
        dots && (i > 0 || text.len() == segment.len() || text[segment.len()..].starts_with('/'))
    })
}

crate::domain::text_value::text_value_object!(Title, Title::new);

#[cfg(test)]
mod tests {
    use super::Title;

    const VALID: &[(&str, &str)] = &[
        ("person", "Person"),
        ("Person_name", "Person name"),
        ("  a__b  c ", "A b c"),
        ("élan", "Élan"),
        ("ǆ", "Ǆ"),
        ("1.5 km", "1.5 km"),
        ("A.B./C", "A.B./C"),
        ("...", "..."),
        ("a/..b", "A/..b"),
        ("AT&T", "AT&T"),
        ("Tom & Jerry; the show", "Tom & Jerry; the show"),
        ("50% off", "50% off"),
        ("~~", "~~"),
        ("a:b", "A:b"),
    ];

    const INVALID: &[(&str, &str)] = &[
        ("", "title-invalid-empty"),
        (" _ ", "title-invalid-empty"),
        ("a#b", "title-invalid-characters"),
        ("a|b", "title-invalid-characters"),
        ("x{y}", "title-invalid-characters"),
        ("tab\there\u{7}", "title-invalid-characters"),
        ("x\u{FFFD}", "title-invalid-characters"),
        ("evil\u{202E}txt.exe", "title-invalid-characters"),
        ("a\u{200F}b", "title-invalid-characters"),
        ("a\u{2067}b", "title-invalid-characters"),
        ("100%25", "title-invalid-characters"),
        ("a&amp;b", "title-invalid-characters"),
        ("&#123;", "title-invalid-characters"),
        (":Main", "title-invalid-leading-colon"),
        (" : x", "title-invalid-leading-colon"),
        (".", "title-invalid-relative"),
        ("..", "title-invalid-relative"),
        ("./a", "title-invalid-relative"),
        ("../../etc/passwd", "title-invalid-relative"),
        ("a/../../b", "title-invalid-relative"),
        ("a/./b", "title-invalid-relative"),
        ("a/.", "title-invalid-relative"),
        ("a/..", "title-invalid-relative"),
        ("~~~", "title-invalid-magic-tilde"),
        ("Signed ~~~~", "title-invalid-magic-tilde"),
    ];

    #[test]
    fn the_pattern_agrees_with_the_rule() {
        let schema = serde_json::json!({"type": "string", "pattern": super::PATTERN});
        let validator = jsonschema::validator_for(&schema).unwrap();
        for (raw, _) in VALID {
            assert!(validator.is_valid(&serde_json::json!(raw)), "{raw:?} is a title");
        }
        for (raw, _) in INVALID {
            assert!(!validator.is_valid(&serde_json::json!(raw)), "{raw:?} is not a title");
        }
        assert!(!validator.is_valid(&serde_json::json!("x".repeat(256))));
    }

    #[test]
    fn normalizes_like_the_wiki() {
        for (raw, want) in VALID {
            assert_eq!(Title::new(raw).map(|t| t.as_str().to_owned()), Ok((*want).to_owned()), "{raw}");
        }
    }

    #[test]
    fn refuses_what_mediawiki_refuses() {
        for (raw, code) in INVALID {
            assert_eq!(Title::new(raw).map_err(|e| e.code), Err(*code), "{raw:?}");
        }
        assert_eq!(Title::new(&"x".repeat(256)).map_err(|e| e.code), Err("title-invalid-too-long"));
        assert!(Title::new(&"x".repeat(255)).is_ok());
        assert!(Title::new(&"é".repeat(128)).is_err(), "the limit counts UTF-8 bytes");
    }
}
