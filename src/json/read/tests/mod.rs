//! The reader against explicit expectations and against `serde_json`, whose behaviour it keeps.

mod cases;
mod differential;

use crate::json::{Arena, Json};

/// What a parse gives, as text: the document in compact JSON (floats keep their sign and `.0`), or
/// the error message with its position.
fn outcome(text: &str) -> String {
    match Json::parse(text, &Arena::new()) {
        Ok(doc) => serde_json::to_string(&doc.to_value()).expect("a document serializes"),
        Err(e) => format!("error: {e}"),
    }
}

/// The same for `serde_json::Value`, the reference.
fn reference(text: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => serde_json::to_string(&v).expect("a value serializes"),
        Err(e) => format!("error: {e}"),
    }
}
