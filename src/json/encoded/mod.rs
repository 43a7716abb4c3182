//! The encoded form of a JSON document: what `js/encode-json.js` writes from JavaScript objects so
//! that they enter wasm without becoming JSON text, and [`Json::read_encoded`] reads into the same
//! [`Json`] in the same [`Arena`] as [`Json::parse`] builds from the JSON text of those objects.
//!
//! The buffer is the byte length of the structure (u32, little-endian), the structure, then the
//! bytes of every string one after the other, in the order the structure names them. The strings
//! part must be UTF-8 as a whole; it is checked once, not string by string (most strings are a few
//! bytes, and a check per string cost more than the rest of the read). In the structure a value is a
//! tag byte and what the tag says follows. Lengths, counts and key references are unsigned LEB128
//! (seven bits a byte, low bits first, at most five bytes and at most u32::MAX): almost all take one
//! byte.
//!
//! | tag | value | followed by |
//! |---|---|---|
//! | 0 | null | |
//! | 1 | false | |
//! | 2 | true | |
//! | 3 | an integer | i32, little-endian |
//! | 4 | an integer beyond i32, at most 2^53 - 1 in magnitude | its f64, little-endian |
//! | 5 | any other number | the length of its text as a JSON number, which is JavaScript's `String(x)`, what `JSON.stringify` writes (the text is in the strings part) |
//! | 6 | a string | its length in bytes |
//! | 7 | an array | count, then each element |
//! | 8 | an object | count, then each member: its key, then its value |
//!
//! Keys are written once a document: the reader keeps a table of the keys met so far, and a member's
//! key is the index of its key in that table. The index one past the table defines the next key:
//! its length in bytes follows, and its bytes are the next string. A larger index, and a key
//! defined twice, are refused.
//!
//! Integers become the `Number` the text reader gives for their digits (non-negative ones `u64`,
//! negative ones `i64`), and a number's text is read by the text reader itself, so every number has
//! the value the JSON text path gives it. Nesting is limited as [`Json::parse`] limits it (the 128th
//! open container is refused). A buffer that is not exactly one well-formed value (an unknown tag, a
//! length or count past the end, a malformed LEB128 number, a key index past the table, strings that
//! are not UTF-8 or a length that ends inside a character, a number's text that is not a JSON
//! number, a key twice in one object, bytes after the value or after its strings) is refused with an
//! [`EncodedError`], never read as some other document.

use super::arena::KeyTable;
use super::read::{self, MAX_DEPTH};
use super::{Arena, Json, JsonObject};
use hashbrown::hash_table::Entry;
use serde_json::Number;
use std::fmt;
use std::hash::BuildHasher;

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
        let strings = std::str::from_utf8(strings)
            .map_err(|e| at_fault(bytes.len() - strings.len() + e.valid_up_to(), "strings that are not UTF-8"))?;
        let mut reader = Reader {
            bytes: structure,
            at: 0,
            strings,
            strings_at: 0,
            remaining_depth: MAX_DEPTH,
            arena,
            table: arena.take_keys(),
            objects: 0,
            failure: (0, ""),
        };
        let mut value = Json::Null;
        let read = reader.value(&mut value);
        arena.give_back_keys(reader.table);
        read.map_err(|Stop| at_fault(reader.failure.0 + 4, reader.failure.1))?;
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
    /// The keys defined so far, each with the number of the last object that used it, which finds
    /// a key twice in one object without comparing any text; and their indices by text, so that a
    /// key is defined once and its index alone tells keys apart.
    table: KeyTable<'a>,
    /// Objects begun so far; the current one's number.
    objects: u32,
    /// Where and why the read stopped, once it has.
    failure: (usize, &'static str),
}

/// The read stopped; [`Reader::failure`] says where and why. Empty, so that a `Result` of a value is
/// no larger than the value.
struct Stop;

impl<'a> Reader<'a> {
    #[cold]
    fn error(&mut self, reason: &'static str) -> Stop {
        self.failure = (self.at, reason);
        Stop
    }

