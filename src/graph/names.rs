//! Labels, relationship types and property keys that come from user-given names.

use std::borrow::Cow;

/// What a backtick in a user-given name becomes in the graph: FalkorDB cannot spell a backtick
/// inside a quoted name at all (neither doubled nor escaped), so it is replaced by the look-alike
/// U+02CB MODIFIER LETTER GRAVE ACCENT.
pub const BACKTICK_SUBSTITUTE: char = '\u{02CB}';

/// The graph's spelling of a user-given name. Backticks become [`BACKTICK_SUBSTITUTE`] and U+0000
/// (which would cut the query text short) becomes U+FFFD; every other character is kept.
pub fn graph_name(name: &str) -> Cow<'_, str> {
    if !name.contains(['`', '\0']) {
        return Cow::Borrowed(name);
    }
    name.chars()
        .map(|c| match c {
            '`' => BACKTICK_SUBSTITUTE,
            '\0' => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// The node or edge property key of a user-given property name (a Schema property, a relation-property
/// key): its [`graph_name`], with one more `_` in front when it starts with `_`. Strata's own keys
/// (`model::SUBJECT_ID` and the rest) start with exactly one `_` and a letter, so no property of a
/// Schema can take one of them.
pub fn property_key(name: &str) -> Cow<'_, str> {
    let key = graph_name(name);
    if key.starts_with('_') {
        Cow::Owned(format!("_{key}"))
    } else {
        key
    }
}

/// A name quoted for Cypher text: always in backticks, a backtick inside doubled (openCypher's rule).
/// Names from [`graph_name`] never contain a backtick, so the doubling only matters to other
/// Cypher dialects.
pub fn quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('`');
    for c in name.chars() {
        if c == '`' {
            out.push('`');
        }
        out.push(c);
    }
    out.push('`');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_and_graph_names() {
        let cases = [
            ("Person", "`Person`", "`Person`"),
            ("Call number", "`Call number`", "`Call number`"),
            ("a`b", "`a``b`", "`aˋb`"),
            ("``", "``````", "`ˋˋ`"),
            ("it's \"q\"", "`it's \"q\"`", "`it's \"q\"`"),
            ("line\nbreak", "`line\nbreak`", "`line\nbreak`"),
            ("Straße 😀", "`Straße 😀`", "`Straße 😀`"),
            ("back\\slash", "`back\\slash`", "`back\\slash`"),
            ("nul\0", "`nul\0`", "`nul\u{FFFD}`"),
            ("`) DETACH DELETE (n", "```) DETACH DELETE (n`", "`ˋ) DETACH DELETE (n`"),
        ];
        for (name, quoted, projected) in cases {
            assert_eq!(quote(name), quoted, "{name:?}");
            assert_eq!(quote(&graph_name(name)), projected, "{name:?}");
        }
    }

    #[test]
    fn property_keys_never_take_strata_own_keys() {
        let cases = [
            ("id", "id"),
            ("name", "name"),
            ("Born", "Born"),
            ("_id", "__id"),
            ("__x", "___x"),
            ("_", "__"),
            ("a_b", "a_b"),
            ("`_`", "ˋ_ˋ"),
        ];
        for (name, key) in cases {
            assert_eq!(property_key(name), key, "{name:?}");
        }
        for own in ["_id", "_name", "_schema", "_pageId", "_stub"] {
            assert!(
                ["id", "name", "schema", "pageId", "stub", "_id", "_name", "x"].iter().all(|n| property_key(n) != own),
                "{own}"
            );
        }
    }
}
