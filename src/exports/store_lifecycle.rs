//! The store lifecycle exports (`docs/stores.md`, "Store states and rebuild runs"): the table of
//! run moves a host makes as conditional updates (`storeLifecycle`), and the next state of a store
//! after an event (`storeEvent`). JSON text in and out.

use super::{parse_json, ExportError};
use crate::domain::store_lifecycle::{
    RunMove, StoreEvent, StoreStatus, ABANDONED_AFTER_SECONDS, ACTIVE_RUN_STATES, AT_QUERY_WAIT_BOUND,
    CONTENT_CHECKED_IN, INTERRUPTED, NEEDS_REBUILD, QUERY_WAIT_SECONDS,
};
use serde_json::{json, Map, Value};

/// `{neverBuilt, checkContentIn, needsRebuild, activeRuns, runMoves: {move: {from, to}}, interrupted,
/// abandonedAfterSeconds, queryWaitSeconds, atQueryWaitBound}`: what a store with no row reads as, the
/// states in which a new graph connection asks the server for the graph's content marker, the states
/// in which a store needs a rebuild, the states of an active run, each move of a run's record, the
/// error of a run a stopped process left running, the age at which a host with many processes takes
/// a pending marker or a running run's last progress as left by a process that ended, and how long a
/// store query waits for the writes pending when it arrives, and what it does then.
pub fn store_lifecycle() -> Value {
    let moves: Map<String, Value> = RunMove::ALL
        .iter()
        .map(|m| (json!(m).as_str().expect("a name").to_owned(), json!({"from": m.from(), "to": m.to()})))
        .collect();
    json!({
        "neverBuilt": StoreStatus::never_built(),
        "checkContentIn": CONTENT_CHECKED_IN,
        "needsRebuild": NEEDS_REBUILD,
        "activeRuns": ACTIVE_RUN_STATES,
        "runMoves": moves,
        "interrupted": INTERRUPTED,
        "abandonedAfterSeconds": ABANDONED_AFTER_SECONDS,
        "queryWaitSeconds": QUERY_WAIT_SECONDS,
        "atQueryWaitBound": AT_QUERY_WAIT_BOUND,
    })
}

/// `status` (`{state, reason, marker}`; none: the store has no row) after `event`: the status to
/// write, or `null` when it does not change.
pub fn store_event(status_json: Option<&str>, event_json: &str) -> Result<String, ExportError> {
    let status = match status_json {
        None => StoreStatus::never_built(),
        Some(text) => read(text, "status")?,
    };
    let event: StoreEvent = read(event_json, "event")?;
    Ok(serde_json::to_string(&status.after(&event)).expect("a status serializes"))
}

fn read<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, ExportError> {
    serde_json::from_value(parse_json(text, what)?).map_err(|e| ExportError::invalid_argument(format!("{what}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_every_move_with_its_states() {
        let table = store_lifecycle();
        assert_eq!(table["neverBuilt"], json!({"state": "never-built", "reason": null, "marker": null}));
        assert_eq!(table["checkContentIn"], json!(["in-sync"]));
        assert_eq!(table["needsRebuild"], json!(["never-built", "stale"]));
        assert_eq!(table["abandonedAfterSeconds"], json!(300));
        assert_eq!(table["queryWaitSeconds"], json!(5));
        assert_eq!(table["atQueryWaitBound"], json!("answer"));
        assert_eq!(table["activeRuns"], json!(["queued", "running"]));
        assert_eq!(table["runMoves"]["cancel"], json!({"from": ["queued", "running"], "to": "cancelled"}));
        assert_eq!(table["runMoves"]["start"], json!({"from": ["queued"], "to": "running"}));
        assert_eq!(table["runMoves"].as_object().unwrap().len(), RunMove::ALL.len());
    }

    #[test]
    fn a_store_without_a_row_is_never_built_and_bad_input_is_refused() {
        assert_eq!(store_event(None, r#"{"event": "stale", "reason": "x"}"#).unwrap(), "null");
        assert_eq!(
            store_event(Some(r#"{"state": "in-sync", "marker": "m"}"#), r#"{"event": "stale", "reason": "x"}"#)
                .unwrap(),
            r#"{"state":"stale","reason":"x","marker":"m"}"#
        );
        for (status, event) in [(None, "{}"), (Some("{}"), r#"{"event": "bulkImported"}"#), (None, "not json")] {
            assert_eq!(store_event(status, event).unwrap_err().code, "invalid-argument", "{status:?} {event}");
        }
    }
}
