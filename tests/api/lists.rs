//! The list and discovery endpoints through a `MemoryHost` holding the demo wiki.

use crate::support::*;
use serde_json::{json, Value};
use std::collections::HashSet;
use strata::app::Caller;
use strata::host::memory::Deny;
use strata::host::namespace;

fn page_through(host: &strata::host::memory::MemoryHost, who: Who, query: &[(&str, &str)]) -> Vec<Value> {
    let mut rows = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut q: Vec<(&str, &str)> = query.to_vec();
        q.push(("limit", "7"));
        if let Some(c) = cursor.as_deref() {
            q.push(("cursor", c));
        }
        let (status, body) = call(host, who, "GET", "/strata/v0/subjects", &q, None);
        assert_eq!(status, 200, "{body}");
        rows.extend(body["subjects"].as_array().unwrap().iter().cloned());
        match body["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => return rows,
        }
    }
}

fn key(row: &Value, sort: &str) -> String {
    match sort {
        "name" => row["displayName"].as_str().unwrap().to_ascii_lowercase(),
        "schema" => row["schema"].as_str().unwrap().to_owned(),
        "page" => row["pageTitle"].as_str().unwrap().to_owned(),
        _ => unreachable!("rows carry no edit time"),
    }
}

#[test]
fn every_sort_and_direction_lists_each_standalone_subject_once_in_order() {
    let host = example_host();
    let newest = page_through(&host, Who::User, &[]);
    let all: HashSet<String> = newest.iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(all.len(), newest.len(), "no Subject twice");
    assert!(newest.iter().all(|r| r.get("hostSubject").is_none()), "no Dependent Subjects without a Schema filter");
    assert_eq!(
        page_through(&host, Who::User, &[("sort", "newest"), ("direction", "asc")]),
        newest,
        "newest ignores direction"
    );
    for sort in ["name", "schema", "page", "edited"] {
        let asc = page_through(&host, Who::User, &[("sort", sort), ("direction", "asc")]);
        let desc = page_through(&host, Who::User, &[("sort", sort), ("direction", "desc")]);
        assert_eq!(asc.iter().map(|r| r["id"].as_str().unwrap().to_owned()).collect::<HashSet<_>>(), all, "{sort}");
        if sort != "edited" {
            let keys: Vec<(String, &str)> = asc.iter().map(|r| (key(r, sort), r["id"].as_str().unwrap())).collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{sort} ascending: {keys:?}");
        }
        assert_eq!(desc.into_iter().rev().collect::<Vec<_>>(), asc, "{sort} desc is asc reversed");
    }
}

#[test]
fn unreadable_rows_are_left_out_of_every_list() {
    let host = example_host();
    let acme = "s1map1aaaaaaa01";
    let seen = |who: Who| page_through(&host, who, &[("sort", "name")]).iter().any(|r| r["id"] == acme);
    assert!(seen(Who::User) && !seen(Who::Restricted));
    let query = [("limit", "50"), ("search", "Polder")];
    let (_, open) = call(&host, Who::User, "GET", "/strata/v0/subject-labels", &query, None);
    let (_, restricted) = call(&host, Who::Restricted, "GET", "/strata/v0/subject-labels", &query, None);
    assert!(open.to_string().contains(acme) && !restricted.to_string().contains(acme));
    let recent = |who: Who| {
        let (_, body) = call(&host, who, "GET", "/strata/v0/recently-edited-subjects", &[("limit", "50")], None);
        body["subjects"].as_array().unwrap().clone()
    };
    let open: Vec<Value> =
        recent(Who::User).into_iter().filter(|r| r["pageTitle"] != "Polder survey of 1672").collect();
    let restricted = recent(Who::Restricted);
    assert!(restricted.iter().all(|r| r["pageTitle"] != "Polder survey of 1672"));
    assert_eq!(restricted[..open.len()], open[..], "the same list without the unreadable page");
    let (status, _) =
        call(&host, Who::Restricted, "GET", &format!("/strata/v0/subject/{acme}/referencingSubjects"), &[], None);
    assert_eq!(status, 404);
}

