//! The words of the core, declared once: every message the renderers put into HTML and every reason a
//! Schema is refused, by key, with its English text (`$1`, `$2`, ... for parameters) and a line that
//! documents it for translators. Hosts translate the keys (MediaWiki through its own i18n, whose
//! `mediawiki/i18n/en.json` and `qqq.json` a test compares with this table; the reference host serves
//! the English) and hand a request's words to the core as [`Words`]. docs/i18n.md.

mod table;

use serde_json::{Map, Value};
pub use table::TABLE;

/// One message of the core's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub english: &'static str,
    /// What the message is and what its parameters are, for translators (MediaWiki's qqq.json).
    pub doc: &'static str,
}

/// The English text of a key of the table.
pub fn english(key: &str) -> Option<&'static str> {
    TABLE.iter().find(|m| m.key == key).map(|m| m.english)
}

/// The words of one request: the host's texts by key (its translation into the reader's language),
/// the keys themselves in parentheses (`qqx`, as MediaWiki's `uselang=qqx`), or the table's English.
/// A key the host did not give falls back to the English.
#[derive(Debug, Clone, Default)]
pub enum Words {
    #[default]
    English,
    Keys,
    Host(Map<String, Value>),
}

impl Words {
    /// The `messages` of a request: an object of texts by key, the string `"qqx"`, or absent (English).
    pub fn from_json(v: Option<&Value>) -> Words {
        match v {
            Some(Value::Object(texts)) => Words::Host(texts.clone()),
            Some(Value::String(s)) if s == "qqx" => Words::Keys,
            _ => Words::English,
        }
    }

    /// The text of `key` with its parameters put in for `$1`, `$2`, ... (not escaped: the caller
    /// escapes the result for HTML).
    pub fn text(&self, key: &str, params: &[&str]) -> String {
        let template = match self {
            Words::Keys if params.is_empty() => return format!("({key})"),
            Words::Keys => return format!("({key}: {})", params.join(", ")),
            Words::Host(texts) => texts.get(key).and_then(Value::as_str).or_else(|| english(key)),
            Words::English => english(key),
        };
        match template {
            Some(t) => fill(t, params),
            None => format!("⧼{key}⧽"),
        }
    }
}

/// `$1`, `$2`, ... of `template` replaced by the parameters; a `$n` without a parameter is kept.
pub fn fill(template: &str, params: &[&str]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
        let n: usize = rest[at + 1..at + 1 + digits].parse().unwrap_or(0);
        match params.get(n.wrapping_sub(1)) {
            Some(p) if n > 0 => out.push_str(p),
            _ => out.push_str(&rest[at..at + 1 + digits]),
        }
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_unique_prefixed_and_documented() {
        let mut seen = std::collections::BTreeSet::new();
        for m in TABLE {
            assert!(seen.insert(m.key), "{} twice", m.key);
            assert!(m.key.starts_with("strata-"), "{}", m.key);
            assert!(!m.english.is_empty() && !m.doc.is_empty(), "{}", m.key);
        }
    }

    #[test]
    fn words_come_from_the_host_then_the_english() {
        let cases = [
            (Words::English, "strata-yes", vec![], "Yes"),
            (Words::Keys, "strata-yes", vec![], "(strata-yes)"),
            (Words::Keys, "strata-source-unavailable", vec!["alpha"], "(strata-source-unavailable: alpha)"),
            (Words::from_json(Some(&json!({"strata-yes": "Ja"}))), "strata-yes", vec![], "Ja"),
            (Words::from_json(Some(&json!({"strata-yes": "Ja"}))), "strata-no", vec![], "No"),
            (Words::from_json(Some(&json!("qqx"))), "strata-no", vec![], "(strata-no)"),
            (Words::English, "strata-source-unavailable", vec!["alpha"], "The source alpha is unavailable"),
            (Words::English, "strata-no-such-key", vec![], "⧼strata-no-such-key⧽"),
        ];
        for (words, key, params, want) in cases {
            assert_eq!(words.text(key, &params), want, "{key} in {words:?}");
        }
    }

    #[test]
    fn parameters_fill_their_places() {
        assert_eq!(fill("$2 of $1, $3 and $$1", &["a", "b"]), "b of a, $3 and $a");
        assert_eq!(fill("$10 $0", &["x"]), "$10 $0");
    }
}
