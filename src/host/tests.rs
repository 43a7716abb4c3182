//! The in-memory host against the Host port's rules: settings, conflicts, access.

use super::memory::{Deny, MemoryHost, Viewer};
use super::*;
use pollster::block_on;
use serde_json::json;

fn save(title: &str, page_id: Option<u64>, base: Option<u64>) -> PageSave {
    PageSave {
        page_id,
        namespace: namespace::MAIN,
        title: title.into(),
        base_revision_id: base,
        create_only: base.is_none(),
        comment: String::new(),
        content_model: "wikitext".into(),
        main_slot: Some(format!("text of {title}")),
        subject_slot: None,
        index: IndexRows::default(),
    }
}

#[test]
fn settings_read_the_hosts_configuration_shape() {
    let s: Settings = serde_json::from_value(json!({
        "sourceKey": "wiki", "titling": "subject-first", "enforceValidation": true,
        "stores": {"main": {"type": "falkordb", "url": "redis://x"}, "rdf": {"type": "sparql-http", "projection": "schema-org"}},
    }))
    .unwrap();
    assert_eq!((s.source_key.as_str(), s.titling, s.enforce_validation), ("wiki", Titling::SubjectFirst, true));
    assert!(s.has_store(StoreKind::Graph) && s.has_store(StoreKind::Sparql));
    assert_eq!(s.stores["main"].projection, "native");
    let d: Settings = serde_json::from_value(json!({})).unwrap();
    assert_eq!(d, Settings::default());
    assert!(!d.has_store(StoreKind::Graph));
}

#[test]
fn a_stale_base_revision_or_a_taken_title_conflicts_and_nothing_is_saved() {
    let host = MemoryHost::default();
    let first =
        block_on(host.save_pages(SavePages { saves: vec![save("A", None, None)], validated_against: vec![] })).unwrap();
    let a = &first.results[0];
    let cases = [
        (vec![save("A", None, None)], Conflict::TitleExists, 0),
        (vec![save("B", None, None), save("A", Some(a.page_id), Some(a.revision_id + 100))], Conflict::EditConflict, 1),
        (vec![save("A", Some(999), Some(1))], Conflict::EditConflict, 0),
    ];
    for (saves, conflict, index) in cases {
        let out = block_on(host.save_pages(SavePages { saves, validated_against: vec![] })).unwrap();
        assert_eq!((out.ok, out.conflict, out.index), (false, Some(conflict), Some(index)));
    }
    let b = block_on(host.page_by_title(PageTitle { namespace: 0, title: "B".into() })).unwrap();
    assert!(b.is_none(), "the batch that conflicted saved nothing");
    let ok = block_on(host.save_pages(SavePages {
        saves: vec![save("A", Some(a.page_id), Some(a.revision_id))],
        validated_against: vec![],
    }))
    .unwrap();
    assert!(ok.ok);
    let old = block_on(host.revision(RevisionById { revision_id: a.revision_id })).unwrap().unwrap();
    assert_eq!(old.main_slot.as_deref(), Some("text of A"));
}

#[test]
fn access_follows_rights_and_deny_rules() {
    let host = MemoryHost::default();
    block_on(host.save_pages(SavePages {
        saves: vec![save("Secret", None, None), save("Open", None, None)],
        validated_against: vec![],
    }))
    .unwrap();
    host.deny("Eve", 0, "Secret", Deny::Read);
    host.deny("*", 0, "Open", Deny::Edit);
    let cases = [
        (Viewer::new("Eve", &["read", "edit"]), "Secret", Access { read: false, edit: false }),
        (Viewer::new("Eve", &["read", "edit"]), "Open", Access { read: true, edit: false }),
        (Viewer::new("Bob", &["read", "edit"]), "Secret", Access { read: true, edit: true }),
        (Viewer::new("Anon", &["read"]), "Secret", Access { read: true, edit: false }),
        (Viewer::new("Nobody", &[]), "Secret", Access { read: false, edit: false }),
    ];
    for (viewer, title, want) in cases {
        let h = host.acting_as(viewer.clone());
        let page = block_on(h.page_by_title(PageTitle { namespace: 0, title: title.into() })).unwrap().unwrap();
        assert_eq!(page.access, want, "{} on {title}", viewer.name);
    }
    let bob = host.acting_as(Viewer::new("Bob", &["read", "edit"]));
    assert!(
        !block_on(bob.can_create(PageTitle { namespace: 0, title: "New".into() })).unwrap().allowed,
        "no createpage right"
    );
}

#[test]
fn list_pages_walks_titles_after_a_cursor_with_a_prefix() {
    let host = MemoryHost::default();
    let saves = ["Pear", "Apple", "Peach", "Plum"].iter().map(|t| save(t, None, None)).collect();
    block_on(host.save_pages(SavePages { saves, validated_against: vec![] })).unwrap();
    let list = |after: Option<&str>, prefix: Option<&str>, limit| {
        let args = ListPages { namespace: 0, after: after.map(Into::into), limit, prefix: prefix.map(Into::into) };
        block_on(host.list_pages(args)).unwrap().pages.into_iter().map(|p| p.title).collect::<Vec<_>>()
    };
    assert_eq!(list(None, None, 10), ["Apple", "Peach", "Pear", "Plum"]);
    assert_eq!(list(Some("Peach"), None, 2), ["Pear", "Plum"]);
    assert_eq!(list(None, Some("Pe"), 10), ["Peach", "Pear"]);
}

/// A JSON host that records each call and answers every one with the same JSON text.
struct Recording {
    calls: std::cell::RefCell<Vec<(String, String)>>,
    answer: &'static str,
}

impl JsonHost for Recording {
    async fn call(&self, op: &'static str, args_json: String) -> Result<String, HostError> {
        self.calls.borrow_mut().push((op.to_owned(), args_json));
        Ok(self.answer.to_owned())
    }
}

#[test]
fn a_json_host_sends_each_operation_under_its_name_with_its_arguments() {
    let host = Recording { calls: Default::default(), answer: "null" };
    assert_eq!(block_on(host.page_by_id(PageById { page_id: 7 })).unwrap(), None);
    block_on(host.log(LogEntry { level: LogLevel::Warning, message: "m".into() })).unwrap();
    let unreadable = block_on(host.now()).unwrap_err();
    assert!(unreadable.to_string().contains("now"), "the error names the operation: {unreadable}");
    let calls = host.calls.borrow();
    assert_eq!(
        *calls,
        [
            ("pageById".to_owned(), r#"{"pageId":7}"#.to_owned()),
            ("log".to_owned(), r#"{"level":"warning","message":"m"}"#.to_owned()),
            ("now".to_owned(), "{}".to_owned()),
        ]
    );
}

#[test]
fn the_operations_are_the_ones_the_architecture_document_lists() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/architecture.md")).unwrap();
    let table = doc.split("| op | arguments | result |").nth(1).expect("the op table");
    let documented: std::collections::BTreeSet<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .flat_map(|l| l.split('|').nth(1).unwrap_or("").split(", "))
        .map(|cell| cell.trim().trim_matches('`'))
        .collect();
    let declared: std::collections::BTreeSet<&str> = OPERATIONS.iter().copied().collect();
    assert_eq!(declared, documented);
    assert_eq!(OPERATIONS.len(), declared.len(), "each op name once");
}
