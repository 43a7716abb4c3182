//! The IRI character rules shared by Mapping terms and the RDF projections.

/// Characters the spec calls illegal in an IRI: angle brackets, double quote, braces, pipe, caret,
/// backslash, backtick, space and control characters.
pub fn is_illegal_char(c: char) -> bool {
    c.is_control() || matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '^' | '\\' | '`' | ' ')
}

/// Whether `s` is an absolute IRI by RFC 3987 (scheme, then a well-formed rest).
///
/// The illegal-character list alone lets through IRIs that strict RDF parsers refuse
/// (`http://[x`, `a%zz`), so the full grammar is checked.
pub fn is_absolute_iri(s: &str) -> bool {
    oxiri::Iri::parse(s).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_characters() {
        for c in ['<', '>', '"', '{', '}', '|', '^', '\\', '`', ' ', '\n', '\u{0}', '\u{7f}', '\u{85}'] {
            assert!(is_illegal_char(c), "{c:?}");
        }
        for c in ['a', '#', '?', '/', '%', 'é', '[', '_'] {
            assert!(!is_illegal_char(c), "{c:?}");
        }
    }

    #[test]
    fn absolute_iris() {
        for ok in [
            "https://schema.org/name",
            "http://example.org/a#b",
            "http://ex.org/Bücher",
            "urn:isbn:1",
            "https://a.example:8080/p?q=1",
        ] {
            assert!(is_absolute_iri(ok), "{ok}");
        }
        for bad in ["", "acme.example", "/relative", "http://ex.org/a b", "http://[x", "http://ex.org/%zz", "1http://x"]
        {
            assert!(!is_absolute_iri(bad), "{bad}");
        }
    }
}
