//! The Data tab (`handlePageAction` with `action: subjects`): a page's Subjects with their IRIs and
//! Export menus, as the caller may see them, driven against a `MemoryHost` holding the example wiki.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::{MemoryHost, Viewer};
use strata::host::{namespace, Settings};

const BASE: &str = "https://wiki.example";

fn host() -> MemoryHost {
    let host = example_host();
    host.set_settings(Settings { rdf_base_uri: format!("{BASE}/"), ..Settings::default() });
    add_club(&host);
    host
}

fn data_tab(host: &MemoryHost, who: Who, ns: i32, title: &str) -> Value {
    let who = caller(who);
    let request = json!({"action": "subjects", "namespace": ns, "title": title, "caller": who});
    let viewer = Viewer { name: who.name.clone(), rights: who.rights.clone() };
    page_action(&host.acting_as(viewer), &request.to_string())
}

fn html(answer: &Value) -> &str {
    assert_eq!(answer["ok"], true, "{answer}");
    answer["result"]["html"].as_str().unwrap()
}

#[test]
fn the_tab_lists_every_subject_main_first_with_its_iri_and_export_menus() {
    let host = host();
    let answer = data_tab(&host, Who::User, namespace::MAIN, "Chess Club");
    let page_id = page_id(&host, "Chess Club");
    assert_eq!(answer["result"]["pageId"], page_id);
    let html = html(&answer);
    let rows: Vec<&str> =
        html.match_indices("<tr class=\"subject\" id=\"").map(|(at, _)| &html[at + 24..at + 39]).collect();
    assert_eq!(rows, [CLUB, MEMBERSHIP, PERIOD], "main Subject first, then the others in page order");
    assert!(
        html.contains(&format!("<td>Chess Club <em>(main)</em><br><code>{CLUB}</code></td><td>Club</td>")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<td>Membership of Chess Club<br><code>{MEMBERSHIP}</code></td>")),
        "a Dependent Subject is named after its host"
    );
    assert!(html.contains(&format!("<code class=\"iri\">{BASE}/entity/{CLUB}</code> <button type=\"button\" class=\"copy\" data-copy=\"{BASE}/entity/{CLUB}\">Copy</button>")));
    assert!(html.contains(&format!("<a class=\"export-json\" href=\"/rest.php/strata/v0/subject/{CLUB}\">JSON</a>")));
    assert!(html.contains(&format!("<form method=\"get\" action=\"/rest.php/strata/v0/subject/{CLUB}/rdf\"><input type=\"hidden\" name=\"format\" value=\"turtle\">")));
    assert!(html.contains(&format!("<details class=\"export-menu\"><summary>Export all</summary><ul>\n<li><a class=\"export-json\" href=\"/rest.php/strata/v0/page/{page_id}/subjects\">JSON</a></li>")));
    assert_eq!(
        html.matches("<option value=\"native\">native</option>").count(),
        2 * 4,
        "Turtle and TriG in every menu"
    );
}

#[test]
fn the_projections_are_native_and_the_mapping_targets_the_reader_may_read() {
    let host = host();
    let mapping = std::fs::read_to_string(example_dir().join("Mapping/Book_schemaorg.json")).unwrap();
    let save = json!({"action": "edit", "namespace": namespace::MAPPING, "title": "Book schemaorg", "text": mapping, "caller": maintenance()});
    let viewer = Viewer { name: "Maintenance script".into(), rights: maintenance().rights };
    let saved = page_action(&host.acting_as(viewer), &save.to_string());
    assert_eq!(saved["ok"], true, "{saved}");
    let shown = html_of(&host, "Chess Club");
    assert!(shown.contains("<select name=\"projection\"><option value=\"native\">native</option><option value=\"schemaorg\">schemaorg</option></select>"), "{shown}");
    host.deny("Alice", namespace::MAPPING, "Book schemaorg", strata::host::memory::Deny::Read);
    assert!(!html_of(&host, "Chess Club").contains("schemaorg"), "an unreadable Mapping offers no projection");
}

#[test]
fn text_is_escaped() {
    let host = host();
    seed_subject_page(
        &host,
        namespace::MAIN,
        "Q&A",
        &json!({"mainSubject": "s1qanda1aaaaaa1", "subjects": {
        "s1qanda1aaaaaa1": {"schema": "Club", "label": "<b>Quiz</b> & co", "statements": {}}}})
        .to_string(),
    );
    let escaped = html_of(&host, "Q&A");
    assert!(escaped.contains("<td>&lt;b&gt;Quiz&lt;/b&gt; &amp; co <em>(main)</em>"), "{escaped}");
}

fn html_of(host: &MemoryHost, title: &str) -> String {
    html(&data_tab(host, Who::User, namespace::MAIN, title)).to_owned()
}

#[test]
fn a_page_without_subjects_says_so_and_a_missing_or_unreadable_one_is_missing() {
    let host = host();
    seed_subject_page(&host, namespace::MAIN, "Empty", &json!({"subjects": {}}).to_string());
    assert_eq!(html_of(&host, "Empty"), "<p>This page has no Subjects.</p>");
    for (who, title) in [(Who::User, "Nowhere"), (Who::Restricted, "Polder survey of 1672")] {
        let answer = data_tab(&host, who, namespace::MAIN, title);
        assert_eq!(
            (answer["ok"].as_bool(), answer["error"]["code"].as_str()),
            (Some(false), Some("missingtitle")),
            "{title}: {answer}"
        );
    }
    let readable = data_tab(&host, Who::User, namespace::MAIN, "Polder survey of 1672");
    assert_eq!(readable["ok"], true, "the same page for a reader who may read it");
}
