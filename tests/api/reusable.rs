//! Reusable answers (`api::reusable`): which responses the core declares a host may serve again
//! without it, and what each depends on.

use crate::support::*;
use strata::api::reusable::Reusable;
use strata::app::PageVersion;
use strata::host::memory::MemoryHost;
use strata::host::{namespace, DeletePage, Host, ListSubjects, PageTitle, SubjectSort};

/// Polder survey of 1672 (a Map, on a page `Mallory` may not read); Élodie Marchetti (a Person, whose
/// Schema `Mallory` may not read).
const ACME: &str = "s1map1aaaaaaa01";
const ELODIE: &str = "s1per1aaaaaaa03";

fn reusable(
    host: &MemoryHost,
    who: Who,
    path: &str,
    query: &[(&str, &str)],
    headers: &[(&str, &str)],
) -> (u16, Option<Reusable>) {
    let response = respond(host, caller(who), "GET", path, query, headers, None);
    (response.status, response.reusable)
}

fn version(host: &MemoryHost, ns: i32, title: &str) -> PageVersion {
    let page = pollster::block_on(host.page_by_title(PageTitle { namespace: ns, title: title.into() })).unwrap();
    PageVersion { namespace: ns, title: title.into(), revision_id: page.map(|p| p.latest_revision_id) }
}

#[test]
fn a_subject_read_lists_its_page_its_schema_and_the_headers_it_read() {
    let host = example_host();
    let (status, terms) = reusable(&host, Who::Anonymous, &format!("/strata/v0/subject/{ACME}"), &[], &[]);
    assert_eq!(status, 200);
    let terms = terms.expect("a Subject read at its latest revision is reusable");
    let mut expected =
        vec![version(&host, namespace::MAIN, "Polder survey of 1672"), version(&host, namespace::SCHEMA, "Map")];
    expected.sort();
    assert!(expected.iter().all(|v| v.revision_id.is_some()));
    assert_eq!(terms.pages, expected);
    assert_eq!(terms.headers.into_iter().collect::<Vec<_>>(), vec![("if-none-match".to_owned(), None)]);

    let (_, tagged) = reusable(
        &host,
        Who::User,
        &format!("/strata/v0/subject/{ACME}"),
        &[("expand", "page")],
        &[("if-none-match", "\"0\"")],
    );
    assert_eq!(tagged.unwrap().headers["if-none-match"], Some("\"0\"".to_owned()), "the value it was read with");
}

#[test]
fn a_schema_found_absent_is_listed_without_a_revision() {
    let host = example_host();
    let map = pollster::block_on(host.page_by_title(PageTitle { namespace: namespace::SCHEMA, title: "Map".into() }))
        .unwrap()
        .unwrap();
    let deletion =
        DeletePage { page_id: map.page_id, base_revision_id: map.latest_revision_id, comment: String::new() };
    assert!(pollster::block_on(host.delete_page(deletion)).unwrap().ok);
    let (status, terms) = reusable(&host, Who::Anonymous, &format!("/strata/v0/subject/{ACME}"), &[], &[]);
    assert_eq!(status, 200);
    let pages = terms.unwrap().pages;
    assert!(
        pages.contains(&PageVersion { namespace: namespace::SCHEMA, title: "Map".into(), revision_id: None }),
        "{pages:?}"
    );
}

#[test]
fn answers_that_are_not_the_same_for_every_reader_are_not_reusable() {
    let host = example_host();
    let subject = |id: &str| format!("/strata/v0/subject/{id}");
    let revision = version(&host, namespace::MAIN, "Polder survey of 1672").revision_id.unwrap().to_string();
    let tag = format!("\"{revision}\"");
    let first = respond(&host, caller(Who::Anonymous), "GET", "/strata/v0/subjects", &[("limit", "1")], &[], None);
    let next =
        serde_json::from_str::<serde_json::Value>(&first.body).unwrap()["nextCursor"].as_str().unwrap().to_owned();
    type Case<'a> = (&'a str, Who, String, Vec<(&'a str, &'a str)>, Vec<(&'a str, &'a str)>, u16);
    let cases: Vec<Case> = vec![
        ("a page the caller may not read (404)", Who::Restricted, subject(ACME), vec![], vec![], 404),
        ("a Schema the caller may not read", Who::Restricted, subject(ELODIE), vec![], vec![], 200),
        ("no such Subject", Who::Anonymous, subject("s1zzz1aaaaaaa99"), vec![], vec![], 404),
        ("a revision by ID", Who::Anonymous, subject(ACME), vec![("revisionId", revision.as_str())], vec![], 200),
        ("relations expanded", Who::Anonymous, subject(ACME), vec![("expand", "relations")], vec![], 200),
        ("not modified", Who::Anonymous, subject(ACME), vec![], vec![("if-none-match", tag.as_str())], 304),
        (
            "a list with a row the caller may not read",
            Who::Restricted,
            "/strata/v0/subjects".into(),
            vec![("schema", "Map")],
            vec![],
            200,
        ),
        ("a list's bad cursor", Who::Anonymous, "/strata/v0/subjects".into(), vec![("cursor", "x")], vec![], 400),
        (
            "a list's later page",
            Who::Anonymous,
            "/strata/v0/subjects".into(),
            vec![("limit", "1"), ("cursor", next.as_str())],
            vec![],
            200,
        ),
        ("a search", Who::Anonymous, "/strata/v0/subjects".into(), vec![("search", "a")], vec![], 200),
    ];
    for (case, who, path, query, headers, status) in cases {
        let (got, terms) = reusable(&host, who, &path, &query, &headers);
        assert_eq!(got, status, "{case}");
        assert_eq!(terms, None, "{case}");
    }
    assert!(reusable(&host, Who::User, &subject(ELODIE), &[], &[]).1.is_some(), "a reader of the Schema may reuse it");
}

#[test]
fn a_list_stands_while_the_index_does_for_readers_of_every_row_it_looked_at() {
    let host = example_host();
    let (status, terms) = reusable(&host, Who::Anonymous, "/strata/v0/subjects", &[("limit", "2")], &[]);
    assert_eq!(status, 200);
    let terms = terms.expect("a list whose rows were all readable is reusable");
    assert_eq!(terms.pages, vec![], "it read no page, only the index");
    assert!(terms.headers.is_empty());
    // The rows it looked at: the two it shows and the one after them, which told it a cursor is due.
    let args = ListSubjects {
        sort: SubjectSort::Newest,
        direction: strata::host::Direction::Desc,
        schema: None,
        search: None,
        after: None,
        limit: 3,
        include_dependent: false,
        timeout_ms: 1000,
    };
    let rows = pollster::block_on(host.list_subjects(args)).unwrap().rows;
    let mut expected: Vec<(i32, String)> = rows
        .iter()
        .map(|r| {
            let s = &r.subject;
            let title = if s.page_namespace == namespace::MAIN {
                s.page_title.clone()
            } else {
                s.page_title.split_once(':').unwrap().1.to_owned()
            };
            (s.page_namespace, title)
        })
        .collect();
    expected.sort();
    expected.dedup();
    let got: Vec<(i32, String)> =
        terms.index.expect("an index read").into_iter().map(|p| (p.namespace, p.title)).collect();
    assert_eq!(got, expected);
    assert!(!got.is_empty());

    let (_, read) = reusable(&host, Who::Anonymous, &format!("/strata/v0/subject/{ACME}"), &[], &[]);
    assert_eq!(read.unwrap().index, None, "a Subject read is not an index read");
}