#[test]
fn limits_cursors_and_parameters_are_checked() {
    let host = example_host();
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], u16, &'a str);
    let cases: &[Case] = &[
        ("/strata/v0/subjects", &[("limit", "0")], 400, "invalid-parameter"),
        ("/strata/v0/subjects", &[("limit", "-2")], 400, "invalid-parameter"),
        ("/strata/v0/subjects", &[("limit", "ten")], 400, "invalid-parameter"),
        ("/strata/v0/subjects", &[("sort", "size")], 400, "invalid-parameter"),
        ("/strata/v0/subjects", &[("direction", "up")], 400, "invalid-parameter"),
        ("/strata/v0/subjects", &[("cursor", "garbage")], 400, "invalid-cursor"),
        ("/strata/v0/recently-edited-subjects", &[("limit", "0")], 400, "invalid-parameter"),
        ("/strata/v0/subject-labels", &[("limit", "x")], 400, "invalid-parameter"),
        ("/strata/v0/layouts", &[("cursor", "garbage")], 400, "invalid-cursor"),
        ("/strata/v0/mappings", &[("limit", "0")], 400, "invalid-parameter"),
        ("/strata/v0/subject/nope/referencingSubjects", &[], 400, "invalid-subject-id"),
        ("/strata/v0/layout/Nothing", &[], 404, "not-found"),
    ];
    for (path, query, status, code) in cases {
        let (s, body) = call(&host, Who::User, "GET", path, query, None);
        assert_eq!((s, error_code(s, &body).as_str()), (*status, *code), "{path} {query:?}");
    }
    for i in 0..20 {
        let id = format!("s1xtr00000000{i:02}");
        let slot = json!({"mainSubject": id, "subjects": {id.clone(): {"schema": "Map", "statements": {}}}});
        seed_subject_page(&host, namespace::MAIN, &format!("Extra map {i}"), &slot.to_string());
    }
    let (_, body) = call(&host, Who::User, "GET", "/strata/v0/subjects", &[("limit", "500")], None);
    assert_eq!(body["subjects"].as_array().unwrap().len(), 50, "limit is capped at 50");
    let (_, first) = call(&host, Who::User, "GET", "/strata/v0/subjects", &[("sort", "name"), ("limit", "1")], None);
    let cursor = first["nextCursor"].as_str().unwrap();
    let (status, _) =
        call(&host, Who::User, "GET", "/strata/v0/subjects", &[("sort", "page"), ("cursor", cursor)], None);
    assert_eq!(status, 400, "a cursor belongs to its order");
}

#[test]
fn subject_counts_need_strata_query_and_count_every_page() {
    let host = example_host();
    let no_query = Caller { rights: vec!["read".into()], ..caller(Who::User) };
    let (status, body) = call_as(&host, no_query, "GET", "/strata/v0/subject-counts", &[], None);
    assert_eq!((status, error_code(status, &body).as_str()), (403, "permission-denied"));
    let (_, open) = call(&host, Who::User, "GET", "/strata/v0/subject-counts", &[], None);
    let (_, restricted) = call(&host, Who::Restricted, "GET", "/strata/v0/subject-counts", &[], None);
    assert_eq!(open, restricted, "unreadable pages count too");
    assert!(open["counts"]["Map"].as_u64().unwrap() >= 1);
    assert!(open["counts"].as_object().unwrap().values().all(|n| n.as_u64().unwrap() > 0));
}

#[test]
fn rows_carry_host_subjects_and_page_fields() {
    let host = example_host();
    add_club(&host);
    let (_, body) = call(&host, Who::User, "GET", "/strata/v0/subjects", &[("schema", "period")], None);
    insta::assert_json_snapshot!("dependent_row", body);
    let (_, body) =
        call(&host, Who::User, "GET", &format!("/strata/v0/subject/{MEMBERSHIP}/referencingSubjects"), &[], None);
    assert_eq!(body["referencingSubjects"][0]["subject"]["id"], CLUB);
    assert_eq!(body["referencingSubjects"][0]["propertyNames"], json!(["Members"]));
    assert_eq!(body["truncated"], false);
}

#[test]
fn searches_match_names_titles_and_id_prefixes() {
    let host = example_host();
    let names = |q: &str| -> Vec<String> {
        let (_, body) = call(
            &host,
            Who::User,
            "GET",
            "/strata/v0/subjects",
            &[("search", q), ("sort", "name"), ("limit", "50")],
            None,
        );
        body["subjects"].as_array().unwrap().iter().map(|r| r["displayName"].as_str().unwrap().to_owned()).collect()
    };
    assert!(names("polder").contains(&"Polder survey of 1672".to_owned()));
    assert!(names("PoLdEr").iter().all(|n| n.to_lowercase().contains("polder")));
    assert_eq!(names("s1map1aaaaaaa01"), vec!["Polder survey of 1672".to_owned()]);
    assert!(names("S1MAP1").is_empty(), "ID prefixes are case-sensitive");
    assert!(names("zz-no-such").is_empty());
}

#[test]
fn short_searches_match_a_substring_of_the_name_or_title() {
    let host = example_host();
    let (_, body) = call(
        &host,
        Who::User,
        "GET",
        "/strata/v0/subjects",
        &[("search", "Ar"), ("sort", "name"), ("limit", "50")],
        None,
    );
    let rows = body["subjects"].as_array().unwrap();
    let has = |r: &Value, field: &str| r[field].as_str().unwrap().to_lowercase().contains("ar");
    assert!(rows.iter().all(|r| has(r, "displayName") || has(r, "pageTitle")), "{body}");
    let inside = rows.iter().filter(|r| !r["displayName"].as_str().unwrap().to_lowercase().starts_with("ar")).count();
    assert!(inside > 0, "a short search is not a prefix search: {body}");
}

