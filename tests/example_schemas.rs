//! Every Schema of the example wiki (`examples/wiki`) parses, and its canonical form is pinned by a snapshot.

use std::path::Path;
use strata::domain::ids::SourceKey;
use strata::domain::schema::Schema;
use strata::types::{CanonicalJson, ReadSchema};

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

#[test]
fn every_example_schema_has_a_stable_canonical_form() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wiki/Schema");
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert_eq!(names.len(), 12, "expected the example Schemas, found {}", names.len());
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let schema = Schema::parse_str(&text, &own()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let canonical = schema.to_json();
        let again = Schema::from_json(&canonical, &own()).unwrap();
        assert_eq!(again, schema, "canonical form of {} must read back to the same Schema", path.display());
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_json_snapshot!(format!("canonical_schema_{name}"), canonical);
    }
}
