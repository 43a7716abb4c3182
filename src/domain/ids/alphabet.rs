//! The base-62 alphabet and fixed length of minted IDs, and the format check every ID kind shares.

/// Base-62 digits in ASCII order, so that encoded numbers sort like the numbers themselves.
pub const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Length of every ID this wiki mints: one prefix character and 14 base-62 characters.
pub const ID_LEN: usize = 15;

pub fn is_digit(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
const CASE: u64 = 0x2020_2020_2020_2020;

/// Whether `s` follows the 15-character grammar of [`check`].
pub fn is_valid(prefix: u8, s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == ID_LEN && b[0] == prefix && all_digits(&b[1..])
}

/// Whether every byte is a base-62 digit. Eight bytes are checked at once ([`word_is_digits`]); a
/// tail shorter than eight bytes is checked as the last eight bytes, which overlap bytes already
/// checked (the 14 of an ID are two words), and fewer than eight bytes one by one.
fn all_digits(b: &[u8]) -> bool {
    if b.len() < 8 {
        return b.iter().all(|c| is_digit(*c));
    }
    let word = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"));
    let whole = b.len() / 8 * 8;
    (0..whole).step_by(8).all(|at| word_is_digits(word(at))) && (whole == b.len() || word_is_digits(word(b.len() - 8)))
}

/// Whether each of the eight bytes of `x` is a base-62 digit: ASCII, and a decimal digit or (with
/// the case bit set, which maps `A-Z` onto `a-z` and no other byte into it) a letter.
fn word_is_digits(x: u64) -> bool {
    let y = x | HIGH;
    x & HIGH == 0 && (within(y, b'0', b'9') | within(y | CASE, b'a', b'z')) == HIGH
}

/// The high bit of each byte of `y` set where the byte's low seven bits are within `lo..=hi`. Each
/// byte of `y` has its high bit set, so subtracting at most 0x80 from it never borrows from the
/// next byte, and its high bit stays set exactly when the low bits are at least what was taken.
fn within(y: u64, lo: u8, hi: u8) -> u64 {
    (y - ONES * u64::from(lo)) & !(y - ONES * u64::from(hi + 1)) & HIGH
}

/// Checks the 15-character grammar: `prefix` then 14 base-62 characters.
pub fn check(kind: &'static str, prefix: u8, s: &str) -> Result<(), super::IdError> {
    let b = s.as_bytes();
    if b.len() != ID_LEN {
        return Err(super::IdError::new(kind, s, "must be 15 characters long"));
    }
    if b[0] != prefix {
        return Err(super::IdError::new(
            kind,
            s,
            if prefix == b's' { "must start with 's'" } else { "must start with 'r'" },
        ));
    }
    if !all_digits(&b[1..]) {
        return Err(super::IdError::new(kind, s, "may contain only letters A-Z, a-z and digits"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A character outside the alphabet is refused wherever it stands, the first and last included.
    #[test]
    fn every_position_checked() {
        let good = "s0123456789aZz";
        assert!(is_valid(b's', &format!("{good}9")) && check("Subject ID", b's', &format!("{good}9")).is_ok());
        for at in 1..ID_LEN {
            for bad in ['-', '_', ' ', '/', ':', '@', '[', '`', '{', '\u{7f}'] {
                let mut id: Vec<char> = format!("{good}9").chars().collect();
                id[at] = bad;
                let id: String = id.into_iter().collect();
                assert!(!is_valid(b's', &id), "{id}");
                assert!(check("Subject ID", b's', &id).is_err(), "{id}");
            }
        }
        assert!(!is_valid(b'r', "s0123456789aZz9"), "the prefix");
        assert!(!is_valid(b's', "s0123456789aZz9é"), "the length");
    }

    /// Every byte value at every position of texts of 1 to 20 bytes answers as the byte test does.
    #[test]
    fn the_word_check_agrees_with_the_byte_test() {
        for len in 1..=20 {
            for at in 0..len {
                for c in 0..=255u8 {
                    let mut text = vec![b'a'; len];
                    text[at] = c;
                    assert_eq!(all_digits(&text), is_digit(c), "{c:#x} at {at} of {len}");
                }
            }
        }
        assert!(all_digits(b"") && all_digits(DIGITS));
    }
}
