//! The Dependent-Subject rules hold for relation targets on any page, through every write endpoint
//! and the platform import, with 422 whatever the enforcement setting. The `/validate` dry-runs do
//! not check them (the spec), so they answer 200.

use crate::support::*;
use serde_json::{json, Value};
use strata::host::memory::{MemoryHost, Viewer};
use strata::host::{namespace, Settings};

fn relation(target: &str) -> Value {
    json!({"propertyType": "relation", "value": [{"target": target}]})
}

fn firm(statements: Value) -> Value {
    json!({"schema": "Firm", "label": "Rival Inc", "statements": statements})
}

/// The Club page of `add_club`, a Schema `Firm` whose `Partner` points at Clubs (standalone), and a
/// Firm on a page of its own: answers (its ID, its page).
fn wiki(enforce: bool) -> (MemoryHost, String, u64) {
    let host = example_host();
    host.set_settings(Settings { enforce_validation: enforce, ..Settings::default() });
    add_club(&host);
    let schema = json!({"propertyDefinitions": {"Partner": {"type": "relation", "targetSchemas": ["Club"]}}});
    assert_eq!(call(&host, Who::Sysop, "PUT", "/strata/v0/schema/Firm", &[], Some(json!({"schema": schema}))).0, 201);
    let (status, body) = call(
        &host,
        Who::Sysop,
        "POST",
        "/strata/v0/subjects",
        &[],
        Some(json!({"schema": "Firm", "label": "Acme", "statements": {}})),
    );
    assert_eq!(status, 201, "{body}");
    (host, body["subjectId"].as_str().unwrap().to_owned(), body["subject"]["pageId"].as_u64().unwrap())
}

/// The codes of a refused write's violations, after checking it is the Dependent-Subject refusal.
fn refused_codes(status: u16, body: &Value) -> Vec<String> {
    assert_eq!((status, error_code(status, body).as_str()), (422, "dependent-subject-rules"), "{body}");
    body["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap().to_owned()).collect()
}

/// The platform import of a page holding `subject`: the violation codes it is refused with.
fn import_codes(host: &MemoryHost, title: &str, subject: Value) -> Vec<String> {
    let slot = json!({"mainSubject": "s1rivalaaaaaaa9", "subjects": {"s1rivalaaaaaaa9": subject}});
    let mut request = json!({"action": "edit", "namespace": namespace::MAIN, "title": title, "slot": "subject", "text": slot.to_string(),
        "summary": "import", "baseRevisionId": null, "createOnly": false, "noCreate": false});
    let who = caller(Who::Sysop);
    request["caller"] = serde_json::to_value(&who).unwrap();
    let answer = page_action(&host.acting_as(Viewer { name: who.name, rights: who.rights }), &request.to_string());
    assert_eq!(answer["ok"], false, "{answer}");
    answer["error"]["violations"].as_array().unwrap().iter().map(|v| v["code"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn relations_to_dependent_subjects_on_other_pages_are_refused_everywhere() {
    for enforce in [false, true] {
        let (host, acme, acme_page) = wiki(enforce);
        let to_membership = json!({"Partner": relation(MEMBERSHIP)});
        let members =
            |target: &str| json!({"schema": "Club", "label": "Go Club", "statements": {"Members": relation(target)}});
        let rel = "relation-to-dependent-subject";
        let not_on_page = "dependent-target-not-on-page";
        let cases: Vec<(&str, (u16, Value), &str)> = vec![
            (
                "create, undeclared property",
                call(&host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(firm(to_membership.clone()))),
                rel,
            ),
            (
                "create, dependent property to a Dependent Subject elsewhere",
                call(&host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(members(MEMBERSHIP))),
                not_on_page,
            ),
            (
                "create, dependent property to a standalone Subject",
                call(&host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(members(&acme))),
                not_on_page,
            ),
            (
                "create, dependent property to nothing",
                call(&host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(members("s1nosuchaaaaaa1"))),
                not_on_page,
            ),
            (
                "add to a page",
                call(
                    &host,
                    Who::Sysop,
                    "POST",
                    &format!("/strata/v0/page/{acme_page}/subjects"),
                    &[],
                    Some(firm(to_membership.clone())),
                ),
                rel,
            ),
            (
                "replace",
                call(
                    &host,
                    Who::Sysop,
                    "PUT",
                    &format!("/strata/v0/subject/{acme}"),
                    &[],
                    Some(json!({"label": "Acme", "statements": to_membership.clone()})),
                ),
                rel,
            ),
            (
                "one Statement",
                call(
                    &host,
                    Who::Sysop,
                    "PUT",
                    &format!("/strata/v0/subject/{acme}/statements/Partner"),
                    &[],
                    Some(json!({"statement": relation(MEMBERSHIP)})),
                ),
                rel,
            ),
        ];
        for (name, (status, body), code) in cases {
            assert!(refused_codes(status, &body).iter().any(|c| c == code), "{name}, enforcement {enforce}: {body}");
        }
        assert!(
            import_codes(&host, "Rival", firm(to_membership.clone())).contains(&rel.to_owned()),
            "import, enforcement {enforce}"
        );
        assert!(
            import_codes(&host, "Go Club", members(MEMBERSHIP)).contains(&not_on_page.to_owned()),
            "import, enforcement {enforce}"
        );
        let (_, read) = call(&host, Who::Sysop, "GET", &format!("/strata/v0/subject/{acme}"), &[], None);
        assert!(read["subjects"][acme.as_str()]["statements"].get("Partner").is_none(), "nothing was stored: {read}");
    }
}

#[test]
fn relations_to_standalone_subjects_elsewhere_are_accepted() {
    let (host, _, _) = wiki(true);
    let (status, body) =
        call(&host, Who::Sysop, "POST", "/strata/v0/subjects", &[], Some(firm(json!({"Partner": relation(CLUB)}))));
    assert_eq!(status, 201, "{body}");
}

#[test]
fn the_dry_runs_do_not_check_the_dependent_subject_rules() {
    let (host, acme, _) = wiki(true);
    let (status, body) = call(
        &host,
        Who::Sysop,
        "POST",
        "/strata/v0/subject/validate",
        &[],
        Some(firm(json!({"Partner": relation(MEMBERSHIP)}))),
    );
    assert_eq!(status, 200, "{body}");
    let path = format!("/strata/v0/subject/{acme}/validate");
    let (status, body) = call(
        &host,
        Who::Sysop,
        "POST",
        &path,
        &[],
        Some(json!({"label": "Acme", "statements": {"Partner": relation(MEMBERSHIP)}})),
    );
    assert_eq!(status, 200, "{body}");
}