#[test]
fn layouts_mappings_and_edit_notices() {
    let host = example_host();
    let mapping = json!({"version": 1, "schema": "Person", "target": "foaf", "subject": {"class": "http://xmlns.com/foaf/0.1/Person"}, "properties": {}});
    save(
        &host,
        vec![
            page(
                namespace::LAYOUT,
                "Card",
                Some(json!({"schema": "Person", "type": "infobox"}).to_string()),
                None,
                Default::default(),
            ),
            page(namespace::LAYOUT, "Hidden card", Some("{}".into()), None, Default::default()),
            page(namespace::MAPPING, "Person to FOAF", Some(mapping.to_string()), None, Default::default()),
            page(
                namespace::MEDIAWIKI,
                "Strata-editnotice-Map",
                Some("''Check'' the [[Register]]<script>x()</script>".into()),
                None,
                Default::default(),
            ),
        ],
    );
    host.deny("Mallory", namespace::LAYOUT, "Hidden card", Deny::Read);
    let (_, layouts) = call(&host, Who::Restricted, "GET", "/strata/v0/layouts", &[], None);
    assert_eq!(
        layouts,
        json!({"layouts": [{"name": "Card", "schema": "Person", "type": "infobox"}], "nextCursor": null})
    );
    let (_, layout) = call(&host, Who::User, "GET", "/strata/v0/layout/Card", &[], None);
    assert_eq!(layout["layout"]["name"], "Card");
    assert_eq!(call(&host, Who::Restricted, "GET", "/strata/v0/layout/Hidden_card", &[], None).0, 404);
    let (_, mappings) = call(&host, Who::User, "GET", "/strata/v0/mappings", &[], None);
    assert_eq!(mappings["mappings"][0]["schemas"], json!(["Person"]));
    assert_eq!(mappings["mappings"][0]["name"], "Person to FOAF");
    let acme = page_id(&host, "Polder survey of 1672");
    let path = format!("/strata/v0/page/{acme}/editNotices");
    let (_, notices) = call(&host, Who::User, "GET", &path, &[("schema", "Map")], None);
    assert_eq!(
        notices,
        json!({"notices": [{"key": "strata-editnotice-map", "html": "<p><i>Check</i> the <a href=\"/wiki/Register\" rel=\"noopener noreferrer\">Register</a>&lt;script&gt;x()&lt;/script&gt;</p>\n"}]})
    );
    let (_, none) = call(&host, Who::User, "GET", &path, &[], None);
    assert_eq!(none, json!({"notices": []}));
    assert_eq!(call(&host, Who::Restricted, "GET", &path, &[], None).0, 404);
}

#[test]
fn subject_labels_match_labels_and_the_page_title_of_an_unlabelled_main_subject() {
    let host = example_host();
    add_club(&host);
    let slot = |main: &str, subjects: Value| json!({"mainSubject": main, "subjects": subjects}).to_string();
    let map = |label: Option<&str>| match label {
        Some(l) => json!({"schema": "Map", "label": l, "statements": {}}),
        None => json!({"schema": "Map", "statements": {}}),
    };
    let pages = [
        ("Zeeland chart", slot("s1lbl0000000001", json!({"s1lbl0000000001": map(None), "s1lbl0000000002": map(None)}))),
        ("s1lbl0000000003", slot("s1lbl0000000003", json!({"s1lbl0000000003": map(None)}))),
        ("Zuid plan", slot("s1lbl0000000004", json!({"s1lbl0000000004": map(Some("Zwolle map"))}))),
    ];
    for (title, content) in &pages {
        seed_subject_page(&host, namespace::MAIN, title, content);
    }
    let labels = |query: &[(&str, &str)]| -> Vec<(String, String, String)> {
        let (status, body) = call(&host, Who::User, "GET", "/strata/v0/subject-labels", query, None);
        assert_eq!(status, 200, "{body}");
        let rows = body["subjects"].as_array().unwrap();
        rows.iter()
            .map(|r| {
                (
                    r["id"].as_str().unwrap().into(),
                    r["label"].as_str().unwrap().into(),
                    r["pageTitle"].as_str().unwrap().into(),
                )
            })
            .collect()
    };
    let own = |id: &str, label: &str, title: &str| (id.to_owned(), label.to_owned(), title.to_owned());
    assert_eq!(
        labels(&[("search", "z"), ("schema", "Map")]),
        [own("s1lbl0000000001", "Zeeland chart", "Zeeland chart"), own("s1lbl0000000004", "Zwolle map", "Zuid plan")],
        "an unlabelled main Subject by its page title; an unlabelled other Subject and a main Subject on a page titled by its ID are absent; a label, not the title, otherwise"
    );
    assert!(labels(&[("search", "s1lbl")]).is_empty(), "a page titled by a Subject ID is not matched by that title");
    assert!(labels(&[("search", "Zuid")]).is_empty(), "a labelled Subject is matched by its label only");
    let club = labels(&[("schema", "Club|Membership|Period"), ("limit", "50")]);
    assert_eq!(club.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), [CLUB], "Dependent Subjects are absent");
}
