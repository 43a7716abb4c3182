//! A page with a Layout, a default infobox, Dependent Subjects and relations, rendered whole.

use super::*;
use crate::domain::ids::SourceKey;
use crate::domain::schema::Schema;
use crate::types::ReadSchema;
use serde_json::{json, Value};

fn local() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn library_page() -> Value {
    json!({
        "title": "Harbour Branch",
        "wikitext": "The '''Harbour Branch''' is part of [[Central Library]].",
        "links": {"page": "/wiki/$1", "editSubject": "/wiki/$1?action=editsubject&subject=$2"},
        "layouts": [{"name": "LibraryInfobox", "schema": "Library", "type": "infobox",
                     "settings": {"properties": ["Name", "Address", "Seats", "Website"], "preferredLanguage": "en"}}],
        "subjects": {
            "pageId": 3,
            "mainSubjectId": "s1lib1aaaaaaa02",
            "subjects": {
                "s1lib1aaaaaaa02": {"id": "s1lib1aaaaaaa02", "displayName": "Harbour Branch Library", "schema": "Library", "statements": {
                    "Name": {"propertyType": "monolingualText", "value": [{"text": "Havenbibliotheek", "language": "nl"}, {"text": "Harbour Branch Library", "language": "en"}]},
                    "Address": {"propertyType": "relation", "value": [{"id": "r1lib1aaaaaaa05", "target": "s1adr1aaaaaaa02"}]},
                    "Part of": {"propertyType": "relation", "value": [{"id": "r1lib1aaaaaaa04", "target": "s1lib1aaaaaaa01"}]},
                    "Seats": {"propertyType": "number", "value": 48},
                    "Website": {"propertyType": "url", "value": ["https://bibliotheek.example/haven"]}
                }},
                "s1adr1aaaaaaa02": {"id": "s1adr1aaaaaaa02", "displayName": "Address of Harbour Branch Library", "schema": "Address",
                    "hostSubject": {"id": "s1lib1aaaaaaa02", "schema": "Library", "displayName": "Harbour Branch Library"},
                    "statements": {"Street": {"propertyType": "text", "value": ["Loodsmanskade 3"]}}}
            },
            "schemas": {
                "Library": {"propertyDefinitions": {"Name": {"type": "monolingualText", "multiple": true}, "Part of": {"type": "relation", "targetSchemas": ["Library"]},
                    "Address": {"type": "relation", "targetSchemas": ["Address"]}, "Seats": {"type": "number", "precision": 1}, "Website": {"type": "url"}}},
                "Address": {"subjectsAreDependent": true, "propertyDefinitions": {"Street": {"type": "text"}}}
            },
            "referencedSubjects": {"s1lib1aaaaaaa01": {"id": "s1lib1aaaaaaa01", "displayName": "Central Library", "pageTitle": "Central Library"}}
        }
    })
}

#[test]
fn a_page_renders_its_text_and_its_subjects_through_their_layouts() {
    let html = render_page(&library_page(), &local()).unwrap();
    insta::assert_snapshot!(html);
    // The main Subject through its Layout: only the listed properties, in the Layout's order.
    assert!(html.contains("data-layout=\"LibraryInfobox\""));
    assert!(!html.contains("Central Library</a></td>"), "Part of is not in the Layout");
    assert!(html.contains("<th scope=\"row\">Seats</th><td>48.0</td>"));
    // The Dependent Subject is nested in its host's section, in the default infobox.
    let host_start = html.find("id=\"subject-s1lib1aaaaaaa02\"").unwrap();
    let dependent = html.find("id=\"subject-s1adr1aaaaaaa02\"").unwrap();
    let host_end = html.rfind("</section>").unwrap();
    assert!(host_start < dependent && dependent < host_end);
    assert_eq!(html.matches("<section").count(), 2);
    assert!(html.contains("/wiki/Harbour_Branch?action=editsubject&amp;subject=s1adr1aaaaaaa02"));
}

