//! Errors of the JSON reader. Each has the kind, message and position `serde_json` gives for the
//! same text (line from 1, column in bytes from the start of the line), so callers keep their wording.

use std::fmt;

/// What is wrong with the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    EofWhileParsingList,
    EofWhileParsingObject,
    EofWhileParsingString,
    EofWhileParsingValue,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeIdent,
    ExpectedSomeValue,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    ControlCharacterWhileParsingString,
    KeyMustBeAString,
    LoneLeadingSurrogateInHexEscape,
    TrailingComma,
    TrailingCharacters,
    UnexpectedEndOfHexEscape,
    RecursionLimitExceeded,
}

impl ErrorKind {
    pub fn message(self) -> &'static str {
        use ErrorKind::*;
        match self {
            EofWhileParsingList => "EOF while parsing a list",
            EofWhileParsingObject => "EOF while parsing an object",
            EofWhileParsingString => "EOF while parsing a string",
            EofWhileParsingValue => "EOF while parsing a value",
            ExpectedColon => "expected `:`",
            ExpectedListCommaOrEnd => "expected `,` or `]`",
            ExpectedObjectCommaOrEnd => "expected `,` or `}`",
            ExpectedSomeIdent => "expected ident",
            ExpectedSomeValue => "expected value",
            InvalidEscape => "invalid escape",
            InvalidNumber => "invalid number",
            NumberOutOfRange => "number out of range",
            ControlCharacterWhileParsingString => "control character (\\u0000-\\u001F) found while parsing a string",
            KeyMustBeAString => "key must be a string",
            LoneLeadingSurrogateInHexEscape => "lone leading surrogate in hex escape",
            TrailingComma => "trailing comma",
            TrailingCharacters => "trailing characters",
            UnexpectedEndOfHexEscape => "unexpected end of hex escape",
            RecursionLimitExceeded => "recursion limit exceeded",
        }
    }
}

/// Malformed JSON text: what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    kind: ErrorKind,
    line: usize,
    column: usize,
}

impl ParseError {
    /// The error of `kind` at byte `index` of `text`.
    #[cold]
    pub(super) fn at(kind: ErrorKind, text: &[u8], index: usize) -> Self {
        let before = &text[..index];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before[..line_start].iter().filter(|&&b| b == b'\n').count();
        ParseError { kind, line, column: index - line_start }
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    pub fn line(&self) -> usize {
        self.line
    }

    pub fn column(&self) -> usize {
        self.column
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} at line {} column {}", self.kind.message(), self.line, self.column)
    }
}

impl std::error::Error for ParseError {}
