//! Numbers, read into the `serde_json::Number` `serde_json` would build: an integer without fraction
//! or exponent that fits is `u64` (or `i64` when negative; `-0` is the float -0.0), anything else an
//! `f64`. A value beyond `f64`'s range is an error, not infinity.
//!
//! The grammar and the integers (nearly every number in content) are read here. The few other
//! numbers, once their text is known to be a JSON number, are converted by `serde_json`'s own number
//! reader, so they keep exactly the value they had before this reader existed (`serde_json` without
//! `float_roundtrip`: not always correctly rounded for long significands or large exponents). A
//! correctly rounded conversion (`str::parse`, or `float_roundtrip`) would add 8 to 22 KB gzipped to
//! the browser module and change stored values in the last place; see docs/decisions.md.

use super::ErrorKind::*;
use super::{ParseError, Reader};
use crate::json::Json;
use serde_json::Number;

impl<'a> Reader<'a> {
    /// Reads a number from its first digit; `positive` is false when a minus sign was consumed.
    pub(super) fn number(&mut self, positive: bool) -> Result<Json<'a>, ParseError> {
        let start = if positive { self.index } else { self.index - 1 };
        let Some(first) = self.peek() else {
            return Err(self.error(EofWhileParsingValue));
        };
        self.index += 1;
        let mut significand = match first {
            b'0' if matches!(self.peek(), Some(b'0'..=b'9')) => return Err(self.peek_error(InvalidNumber)),
            b'0'..=b'9' => u64::from(first - b'0'),
            _ => return Err(self.error(InvalidNumber)),
        };
        let mut fits = true;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            self.index += 1;
            match significand.checked_mul(10).and_then(|s| s.checked_add(u64::from(d - b'0'))) {
                Some(s) => significand = s,
                None => fits = false,
            }
        }
        let mut zero = significand == 0 && fits;
        let mut integer = fits;
        if self.peek() == Some(b'.') {
            self.index += 1;
            integer = false;
            let digits = self.index;
            while let Some(d @ b'0'..=b'9') = self.peek() {
                zero &= d == b'0';
                self.index += 1;
            }
            if self.index == digits {
                let kind = if self.peek().is_some() { InvalidNumber } else { EofWhileParsingValue };
                return Err(self.peek_error(kind));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.index += 1;
            integer = false;
            if let Some(value) = self.exponent(positive, zero)? {
                return Ok(Json::Number(self.arena.number(value)));
            }
        }
        if integer {
            return Ok(Json::Number(self.arena.number(integer_number(positive, significand))));
        }
        // The text is a JSON number, so `serde_json` can only refuse it as out of range. It is read as
        // a `Value`, whose reader the module has anyway, rather than a `Number`, which would add one.
        match serde_json::from_str(&self.text[start..self.index]) {
            Ok(serde_json::Value::Number(n)) => Ok(Json::Number(self.arena.number(n))),
            _ => Err(self.error(NumberOutOfRange)),
        }
    }

    /// Reads an exponent after its consumed `e`. An exponent too large for `i32` makes the number
    /// zero (a zero significand or a negative exponent) or out of range; that value is answered.
    fn exponent(&mut self, positive: bool, zero_significand: bool) -> Result<Option<Number>, ParseError> {
        let positive_exponent = match self.peek() {
            Some(b'-') => {
                self.index += 1;
                false
            }
            Some(b'+') => {
                self.index += 1;
                true
            }
            _ => true,
        };
        let Some(first) = self.peek() else {
            return Err(self.error(EofWhileParsingValue));
        };
        self.index += 1;
        if !first.is_ascii_digit() {
            return Err(self.error(InvalidNumber));
        }
        let mut exponent = i32::from(first - b'0');
        while let Some(d @ b'0'..=b'9') = self.peek() {
            self.index += 1;
            match exponent.checked_mul(10).and_then(|e| e.checked_add(i32::from(d - b'0'))) {
                Some(e) => exponent = e,
                None if !zero_significand && positive_exponent => return Err(self.error(NumberOutOfRange)),
                None => {
                    while let Some(b'0'..=b'9') = self.peek() {
                        self.index += 1;
                    }
                    return Ok(Number::from_f64(if positive { 0.0 } else { -0.0 }));
                }
            }
        }
        Ok(None)
    }
}

/// An integer without fraction or exponent that fits `u64`: negative ones beyond `i64`, and `-0`,
/// become floats.
fn integer_number(positive: bool, magnitude: u64) -> Number {
    if positive {
        return magnitude.into();
    }
    match 0i64.checked_sub_unsigned(magnitude) {
        Some(n) if n != 0 => n.into(),
        _ => Number::from_f64(-(magnitude as f64)).expect("finite"),
    }
}
