//! The extension's messages: every key of `mediawiki/i18n/en.json` is documented in `qqq.json` (for
//! translators) and `qqq.json` documents no key that does not exist.

use serde_json::{Map, Value};
use std::collections::BTreeSet;

fn keys(file: &str) -> BTreeSet<String> {
    let path = format!("{}/mediawiki/i18n/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let messages: Map<String, Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    messages
        .into_iter()
        .filter(|(k, _)| k != "@metadata")
        .map(|(k, v)| {
            assert!(v.as_str().is_some_and(|t| !t.trim().is_empty()), "{file}: {k} must be a non-empty string");
            k
        })
        .collect()
}

#[test]
fn every_message_is_documented_for_translators() {
    let english = keys("en.json");
    let documented = keys("qqq.json");
    let undocumented: Vec<&String> = english.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&english).collect();
    assert!(undocumented.is_empty(), "messages without a qqq.json entry: {undocumented:?}");
    assert!(stale.is_empty(), "qqq.json documents messages en.json does not have: {stale:?}");
}
