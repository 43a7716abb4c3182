//! The read-only guard of the Cypher endpoint: refuses write clauses, procedure calls outside an
//! allow-list, several statements, and escape tricks, and lists the `$parameters` a query uses.
//! The endpoint then runs the query with `GRAPH.RO_QUERY` as a second line of defence, bounded to
//! the tier's row cap plus one row by [`bound_rows`].

mod lexer;
mod limit;

use lexer::Token;
pub use limit::{bound_rows, LimitError};
use std::collections::BTreeSet;
use std::fmt;

/// Clause keywords that write, matched case-insensitively as whole words.
pub const WRITE_KEYWORDS: [&str; 9] =
    ["CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "FOREACH", "LOAD"];

/// Procedures a query may `CALL`: read-only catalog procedures.
pub const ALLOWED_PROCEDURES: [&str; 4] = ["db.labels", "db.relationshipTypes", "db.propertyKeys", "db.indexes"];

/// Why a query is not accepted as one read-only statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    WriteClause(String),
    ProcedureNotAllowed(String),
    MultipleStatements,
    /// A query may not bring its own `CYPHER name=value` header; parameters go in `parameters`.
    ParameterHeader,
    Unterminated(&'static str),
    DoubledBacktick,
    EscapeOutsideString,
    UnicodeEscape,
    NulCharacter,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::WriteClause(k) => write!(f, "the query contains the write keyword {k}; only reads are allowed"),
            Refusal::ProcedureNotAllowed(p) => {
                write!(f, "CALL of \"{p}\" is not allowed; callable procedures: {}", ALLOWED_PROCEDURES.join(", "))
            }
            Refusal::MultipleStatements => f.write_str("only one statement is allowed; remove the text after ';'"),
            Refusal::ParameterHeader => f.write_str("pass parameters in \"parameters\", not in a CYPHER header"),
            Refusal::Unterminated(what) => write!(f, "the query ends inside a {what}"),
            Refusal::DoubledBacktick => f.write_str("a quoted name may not contain a backtick"),
            Refusal::EscapeOutsideString => f.write_str("a backslash may appear only inside a string literal"),
            Refusal::UnicodeEscape => f.write_str("\\u escapes are not allowed; write the character itself"),
            Refusal::NulCharacter => f.write_str("the query contains the character U+0000"),
        }
    }
}

impl std::error::Error for Refusal {}

/// A query the guard accepted, with the parameter names it references.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadQuery {
    /// The text to run: the query without a final `;`, which FalkorDB refuses, and with each comment
    /// replaced by a space: FalkorDB's parser aborts the whole server on a `.` followed by a
    /// comment (`RETURN n . //⏎MATCH (n)`, found by `tests/generated_inputs.rs`), and a comment is
    /// white space to Cypher.
    pub cypher: String,
    pub parameters: BTreeSet<String>,
}

impl ReadQuery {
    /// Referenced parameters that `given` lacks, in name order.
    pub fn missing_parameters<'a>(&'a self, given: &serde_json::Map<String, serde_json::Value>) -> Vec<&'a str> {
        self.parameters.iter().filter(|p| !given.contains_key(*p)).map(String::as_str).collect()
    }
}

pub fn check_read_only(cypher: &str) -> Result<ReadQuery, Refusal> {
    let (tokens, comments) = lexer::tokens_and_comments(cypher)?;
    if let Some(Token::Word(w)) = tokens.first() {
        if w.eq_ignore_ascii_case("CYPHER") {
            return Err(Refusal::ParameterHeader);
        }
    }
    let mut parameters = BTreeSet::new();
    let mut end = cypher.len();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Word(w) => {
                if let Some(k) = write_keyword(w) {
                    return Err(Refusal::WriteClause(k.to_owned()));
                }
                if w.eq_ignore_ascii_case("CALL") {
                    check_call(&tokens[i + 1..])?;
                }
            }
            Token::Param(p) => {
                parameters.insert((*p).to_owned());
            }
            Token::Semicolon(_) if i + 1 < tokens.len() => return Err(Refusal::MultipleStatements),
            Token::Semicolon(at) => end = *at,
            _ => {}
        }
    }
    Ok(ReadQuery { cypher: without_comments(&cypher[..end], &comments), parameters })
}