#[test]
fn without_a_layout_every_statement_is_shown_in_schema_order() {
    let mut page = library_page();
    page["layouts"] = json!([]);
    let html = render_page(&page, &local()).unwrap();
    let order: Vec<usize> = ["Name", "Part of", "Address", "Seats", "Website"]
        .iter()
        .map(|n| html.find(&format!("<th scope=\"row\">{n}</th>")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(html
        .contains("<a class=\"relation\" href=\"/wiki/Central_Library#subject-s1lib1aaaaaaa01\">Central Library</a>"));
    assert!(!html.contains("data-layout"));
}

#[test]
fn a_page_without_subjects_is_its_text() {
    let html = render_page(&json!({"title": "Main Page", "wikitext": "Hello", "subjects": null}), &local()).unwrap();
    assert_eq!(html, "<div class=\"page-text\">\n<p>Hello</p>\n</div>\n");
    assert_eq!(render_page(&json!({"title": "Empty", "wikitext": "\n\n", "subjects": null}), &local()).unwrap(), "");
    assert!(render_page(&json!({"wikitext": "x"}), &local()).is_err());
}

/// The reference host renders no query parser functions (`docs/decisions.md`, "Queries from wikitext
/// and scripts"): they stay text, as every wikitext construct outside the subset does.
#[test]
fn query_parser_functions_are_text_on_the_reference_host() {
    let text = "{{#strata_cypher: MATCH (s:Subject) RETURN s._name}}";
    let html = render_page(&json!({"title": "Report", "wikitext": text, "subjects": null}), &local()).unwrap();
    assert_eq!(html, format!("<div class=\"page-text\">\n<p>{text}</p>\n</div>\n"));
}

#[test]
fn stored_markup_never_reaches_the_html() {
    let mut page = library_page();
    page["subjects"]["subjects"]["s1lib1aaaaaaa02"]["displayName"] = json!("<img src=x onerror=alert(1)>");
    page["subjects"]["subjects"]["s1lib1aaaaaaa02"]["statements"]["Website"]["value"] = json!(["javascript:alert(1)"]);
    let html = render_page(&page, &local()).unwrap();
    assert!(!html.contains("<img"));
    assert!(!html.contains("href=\"javascript:"));
}

#[test]
fn a_schema_page_lists_its_properties() {
    let schema = Schema::from_json(
        &json!({"description": "A service point.", "propertyDefinitions": {
            "Kind": {"type": "select", "required": true, "options": [{"id": "o1knd1aaaaaaa01", "label": "Central"}]},
            "Part of": {"type": "relation", "targetSchemas": ["Library"], "multiple": true}}}),
        &local(),
    )
    .unwrap();
    let links = Links { schema_subjects: Some("/wiki/Special:Subjects?schema=$1".into()), ..Links::default() };
    let html = render_schema("Library", &schema, &links);
    insta::assert_snapshot!(html);
    assert!(html.contains(
        "<th scope=\"row\">Kind</th><td>select</td><td>yes (warning)</td><td>no</td><td>options: Central</td>"
    ));
    assert!(html.contains("href=\"/wiki/Special:Subjects?schema=Library\""));
}

#[test]
fn the_data_tab_names_dependent_subjects_after_their_host_and_escapes_everything() {
    let request = json!({
        "pageId": 12,
        "mainSubjectId": "s1lib1aaaaaaa02",
        "subjects": {
            "s1lib1aaaaaaa02": {"id": "s1lib1aaaaaaa02", "displayName": "Harbour <Branch>", "schema": "Library"},
            "s1lib1aaaaaaa03": {"id": "s1lib1aaaaaaa03", "displayName": "Opening hours", "schema": {"source": "other", "name": "Hours"},
                                "hostSubject": {"id": "s1lib1aaaaaaa02", "displayName": "Harbour <Branch>"}},
        },
        "iris": {"s1lib1aaaaaaa02": "http://wiki.test/entity/s1lib1aaaaaaa02", "s1lib1aaaaaaa03": "http://wiki.test/entity/s1lib1aaaaaaa03"},
        "projections": ["native", "a\"b"],
    });
    let html = crate::render::render_data_tab(&request).unwrap();
    assert!(
        html.contains(
            "<td>Harbour &lt;Branch&gt; <em>(main)</em><br><code>s1lib1aaaaaaa02</code></td><td>Library</td>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<td>Opening hours of Harbour &lt;Branch&gt;<br><code>s1lib1aaaaaaa03</code></td><td>other:Hours</td>"
        ),
        "{html}"
    );
    assert!(html.contains("<code class=\"iri\">http://wiki.test/entity/s1lib1aaaaaaa03</code> <button type=\"button\" class=\"copy\" data-copy=\"http://wiki.test/entity/s1lib1aaaaaaa03\">Copy</button>"));
    assert!(html.contains("<option value=\"a&quot;b\">a&quot;b</option>"));
    assert!(html.contains("href=\"/rest.php/strata/v0/page/12/subjects\""));
    assert!(html.contains("action=\"/rest.php/strata/v0/subject/s1lib1aaaaaaa03/rdf\""));
    let empty =
        crate::render::render_data_tab(&json!({"pageId": 1, "subjects": {}, "iris": {}, "projections": []})).unwrap();
    assert_eq!(empty, "<p>This page has no Subjects.</p>");
    assert!(crate::render::render_data_tab(&json!({"subjects": {}})).is_err());
}

/// The drawings of the case table below, each with `messages` set to `words`: a page with a Layout,
/// a default infobox, dates, booleans and relations to a missing and a foreign Subject; a Schema page
/// with every detail; the lists, full and empty; the Data tab, full and empty; Layout and Mapping
/// pages, valid and not; query tables from wikitext, empty and cut, and a failed query.
fn every_drawing(words: Value) -> Vec<String> {
    let mut page = library_page();
    page["messages"] = words.clone();
    let statements = &mut page["subjects"]["subjects"]["s1adr1aaaaaaa02"]["statements"];
    let every_month: Vec<String> = (1..=12).map(|m| format!("1815-{m:02}-10")).collect();
    statements["Opened"] = json!({"propertyType": "date", "value": every_month});
    statements["Since"] = json!({"propertyType": "dateTime", "value": ["2026-05-14T19:30:00Z"]});
    statements["Open"] = json!({"propertyType": "boolean", "value": true});
    statements["Closed"] = json!({"propertyType": "boolean", "value": false});
    statements["Near"] = json!({"propertyType": "relation", "value": [{"target": "s1zzz1aaaaaaa09"}, {"target": "alpha:s1x"}, {"target": "beta:s1y"}]});
    page["subjects"]["referencedSubjects"]["alpha:s1x"] =
        json!({"id": "alpha:s1x", "source": "alpha", "displayName": "Ada"});
    page["subjects"]["referencedSubjects"]["beta:s1y"] =
        json!({"id": "beta:s1y", "source": "beta", "unavailable": true});
    let mut drawings = vec![render_page(&page, &local()).unwrap()];
    let bare = json!({"title": "Bare", "subjects": {"subjects": {"s1": {"displayName": "Bare", "schema": "Bare", "statements": {}}}}, "messages": words});
    drawings.push(render_page(&bare, &local()).unwrap());
    let schema = Schema::from_json(
        &json!({"subjectsAreDependent": true, "propertyDefinitions": {
            "A": {"type": "number", "minimum": 1, "maximum": 9, "precision": 2, "required": {"severity": "error"}},
            "B": {"type": "text", "minLength": 1, "maxLength": 9, "required": true, "default": "x", "multiple": true},
            "C": {"type": "select", "options": [{"id": "o1", "label": "One"}]},
            "D": {"type": "relation", "relation": "near", "targetSchemas": ["Library"]}}}),
        &local(),
    )
    .unwrap();
    let schema_links = json!({"links": {"schemaSubjects": "/wiki/Special:Subjects?schema=$1"}, "messages": words});
    drawings.push(render_schema("Library", &schema, &Links::from_request(&schema_links)));
    let links = Links::from_request(&schema_links);
    let subject_row = json!({"id": "s1", "displayName": "A", "hostSubject": {"displayName": "B"}, "schema": "S", "pageTitle": "P", "lastEdited": "x"});
    for kind in [ListKind::Subjects, ListKind::RecentlyEdited, ListKind::Schemas] {
        drawings.push(render_list(kind, &[], &links));
        let row =
            if kind == ListKind::Schemas { json!({"name": "S", "description": "d"}) } else { subject_row.clone() };
        drawings.push(render_list(kind, &[row], &links));
    }
    let tab = json!({"pageId": 1, "mainSubjectId": "s1", "subjects": {"s1": subject_row}, "iris": {"s1": "i"},
                     "projections": ["native"], "messages": words});
    drawings.push(render_data_tab(&tab).unwrap());
    drawings.push(
        render_data_tab(&json!({"pageId": 1, "subjects": {}, "iris": {}, "projections": [], "messages": words}))
            .unwrap(),
    );
    let definitions = [
        (
            "strata-layout",
            json!({"schema": "S", "type": "card", "description": "d", "settings": {}, "other": 1}).to_string(),
        ),
        ("strata-layout", "not json".to_owned()),
        (
            "strata-mapping",
            json!({"version": 1, "schema": "S", "target": "t", "prefixes": {"a": "http://a/"},
            "subject": {"class": "a:C"}, "properties": {"N": {"predicate": "a:n", "lang": "en"}}})
            .to_string(),
        ),
        ("strata-mapping", "[]".to_owned()),
    ];
    for (model, text) in definitions {
        let request = json!({"title": "D", "contentModel": model, "wikitext": text, "messages": words});
        drawings.push(render_page(&request, &local()).unwrap());
    }
    let query_words = crate::messages::Words::from_json(Some(&words));
    for table in [
        json!({"columns": ["a"], "rows": [], "truncated": false}),
        json!({"columns": ["a"], "rows": [{"a": 1}], "truncated": true}),
    ] {
        drawings.push(crate::render::render_query_table(&table, &query_words));
    }
    drawings.push(crate::render::render_query_error("cypherSyntaxError", "near x", &query_words));
    drawings
}

/// Every word the renderers use is a key of the core's message table: in English no drawing has a
/// missing key (`⧼key⧽`), and with `qqx` every key a drawing shows exists; together the drawings ask
/// for every key of the table's rendering part.
#[test]
fn every_word_of_the_renderers_is_a_key_of_the_message_table() {
    for html in every_drawing(Value::Null) {
        assert!(!html.contains('⧼'), "a missing message in {html}");
    }
    let mut asked = std::collections::BTreeSet::new();
    for html in every_drawing(json!("qqx")) {
        for part in html.split("(strata-").skip(1) {
            let key = format!("strata-{}", part.split([')', ':']).next().unwrap());
            assert!(crate::messages::english(&key).is_some(), "{key} is not in the table");
            asked.insert(key);
        }
    }
    let unused: Vec<&str> = crate::messages::TABLE
        .iter()
        .map(|m| m.key)
        .filter(|k| !k.starts_with("strata-schema-refusal") && !asked.contains(*k))
        .collect();
    assert_eq!(unused, Vec::<&str>::new(), "keys no drawing asked for");
}
