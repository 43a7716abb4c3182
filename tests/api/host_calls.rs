//! What a Subject PUT costs in host calls, counted by wrapping the host in `Counted`: a page with k
//! Subjects of k Schemas, one of them replaced (with a relation to a Subject on another page), with
//! and without stores to project into.

use crate::support::*;
use serde_json::json;
use strata::api::{handle_route, Request};
use strata::host::memory::{MemoryHost, Viewer};
use strata::host::{namespace, Counted, IndexRows, Settings, StoreSettings};

/// A wiki with k Schemas `T0..` and the page `Many` holding one Subject of each; answers the IDs.
fn wiki(k: usize, stores: bool) -> (MemoryHost, Vec<String>) {
    let host = MemoryHost::default();
    if stores {
        let mut settings = Settings { rdf_base_uri: "https://w.example".into(), ..Settings::default() };
        settings
            .stores
            .insert("graph".into(), StoreSettings { store_type: "falkordb".into(), projection: "native".into() });
        host.set_settings(settings);
    }
    let schema = json!({"propertyDefinitions": {"Name": {"type": "text"}, "Knows": {"type": "relation"}}}).to_string();
    save(
        &host,
        (0..k)
            .map(|i| page(namespace::SCHEMA, &format!("T{i}"), Some(schema.clone()), None, IndexRows::default()))
            .collect(),
    );
    let ids: Vec<String> = (0..k).map(|i| format!("s1countaaaaaa{i:02}")).collect();
    let subjects: serde_json::Map<String, serde_json::Value> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            (
                id.clone(),
                json!({"label": format!("S{i}"), "schema": format!("T{i}"), "statements": knows("r1countaaaaaar1")}),
            )
        })
        .collect();
    let other =
        json!({"mainSubject": OTHER, "subjects": {OTHER: {"label": "Other", "schema": "T0", "statements": {}}}});
    seed_subject_page(&host, namespace::MAIN, "Other", &other.to_string());
    seed_subject_page(
        &host,
        namespace::MAIN,
        "Many",
        &json!({"mainSubject": ids[0], "subjects": subjects}).to_string(),
    );
    (host, ids)
}

const OTHER: &str = "s1countaaaaaaox";

fn knows(relation_id: &str) -> serde_json::Value {
    json!({"Knows": {"propertyType": "relation", "value": [{"id": relation_id, "target": OTHER}]}})
}

/// The op names one PUT of the first Subject asks for, and the response status.
fn put_calls(k: usize, stores: bool) -> (u16, Vec<&'static str>) {
    let (host, ids) = wiki(k, stores);
    let who = caller(Who::User);
    let host = Counted::new(host.acting_as(Viewer { name: who.name.clone(), rights: who.rights.clone() }));
    let mut statements = knows("r1countaaaaaar2");
    statements["Name"] = json!({"propertyType": "text", "value": ["x"]});
    let body = json!({"label": "Renamed", "statements": statements});
    let request = Request {
        method: "PUT".into(),
        path: format!("/strata/v0/subject/{}", ids[0]),
        query: Default::default(),
        headers: Default::default(),
        body: Some(body.to_string()),
        body_not_utf8: false,
        caller: who,
    };
    let response = pollster::block_on(handle_route(&host, request));
    (response.status, host.take())
}

/// Today's cost, measured before the request kept its reads (commit d40446e): the page record read
/// three times, each Schema three times, the configuration twice and `subjectsInfo` three times,
/// plus `now`, `savePages`, `revision` and `updateStores`: 12 + 3k with stores; without stores the
/// projection's reads go, 9 + 2k.
fn before_the_cache(k: usize, stores: bool) -> usize {
    if stores {
        12 + 3 * k
    } else {
        9 + 2 * k
    }
}

#[test]
fn a_subject_put_costs_at_most_half_the_host_calls_it_did() {
    for stores in [false, true] {
        for k in [1, 2, 3, 5] {
            let (status, calls) = put_calls(k, stores);
            assert_eq!(status, 200, "k={k} stores={stores}");
            assert!(
                2 * calls.len() <= before_the_cache(k, stores),
                "k={k} stores={stores}: {} calls {calls:?}",
                calls.len()
            );
        }
    }
}

#[test]
fn each_page_and_schema_is_read_once_and_the_response_reads_nothing_after_the_save() {
    let (_, calls) = put_calls(3, true);
    let count = |op: &str| calls.iter().filter(|c| **c == op).count();
    assert_eq!(
        (count("config"), count("pageById"), count("pageByTitle"), count("subjectsInfo")),
        (1, 1, 3, 1),
        "{calls:?}"
    );
    let after_save: Vec<&str> = calls.iter().skip_while(|c| **c != "savePages").skip(1).copied().collect();
    assert_eq!(after_save, ["updateStores"]);
}

#[test]
fn the_clock_is_asked_only_when_an_id_is_minted() {
    let (_, calls) = put_calls(1, false);
    assert!(!calls.contains(&"now"), "{calls:?}");
    let (host, ids) = wiki(1, false);
    let body =
        json!({"label": "S0", "statements": {"Knows": {"propertyType": "relation", "value": [{"target": OTHER}]}}});
    let (status, answer) = call(&host, Who::User, "PUT", &format!("/strata/v0/subject/{}", ids[0]), &[], Some(body));
    assert_eq!(status, 200, "{answer}");
    let minted = answer["subject"]["statements"]["Knows"]["value"][0]["id"].as_str().unwrap().to_owned();
    assert!(minted.starts_with('r') && !minted.starts_with("r00000000"), "minted with the host's clock: {minted}");
}
