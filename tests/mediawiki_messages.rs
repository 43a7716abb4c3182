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

fn messages(file: &str) -> Map<String, Value> {
    let path = format!("{}/mediawiki/{file}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))).unwrap()
}

/// The core's message table is the one English source: MediaWiki's en.json has each key with the
/// same text, qqq.json documents it, and the editor module loads every violation message.
#[test]
fn the_core_messages_are_the_extensions_with_the_same_english() {
    let english = messages("i18n/en.json");
    let documented = messages("i18n/qqq.json");
    let mut wrong = Vec::new();
    for m in strata::exports::messages() {
        let want = Value::String(m.english.to_owned());
        if english.get(&m.key) != Some(&want) {
            wrong.push(format!("\"{}\": {want}, (en.json has {:?})", m.key, english.get(&m.key)));
        }
        if !documented.contains_key(&m.key) {
            wrong.push(format!("\"{}\": {}, (qqq.json)", m.key, Value::String(m.doc.clone())));
        }
    }
    assert!(wrong.is_empty(), "en.json and qqq.json differ from the core's table:\n{}", wrong.join("\n"));
    let extension = messages("extension.json");
    let loaded: BTreeSet<&str> = extension["ResourceModules"]["ext.strata.editor"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let missing: Vec<String> = strata::exports::messages()
        .into_iter()
        .map(|m| m.key)
        .filter(|k| k.starts_with("strata-violation-") && !loaded.contains(k.as_str()))
        .collect();
    assert!(missing.is_empty(), "ext.strata.editor does not load {missing:?}");
}
