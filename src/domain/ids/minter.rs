//! Minting new Subject and relation IDs: a time part followed by random digits, in the base-62
//! alphabet.

use super::alphabet::{DIGITS, ID_LEN};
use super::{RelationId, SubjectId};

const TIME_DIGITS: usize = 8;
const RANDOM_DIGITS: usize = ID_LEN - 1 - TIME_DIGITS;

/// Mints Subject and Relation IDs that sort by creation time.
///
/// Eight base-62 digits of milliseconds since 1970 (good until the year 8888) are followed by six
/// random digits. Within one millisecond the random part is incremented instead of redrawn, so IDs
/// from one minter are strictly increasing.
#[derive(Debug, Default)]
pub struct IdMinter {
    last_ms: u64,
    last_random: u64,
    minted: bool,
}

const RANDOM_SPACE: u64 = 62u64.pow(RANDOM_DIGITS as u32);

impl IdMinter {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn subject_id(&mut self, now_ms: u64) -> SubjectId {
        SubjectId::from_minted(self.mint(b's', now_ms))
    }

    pub fn relation_id(&mut self, now_ms: u64) -> RelationId {
        RelationId::from_minted(self.mint(b'r', now_ms))
    }

    /// Whether this minter has minted an ID.
    pub fn has_minted(&self) -> bool {
        self.minted
    }

    fn mint(&mut self, prefix: u8, now_ms: u64) -> String {
        self.minted = true;
        if now_ms > self.last_ms {
            self.last_ms = now_ms;
            self.last_random = fresh_random() / 2;
        } else if self.last_random + 1 < RANDOM_SPACE {
            self.last_random += 1;
        } else {
            self.last_ms += 1;
            self.last_random = fresh_random() / 2;
        }
        let (ms, random) = (self.last_ms, self.last_random);
        let mut out = Vec::with_capacity(ID_LEN);
        out.push(prefix);
        push_base62(&mut out, ms, TIME_DIGITS);
        push_base62(&mut out, random, RANDOM_DIGITS);
        String::from_utf8(out).expect("base-62 digits are ASCII")
    }
}

/// A random number below the random space. Halved by the caller so that increments within one
/// millisecond have room before they overflow.
fn fresh_random() -> u64 {
    let mut bytes = [0u8; 8];
    // The OS or JS crypto source failing is not recoverable in a useful way; fall back to zero and
    // let the time part keep IDs distinct rather than panic inside wasm.
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes) % RANDOM_SPACE
}

fn push_base62(out: &mut Vec<u8>, mut n: u64, width: usize) {
    let start = out.len();
    out.resize(start + width, b'0');
    for i in (0..width).rev() {
        out[start + i] = DIGITS[(n % 62) as usize];
        n /= 62;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_ids_have_the_grammar_and_sort_by_time() {
        let mut m = IdMinter::new();
        let a = m.subject_id(1_700_000_000_000);
        let b = m.subject_id(1_700_000_000_000);
        let c = m.subject_id(1_700_000_000_001);
        let r = m.relation_id(1_700_000_000_002);
        for id in [a.as_str(), b.as_str(), c.as_str()] {
            assert!(SubjectId::parse(id).is_ok(), "{id}");
        }
        assert!(RelationId::parse(r.as_str()).is_ok());
        assert!(a < b && b < c, "{a} {b} {c}");
        assert!(c.as_str()[1..] < r.as_str()[1..]);
    }

    #[test]
    fn a_clock_that_goes_back_does_not_break_ordering() {
        let mut m = IdMinter::new();
        let a = m.subject_id(2_000_000_000_000);
        let b = m.subject_id(1_000_000_000_000);
        assert!(a < b);
    }
}
