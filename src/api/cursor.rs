//! Opaque list cursors and the `limit` rule of every list.

use crate::app::error::{ApiError, ErrorKind};
use crate::host::SortKey;
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
    let text = decode_text(cursor)?;
    text.strip_prefix(VERSION).filter(|t| !t.is_empty()).map(str::to_owned).ok_or_else(bad_cursor)
}

fn bad_cursor() -> ApiError {
    ApiError::new(ErrorKind::InvalidCursor, "The cursor is malformed; pass back a nextCursor unchanged.")
}

fn decode_text(cursor: &str) -> Result<String, ApiError> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| bad_cursor())?;
    String::from_utf8(bytes).map_err(|_| bad_cursor())
}

const KEYSET_VERSION: &str = "k1:";

/// A cursor naming a position in a keyset order: the sort key and Subject ID of the last row handed
/// out, and the order (`scope`, such as `name.asc`) it belongs to. Rows that are created or deleted
/// move no other row's position, so the cursor stays valid.
pub fn encode_keyset(scope: &str, after: &SortKey) -> String {
    URL_SAFE_NO_PAD.encode(format!("{KEYSET_VERSION}{scope}\n{}\n{}", after.id, after.key))
}

/// The position a keyset cursor names; a cursor of another order, or not ours, is malformed.
pub fn decode_keyset(cursor: &str, scope: &str) -> Result<SortKey, ApiError> {
    let text = decode_text(cursor)?;
    let rest = text.strip_prefix(KEYSET_VERSION).ok_or_else(bad_cursor)?;
    let mut parts = rest.splitn(3, '\n');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(s), Some(id), Some(key)) if s == scope && !id.is_empty() => {
            Ok(SortKey { key: key.to_owned(), id: id.to_owned() })
        }
        _ => Err(bad_cursor()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_rule() {
        let cases: &[(Option<i64>, Option<u32>)] = &[
            (None, Some(10)),
            (Some(1), Some(1)),
            (Some(50), Some(50)),
            (Some(51), Some(50)),
            (Some(10_000), Some(50)),
            (Some(0), None),
            (Some(-3), None),
        ];
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

    #[test]
    fn keyset_cursors_round_trip_within_their_order_only() {
        for key in ["", "Ada Lovelace", "line\nbreak", "2026-11-22T10:00:00Z"] {
            let at = SortKey { key: key.into(), id: "s1demo1aaaaaaa1".into() };
            assert_eq!(decode_keyset(&encode_keyset("name.asc", &at), "name.asc").unwrap(), at);
        }
        let at = SortKey { key: "x".into(), id: "s1demo1aaaaaaa1".into() };
        let title = encode("Person");
        let other_order = encode_keyset("name.desc", &at);
        let no_id = URL_SAFE_NO_PAD.encode("k1:name.asc\n\nx");
        for bad in [title.as_str(), other_order.as_str(), no_id.as_str(), "", "!!!"] {
            assert_eq!(decode_keyset(bad, "name.asc").map_err(|e| e.kind), Err(ErrorKind::InvalidCursor), "{bad}");
        }
    }
}
