//! The encoded form of a JSON document: what `js/encode-json.js` writes from JavaScript objects so
//! that they enter wasm without becoming JSON text, and [`Json::read_encoded`] reads into the same
//! [`Json`] in the same [`Arena`] as [`Json::parse`] builds from the JSON text of those objects.
//!
//! The buffer is the byte length of the structure (u32, little-endian), the structure, then the
//! bytes of every string one after the other, in the order the structure names them. The strings
//! part must be UTF-8 as a whole; it is checked once, not string by string (most strings are a few
//! bytes, and a check per string cost more than the rest of the read). In the structure a value is a
//! tag byte and what the tag says follows; lengths and counts are u32 little-endian:
//!
//! | tag | value | followed by |
//! |---|---|---|
//! | 0 | null | |
//! | 1 | false | |
//! | 2 | true | |
//! | 3 | an integer | i32 |
//! | 4 | an integer beyond i32, at most 2^53 - 1 in magnitude | its f64 |
//! | 5 | any other number | the length of its text as a JSON number, which is JavaScript's `String(x)`, what `JSON.stringify` writes (the text is in the strings part) |
//! | 6 | a string | its length in bytes |
//! | 7 | an array | count, then each element |
//! | 8 | an object | count, then each member: its key's length in bytes, its value |
//!
//! Integers become the `Number` the text reader gives for their digits (non-negative ones `u64`,
//! negative ones `i64`), and a number's text is read by the text reader itself, so every number has
//! the value the JSON text path gives it. Nesting is limited as [`Json::parse`] limits it (the 128th
//! open container is refused). A buffer that is not exactly one well-formed value (an unknown tag, a
//! length or count past the end, strings that are not UTF-8 or a length that ends inside a
//! character, a number's text that is not a JSON number, a key twice in one object, bytes after the
//! value or after its strings) is refused with an [`EncodedError`], never read as some other
//! document.

use super::read::{self, SeenKeys, MAX_DEPTH};
use super::{Arena, Json, JsonObject};
use serde_json::Number;
use std::fmt;

pub const NULL: u8 = 0;
pub const FALSE: u8 = 1;
pub const TRUE: u8 = 2;
pub const INT32: u8 = 3;
pub const SAFE_INTEGER: u8 = 4;
pub const NUMBER_TEXT: u8 = 5;
pub const STRING: u8 = 6;
pub const ARRAY: u8 = 7;
pub const OBJECT: u8 = 8;

/// The largest integer a double holds exactly, with every integer below it (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Why a buffer is not an encoded document, and the offset where that was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodedError {
    pub at: usize,
    pub reason: &'static str,
}

impl fmt::Display for EncodedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed encoded JSON at byte {}: {}", self.at, self.reason)
    }
}

impl std::error::Error for EncodedError {}

impl<'a> Json<'a> {
    /// Reads an encoded document into `arena`, borrowing its strings from `bytes`.
    pub fn read_encoded(bytes: &'a [u8], arena: &'a Arena) -> Result<Self, EncodedError> {
        let at_fault = |at, reason| EncodedError { at, reason };
        let structure_end = bytes.get(..4).map(|b| 4 + u32::from_le_bytes(b.try_into().expect("four bytes")) as usize);
        let Some((structure, strings)) = structure_end.and_then(|end| Some((bytes.get(4..end)?, &bytes[end..]))) else {
            return Err(at_fault(0, "a structure longer than the buffer"));
        };
        let strings = std::str::from_utf8(strings).map_err(|e| at_fault(bytes.len() - strings.len() + e.valid_up_to(), "strings that are not UTF-8"))?;
        let mut reader = Reader { bytes: structure, at: 0, strings, strings_at: 0, remaining_depth: MAX_DEPTH, arena };
        let value = reader.value().map_err(|e| at_fault(e.at + 4, e.reason))?;
        if reader.at < structure.len() {
            return Err(at_fault(reader.at + 4, "bytes after the value"));
        }
        if reader.strings_at < strings.len() {
            return Err(at_fault(4 + structure.len() + reader.strings_at, "string bytes after the last string"));
        }
        Ok(value)
    }
}

struct Reader<'a> {
    /// The structure, whose offsets the errors give until [`Json::read_encoded`] makes them the buffer's.
    bytes: &'a [u8],
    /// The next byte of the structure to read.
    at: usize,
    strings: &'a str,
    /// Where the next string starts.
    strings_at: usize,
    remaining_depth: u8,
    arena: &'a Arena,
}
impl<'a> Reader<'a> {
    #[cold]
    fn error(&self, reason: &'static str) -> EncodedError {
        EncodedError { at: self.at, reason }
    }

