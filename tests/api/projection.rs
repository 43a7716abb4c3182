//! Projection on save: after a write commits, one `updateStores` call carries each configured
//! store's share; a saved Schema sends its Subjects' pages again (a rebuild when they are many), a
//! deleted one makes every store stale; without stores nothing is sent.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::MemoryHost;
use strata::host::{ProjectedPage, Settings, StoreSettings, StoreUpdate};

fn with_stores(host: &MemoryHost, stores: &[(&str, &str)]) {
    let mut settings = Settings { rdf_base_uri: "https://w.example".into(), ..Settings::default() };
    for (name, store_type) in stores {
        settings
            .stores
            .insert((*name).into(), StoreSettings { store_type: (*store_type).into(), projection: "native".into() });
    }
    host.set_settings(settings);
}

fn create_person(host: &MemoryHost, title: &str) -> (u16, Value) {
    let body = json!({"pageTitle": title, "label": title, "schema": "Person", "statements": {}});
    call(host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(body))
}

#[test]
fn saves_send_each_store_its_share() {
    let host = example_host();
    with_stores(&host, &[("graph", "falkordb"), ("rdf", "oxigraph-embedded")]);
    let (status, created) = create_person(&host, "Ada");
    assert_eq!(status, 201, "{created}");
    let id = created["subject"]["id"].as_str().unwrap().to_owned();
    let calls = host.store_updates();
    assert_eq!(calls.len(), 1);
    let [graph, rdf] = calls[0].updates.as_slice() else { panic!("two updates expected: {:?}", calls[0]) };
    let StoreUpdate::Graph { store, statements, .. } = graph else { panic!("{graph:?}") };
    assert_eq!(store, "graph");
    assert!(statements.iter().any(|s| s.contains(&id) && s.contains("CREATE (s:Subject:`Person`)")), "{statements:?}");
    let StoreUpdate::Sparql { store, page_id, graph, trig } = rdf else { panic!("{rdf:?}") };
    assert_eq!(store, "rdf");
    assert_eq!(graph, &format!("https://w.example/graph/native/page/{page_id}"));
    assert!(trig.contains(&id), "{trig}");
    assert!(calls[0].stale.is_empty());
    let [ProjectedPage { page_id: listed, revision_id: Some(_) }] = calls[0].pages.as_slice() else {
        panic!("{:?}", calls[0].pages)
    };
    assert_eq!(listed, page_id);
}

#[test]
fn a_page_without_subjects_is_still_acknowledged() {
    let host = example_host();
    with_stores(&host, &[("graph", "falkordb")]);
    let body = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}});
    assert_eq!(
        call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Gizmo", &[], Some(body)).0,
        201,
        "a Schema no Subject uses"
    );
    let last = host.store_updates().pop().expect("an updateStores call");
    assert!(last.updates.is_empty(), "{last:?}");
    assert_eq!(last.pages.len(), 1, "the Schema page is listed so its pending marker can be cleared");
    assert!(last.pages[0].revision_id.is_some());
}

#[test]
fn what_each_write_sends() {
    // (write, expected (store, kind) updates, expected stale stores)
    type Case = (&'static str, fn(&MemoryHost) -> u16, Vec<&'static str>, Vec<&'static str>);
    let cases: Vec<Case> = vec![
        (
            "a Subject deleted from its page: the page leaves the stores",
            |h| {
                let id = create_person(h, "Gone").1["subject"]["id"].as_str().unwrap().to_owned();
                call(h, Who::Sysop, "DELETE", &format!("/strata/v0/subject/{id}"), &[], None).0
            },
            vec!["graph:graph", "rdf:sparql"],
            vec![],
        ),
        (
            "a Schema changed: the page of its Subject is sent again, no store is stale",
            |h| {
                let body = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}});
                call(h, Who::Sysop, "PUT", "/strata/v0/schema/Validation%20showcase", &[], Some(body)).0
            },
            vec!["graph:graph", "rdf:sparql"],
            vec![],
        ),
        (
            "a Schema deleted: every store is stale",
            |h| call(h, Who::Sysop, "DELETE", "/strata/v0/schema/Coordinates", &[], None).0,
            vec![],
            vec!["graph", "rdf"],
        ),
    ];
    for (name, write, updates, stale) in cases {
        let host = example_host();
        with_stores(&host, &[("graph", "falkordb"), ("rdf", "oxigraph-embedded")]);
        let before = host.store_updates().len();
        let status = write(&host);
        assert!(status < 300, "{name}: {status}");
        let last = host.store_updates().pop().unwrap_or_default();
        assert!(host.store_updates().len() > before, "{name}: no updateStores call");
        let got: Vec<String> = last
            .updates
            .iter()
            .map(|u| {
                format!("{}:{}", u.store(), if matches!(u, StoreUpdate::Graph { .. }) { "graph" } else { "sparql" })
            })
            .collect();
        assert_eq!(got, updates, "{name}");
        if let (true, Some(StoreUpdate::Sparql { trig, .. })) =
            (name.contains("deleted from its page"), last.updates.get(1))
        {
            assert_eq!(trig, "", "{name}: a page without Subjects is dropped");
        }
        let stale_names: Vec<&str> = last.stale.iter().map(|s| s.store.as_str()).collect();
        assert_eq!(stale_names, stale, "{name}");
    }
}

