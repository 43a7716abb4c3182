//! `FixedId`: the 15 ASCII characters of a checked Subject or Relation ID, held inline, so building,
//! cloning and dropping an ID allocates nothing (validation reads several IDs per Subject).

use super::alphabet::ID_LEN;
use std::fmt;

/// Ordered, compared and hashed by its bytes; for IDs of one length and ASCII characters the order
/// is the order of their text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct FixedId([u8; ID_LEN]);

impl FixedId {
    /// `s` has passed [`super::alphabet::check`]: 15 ASCII characters.
    pub(super) fn new(s: &str) -> Self {
        let mut bytes = [0; ID_LEN];
        bytes.copy_from_slice(s.as_bytes());
        FixedId(bytes)
    }

    pub(super) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("an ID is checked ASCII")
    }
}

impl fmt::Debug for FixedId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
