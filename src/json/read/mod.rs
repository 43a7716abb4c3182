//! The hand-written reader behind [`Json::parse`](super::Json::parse): one pass over the bytes, no
//! serde visitor. It accepts exactly the text `serde_json` accepts, builds the document `serde_json`
//! would (with `float_roundtrip`: numbers correctly rounded), and fails with `serde_json`'s error
//! kind and position, which `tests/` checks against `serde_json` itself.
//!
//! Containers are read onto two scratch stacks shared by the whole parse (and kept by the arena for
//! the next parse) and moved into an arena slice of exactly their length when they close, so no
//! container grows by doubling and none is a heap block of its own.

mod error;
mod keys;
mod number;
mod string;

use super::arena::Stacks;
use super::{Arena, Json, JsonObject};
pub use error::{ErrorKind, ParseError};
pub(super) use keys::SeenKeys;
use ErrorKind::*;

/// Nesting allowed, as `serde_json` counts it: the 128th open container is refused.
pub(super) const MAX_DEPTH: u8 = 128;

pub(super) fn parse<'a>(text: &'a str, arena: &'a Arena) -> Result<Json<'a>, ParseError> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        index: 0,
        remaining_depth: MAX_DEPTH,
        arena,
        stacks: arena.take_stacks(),
    };
    let value = reader.value().and_then(|value| match reader.skip_whitespace() {
        Some(_) => Err(reader.peek_error(TrailingCharacters)),
        None => Ok(value),
    });
    reader.stacks.values.clear();
    reader.stacks.members.clear();
    arena.give_back(reader.stacks);
    value
}

/// What differs between reading an array and an object.
#[derive(Clone, Copy)]
struct Container {
    close: u8,
    eof: ErrorKind,
    comma_or_end: ErrorKind,
    /// Members start with a string key.
    keyed: bool,
}

const ARRAY: Container =
    Container { close: b']', eof: EofWhileParsingList, comma_or_end: ExpectedListCommaOrEnd, keyed: false };
const OBJECT: Container =
    Container { close: b'}', eof: EofWhileParsingObject, comma_or_end: ExpectedObjectCommaOrEnd, keyed: true };

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// The next byte to read.
    index: usize,
    remaining_depth: u8,
    arena: &'a Arena,
    /// The elements of the arrays being read and the members of the objects being read, innermost
    /// last, and a string with escapes being decoded.
    stacks: Stacks<'a>,
}

impl<'a> Reader<'a> {
    /// An error about the byte just read (`serde_json`'s `error`).
    #[cold]
    fn error(&self, kind: ErrorKind) -> ParseError {
        ParseError::at(kind, self.bytes, self.index)
    }

