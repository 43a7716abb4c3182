//! A rebuild run stepped through a small wiki held here: the steps a host sees, the requests the
//! run makes from them, and how it ends.

use super::*;
use serde_json::json;

const KNOWS_SCHEMA: &str = r#"{"propertyDefinitions": {"Knows": {"type": "relation", "relation": "Knows", "targetSchemas": ["Person"], "multiple": true}}}"#;

fn id(letter: char) -> String {
    format!("s{}", letter.to_ascii_lowercase().to_string().repeat(14))
}

/// A page's slot: `subjects` as (letter, targets) pairs; a target is a letter of this wiki or a
/// foreign ID.
fn slot(subjects: &[(char, &[&str])]) -> String {
    let subjects: Map<String, Value> = subjects
        .iter()
        .map(|(letter, targets)| {
            let value: Vec<Value> = targets
                .iter()
                .enumerate()
                .map(|(n, t)| {
                    let target = if t.len() == 1 { id(t.chars().next().unwrap()) } else { (*t).to_owned() };
                    json!({"id": format!("r{}{n:07}", letter.to_ascii_lowercase().to_string().repeat(7)), "target": target})
                })
                .collect();
            let statements = if value.is_empty() { json!({}) } else { json!({"Knows": {"propertyType": "relation", "value": value}}) };
            (id(*letter), json!({"schema": "Person", "label": format!("Person {letter}"), "statements": statements}))
        })
        .collect();
    json!({"subjects": subjects}).to_string()
}

/// The wiki a run reads: pages (id, slot text), the Subject index derived from them, a change mark,
/// and what the host's store did with the writes.
struct Wiki {
    pages: Vec<(u64, String)>,
    mark: String,
    state: &'static str,
    /// Page ids read so far; after the `n`th batch read, `on_batch(n)` may change the wiki.
    batches_read: usize,
    fail_write: Option<usize>,
    /// The store's failure to each step after the batches: `Persist`, `MarkContent`.
    fail_seal: Option<Step>,
    /// The steps after the batches, in order.
    sealed: Vec<Step>,
    writes: Vec<Step>,
    absent: Vec<Vec<String>>,
    progress: Vec<(u64, u64)>,
}

impl Wiki {
    fn new(pages: Vec<String>) -> Self {
        let pages = pages.into_iter().enumerate().map(|(n, s)| (n as u64 + 10, s)).collect();
        Wiki {
            pages,
            mark: "1:0".into(),
            state: "running",
            batches_read: 0,
            fail_write: None,
            fail_seal: None,
            sealed: vec![],
            writes: vec![],
            absent: vec![],
            progress: vec![],
        }
    }

    fn index(&self) -> Vec<(String, u64)> {
        self.pages
            .iter()
            .filter_map(|(page, text)| Some((serde_json::from_str::<Value>(text).ok()?, *page)))
            .flat_map(|(v, page)| {
                v["subjects"].as_object().unwrap().keys().map(|k| (k.clone(), page)).collect::<Vec<_>>()
            })
            .collect()
    }

