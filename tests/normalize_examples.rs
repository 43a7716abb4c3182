//! Every page of the example wiki (`examples/wiki`) normalizes, normalizing is idempotent, and the stored form reads back unchanged.

use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use strata::domain::ids::{IdMinter, SourceKey};
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::title::Title;
use strata::json::{Arena, Json};
use strata::normalize::{normalize_content, read_page_content, Context, WriteContext};
use strata::types::ReadSchema;

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn demo(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wiki").join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the example wiki must be present at {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn demo_schemas() -> HashMap<SchemaRef, Schema> {
    demo("Schema")
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy();
            let schema = Schema::from_json(&json(p), &own()).unwrap();
            (SchemaRef::Local(Title::new(&name).unwrap()), schema)
        })
        .collect()
}

#[test]
fn every_example_page_normalizes_idempotently_and_reads_back() {
    let own = own();
    let schemas = demo_schemas();
    let mut minter = IdMinter::new();
    let pages = demo("Subject");
    assert_eq!(pages.len(), 35, "expected the example pages, found {}", pages.len());
    for path in pages {
        let raw = json(&path);
        let mut ctx = WriteContext { own_source: &own, minter: &mut minter, now_ms: 1_700_000_000_000 };
        let once = normalize_content(&Json::from_value(&raw, &Arena::new()), &schemas, &mut ctx)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!once.subjects.is_empty(), "{}", path.display());
        let twice = normalize_content(&Json::from_value(&once.to_json(), &Arena::new()), &schemas, &mut ctx).unwrap();
        assert_eq!(twice, once, "normalizing {} twice changes it", path.display());
        let read = read_page_content(&Json::from_value(&once.to_json(), &Arena::new()), &Context { own_source: &own });
        assert_eq!(read, once, "the stored form of {} reads back differently", path.display());
        assert_eq!(
            read_page_content(&Json::from_value(&raw, &Arena::new()), &Context { own_source: &own }),
            once,
            "{} was not already normalized",
            path.display()
        );
        if path.file_stem().is_some_and(|s| s == "Harbour_Branch_Library") {
            insta::assert_json_snapshot!("normalized_Harbour_Branch_Library", once.to_json());
        }
    }
}
