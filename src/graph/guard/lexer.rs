//! Splits Cypher text into the tokens the guard reasons about. Strings and comments are dropped,
//! backtick-quoted names become one token, and every construct whose reading could differ between
//! Cypher engines is refused rather than guessed.
//!
//! Where engines differ, the lexer takes the reading that shows more text as code: a line comment
//! ends at any line terminator (`\n`, `\r`, U+0085, U+2028, U+2029), block comments do not nest, and
//! only ASCII letters, digits and `_` form words (any other character separates words).

use super::Refusal;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token<'a> {
    /// A run of ASCII letters, digits and `_`.
    Word(&'a str),
    /// A backtick-quoted name, without its backticks.
    Quoted(&'a str),
    /// `$name` or `` $`name` ``.
    Param(&'a str),
    /// `;`, with its byte offset in the text.
    Semicolon(usize),
    /// Any other character outside strings and comments.
    Punct(char),
}

pub fn tokens(text: &str) -> Result<Vec<Token<'_>>, Refusal> {
    lex(text, &mut Vec::new())
}

/// The tokens, and the byte range of every comment in the text.
pub fn tokens_and_comments(text: &str) -> Result<(Vec<Token<'_>>, Vec<Range<usize>>), Refusal> {
    let mut comments = Vec::new();
    let tokens = lex(text, &mut comments)?;
    Ok((tokens, comments))
}

fn lex<'a>(text: &'a str, comments: &mut Vec<Range<usize>>) -> Result<Vec<Token<'a>>, Refusal> {
    if text.contains('\0') {
        return Err(Refusal::NulCharacter);
    }
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        rest = match c {
            '\'' | '"' => skip_string(after, c)?,
            '`' => {
                let (name, r) = quoted_name(after)?;
                out.push(Token::Quoted(name));
                r
            }
            '/' if after.starts_with('/') || after.starts_with('*') => {
                let r =
                    if after.starts_with('/') { skip_line_comment(after)? } else { skip_block_comment(&after[1..])? };
                comments.push(text.len() - rest.len()..text.len() - r.len());
                r
            }
            '\\' => return Err(Refusal::EscapeOutsideString),
            '$' => {
                if let Some(q) = after.strip_prefix('`') {
                    let (name, r) = quoted_name(q)?;
                    out.push(Token::Param(name));
                    r
                } else {
                    let (word, r) = split_word(after);
                    out.push(if word.is_empty() { Token::Punct('$') } else { Token::Param(word) });
                    r
                }
            }
            ';' => {
                out.push(Token::Semicolon(text.len() - rest.len()));
                after
            }
            c if is_word_char(c) => {
                let (word, r) = split_word(rest);
                out.push(Token::Word(word));
                r
            }
            c if c.is_whitespace() => after,
            c => {
                out.push(Token::Punct(c));
                after
            }
        };
    }
    Ok(out)
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn split_word(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !is_word_char(c)).unwrap_or(s.len());
    s.split_at(end)
}

/// Skips a string literal whose opening quote is consumed. A backslash escapes the next character;
/// `\u`/`\U` escapes are refused, since an engine that decodes them before lexing would read
/// `\u0027` as a closing quote.
fn skip_string(s: &str, quote: char) -> Result<&str, Refusal> {
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == quote {
            return Ok(&s[i + 1..]);
        }
        if c == '\\' {
            match chars.next() {
                Some((_, 'u' | 'U')) => return Err(Refusal::UnicodeEscape),
                Some(_) => {}
                None => break,
            }
        }
    }
    Err(Refusal::Unterminated("string"))
}

/// Reads a backtick-quoted name whose opening backtick is consumed. A doubled backtick (openCypher's
/// escape) is refused: FalkorDB reads it as two names, so the two engines would disagree.
fn quoted_name(s: &str) -> Result<(&str, &str), Refusal> {
    let end = s.find('`').ok_or(Refusal::Unterminated("quoted name"))?;
    let rest = &s[end + 1..];
    if rest.starts_with('`') {
        return Err(Refusal::DoubledBacktick);
    }
    let name = &s[..end];
    if has_unicode_escape(name) {
        return Err(Refusal::UnicodeEscape);
    }
    Ok((name, rest))
}

fn skip_line_comment(s: &str) -> Result<&str, Refusal> {
    let end = s.find(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']).unwrap_or(s.len());
    if has_unicode_escape(&s[..end]) {
        return Err(Refusal::UnicodeEscape);
    }
    Ok(&s[end..])
}

fn skip_block_comment(s: &str) -> Result<&str, Refusal> {
    let end = s.find("*/").ok_or(Refusal::Unterminated("comment"))?;
    if has_unicode_escape(&s[..end]) {
        return Err(Refusal::UnicodeEscape);
    }
    Ok(&s[end + 2..])
}

/// `\u` or `\U` anywhere: some engines decode these before lexing, so inside a comment or a quoted
/// name one could end the comment or the name.
fn has_unicode_escape(s: &str) -> bool {
    s.contains("\\u") || s.contains("\\U")
}

#[cfg(test)]
mod tests {
    use super::Token::*;
    use super::*;

    #[test]
    fn token_table() {
        let cases: &[(&str, &[Token])] = &[
            ("MATCH (n)", &[Word("MATCH"), Punct('('), Word("n"), Punct(')')]),
            ("n.`Call number`", &[Word("n"), Punct('.'), Quoted("Call number")]),
            ("'CREATE' \"SET\"", &[]),
            ("'it\\'s' x", &[Word("x")]),
            ("// CREATE\nx", &[Word("x")]),
            ("// c\rDELETE", &[Word("DELETE")]),
            ("// c\u{2028}DELETE", &[Word("DELETE")]),
            ("/* CREATE */ x /**/", &[Word("x")]),
            ("/* /* */ SET */", &[Word("SET"), Punct('*'), Punct('/')]),
            ("$a $`b c` $", &[Param("a"), Param("b c"), Punct('$')]),
            ("a;", &[Word("a"), Semicolon(1)]),
            ("éCREATE", &[Punct('é'), Word("CREATE")]),
            ("``", &[Quoted("")]),
        ];
        for (text, want) in cases {
            assert_eq!(tokens(text).as_deref(), Ok(*want), "{text:?}");
        }
    }

    #[test]
    fn refusals() {
        let cases = [
            ("'open", Refusal::Unterminated("string")),
            ("'\\'", Refusal::Unterminated("string")),
            ("/* open", Refusal::Unterminated("comment")),
            ("`open", Refusal::Unterminated("quoted name")),
            ("`a``b`", Refusal::DoubledBacktick),
            ("\\u0043REATE", Refusal::EscapeOutsideString),
            ("'\\u0027'", Refusal::UnicodeEscape),
            ("// \\u000a CREATE", Refusal::UnicodeEscape),
            ("`\\u0060`", Refusal::UnicodeEscape),
            ("a\0b", Refusal::NulCharacter),
        ];
        for (text, want) in cases {
            assert_eq!(tokens(text), Err(want), "{text:?}");
        }
    }
}
