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
    b.len() == ID_LEN && b[0] == prefix && b[1..].iter().all(|c| is_digit(*c))
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
    if !b[1..].iter().all(|c| is_digit(*c)) {
        return Err(super::IdError::new(kind, s, "may contain only letters A-Z, a-z and digits"));
    }
    Ok(())
}
