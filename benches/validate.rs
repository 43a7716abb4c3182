//! Validation throughput, native: every Subject of a wiki folder validated many times with Schemas
//! compiled once. Prints Subjects per second. Usage: `cargo bench --bench validate -- [DIR] [ROUNDS]`.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;
use strata::domain::ids::{SourceKey, SubjectRef};
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::title::Title;
use strata::exports::{BatchValidator, Options, Validator};
use strata::json::{Arena, Json};
use strata::normalize::{read_page_content_str, Context};
use strata::types::ReadSchema;
use strata::validation::{CompiledSchema, SubjectInput};

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let dir = PathBuf::from(args.first().cloned().unwrap_or_else(|| "examples/wiki".into()));
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(2000);
    let own = SourceKey::parse("local").expect("valid key");
    let mut compiled = HashMap::new();
    for path in json_files(&dir.join("Schema")) {
        let name =
            Title::new(&path.file_stem().unwrap_or_default().to_string_lossy()).expect("Schema file name is a title");
        let text = std::fs::read_to_string(&path).expect("readable Schema");
        let schema = Schema::parse_str(&text, &own).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        compiled.insert(SchemaRef::Local(name), CompiledSchema::compile(&schema));
    }
    let mut subjects = Vec::new();
    for path in json_files(&dir.join("Subject")) {
        let content = read_page_content_str(
            &std::fs::read_to_string(&path).expect("readable page"),
            &Context { own_source: &own },
        );
        for (id, s) in content.subjects.iter() {
            subjects.push((id.clone(), s.clone(), content.main_subject.as_ref() == Some(id)));
        }
    }
    let known: HashMap<SubjectRef, SchemaRef> =
        subjects.iter().map(|(id, s, _)| (SubjectRef::Local(id.clone()), s.schema.clone())).collect();
    let arena = bumpalo::Bump::new();
    let views: Vec<_> = subjects.iter().map(|(id, s, is_main)| (id, s.view(&arena), *is_main)).collect();
    let mut violations = 0usize;
    let start = Instant::now();
    for _ in 0..rounds {
        for (id, subject, is_main) in &views {
            if let Some(c) = compiled.get(&subject.schema) {
                violations += c.validate(SubjectInput { id, subject, is_main: *is_main }, &known).len();
            }
        }
    }
    report("compiled Schema, parsed Subjects", subjects.len(), rounds, &dir, start, violations);

    // The path the wasm export takes: JSON text in, normalized as a save would, JSON text out.
    let options = || Options::from_json(None, 0).expect("default options");
    let mut validators = HashMap::new();
    for path in json_files(&dir.join("Schema")) {
        let name = Value::String(path.file_stem().unwrap_or_default().to_string_lossy().replace('_', " "));
        let schema: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable")).expect("JSON");
        validators.insert(
            name.as_str().unwrap_or_default().to_owned(),
            Validator::new(&name, &schema, options()).expect("valid Schema"),
        );
    }
    let texts: Vec<(String, String, String)> = subjects
        .iter()
        .map(|(id, s, main)| {
            (
                s.schema.to_string(),
                s.to_json().to_string(),
                json!({"subjectId": id.as_str(), "isMain": main}).to_string(),
            )
        })
        .collect();
    let start = Instant::now();
    let mut bytes = 0;
    for _ in 0..rounds {
        for (schema, subject, context) in &texts {
            if let Some(v) = validators.get(schema) {
                let arena = Arena::new();
                let subject = Json::parse(subject, &arena).expect("JSON");
                let context = Json::parse(context, &arena).expect("JSON");
                bytes += serde_json::to_string(&v.validate(&subject, Some(&context)).expect("valid"))
                    .expect("serializable")
                    .len();
            }
        }
    }
    report("exports::Validator, JSON text in and out", texts.len(), rounds, &dir, start, bytes);

    // One BatchValidator call a round, each context naming the Subject's relation targets with their
    // Schemas as a host passes them (the items scripts/bench/validate-vs-ajv.mjs builds).
    let schemas: serde_json::Map<String, Value> = json_files(&dir.join("Schema"))
        .iter()
        .map(|p| {
            (
                p.file_stem().unwrap_or_default().to_string_lossy().replace('_', " "),
                serde_json::from_str(&std::fs::read_to_string(p).expect("readable")).expect("JSON"),
            )
        })
        .collect();
    let batch = BatchValidator::new(&Value::Object(schemas), options()).expect("valid Schemas");
    let items: Vec<Value> = subjects
        .iter()
        .map(|(id, s, main)| {
            let text = s.to_json().to_string();
            let targets: serde_json::Map<String, Value> = known.iter().filter(|(k, _)| text.contains(&k.to_string())).map(|(k, v)| (k.to_string(), Value::String(v.to_string()))).collect();
            json!({"subject": s.to_json(), "context": {"subjectId": id.as_str(), "isMain": main, "knownSubjects": targets}})
        })
        .collect();
    let items = Value::Array(items).to_string();
    let start = Instant::now();
    let bytes = batch_rounds(&batch, &items, rounds);
    report("exports::BatchValidator, one call a round", subjects.len(), rounds, &dir, start, bytes);
}

/// The batch loop in a function of its own, so a profiler can count it alone
/// (`valgrind --tool=callgrind --toggle-collect='*batch_rounds*'`).
#[inline(never)]
fn batch_rounds(batch: &BatchValidator, items: &str, rounds: usize) -> usize {
    (0..rounds).map(|_| batch.validate_json(items).expect("valid batch").len()).sum()
}

fn report(what: &str, subjects: usize, rounds: usize, dir: &Path, start: Instant, checksum: usize) {
    let secs = start.elapsed().as_secs_f64();
    let n = rounds * subjects;
    println!("validate native ({what}): {subjects} Subjects of {} x {rounds} rounds: {:.0} Subjects/s ({:.2} µs each; checksum {checksum})", dir.display(), n as f64 / secs, secs * 1e6 / n as f64);
}