    /// An error about the byte about to be read (`serde_json`'s `peek_error`).
    #[cold]
    fn peek_error(&self, kind: ErrorKind) -> ParseError {
        ParseError::at(kind, self.bytes, (self.index + 1).min(self.bytes.len()))
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.index).copied()
    }

    /// Skips JSON whitespace and answers the next byte without consuming it.
    /// Every byte above the space, the usual case (`JSON.stringify` writes no whitespace), is
    /// answered after one comparison.
    #[inline]
    fn skip_whitespace(&mut self) -> Option<u8> {
        loop {
            let b = *self.bytes.get(self.index)?;
            if b > b' ' || !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                return Some(b);
            }
            self.index += 1;
        }
    }

    fn value(&mut self) -> Result<Json<'a>, ParseError> {
        let Some(peek) = self.skip_whitespace() else {
            return Err(self.peek_error(EofWhileParsingValue));
        };
        match peek {
            b'"' => {
                self.index += 1;
                self.string().map(Json::String)
            }
            b'{' => {
                self.enter()?;
                let object = self.object();
                self.remaining_depth += 1;
                object
            }
            b'[' => {
                self.enter()?;
                let array = self.array();
                self.remaining_depth += 1;
                array
            }
            b'0'..=b'9' => self.number(true),
            b'-' => {
                self.index += 1;
                self.number(false)
            }
            b'n' => self.literal(b"null", Json::Null),
            b't' => self.literal(b"true", Json::Bool(true)),
            b'f' => self.literal(b"false", Json::Bool(false)),
            _ => Err(self.peek_error(ExpectedSomeValue)),
        }
    }

    /// A value inside a container: a string, the most common, without a recursive call.
    #[inline(always)]
    fn member_value(&mut self) -> Result<Json<'a>, ParseError> {
        if self.peek() == Some(b'"') {
            self.index += 1;
            return self.string().map(Json::String);
        }
        self.value()
    }

    /// `null`, `true` or `false`, whose first byte is known to match.
    fn literal(&mut self, word: &[u8], value: Json<'a>) -> Result<Json<'a>, ParseError> {
        self.index += 1;
        for &expected in &word[1..] {
            let Some(b) = self.peek() else {
                return Err(self.error(EofWhileParsingValue));
            };
            self.index += 1;
            if b != expected {
                return Err(self.error(ExpectedSomeIdent));
            }
        }
        Ok(value)
    }

    /// Counts an opening bracket, refusing one nesting level too many, and consumes it.
    fn enter(&mut self) -> Result<(), ParseError> {
        self.remaining_depth -= 1;
        if self.remaining_depth == 0 {
            return Err(self.peek_error(RecursionLimitExceeded));
        }
        self.index += 1;
        Ok(())
    }

    fn array(&mut self) -> Result<Json<'a>, ParseError> {
        let base = self.stacks.values.len();
        let mut first = true;
        while self.next_member(&mut first, ARRAY)? {
            let value = self.member_value()?;
            self.stacks.values.push(value);
        }
        let array = self.arena.copy(&self.stacks.values[base..]);
        self.stacks.values.truncate(base);
        Ok(Json::Array(array))
    }

    fn object(&mut self) -> Result<Json<'a>, ParseError> {
        let base = self.stacks.members.len();
        let mut first = true;
        let mut seen = SeenKeys::default();
        while self.next_member(&mut first, OBJECT)? {
            self.index += 1;
            let key = self.string()?;
            match self.skip_whitespace() {
                Some(b':') => self.index += 1,
                Some(_) => return Err(self.peek_error(ExpectedColon)),
                None => return Err(self.peek_error(EofWhileParsingObject)),
            }
            seen.add(key, &self.stacks.members[base..]);
            let value = self.member_value()?;
            self.stacks.members.push((key, value));
        }
        if seen.repeated(&self.stacks.members[base..]) {
            keys::keep_first_positions(&mut self.stacks.members, base);
        }
        let object = self.arena.copy(&self.stacks.members[base..]);
        self.stacks.members.truncate(base);
        Ok(Json::Object(JsonObject(object)))
    }

    /// Before each member of an open container: consumes the closing bracket and answers false, or
    /// consumes the comma before any member but the first and answers true. Inlined so that each
    /// container's constants fold in.
    #[inline(always)]
    fn next_member(&mut self, first: &mut bool, container: Container) -> Result<bool, ParseError> {
        let Some(peek) = self.skip_whitespace() else {
            return Err(self.peek_error(container.eof));
        };
        if peek == container.close {
            self.index += 1;
            return Ok(false);
        }
        let start = if *first {
            *first = false;
            peek
        } else if peek == b',' {
            self.index += 1;
            match self.skip_whitespace() {
                Some(b) if b == container.close => return Err(self.peek_error(TrailingComma)),
                Some(b) => b,
                None => return Err(self.peek_error(EofWhileParsingValue)),
            }
        } else {
            return Err(self.peek_error(container.comma_or_end));
        };
        if container.keyed && start != b'"' {
            return Err(self.peek_error(KeyMustBeAString));
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests;
