//! The core's messages as hosts translate them: the table of `crate::messages` (the renderers' words
//! and the Schema refusals) and one message per violation code, `strata-violation-` and the code,
//! whose English is the code's description (`types::codes`). A violation keeps its code and `args` in
//! every answer; its text for a person is this message, its `args` after it in parentheses.

use crate::messages::TABLE;
use crate::types::codes;
use std::collections::BTreeMap;

/// One message a host translates: its key, English text and documentation for translators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostMessage {
    pub key: String,
    pub english: &'static str,
    pub doc: String,
}

/// The message key of a violation code.
pub fn violation_key(code: &str) -> String {
    format!("strata-violation-{code}")
}

/// Every message of the core, the table's first, then the violations' in code order.
pub fn messages() -> Vec<HostMessage> {
    let table = TABLE.iter().map(|m| HostMessage { key: m.key.to_owned(), english: m.english, doc: m.doc.to_owned() });
    let violations = codes::all().into_iter().map(|c| HostMessage {
        key: violation_key(c.as_str()),
        english: c.info().description,
        doc: format!(
            "Describes the violation code `{}` in the Subject editor; the violation's arguments, if any, follow in parentheses.",
            c.as_str()
        ),
    });
    table.chain(violations).collect()
}

/// The English text of every message by key (`messageTable` of the wasm and C-ABI modules).
pub fn message_table() -> BTreeMap<String, &'static str> {
    messages().into_iter().map(|m| (m.key, m.english)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_violation_code_has_a_message() {
        let table = message_table();
        for code in codes::all() {
            assert_eq!(table.get(&violation_key(code.as_str())), Some(&code.info().description), "{}", code.as_str());
        }
        assert_eq!(table.len(), messages().len(), "keys are unique");
    }
}
