//! The store lifecycle as case tables: each store event from each state, the content marker rule,
//! and each run move from each run state.

use super::*;
use serde_json::json;

fn status(state: StoreState, reason: Option<&str>, marker: Option<&str>) -> StoreStatus {
    StoreStatus { state, reason: reason.map(str::to_owned), marker: marker.map(str::to_owned) }
}

fn event(value: serde_json::Value) -> StoreEvent {
    serde_json::from_value(value).expect("an event")
}

#[test]
fn store_events_move_the_state_as_the_table_says() {
    use StoreState::*;
    let in_sync = status(InSync, None, Some("b1"));
    let stale = status(Stale, Some("before"), Some("b1"));
    let never = StoreStatus::never_built();
    let cases: Vec<(&StoreStatus, serde_json::Value, Option<StoreStatus>)> = vec![
        (
            &in_sync,
            json!({"event": "stale", "reason": "a Mapping changed"}),
            Some(status(Stale, Some("a Mapping changed"), Some("b1"))),
        ),
        (&stale, json!({"event": "stale", "reason": "again"}), Some(status(Stale, Some("again"), Some("b1")))),
        (&never, json!({"event": "stale", "reason": "x"}), None),
        (
            &in_sync,
            json!({"event": "updateFailed", "pageId": 7, "kind": "errorReply", "detail": "refused"}),
            Some(status(Stale, Some("page 7 not written: refused"), Some("b1"))),
        ),
        (
            &in_sync,
            json!({"event": "updateFailed", "pageId": 7, "kind": "timeout"}),
            Some(status(Stale, Some("page 7 not written: timeout"), Some("b1"))),
        ),
        (
            &in_sync,
            json!({"event": "updateFailed", "pageId": 7}),
            Some(status(Stale, Some("page 7 not written: failed"), Some("b1"))),
        ),
        (&never, json!({"event": "updateFailed", "pageId": 7, "detail": "refused"}), None),
        (
            &in_sync,
            json!({"event": "missedDuringRun"}),
            Some(status(Stale, Some("an update failed while the rebuild ran"), Some("b1"))),
        ),
        (&never, json!({"event": "built", "marker": "b2"}), Some(status(InSync, None, Some("b2")))),
        (&stale, json!({"event": "built", "marker": null}), Some(status(InSync, None, None))),
        (
            &in_sync,
            json!({"event": "pendingLeft", "count": 1, "cause": "stopped"}),
            Some(status(
                Stale,
                Some("1 saved page was not acknowledged by the store before the wiki stopped"),
                Some("b1"),
            )),
        ),
        (
            &in_sync,
            json!({"event": "pendingLeft", "count": 3, "cause": "requestEnded"}),
            Some(status(
                Stale,
                Some("3 saved pages were not acknowledged by the store before the saving request ended"),
                Some("b1"),
            )),
        ),
        (&in_sync, json!({"event": "pendingLeft", "count": 0, "cause": "stopped"}), None),
        (
            &in_sync,
            json!({"event": "runInterrupted", "runId": 4}),
            Some(status(Stale, Some("rebuild run 4 was interrupted"), Some("b1"))),
        ),
        (&never, json!({"event": "runInterrupted", "runId": 4}), None),
        (&in_sync, json!({"event": "bulkImported"}), Some(status(Stale, Some("pages were bulk-imported"), Some("b1")))),
    ];
    for (before, given, expected) in cases {
        assert_eq!(before.after(&event(given.clone())), expected, "{before:?} {given}");
    }
}

#[test]
fn only_an_in_sync_graph_is_checked_against_its_content_marker() {
    use StoreState::*;
    let check = |exists: bool, marker: Option<&str>| {
        event(json!({"event": "contentChecked", "graph": "strata", "found": {"exists": exists, "marker": marker}}))
    };
    let missing = "the graph \"strata\" is missing on the server (restarted without its data, or deleted)";
    let other = "the graph \"strata\" does not hold the build the wiki last wrote";
    let cases = [
        (status(InSync, None, Some("b1")), check(true, Some("b1")), None),
        (status(InSync, None, Some("b1")), check(false, None), Some(missing)),
        (status(InSync, None, Some("b1")), check(true, Some("b0")), Some(other)),
        (status(InSync, None, Some("b1")), check(true, None), Some(other)),
        (status(InSync, None, None), check(true, None), None),
        (status(Stale, Some("why"), Some("b1")), check(false, None), None),
        (StoreStatus::never_built(), check(false, None), None),
    ];
    for (before, given, reason) in cases {
        let after = before.after(&given);
        assert_eq!(after.as_ref().and_then(|s| s.reason.as_deref()), reason, "{before:?} {given:?}");
        if let Some(after) = after {
            assert_eq!((after.state, after.marker), (Stale, before.marker.clone()));
        }
    }
}

#[test]
fn run_moves_apply_only_from_their_states() {
    use RunMove::*;
    use RunState::*;
    let states = [Queued, Running, Succeeded, Failed, Cancelled];
    let table: [(RunMove, [Option<RunState>; 5]); 7] = [
        (Queue, [None, None, None, None, None]),
        (Start, [Some(Running), None, None, None, None]),
        (Progress, [None, Some(Running), None, None, None]),
        (Succeed, [None, Some(Succeeded), None, None, None]),
        (Fail, [None, Some(Failed), None, None, None]),
        (Cancel, [Some(Cancelled), Some(Cancelled), None, None, None]),
        (Interrupt, [None, Some(Failed), None, None, None]),
    ];
    assert_eq!(table.map(|(m, _)| m), RunMove::ALL);
    assert_eq!((Queue.from(), Queue.to()), (&[][..], Queued));
    for (step, row) in table {
        for (state, expected) in states.iter().zip(row) {
            assert_eq!(step.apply(*state), expected, "{step:?} from {state:?}");
        }
    }
}

#[test]
fn events_and_states_read_as_the_hosts_write_them() {
    let never: StoreStatus = serde_json::from_value(json!({"state": "never-built"})).unwrap();
    assert_eq!(never, StoreStatus::never_built());
    assert_eq!(serde_json::to_value(StoreState::InSync).unwrap(), "in-sync");
    assert_eq!(serde_json::to_value(RunState::Cancelled).unwrap(), "cancelled");
    assert!(serde_json::from_value::<StoreEvent>(json!({"event": "rebuilt"})).is_err());
    assert!(serde_json::from_value::<StoreStatus>(json!({"state": "broken"})).is_err());
}