/// `text` with each comment that starts in it replaced by one space (a comment after a final `;`
/// starts past the text).
fn without_comments(text: &str, comments: &[std::ops::Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for comment in comments.iter().filter(|c| c.start < text.len()) {
        out.push_str(&text[from..comment.start]);
        out.push(' ');
        from = comment.end.min(text.len());
    }
    out.push_str(&text[from..]);
    out
}

/// The write keyword a word is, if any. A word that starts with a digit is checked letter run by
/// letter run, since an engine lexes `1CREATE` as the number 1 followed by `CREATE`.
fn write_keyword(word: &str) -> Option<&'static str> {
    let is = |w: &str| WRITE_KEYWORDS.iter().copied().find(|k| k.eq_ignore_ascii_case(w));
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        word.split(|c: char| !c.is_ascii_alphabetic()).find_map(is)
    } else {
        is(word)
    }
}

/// After `CALL`: a subquery `{ ... }` (its clauses are checked like the rest), or a procedure name
/// of dotted words or quoted names that must be on the allow-list.
fn check_call(after: &[Token]) -> Result<(), Refusal> {
    if after.first() == Some(&Token::Punct('{')) {
        return Ok(());
    }
    let mut name = String::new();
    let mut expect_part = true;
    for token in after {
        match (token, expect_part) {
            (Token::Word(w) | Token::Quoted(w), true) => name.push_str(w),
            (Token::Punct('.'), false) => name.push('.'),
            _ => break,
        }
        expect_part = !expect_part;
    }
    if ALLOWED_PROCEDURES.iter().any(|p| p.eq_ignore_ascii_case(&name)) {
        Ok(())
    } else {
        Err(Refusal::ProcedureNotAllowed(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parameters_are_listed_and_missing_ones_found() {
        let q =
            check_read_only("MATCH (n {id: $id}) WHERE n.x > $`min value` RETURN n, '$notParam' // $nor\n").unwrap();
        assert_eq!(q.parameters.iter().map(String::as_str).collect::<Vec<_>>(), ["id", "min value"]);
        let given = json!({"id": "s1"}).as_object().cloned().unwrap_or_default();
        assert_eq!(q.missing_parameters(&given), ["min value"]);
    }

    #[test]
    fn call_rules() {
        for ok in [
            "CALL db.labels()",
            "CALL db.labels",
            "call DB.LABELS() YIELD label",
            "CALL `db`.`propertyKeys`()",
            "MATCH (n) CALL { WITH n RETURN n.id AS i } RETURN i",
        ] {
            assert!(check_read_only(ok).is_ok(), "{ok}");
        }
        for (bad, name) in [
            ("CALL db.idx.fulltext.drop('x')", "db.idx.fulltext.drop"),
            ("CALL dbms.procedures()", "dbms.procedures"),
            ("RETURN n.call", ""),
            ("CALL db.labels.x()", "db.labels.x"),
        ] {
            assert_eq!(check_read_only(bad), Err(Refusal::ProcedureNotAllowed(name.into())), "{bad}");
        }
    }

    #[test]
    fn keywords_inside_words_and_after_digits() {
        assert!(check_read_only("MATCH (n) WHERE n.createdAt > 1 RETURN n.settings, n.my_set, n.set2").is_ok());
        assert_eq!(check_read_only("RETURN 1CREATE (n)"), Err(Refusal::WriteClause("CREATE".into())));
        assert_eq!(check_read_only("RETURN 1.5set n.x = 1"), Err(Refusal::WriteClause("SET".into())));
        assert_eq!(
            check_read_only("MATCH (n) RETURN n; // done"),
            Ok(ReadQuery { cypher: "MATCH (n) RETURN n".into(), parameters: BTreeSet::new() })
        );
        let sent = |q: &str| check_read_only(q).map(|r| r.cypher);
        assert_eq!(sent("MATCH (n) // who\nRETURN n /* all */.id"), Ok("MATCH (n)  \nRETURN n  .id".into()));
        assert_eq!(sent("RETURN '//' + \"/*\" AS s // end"), Ok("RETURN '//' + \"/*\" AS s  ".into()));
    }
}
