//! The row bound of the Cypher endpoint: every `RETURN` that ends a statement (each part of a
//! `UNION`) gets `LIMIT rows`, or has its own `LIMIT` lowered to `rows`, so the graph store itself
//! stops after the tier's row cap plus one row and never builds or sends a larger result.
//!
//! A part without a `RETURN` at the top level is a bare catalog procedure call (the only other
//! statement the guard lets through), whose answer is bounded by the size of the catalog.

use super::lexer::{self, Token};
use serde_json::{Map, Value};
use std::fmt;

/// Why a query's own `LIMIT` cannot be bounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LimitError {
    /// `LIMIT` is followed by something other than an integer or a `$parameter` holding one.
    NotAnInteger,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::NotAnInteger => f.write_str("LIMIT takes a non-negative integer or a $parameter holding one"),
        }
    }
}

impl std::error::Error for LimitError {}

/// One text replacement: the bytes `start..end` become `text`.
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// `cypher` (accepted by the guard) with every final `RETURN` bounded to `rows` rows. `parameters`
/// resolve a `LIMIT $name`.
pub fn bound_rows(cypher: &str, rows: u64, parameters: &Map<String, Value>) -> Result<String, LimitError> {
    let tokens = lexer::tokens(cypher).map_err(|_| LimitError::NotAnInteger)?;
    let offset = |s: &str| s.as_ptr() as usize - cypher.as_ptr() as usize;
    let mut edits = Vec::new();
    let mut depth = 0usize;
    // The last top-level RETURN of the current part, and the LIMIT after it.
    let mut returned = false;
    let mut limit_at: Option<usize> = None;
    let finish =
        |returned: bool, limit_at: Option<usize>, end: usize, edits: &mut Vec<Edit>| -> Result<(), LimitError> {
            match (returned, limit_at) {
                (false, _) => Ok(()),
                (true, None) => {
                    edits.push(Edit { start: end, end, text: format!("\nLIMIT {rows}\n") });
                    Ok(())
                }
                (true, Some(i)) => lower(cypher, &tokens[i + 1..], rows, parameters, &offset).map(|e| edits.extend(e)),
            }
        };
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') => depth = depth.saturating_sub(1),
            Token::Word(w) if depth == 0 => {
                // `n.limit` and `AS limit` name things; they are not clauses.
                let after_dot_or_as = i.checked_sub(1).is_some_and(|p| match &tokens[p] {
                    Token::Punct('.') => true,
                    Token::Word(p) => p.eq_ignore_ascii_case("AS"),
                    _ => false,
                });
                if w.eq_ignore_ascii_case("RETURN") {
                    returned = true;
                    limit_at = None;
                } else if w.eq_ignore_ascii_case("LIMIT") && returned && !after_dot_or_as {
                    limit_at = Some(i);
                } else if w.eq_ignore_ascii_case("UNION") && !after_dot_or_as {
                    finish(returned, limit_at, offset(w), &mut edits)?;
                    returned = false;
                    limit_at = None;
                }
            }
            _ => {}
        }
    }
    finish(returned, limit_at, cypher.len(), &mut edits)?;
    let mut out = cypher.to_owned();
    for edit in edits.iter().rev() {
        out.replace_range(edit.start..edit.end, &edit.text);
    }
    Ok(out)
}

/// The edit that lowers the argument of a `LIMIT` (the tokens after it) to at most `rows`.
fn lower(
    cypher: &str,
    argument: &[Token],
    rows: u64,
    parameters: &Map<String, Value>,
    offset: &dyn Fn(&str) -> usize,
) -> Result<Vec<Edit>, LimitError> {
    let (value, start, end) = match argument.first() {
        Some(Token::Word(w)) => {
            (w.parse::<u64>().map_err(|_| LimitError::NotAnInteger)?, offset(w), offset(w) + w.len())
        }
        Some(Token::Param(p)) => {
            let value = parameters.get(*p).and_then(Value::as_u64).ok_or(LimitError::NotAnInteger)?;
            let quoted = cypher[..offset(p)].ends_with("$`");
            let start = offset(p) - if quoted { 2 } else { 1 };
            (value, start, offset(p) + p.len() + usize::from(quoted))
        }
        _ => return Err(LimitError::NotAnInteger),
    };
    if argument.len() > 1 {
        return Err(LimitError::NotAnInteger);
    }
    Ok(if value > rows { vec![Edit { start, end, text: rows.to_string() }] } else { Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bound_table() {
        let params = json!({"few": 3, "many": 100000, "text": "x"}).as_object().cloned().unwrap_or_default();
        let cases: &[(&str, Result<&str, LimitError>)] = &[
            ("MATCH (n) RETURN n", Ok("MATCH (n) RETURN n\nLIMIT 11\n")),
            ("MATCH (n) RETURN n // note", Ok("MATCH (n) RETURN n // note\nLIMIT 11\n")),
            ("MATCH (n) RETURN n ORDER BY n.x SKIP 2", Ok("MATCH (n) RETURN n ORDER BY n.x SKIP 2\nLIMIT 11\n")),
            ("MATCH (n) RETURN n LIMIT 5", Ok("MATCH (n) RETURN n LIMIT 5")),
            ("MATCH (n) RETURN n limit 500", Ok("MATCH (n) RETURN n limit 11")),
            ("MATCH (n) RETURN n LIMIT $few", Ok("MATCH (n) RETURN n LIMIT $few")),
            ("MATCH (n) RETURN n LIMIT $many", Ok("MATCH (n) RETURN n LIMIT 11")),
            ("MATCH (n) RETURN n LIMIT $`many`", Ok("MATCH (n) RETURN n LIMIT 11")),
            ("RETURN 1 AS x UNION RETURN 2 AS x", Ok("RETURN 1 AS x \nLIMIT 11\nUNION RETURN 2 AS x\nLIMIT 11\n")),
            (
                "MATCH (n) WITH n LIMIT 99 RETURN n.limit AS limit",
                Ok("MATCH (n) WITH n LIMIT 99 RETURN n.limit AS limit\nLIMIT 11\n"),
            ),
            (
                "MATCH (n) CALL { WITH n RETURN n.id AS i LIMIT 50 } RETURN i",
                Ok("MATCH (n) CALL { WITH n RETURN n.id AS i LIMIT 50 } RETURN i\nLIMIT 11\n"),
            ),
            (
                "UNWIND range(1, 20000000) AS x RETURN x, 'LIMIT 1' AS y",
                Ok("UNWIND range(1, 20000000) AS x RETURN x, 'LIMIT 1' AS y\nLIMIT 11\n"),
            ),
            ("CALL db.labels()", Ok("CALL db.labels()")),
            ("MATCH (n) RETURN n LIMIT $text", Err(LimitError::NotAnInteger)),
            ("MATCH (n) RETURN n LIMIT $absent", Err(LimitError::NotAnInteger)),
            ("MATCH (n) RETURN n LIMIT 1 + 2", Err(LimitError::NotAnInteger)),
            ("MATCH (n) RETURN n LIMIT -1", Err(LimitError::NotAnInteger)),
        ];
        for (query, want) in cases {
            assert_eq!(bound_rows(query, 11, &params).as_deref().map_err(Clone::clone), want.clone(), "{query}");
        }
    }
}
