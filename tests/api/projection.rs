//! Projection on save: after a write commits, one `updateStores` call carries each configured
//! store's share; Schema changes make every store stale; without stores nothing is sent.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::MemoryHost;
use strata::host::{ProjectedPage, Settings, StoreSettings, StoreUpdate};

fn with_stores(host: &MemoryHost, stores: &[(&str, &str)]) {
    let mut settings = Settings { rdf_base_uri: "https://w.example".into(), ..Settings::default() };
    for (name, store_type) in stores {
        settings.stores.insert((*name).into(), StoreSettings { store_type: (*store_type).into(), projection: "native".into() });
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
    let [ProjectedPage { page_id: listed, revision_id: Some(_) }] = calls[0].pages.as_slice() else { panic!("{:?}", calls[0].pages) };
    assert_eq!(listed, page_id);
}

#[test]
fn a_page_without_subjects_is_still_acknowledged() {
    let host = example_host();
    with_stores(&host, &[("graph", "falkordb")]);
    let body = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}});
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Person", &[], Some(body)).0, 200);
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
        ("a Subject deleted from its page: the page leaves the stores", |h| {
            let id = create_person(h, "Gone").1["subject"]["id"].as_str().unwrap().to_owned();
            call(h, Who::Sysop, "DELETE", &format!("/strata/v0/subject/{id}"), &[], None).0
        }, vec!["graph:graph", "rdf:sparql"], vec![]),
        ("a Schema changed: every store is stale, no page is sent", |h| {
            let body = json!({"schema": {"propertyDefinitions": {"Name": {"type": "text"}}}});
            call(h, Who::Sysop, "PUT", "/strata/v0/schema/Person", &[], Some(body)).0
        }, vec![], vec!["graph", "rdf"]),
        ("a Schema deleted: every store is stale", |h| {
            call(h, Who::Sysop, "DELETE", "/strata/v0/schema/Coordinates", &[], None).0
        }, vec![], vec!["graph", "rdf"]),
    ];
    for (name, write, updates, stale) in cases {
        let host = example_host();
        with_stores(&host, &[("graph", "falkordb"), ("rdf", "oxigraph-embedded")]);
        let before = host.store_updates().len();
        let status = write(&host);
        assert!(status < 300, "{name}: {status}");
        let last = host.store_updates().pop().unwrap_or_default();
        assert!(host.store_updates().len() > before, "{name}: no updateStores call");
        let got: Vec<String> = last.updates.iter().map(|u| format!("{}:{}", u.store(), if matches!(u, StoreUpdate::Graph { .. }) { "graph" } else { "sparql" })).collect();
        assert_eq!(got, updates, "{name}");
        if let Some(StoreUpdate::Sparql { trig, .. }) = last.updates.get(1) {
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
