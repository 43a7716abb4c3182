//! Runs the core's half of a FalkorDB rebuild natively: `projectForStore` on batches of 200 pages of
//! 10 Subjects each, shaped as `scripts/bench/rebuild.mjs` writes them (a label, a text, a number, a
//! date and a relation to the next Subject). Prints Subjects per second and a checksum of the
//! answers, so an instruction count (callgrind, `--toggle-collect='*batch_rounds*'`) can be compared
//! before and after a change with the same output.
//!
//! `cargo bench --bench project_store -- 10 [string]` (rounds of one batch; default 5; `string`:
//! the Subject slots as JSON strings, as MediaWiki sends them, instead of as they are stored).

use serde_json::{json, Value};
use std::time::Instant;
use strata::exports::project_for_store;

const PAGES: usize = 200;
const PER_PAGE: usize = 10;

fn id(prefix: char, n: usize) -> String {
    format!("{prefix}{n:014}")
}

fn page(page: usize) -> Value {
    let mut subjects = serde_json::Map::new();
    for i in 0..PER_PAGE {
        let n = page * PER_PAGE + i;
        subjects.insert(
            id('s', n),
            json!({"label": format!("Person {n}"), "schema": "Person", "statements": {
                "Name": {"propertyType": "text", "value": [format!("Name {n}")]},
                "Age": {"propertyType": "number", "value": n % 97},
                "Born": {"propertyType": "date", "value": [format!("19{:02}-01-01", n % 100)]},
                "Knows": {"propertyType": "relation", "value": [{"id": id('r', n), "target": id('s', n + 1)}]},
            }}),
        );
    }
    let slot = json!({"mainSubject": id('s', page * PER_PAGE), "subjects": subjects});
    json!({"pageId": page + 1, "namespace": 0, "title": format!("Bench {page}"), "prefixedTitle": format!("Bench {page}"), "subjectSlot": slot_as(slot)})
}

/// The slot as the reference host sends it: its JSON text as it is (`object`, the default) or, with
/// the argument `string`, as a JSON string (MediaWiki).
fn slot_as(slot: Value) -> Value {
    if std::env::args().any(|a| a == "string") {
        Value::String(slot.to_string())
    } else {
        slot
    }
}

fn request() -> String {
    let schema = json!({"propertyDefinitions": {
        "Name": {"type": "text"}, "Age": {"type": "number"}, "Born": {"type": "date"},
        "Knows": {"type": "relation", "relation": "Knows", "targetSchemas": ["Person"]},
    }});
    json!({"name": "graph", "store": {"type": "falkordb"}, "rdfBaseUri": "https://w.example",
        "pages": (0..PAGES).map(page).collect::<Vec<_>>(), "schemas": {"Person": schema.to_string()}})
    .to_string()
}

/// The measured work, in a function of its own for callgrind's `--toggle-collect`.
#[inline(never)]
fn batch_rounds(request: &str, rounds: usize) -> usize {
    (0..rounds).map(|_| project_for_store(request).expect("a batch").len()).sum()
}

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5);
    let request = request();
    let started = Instant::now();
    let bytes = batch_rounds(&request, rounds);
    let seconds = started.elapsed().as_secs_f64();
    let subjects = rounds * PAGES * PER_PAGE;
    println!(
        "projectForStore: {subjects} Subjects in {seconds:.3} s, {:.0} Subjects/s, answer bytes {bytes}",
        subjects as f64 / seconds
    );
}
