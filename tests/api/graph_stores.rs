//! Graph-store endpoints: `strata-admin` only, and the rebuild run moves of the spec.

use crate::support::*;
use serde_json::json;
use strata::host::memory::MemoryHost;
use strata::host::{Settings, StoreSettings};

fn host_with_store() -> MemoryHost {
    let mut settings = Settings::default();
    settings.stores.insert("main".into(), StoreSettings { store_type: "falkordb".into(), projection: "native".into() });
    MemoryHost::new(settings)
}

#[test]
fn only_strata_admin_reaches_graph_stores() {
    let host = host_with_store();
    for who in [Who::Anonymous, Who::User, Who::Bot, Who::Restricted] {
        for (method, path) in [
            ("GET", "/strata/v0/graph-stores"),
            ("POST", "/strata/v0/graph-stores/main/rebuild"),
            ("DELETE", "/strata/v0/graph-stores/main/rebuild"),
        ] {
            let (status, body) = call(&host, who, method, path, &[], None);
            let code = error_code(status, &body);
            assert_eq!(status, 403, "{who:?} {method} {path}");
            assert!(
                code == "permission-denied" || (code == "badtoken" && method != "GET"),
                "{who:?} {method} {path}: {code}"
            );
        }
    }
}

#[test]
fn rebuild_runs_move_as_the_spec_shows() {
    let host = host_with_store();
    let rebuild = |method: &str, store: &str| {
        call(&host, Who::Sysop, method, &format!("/strata/v0/graph-stores/{store}/rebuild"), &[], None)
    };
    let (status, queued) = rebuild("POST", "main");
    assert_eq!(status, 202, "{queued}");
    let (status, listed) = call(&host, Who::Sysop, "GET", "/strata/v0/graph-stores", &[], None);
    assert_eq!(status, 200);
    assert_eq!(listed["stores"][0]["activeRun"], queued["run"]);
    let (status, again) = rebuild("POST", "main");
    assert_eq!((status, error_code(status, &again).as_str()), (409, "rebuild-active"));
    assert_eq!(rebuild("DELETE", "main"), (200, json!({"run": queued["run"]})));
    let (status, none) = rebuild("DELETE", "main");
    assert_eq!((status, error_code(status, &none).as_str()), (404, "not-found"));
    assert_eq!(rebuild("POST", "other").0, 404);
    assert_eq!(rebuild("DELETE", "other").0, 404);
}
