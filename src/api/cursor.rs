//! Opaque list cursors and the `limit` rule of every list.

use super::error::{ApiError, ErrorKind};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;

/// `limit`: 1 to 50, default 10; above 50 is capped; zero or negative is refused.
pub fn limit(raw: Option<i64>) -> Result<u32, ApiError> {
    match raw {
        None => Ok(DEFAULT_LIMIT),
        Some(n) if n < 1 => Err(ApiError::parameter("The query parameter \"limit\" must be at least 1.")),
        Some(n) => Ok(n.min(i64::from(MAX_LIMIT)) as u32),
    }
}

const VERSION: &str = "t1:";

/// A cursor naming the last title of a page. Titles outlive deletions, so a cursor stays valid
/// while items are created and deleted.
pub fn encode(last_title: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("{VERSION}{last_title}"))
}

pub fn decode(cursor: &str) -> Result<String, ApiError> {
    let bad = || ApiError::new(ErrorKind::InvalidCursor, "The cursor is malformed; pass back a nextCursor unchanged.");
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    text.strip_prefix(VERSION).filter(|t| !t.is_empty()).map(str::to_owned).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_rule() {
        let cases: &[(Option<i64>, Option<u32>)] =
            &[(None, Some(10)), (Some(1), Some(1)), (Some(50), Some(50)), (Some(51), Some(50)), (Some(10_000), Some(50)), (Some(0), None), (Some(-3), None)];
        for (raw, want) in cases {
            assert_eq!(limit(*raw).ok(), *want, "{raw:?}");
        }
    }

    #[test]
    fn cursors_round_trip_and_reject_garbage() {
        for title in ["Person", "Ünïcode name", "A/B"] {
            assert_eq!(decode(&encode(title)).unwrap(), title);
        }
        let not_ours = URL_SAFE_NO_PAD.encode("x:Person");
        for bad in ["", "!!!", "dDE6", not_ours.as_str(), "%%%"] {
            assert_eq!(decode(bad).map_err(|e| e.kind), Err(ErrorKind::InvalidCursor), "{bad}");
        }
    }
}