    /// Steps `run` to its end; `during(wiki, batch)` runs after each batch is read.
    fn run(&mut self, setup: Value, mut during: impl FnMut(&mut Wiki, usize)) -> Step {
        let mut run = RebuildRun::new(serde_json::from_value(setup).unwrap()).unwrap();
        let mut pending_writes = 0;
        loop {
            match run.next() {
                Step::NamespacePages { namespace } => {
                    let pages = if namespace == namespace::SCHEMA {
                        json!([{"title": "Person", "text": KNOWS_SCHEMA}])
                    } else {
                        json!([])
                    };
                    run.answer(pages).unwrap();
                }
                Step::CheckRun => run.answer(json!(self.state)).unwrap(),
                Step::Pages { after_id, limit } => {
                    let batch: Vec<_> =
                        self.pages.iter().filter(|(p, _)| *p > after_id).take(limit as usize).cloned().collect();
                    let facts = batch
                        .iter()
                        .map(|(p, _)| json!({"pageId": p, "namespace": 0, "title": format!("P{p}"), "prefixedTitle": format!("P{p}")}))
                        .map(|v| v.as_object().unwrap().clone())
                        .collect();
                    run.answer_pages(facts, batch.iter().map(|(_, s)| Some(s.clone())).collect()).unwrap();
                    self.batches_read += 1;
                    during(self, self.batches_read);
                }
                Step::ChangeMark => run.answer(json!(self.mark)).unwrap(),
                Step::SubjectsOn { page_ids } => {
                    let ids: Vec<String> =
                        self.index().into_iter().filter(|(_, p)| page_ids.contains(p)).map(|(i, _)| i).collect();
                    run.answer(json!(ids)).unwrap();
                }
                Step::PagesOf { ids } => {
                    let found: Map<String, Value> =
                        self.index().into_iter().filter(|(i, _)| ids.contains(i)).map(|(i, p)| (i, json!(p))).collect();
                    run.answer(Value::Object(found)).unwrap();
                }
                write @ Step::Write { .. } => {
                    self.writes.push(write);
                    pending_writes += 1;
                }
                Step::AwaitWrite => {
                    assert!(pending_writes > 0);
                    pending_writes -= 1;
                    let n = self.writes.len() - pending_writes;
                    let ok = self.fail_write != Some(n);
                    run.written(&if ok {
                        json!({"ok": true})
                    } else {
                        json!({"ok": false, "kind": "unavailable", "detail": "connection refused"})
                    })
                    .unwrap();
                }
                Step::Progress { processed, failed, absent, .. } => {
                    self.progress.push((processed, failed));
                    self.absent.push(absent);
                }
                seal @ (Step::Persist | Step::MarkContent) => {
                    let answer = match (&seal, self.fail_seal.as_ref() == Some(&seal)) {
                        (_, true) => json!({"ok": false, "kind": "unavailable", "detail": "disk full"}),
                        (Step::MarkContent, false) => json!({"ok": true, "marker": "m1"}),
                        _ => json!({"ok": true}),
                    };
                    self.sealed.push(seal);
                    run.answer(answer).unwrap();
                }
                done @ Step::Done { .. } => return done,
            }
        }
    }
}

fn setup(store_type: &str, batch_pages: u64) -> Value {
    json!({"runId": 7, "name": "s", "store": {"type": store_type}, "rdfBaseUri": "https://w.example", "sourceKey": "local",
        "sources": {"alpha": {"baseUrl": "http://127.0.0.1:9/rest.php", "rdfBaseUri": "https://alpha.example/"}, "beta": {"baseUrl": "http://127.0.0.1:9/b"}},
        "changeMark": "1:0", "batchPages": batch_pages})
}

fn trig_of(writes: &[Step]) -> String {
    writes.iter().filter_map(|w| if let Step::Write { trig, .. } = w { trig.clone() } else { None }).collect()
}

#[test]
fn a_rebuild_names_foreign_targets_by_their_source_s_iri_as_saves_do() {
    let mut wiki =
        Wiki::new(vec![slot(&[('A', &["alpha:s1per1aaaaaaa05", "beta:s1per1aaaaaaa06", "B"])]), slot(&[('B', &[])])]);
    let done = wiki.run(setup("sparql-http", 200), |_, _| {});
    assert_eq!(done, Step::Done { run: RunEnd::Succeeded, error: None, stale: None, marker: None });
    assert_eq!(wiki.sealed, [Step::Persist], "a SPARQL store keeps no content marker");
    let trig = trig_of(&wiki.writes);
    assert!(trig.contains("https://alpha.example/entity/s1per1aaaaaaa05"), "{trig}");
    // A source that states no base is named under this wiki's base, as saves name it.
    assert!(trig.contains("entity/beta:s1per1aaaaaaa06"), "{trig}");
    assert!(!trig.contains("alpha:s1per1aaaaaaa05"), "{trig}");
    assert_eq!(wiki.progress, [(2, 0)]);
}