    /// The next `n` bytes.
    #[inline]
    fn take(&mut self, n: usize) -> Result<&'a [u8], EncodedError> {
        let bytes = self.bytes;
        match bytes.get(self.at..self.at.saturating_add(n)) {
            Some(taken) => {
                self.at += n;
                Ok(taken)
            }
            None => Err(self.error("a value past the end")),
        }
    }

    #[inline]
    fn four(&mut self) -> Result<[u8; 4], EncodedError> {
        Ok(self.take(4)?.try_into().expect("four bytes"))
    }

    #[inline]
    fn length(&mut self) -> Result<usize, EncodedError> {
        Ok(u32::from_le_bytes(self.four()?) as usize)
    }

    /// The next string, whose length in bytes is the next u32.
    #[inline]
    fn str(&mut self) -> Result<&'a str, EncodedError> {
        let length = self.length()?;
        let end = self.strings_at.saturating_add(length);
        // `get` refuses an end past the strings or inside a character; each start is the end of the
        // string before, already checked.
        match self.strings.get(self.strings_at..end) {
            Some(s) => {
                self.strings_at = end;
                Ok(s)
            }
            None => Err(self.error("a string past the end of the strings or ending inside a character")),
        }
    }

    fn value(&mut self) -> Result<Json<'a>, EncodedError> {
        let [tag] = self.take(1)? else { unreachable!("one byte") };
        match *tag {
            STRING => self.str().map(Json::String),
            OBJECT => self.container(Self::object),
            ARRAY => self.container(Self::array),
            INT32 => {
                let n = i32::from_le_bytes(self.four()?);
                Ok(self.number(n.into()))
            }
            SAFE_INTEGER => self.safe_integer(),
            NUMBER_TEXT => self.number_text(),
            NULL => Ok(Json::Null),
            FALSE => Ok(Json::Bool(false)),
            TRUE => Ok(Json::Bool(true)),
            _ => {
                self.at -= 1;
                Err(self.error("an unknown tag"))
            }
        }
    }

    fn number(&self, n: Number) -> Json<'a> {
        Json::Number(self.arena.number(n))
    }

    fn safe_integer(&mut self) -> Result<Json<'a>, EncodedError> {
        let x = f64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes"));
        if x.fract() != 0.0 || x.abs() > MAX_SAFE_INTEGER {
            return Err(self.error("an integer that is not a safe integer"));
        }
        Ok(self.number((x as i64).into()))
    }

    /// A number's JSON text, read by the JSON text reader.
    fn number_text(&mut self) -> Result<Json<'a>, EncodedError> {
        let text = self.str()?;
        let grammar = |b: &u8| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E');
        match text.as_bytes().iter().all(grammar).then(|| read::parse(text, self.arena)) {
            Some(Ok(number @ Json::Number(_))) => Ok(number),
            _ => Err(self.error("a number whose text is not a JSON number")),
        }
    }

    /// Counts an open container, refusing one too many as the text reader does, and reads it.
    fn container(&mut self, read: fn(&mut Self, usize) -> Result<Json<'a>, EncodedError>) -> Result<Json<'a>, EncodedError> {
        self.remaining_depth -= 1;
        if self.remaining_depth == 0 {
            self.at -= 1;
            return Err(self.error("nesting deeper than the JSON reader allows"));
        }
        let count = self.length()?;
        let value = read(self, count);
        self.remaining_depth += 1;
        value
    }

    fn array(&mut self, count: usize) -> Result<Json<'a>, EncodedError> {
        // Each element takes at least one byte, so a count beyond the bytes left is refused before
        // anything is allocated for it.
        if count > self.bytes.len() - self.at {
            return Err(self.error("an array longer than the bytes left"));
        }
        let elements = self.arena.filled(count, Json::Null);
        for element in elements.iter_mut() {
            *element = self.value()?;
        }
        Ok(Json::Array(elements))
    }

    fn object(&mut self, count: usize) -> Result<Json<'a>, EncodedError> {
        // Each member takes at least five bytes: its key's length and its value's tag.
        if count > (self.bytes.len() - self.at) / 5 {
            return Err(self.error("an object longer than the bytes left"));
        }
        let members = self.arena.filled(count, ("", Json::Null));
        let mut seen = SeenKeys::default();
        for i in 0..count {
            let key = self.str()?;
            seen.add(key, &members[..i]);
            members[i] = (key, self.value()?);
        }
        if seen.repeated(members) {
            return Err(self.error("an object with a key twice"));
        }
        Ok(Json::Object(JsonObject(members)))
    }
}

#[cfg(test)]
mod tests;
