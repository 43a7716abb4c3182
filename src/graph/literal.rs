//! Cypher literals for FalkorDB's parameter header (`CYPHER name=value ... <query>`).
//!
//! FalkorDB takes parameters over the Redis protocol only as literals in that header, so every value
//! is written here, and nowhere else. What FalkorDB's header parser accepts was checked against the
//! server: strings in single quotes with `\\`, `\'`, `\n`, `\r`, `\t` escapes (it has no `\u`
//! escapes, so other characters go in raw), map keys in backticks, and parameter names that are
//! plain ASCII identifiers. U+0000 ends the query text early, so it cannot be sent at all.

use crate::graph_values::param::Param;
use serde_json::{Map, Number, Value};
use std::fmt::{self, Write};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiteralError {
    /// A string or map key contains U+0000.
    NulCharacter,
    /// A map key contains a backtick, which FalkorDB cannot spell in a key.
    BacktickInKey(String),
    /// A parameter name is not an ASCII identifier.
    InvalidParameterName(String),
}

impl fmt::Display for LiteralError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LiteralError::NulCharacter => f.write_str("a parameter value contains the character U+0000"),
            LiteralError::BacktickInKey(k) => write!(f, "the map key \"{k}\" contains a backtick"),
            LiteralError::InvalidParameterName(n) => {
                write!(f, "the parameter name \"{n}\" is not a letter or _ followed by letters, digits or _")
            }
        }
    }
}

impl std::error::Error for LiteralError {}

/// Whether `name` can be a parameter name: an ASCII letter or `_`, then ASCII letters, digits, `_`.
pub fn is_parameter_name(name: &str) -> bool {
    let mut b = name.bytes();
    matches!(b.next(), Some(c) if c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The `CYPHER a=1 b='x' ` header for `params` (empty when there are none), ending in a space.
pub fn parameter_header<'p, K: AsRef<str> + 'p>(
    params: impl IntoIterator<Item = &'p (K, Param<'p>)>,
) -> Result<String, LiteralError> {
    let mut out = String::new();
    for (name, value) in params {
        let name = name.as_ref();
        if !is_parameter_name(name) {
            return Err(LiteralError::InvalidParameterName(name.chars().take(100).collect()));
        }
        if out.is_empty() {
            out.push_str("CYPHER ");
        }
        out.push_str(name);
        out.push('=');
        write_literal(&mut out, value)?;
        out.push(' ');
    }
    Ok(out)
}

/// The header of parameters given as JSON (a caller's query).
pub fn json_parameter_header(params: &Map<String, Value>) -> Result<String, LiteralError> {
    let params: Vec<(&str, Param)> = params.iter().map(|(k, v)| (k.as_str(), Param::from(v))).collect();
    parameter_header(&params)
}

/// Appends `value` as a Cypher literal.
pub fn write_literal(out: &mut String, value: &Param) -> Result<(), LiteralError> {
    match value {
        Param::Null => out.push_str("null"),
        Param::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Param::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Param::Number(n) => write_number(out, n),
        Param::Text(s) => write_string(out, s)?,
        Param::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_literal(out, item)?;
            }
            out.push(']');
        }
        Param::Map(entries) => {
            out.push('{');
            for (i, (key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if key.contains('`') {
                    return Err(LiteralError::BacktickInKey(key.chars().take(100).collect()));
                }
                if key.contains('\0') {
                    return Err(LiteralError::NulCharacter);
                }
                out.push('`');
                out.push_str(key);
                out.push_str("`: ");
                write_literal(out, item)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

/// Integers that fit 64 bits stay integers; larger ones and fractions are written as floats in
/// Rust's shortest round-trip form, which always carries a `.` or an exponent.
fn write_number(out: &mut String, n: &Number) {
    if let Some(i) = n.as_i64() {
        let _ = write!(out, "{i}");
    } else {
        let f = n.as_f64().unwrap_or(f64::NAN);
        let _ = write!(out, "{f:?}");
    }
}

/// The characters to escape are ASCII, so the text is copied in runs between them.
fn write_string(out: &mut String, s: &str) -> Result<(), LiteralError> {
    out.push('\'');
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            0 => return Err(LiteralError::NulCharacter),
            b'\\' => "\\\\",
            b'\'' => "\\'",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        out.push_str(escape);
        run = i + 1;
    }
    out.push_str(&s[run..]);
    out.push('\'');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lit(v: Value) -> Result<String, LiteralError> {
        let mut s = String::new();
        write_literal(&mut s, &Param::from(&v)).map(|_| s)
    }

    #[test]
    fn literals() {
        let cases = [
            (json!(null), "null"),
            (json!(true), "true"),
            (json!(-42), "-42"),
            (json!(i64::MIN), "-9223372036854775808"),
            (json!(u64::MAX), "1.8446744073709552e19"),
            (json!(1.0), "1.0"),
            (json!(0.1), "0.1"),
            (json!(1e300), "1e300"),
            (json!(-1e-7), "-1e-7"),
            (json!("plain"), "'plain'"),
            (json!("it's"), r"'it\'s'"),
            (json!(r"back\slash\"), r"'back\\slash\\'"),
            (json!("x\\'"), r"'x\\\''"),
            (json!("\"dq\""), "'\"dq\"'"),
            (json!("a\nb\rc\td"), r"'a\nb\rc\td'"),
            (json!("é😀\u{2028}"), "'é😀\u{2028}'"),
            (json!("\\u0041"), r"'\\u0041'"),
            (json!("') RETURN 1 //"), r"'\') RETURN 1 //'"),
            (json!([1, "a", null, [true]]), "[1, 'a', null, [true]]"),
            (json!({"Call number": 1, "k:v}": "}"}), "{`Call number`: 1, `k:v}`: '}'}"),
            (json!({}), "{}"),
            (json!([]), "[]"),
        ];
        for (value, want) in cases {
            assert_eq!(lit(value.clone()).as_deref(), Ok(want), "{value}");
        }
    }

    #[test]
    fn what_falkordb_cannot_take_is_refused() {
        assert_eq!(lit(json!("a\0b")), Err(LiteralError::NulCharacter));
        assert_eq!(lit(json!(["ok", {"k": "\0"}])), Err(LiteralError::NulCharacter));
        assert_eq!(lit(json!({"a\0": 1})), Err(LiteralError::NulCharacter));
        assert_eq!(lit(json!({"a`b": 1})), Err(LiteralError::BacktickInKey("a`b".into())));
    }

    #[test]
    fn parameter_names() {
        for ok in ["a", "_", "_a1", "subjectId", "A_B_9"] {
            assert!(is_parameter_name(ok), "{ok}");
        }
        for bad in ["", "1a", "a b", "é", "a-b", "a=1", "`a`", "a\0"] {
            assert!(!is_parameter_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn header() {
        let params = json!({"id": "s1", "n": 2}).as_object().cloned().unwrap_or_default();
        assert_eq!(json_parameter_header(&params).unwrap(), "CYPHER id='s1' n=2 ");
        assert_eq!(json_parameter_header(&Map::new()).unwrap(), "");
        let bad = json!({"x y": 1}).as_object().cloned().unwrap_or_default();
        assert_eq!(json_parameter_header(&bad), Err(LiteralError::InvalidParameterName("x y".into())));
    }
}
