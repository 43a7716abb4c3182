//! Mapping terms: a class, predicate or datatype written as a CURIE or an absolute IRI.

use super::iri::{is_absolute_iri, is_illegal_char};
use indexmap::IndexMap;
use std::fmt;

/// Why a term or prefix namespace cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TermError {
    /// Neither `prefix:local` nor an IRI with `://`.
    NotATerm,
    UndeclaredPrefix(String),
    /// The expanded IRI would contain this illegal character.
    IllegalChar(char),
    /// The expanded IRI breaks the IRI grammar in another way.
    InvalidIri(String),
}

impl fmt::Display for TermError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TermError::NotATerm => f.write_str("must be a CURIE prefix:local or an absolute IRI with \"://\""),
            TermError::UndeclaredPrefix(p) => write!(
                f,
                "prefix \"{p}\" is not declared in \"prefixes\" (IRIs without \"://\", such as urn: and mailto:, are not supported)"
            ),
            TermError::IllegalChar(c) => write!(f, "would expand to an IRI containing the illegal character {c:?}"),
            TermError::InvalidIri(iri) => write!(f, "would expand to \"{iri}\", which is not a valid absolute IRI"),
        }
    }
}

/// Expands a term to the exact IRI it names; nothing is percent-encoded.
///
/// A term whose first colon is followed by `//` is an absolute IRI, even when its scheme is also a
/// declared prefix; any other `prefix:local` is a CURIE.
pub fn expand(term: &str, prefixes: &IndexMap<String, String>) -> Result<String, TermError> {
    match term.split_once(':') {
        Some((_, rest)) if rest.starts_with("//") => check_iri(term).map(|()| term.to_owned()),
        Some((prefix, local)) => {
            let ns = prefixes.get(prefix).ok_or_else(|| TermError::UndeclaredPrefix(prefix.to_owned()))?;
            let iri = format!("{ns}{local}");
            check_iri(&iri).map(|()| iri)
        }
        None => Err(TermError::NotATerm),
    }
}

/// A prefix namespace follows the rule of an absolute-IRI term.
pub fn check_namespace(ns: &str) -> Result<(), TermError> {
    match ns.split_once(':') {
        Some((_, rest)) if rest.starts_with("//") => check_iri(ns),
        _ => Err(TermError::NotATerm),
    }
}

fn check_iri(iri: &str) -> Result<(), TermError> {
    if let Some(c) = iri.chars().find(|c| is_illegal_char(*c)) {
        return Err(TermError::IllegalChar(c));
    }
    if !is_absolute_iri(iri) {
        return Err(TermError::InvalidIri(iri.to_owned()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefixes() -> IndexMap<String, String> {
        [("schema", "https://schema.org/"), ("bad", "http://ex.org/a b/"), ("http", "http://ignored.example/")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    #[test]
    fn term_rules() {
        use TermError::*;
        let cases: &[(&str, Result<&str, TermError>)] = &[
            ("schema:name", Ok("https://schema.org/name")),
            ("schema:", Ok("https://schema.org/")),
            ("https://schema.org/Person", Ok("https://schema.org/Person")),
            ("http://example.org/x", Ok("http://example.org/x")),
            ("schema:Bücher", Ok("https://schema.org/Bücher")),
            ("schema:a%20b", Ok("https://schema.org/a%20b")),
            ("name", Err(NotATerm)),
            ("", Err(NotATerm)),
            ("foaf:name", Err(UndeclaredPrefix("foaf".into()))),
            ("urn:isbn:123", Err(UndeclaredPrefix("urn".into()))),
            ("mailto:a@example.org", Err(UndeclaredPrefix("mailto".into()))),
            ("schema:a b", Err(IllegalChar(' '))),
            ("schema:<x>", Err(IllegalChar('<'))),
            ("schema:a\"b", Err(IllegalChar('"'))),
            ("schema:{x}", Err(IllegalChar('{'))),
            ("schema:a|b", Err(IllegalChar('|'))),
            ("schema:a^b", Err(IllegalChar('^'))),
            ("schema:a\\b", Err(IllegalChar('\\'))),
            ("schema:a`b", Err(IllegalChar('`'))),
            ("schema:a\tb", Err(IllegalChar('\t'))),
            ("bad:x", Err(IllegalChar(' '))),
            ("https://ex.org/a>b", Err(IllegalChar('>'))),
            ("schema:a%zz", Err(InvalidIri("https://schema.org/a%zz".into()))),
            ("1x://a", Err(InvalidIri("1x://a".into()))),
        ];
        for (term, want) in cases {
            assert_eq!(expand(term, &prefixes()).as_deref().map_err(Clone::clone), want.clone(), "{term}");
        }
    }

    #[test]
    fn namespace_rules() {
        assert_eq!(check_namespace("https://schema.org/"), Ok(()));
        assert_eq!(check_namespace("http://ex.org/a b/"), Err(TermError::IllegalChar(' ')));
        assert_eq!(check_namespace("urn:x:"), Err(TermError::NotATerm));
        assert_eq!(check_namespace("http://[x/"), Err(TermError::InvalidIri("http://[x/".into())));
    }
}