#[test]
fn the_first_sparql_write_clears_the_store_and_later_ones_only_load() {
    let mut wiki = Wiki::new(vec![slot(&[('A', &[])]), slot(&[('B', &[])]), slot(&[('C', &[])])]);
    wiki.run(setup("oxigraph-embedded", 2), |_, _| {});
    let shape: Vec<(bool, bool, bool)> = wiki
        .writes
        .iter()
        .map(|w| match w {
            Step::Write { clear, create_indexes, trig, statements } => {
                (*clear, *create_indexes || statements.is_some(), trig.is_some())
            }
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(shape, [(true, false, true), (false, false, true)]);
    assert_eq!(wiki.progress, [(2, 0), (3, 0)]);
}

#[test]
fn an_empty_wiki_is_one_write_that_clears_the_store() {
    let mut wiki = Wiki::new(vec![]);
    let done = wiki.run(setup("falkordb", 200), |_, _| {});
    assert!(matches!(done, Step::Done { run: RunEnd::Succeeded, .. }));
    assert_eq!(wiki.writes.len(), 1);
    let Step::Write { create_indexes, statements: Some(statements), .. } = &wiki.writes[0] else { panic!() };
    assert!(create_indexes);
    assert_eq!(statements, &["MATCH (n) DETACH DELETE n"]);
}

fn friends() -> Vec<String> {
    // Page order is rebuild order; X is named but held by no page.
    vec![
        slot(&[('A', &["C", "D"])]),
        slot(&[('B', &["C", "E", "X"])]),
        slot(&[('C', &["A"]), ('H', &[])]),
        slot(&[('D', &[]), ('E', &["F"])]),
        slot(&[('F', &["F", "G"]), ('G', &[])]),
    ]
}

fn ids(letters: &str) -> Vec<String> {
    letters.chars().map(id).collect()
}

#[test]
fn a_graph_batch_creates_without_a_lookup_exactly_the_subjects_no_earlier_batch_named() {
    let mut wiki = Wiki::new(friends());
    let done = wiki.run(setup("falkordb", 1), |_, _| {});
    assert_eq!(done, Step::Done { run: RunEnd::Succeeded, error: None, stale: None, marker: Some("m1".into()) });
    assert_eq!(wiki.sealed, [Step::Persist, Step::MarkContent], "made durable, then marked");
    // The first batch clears the graph and sends none; C, D, E, F were stubs by their batch.
    let expected: Vec<Vec<String>> = vec![vec![], vec!["B"], vec!["H"], vec![], vec!["G"]]
        .into_iter()
        .map(|l| l.iter().flat_map(|s| ids(s)).collect())
        .collect();
    let mut absent = wiki.absent.clone();
    absent.iter_mut().for_each(|a| a.sort());
    assert_eq!(absent, expected);
    let Step::Write { create_indexes, .. } = &wiki.writes[0] else { panic!() };
    assert!(create_indexes);
    assert!(wiki.writes[1..].iter().all(|w| matches!(w, Step::Write { create_indexes: false, clear: false, .. })));
}

#[test]
fn once_the_wiki_changes_during_a_graph_run_no_subject_is_said_to_be_absent() {
    let mut wiki = Wiki::new(friends());
    wiki.run(setup("falkordb", 1), |wiki, batch| {
        if batch == 3 {
            wiki.mark = "2:0".into();
        }
    });
    assert_eq!(wiki.absent.iter().map(Vec::len).collect::<Vec<_>>(), [0, 1, 0, 0, 0]);
    // A host that cannot see other writers' changes sends none at all.
    let mut blind = Wiki::new(friends());
    let mut unseen = setup("falkordb", 1);
    unseen["changeMark"] = Value::Null;
    blind.run(unseen, |_, _| {});
    assert!(blind.absent.iter().all(Vec::is_empty));
}

#[test]
fn a_stored_slot_that_is_not_json_reads_as_a_page_without_subjects_and_the_run_goes_on() {
    let mut wiki =
        Wiki::new(vec![slot(&[('A', &[])]), r#"{"subjects": {"sbbbbbbbbbbbbbb": "#.into(), slot(&[('C', &[])])]);
    let done = wiki.run(setup("sparql-http", 200), |_, _| {});
    assert!(matches!(done, Step::Done { run: RunEnd::Succeeded, .. }));
    let trig = trig_of(&wiki.writes);
    assert!(trig.contains(&id('A')) && trig.contains(&id('C')) && !trig.contains(&id('B')), "{trig}");
    assert_eq!(wiki.progress, [(3, 0)]);
}

#[test]
fn how_a_run_ends() {
    // A refusal of the core that is not about the slots.
    let mut wiki = Wiki::new(vec![slot(&[('A', &[])]), slot(&[('B', &[])])]);
    let mut bad = setup("sparql-http", 1);
    bad["sourceKey"] = json!("Not a key");
    let Step::Done { run, error: Some(error), stale: Some(stale), marker: None } = wiki.run(bad, |_, _| {}) else {
        panic!()
    };
    assert_eq!(run, RunEnd::Failed);
    assert!(
        error.starts_with("the core refused the batch of pages 10 to 10: invalid-argument: sourceKey: "),
        "{error}"
    );
    assert_eq!(stale, format!("rebuild run 7 failed: {error}"));
    assert!(wiki.writes.is_empty());

    // Cancelled between batches (the record says `cancelled`, or any state but `running`): the batch
    // in flight is written first.
    for record in ["cancelled", "failed", "queued"] {
        let mut wiki = Wiki::new(vec![slot(&[('A', &[])]), slot(&[('B', &[])]), slot(&[('C', &[])])]);
        let done = wiki.run(setup("sparql-http", 1), |wiki, batch| {
            if batch == 2 {
                wiki.state = record;
            }
        });
        assert_eq!(
            done,
            Step::Done {
                run: RunEnd::Cancelled,
                error: None,
                stale: Some("rebuild run 7 was cancelled".into()),
                marker: None
            },
            "{record}"
        );
        assert_eq!(wiki.writes.len(), 2);
        assert!(wiki.sealed.is_empty(), "a cancelled run is neither made durable nor marked");
        assert_eq!(wiki.progress, [(1, 0), (2, 0)]);
    }

    // The process stops.
    let mut wiki = Wiki::new(vec![slot(&[('A', &[])]), slot(&[('B', &[])])]);
    let done = wiki.run(setup("sparql-http", 1), |wiki, _| wiki.state = "stopping");
    assert!(
        matches!(done, Step::Done { run: RunEnd::Failed, error: Some(e), .. } if e == "the process stopped during the run")
    );

    // A write that fails fails the run with the store's detail; the write after it is awaited.
    let mut wiki = Wiki::new(vec![slot(&[('A', &[])]), slot(&[('B', &[])]), slot(&[('C', &[])])]);
    wiki.fail_write = Some(1);
    let done = wiki.run(setup("sparql-http", 1), |_, _| {});
    assert!(
        matches!(done, Step::Done { run: RunEnd::Failed, error: Some(ref e), .. } if e == "connection refused"),
        "{done:?}"
    );
    assert!(wiki.progress.is_empty());

    // What follows the batches may still fail the run, with the store's detail: the store not made
    // durable (no marker is then written), a graph's content marker not written.
    let cases = [
        (
            "oxigraph-embedded",
            Step::Persist,
            vec![Step::Persist],
            "the store did not make the rebuild durable: disk full",
        ),
        ("falkordb", Step::Persist, vec![Step::Persist], "the store did not make the rebuild durable: disk full"),
        (
            "falkordb",
            Step::MarkContent,
            vec![Step::Persist, Step::MarkContent],
            "the graph's content marker was not written: disk full",
        ),
    ];
    for (store_type, failing, sealed, error) in cases {
        let mut wiki = Wiki::new(vec![slot(&[('A', &[])])]);
        wiki.fail_seal = Some(failing);
        let done = wiki.run(setup(store_type, 1), |_, _| {});
        assert_eq!(
            done,
            Step::Done {
                run: RunEnd::Failed,
                error: Some(error.into()),
                stale: Some(format!("rebuild run 7 failed: {error}")),
                marker: None
            },
            "{store_type}"
        );
        assert_eq!(wiki.sealed, sealed, "{store_type}");
    }
}

#[test]
fn answers_out_of_turn_are_refused() {
    let mut run = RebuildRun::new(serde_json::from_value(setup("sparql-http", 1)).unwrap()).unwrap();
    assert!(run.answer_pages(vec![], vec![]).is_err());
    assert!(run.written(&json!({"ok": true})).is_err());
    assert_eq!(run.next(), Step::NamespacePages { namespace: namespace::SCHEMA });
    assert!(run.answer(json!("running")).is_err(), "namespace pages are a list");
    let mut run = RebuildRun::new(serde_json::from_value(setup("sparql-http", 1)).unwrap()).unwrap();
    for _ in 0..2 {
        run.next();
        run.answer(json!([])).unwrap();
    }
    assert_eq!(run.next(), Step::CheckRun);
    assert!(run.answer(json!("sleeping")).is_err(), "no run state");
    // A graph's content marker answered without the marker.
    let mut run = RebuildRun::new(serde_json::from_value(setup("falkordb", 1)).unwrap()).unwrap();
    let refused = loop {
        match run.next() {
            Step::NamespacePages { .. } => run.answer(json!([])).unwrap(),
            Step::CheckRun => run.answer(json!("running")).unwrap(),
            Step::Pages { .. } => run.answer_pages(vec![], vec![]).unwrap(),
            Step::Write { .. } | Step::Progress { .. } => {}
            Step::AwaitWrite => run.written(&json!({"ok": true})).unwrap(),
            Step::Persist => run.answer(json!({"ok": true})).unwrap(),
            Step::MarkContent => break run.answer(json!({"ok": true})),
            other => panic!("{other:?}"),
        }
    };
    assert!(refused.is_err(), "no marker");
    let mut unknown = setup("nosuch", 1);
    unknown["store"] = json!({"type": "nosuch"});
    assert!(RebuildRun::new(serde_json::from_value(unknown).unwrap()).is_err());
}