#[test]
fn without_stores_nothing_is_sent() {
    let host = example_host();
    assert_eq!(create_person(&host, "Quiet").0, 201);
    assert!(host.store_updates().is_empty());
}

#[test]
fn a_saved_schema_projects_its_subjects_again() {
    let host = example_host();
    with_stores(&host, &[("graph", "falkordb"), ("rdf", "oxigraph-embedded")]);
    let gadget = |relation: &str| json!({"schema": {"propertyDefinitions": {"Part": {"type": "relation", "relation": relation, "targetSchemas": ["Gadget"]}}}});
    assert_eq!(create_gadget(&host, "Cog").0, 201, "a Subject whose Schema does not exist yet");
    let (_, wheel) = create_gadget(&host, "Wheel");
    let described = |h: &MemoryHost| -> Vec<bool> {
        let last = h.store_updates().pop().unwrap();
        last.updates
            .iter()
            .filter_map(|u| match u {
                StoreUpdate::Sparql { trig, .. } => Some(trig.contains("/schema/Gadget")),
                _ => None,
            })
            .collect()
    };
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Gadget", &[], Some(gadget("Has part"))).0, 201);
    assert_eq!(described(&host), vec![true, true], "both Gadget pages are described once their Schema exists");
    let cog = call(&host, Who::Sysop, "GET", "/strata/v0/subjects", &[("search", "Cog")], None).1["subjects"][0]["id"]
        .clone();
    let body = json!({"statement": {"propertyType": "relation", "value": [{"target": cog}]}});
    let wheel_id = wheel["subjectId"].as_str().unwrap();
    let (status, answer) =
        call(&host, Who::Sysop, "PUT", &format!("/strata/v0/subject/{wheel_id}/statements/Part"), &[], Some(body));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Gadget", &[], Some(gadget("Consists of"))).0, 200);
    let last = host.store_updates().pop().unwrap();
    let graph: Vec<&String> = last
        .updates
        .iter()
        .filter_map(|u| match u {
            StoreUpdate::Graph { statements, .. } => Some(statements),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(
        graph.iter().any(|s| s.contains("Consists_of") || s.contains("Consists of")),
        "the new relation type reaches the graph: {graph:?}"
    );
    assert!(last.stale.is_empty());
}

#[test]
fn a_schema_with_subjects_on_many_pages_starts_a_rebuild() {
    let host = example_host();
    with_stores(&host, &[("graph", "falkordb"), ("rdf", "oxigraph-embedded")]);
    for n in 0..=200 {
        let slot = json!({"mainSubject": format!("s1many{n:09}"), "subjects": {format!("s1many{n:09}"): {"label": format!("Gadget {n}"), "schema": "Gadget", "statements": {}}}});
        seed_subject_page(&host, strata::host::namespace::MAIN, &format!("Gadget {n}"), &slot.to_string());
    }
    let body = json!({"schema": {"propertyDefinitions": {}}});
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Gadget", &[], Some(body)).0, 201);
    let last = host.store_updates().pop().unwrap();
    assert!(last.updates.is_empty(), "no page is sent with the save");
    let stale: Vec<&str> = last.stale.iter().map(|s| s.store.as_str()).collect();
    assert_eq!(stale, vec!["graph", "rdf"]);
    let (_, stores) = call(&host, Who::Sysop, "GET", "/strata/v0/graph-stores", &[], None);
    let runs: Vec<&Value> = stores["stores"].as_array().unwrap().iter().map(|s| &s["activeRun"]).collect();
    assert!(runs.iter().all(|r| r["state"] == "queued"), "a rebuild of every store is queued: {stores}");
}

fn create_gadget(host: &MemoryHost, title: &str) -> (u16, Value) {
    let body = json!({"pageTitle": title, "label": title, "schema": "Gadget", "statements": {}});
    call(host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(body))
}
