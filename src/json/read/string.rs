//! Strings: borrowed from the text when they have no escapes, decoded into the arena when they have. A `\u` escape of a surrogate must be a leading one followed by a trailing one;
//! a lone surrogate is an error, as in `serde_json`, since a Rust string cannot hold it.

use super::ErrorKind::*;
use super::{ParseError, Reader};

/// Bytes that end a run of plain string content: the closing quote, a backslash, a control character.
static STOPS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

const ONES: u64 = u64::from_le_bytes([1; 8]);

/// The high bit of each byte of `word` (read little-endian) that is in [`STOPS`], and perhaps of
/// later bytes: a borrow runs on past a match, so only the lowest set bit is exact, which is all
/// [`Reader::skip_plain`] reads.
fn stops_in(word: u64) -> u64 {
    let zero_bytes = |x: u64| x.wrapping_sub(ONES) & !x;
    let quotes = zero_bytes(word ^ (ONES * u64::from(b'"')));
    let backslashes = zero_bytes(word ^ (ONES * u64::from(b'\\')));
    let controls = word.wrapping_sub(ONES * 0x20) & !word;
    (quotes | backslashes | controls) & (ONES << 7)
}

impl<'a> Reader<'a> {
    /// Reads a string whose opening quote has been consumed, and its closing quote.
    #[inline]
    pub(super) fn string(&mut self) -> Result<&'a str, ParseError> {
        let start = self.index;
        self.skip_plain();
        if self.peek() == Some(b'"') {
            let end = self.index;
            self.index += 1;
            debug_assert!(self.text.is_char_boundary(start) && self.text.is_char_boundary(end) && start <= end);
            // SAFETY: `start` follows the opening quote and `end` is at the closing one: both are
            // ASCII bytes, which in UTF-8 never continue a character, so both are character
            // boundaries of `text`, in order, within it (the scan only moves forward). This skips the
            // checks `&text[start..end]` would repeat for every string.
            return Ok(unsafe { self.text.get_unchecked(start..end) });
        }
        self.escaped_string(start)
    }

    /// The rest of a string that has an escape (or is malformed) from where plain content stopped.
    #[inline(never)]
    fn escaped_string(&mut self, start: usize) -> Result<&'a str, ParseError> {
        self.stacks.unescaped.clear();
        let mut run = start;
        loop {
            match self.peek() {
                Some(b'"') => {
                    self.stacks.unescaped.push_str(&self.text[run..self.index]);
                    self.index += 1;
                    return Ok(self.arena.str(&self.stacks.unescaped));
                }
                Some(b'\\') => {
                    self.stacks.unescaped.push_str(&self.text[run..self.index]);
                    self.index += 1;
                    self.escape()?;
                    run = self.index;
                }
                Some(_) => {
                    self.index += 1;
                    return Err(self.error(ControlCharacterWhileParsingString));
                }
                None => return Err(self.error(EofWhileParsingString)),
            }
            self.skip_plain();
        }
    }

    /// Moves to the next byte that ends plain content, or the end of the text: eight bytes at a time,
    /// then byte by byte.
    #[inline]
    fn skip_plain(&mut self) {
        let bytes = self.bytes;
        let mut i = self.index;
        while let Some(word) = bytes.get(i..i + 8) {
            let stops = stops_in(u64::from_le_bytes(word.try_into().expect("eight bytes")));
            if stops != 0 {
                self.index = i + (stops.trailing_zeros() / 8) as usize;
                return;
            }
            i += 8;
        }
        while let Some(&b) = bytes.get(i) {
            if STOPS[b as usize] {
                break;
            }
            i += 1;
        }
        self.index = i;
    }

    /// Decodes the escape after a consumed backslash.
    fn escape(&mut self) -> Result<(), ParseError> {
        let Some(b) = self.peek() else {
            return Err(self.error(EofWhileParsingString));
        };
        self.index += 1;
        let c = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\x08',
            b'f' => '\x0c',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode_escape(),
            _ => return Err(self.error(InvalidEscape)),
        };
        self.stacks.unescaped.push(c);
        Ok(())
    }

    /// Decodes `XXXX` after a consumed `\u`, and the trailing surrogate's `\uXXXX` after a leading one.
    #[cold]
    fn unicode_escape(&mut self) -> Result<(), ParseError> {
        let unit = self.hex4()?;
        let code = match unit {
            0xDC00..=0xDFFF => return Err(self.error(LoneLeadingSurrogateInHexEscape)),
            0xD800..=0xDBFF => {
                for expected in [b'\\', b'u'] {
                    let Some(b) = self.peek() else {
                        return Err(self.error(EofWhileParsingString));
                    };
                    self.index += 1;
                    if b != expected {
                        return Err(self.error(UnexpectedEndOfHexEscape));
                    }
                }
                let trailing = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&trailing) {
                    return Err(self.error(LoneLeadingSurrogateInHexEscape));
                }
                0x1_0000 + ((u32::from(unit) - 0xD800) << 10 | (u32::from(trailing) - 0xDC00))
            }
            _ => u32::from(unit),
        };
        self.stacks.unescaped.push(char::from_u32(code).expect("a scalar value: surrogates are handled above"));
        Ok(())
    }

    /// Four hex digits as one UTF-16 code unit.
    fn hex4(&mut self) -> Result<u16, ParseError> {
        let Some(digits) = self.bytes.get(self.index..self.index + 4) else {
            self.index = self.bytes.len();
            return Err(self.error(EofWhileParsingString));
        };
        self.index += 4;
        let mut unit = 0u16;
        for &d in digits {
            let Some(v) = (d as char).to_digit(16) else {
                return Err(self.error(InvalidEscape));
            };
            unit = unit << 4 | v as u16;
        }
        Ok(unit)
    }
}
