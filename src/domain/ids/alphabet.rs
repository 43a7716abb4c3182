//! The base-62 alphabet and fixed length of minted IDs, and the format check every ID kind shares.

/// Base-62 digits in ASCII order, so that encoded numbers sort like the numbers themselves.
pub const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Length of every ID this wiki mints: one prefix character and 14 base-62 characters.
pub const ID_LEN: usize = 15;

pub fn is_digit(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

/// Whether `s` follows the 15-character grammar of [`check`].
pub fn is_valid(prefix: u8, s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == ID_LEN && b[0] == prefix && all_digits(&b[1..])
}

/// Whether every byte is a base-62 digit. Every byte is looked at (no early exit): for the 14
/// bytes of an ID the compiler then checks them without a branch per byte.
fn all_digits(b: &[u8]) -> bool {
    b.iter().fold(true, |ok, c| ok & is_digit(*c))
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
}