    /// The next `n` bytes.
    #[inline]
    fn take(&mut self, n: usize) -> Result<&'a [u8], Stop> {
        let bytes = self.bytes;
        match bytes.get(self.at..self.at.saturating_add(n)) {
            Some(taken) => {
                self.at += n;
                Ok(taken)
            }
            None => Err(self.error("a value past the end")),
        }
    }

    /// An unsigned LEB128 number of at most u32::MAX.
    #[inline]
    fn length(&mut self) -> Result<usize, Stop> {
        match self.bytes.get(self.at) {
            Some(&byte) if byte < 0x80 => {
                self.at += 1;
                Ok(usize::from(byte))
            }
            _ => self.longer_length(),
        }
    }

    fn longer_length(&mut self) -> Result<usize, Stop> {
        let mut n = 0u64;
        for shift in (0..35).step_by(7) {
            let [byte] = self.take(1)? else { unreachable!("one byte") };
            n |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return u32::try_from(n).map(|n| n as usize).map_err(|_| self.error("a length beyond u32"));
            }
        }
        Err(self.error("a length longer than five bytes"))
    }

    /// The next string, whose length in bytes comes first.
    #[inline]
    fn str(&mut self) -> Result<&'a str, Stop> {
        let length = self.length()?;
        let start = self.strings_at;
        let end = start.saturating_add(length);
        // The start is the end of the string before, already checked (or 0).
        if !self.strings.is_char_boundary(end) {
            return Err(self.error("a string past the end of the strings or ending inside a character"));
        }
        self.strings_at = end;
        // SAFETY: `start` and `end` are char boundaries of `strings` (checked above, `end` is at most
        // its length), and `start <= end`.
        Ok(unsafe { self.strings.get_unchecked(start..end) })
    }

    /// Reads the next value into `out`, where its container keeps it (a value returned would be
    /// copied there once more, which in wasm is a round trip through memory).
    fn value(&mut self, out: &mut Json<'a>) -> Result<(), Stop> {
        let Some(&tag) = self.bytes.get(self.at) else {
            return Err(self.error("a value past the end"));
        };
        self.at += 1;
        *out = match tag {
            STRING => Json::String(self.str()?),
            OBJECT => self.container(Self::object)?,
            ARRAY => self.container(Self::array)?,
            INT32 => {
                let n = i32::from_le_bytes(self.take(4)?.try_into().expect("four bytes"));
                self.number(n.into())
            }
            SAFE_INTEGER => self.safe_integer()?,
            NUMBER_TEXT => self.number_text()?,
            NULL => Json::Null,
            FALSE => Json::Bool(false),
            TRUE => Json::Bool(true),
            _ => {
                self.at -= 1;
                return Err(self.error("an unknown tag"));
            }
        };
        Ok(())
    }

    fn number(&self, n: Number) -> Json<'a> {
        Json::Number(self.arena.number(n))
    }

    fn safe_integer(&mut self) -> Result<Json<'a>, Stop> {
        let x = f64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes"));
        if x.fract() != 0.0 || x.abs() > MAX_SAFE_INTEGER {
            return Err(self.error("an integer that is not a safe integer"));
        }
        Ok(self.number((x as i64).into()))
    }

    /// A number's JSON text, read by the JSON text reader.
    fn number_text(&mut self) -> Result<Json<'a>, Stop> {
        let text = self.str()?;
        let grammar = |b: &u8| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E');
        match text.as_bytes().iter().all(grammar).then(|| read::parse(text, self.arena)) {
            Some(Ok(number @ Json::Number(_))) => Ok(number),
            _ => Err(self.error("a number whose text is not a JSON number")),
        }
    }

    /// Counts an open container, refusing one too many as the text reader does, and reads it.
    #[inline(always)]
    fn container(&mut self, read: fn(&mut Self, usize) -> Result<Json<'a>, Stop>) -> Result<Json<'a>, Stop> {
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

    fn array(&mut self, count: usize) -> Result<Json<'a>, Stop> {
        // Each element takes at least one byte, so a count beyond the bytes left is refused before
        // anything is allocated for it.
        if count > self.bytes.len() - self.at {
            return Err(self.error("an array longer than the bytes left"));
        }
        let elements = self.arena.filled(count, Json::Null);
        for element in elements.iter_mut() {
            self.value(element)?;
        }
        Ok(Json::Array(elements))
    }

    fn object(&mut self, count: usize) -> Result<Json<'a>, Stop> {
        // Each member takes at least two bytes: its key's index and its value's tag.
        if count > (self.bytes.len() - self.at) / 2 {
            return Err(self.error("an object longer than the bytes left"));
        }
        self.objects += 1;
        let object = self.objects;
        let members = self.arena.filled(count, ("", Json::Null));
        for (key, value) in members.iter_mut() {
            *key = self.key(object)?;
            self.value(value)?;
        }
        Ok(Json::Object(JsonObject(members)))
    }

    /// A member's key, from the table or defined here, refused when `object` has used it already.
    #[inline]
    fn key(&mut self, object: u32) -> Result<&'a str, Stop> {
        let index = self.length()?;
        if index == self.table.keys.len() {
            return self.define(object);
        }
        match self.table.keys.get_mut(index) {
            Some((key, used_by)) if *used_by != object => {
                *used_by = object;
                Ok(*key)
            }
            Some(_) => Err(self.error("an object with a key twice")),
            None => Err(self.error("a key index past the table")),
        }
    }

    /// The next key of the table, defined by the member of `object` being read.
    fn define(&mut self, object: u32) -> Result<&'a str, Stop> {
        let key = self.str()?;
        let KeyTable { keys, index, hasher } = &mut self.table;
        let hash = hasher.hash_one(key);
        match index.entry(hash, |&i| keys[i as usize].0 == key, |&i| hasher.hash_one(keys[i as usize].0)) {
            Entry::Occupied(_) => Err(self.error("a key defined twice")),
            Entry::Vacant(slot) => {
                slot.insert(keys.len() as u32);
                keys.push((key, object));
                Ok(key)
            }
        }
    }
}

#[cfg(test)]
mod tests;
