//! Every page of the example wiki (`examples/wiki`), read as stored (`normalize::read_page_content`),
//! projected natively, and through the example wiki's own Mappings. Page facts are derived from the file
//! name: page ID = sorted index + 1, title = file name with spaces, fixed timestamps.

use super::*;
use crate::domain::mapping::{save_errors, Mapping, MappingPageFacts};
use crate::json::{Arena, Json};
use crate::normalize::{read_page_content, Context as ReadContext};
use crate::rdf::native::project_page;
use crate::rdf::ontology::OntologyProjection;
use crate::types::ReadSchema;
use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} must be present: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

fn demo(dir: &str) -> Vec<PathBuf> {
    files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wiki").join(dir))
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

fn demo_schemas() -> HashMap<SchemaRef, Schema> {
    demo("Schema").iter().map(|p| (schema_ref(&stem(p)), Schema::from_json(&json(p), &own()).unwrap())).collect()
}

fn demo_pages() -> Vec<(PageFacts, PageContent)> {
    demo("Subject")
        .iter()
        .enumerate()
        .map(|(i, path)| {
            let title = stem(path).replace('_', " ");
            let facts = PageFacts {
                id: i as u64 + 1,
                prefixed_title: title.clone(),
                title,
                created: "2026-01-01T09:00:00Z".into(),
                modified: "2026-01-02T17:30:00Z".into(),
                last_editor: "Admin".into(),
                categories: vec!["Demo".into()],
            };
            (
                facts,
                read_page_content(&Json::from_value(&json(path), &Arena::new()), &ReadContext { own_source: &own() }),
            )
        })
        .collect()
}

fn demo_mappings() -> Vec<(String, Mapping)> {
    demo("Mapping").iter().map(|p| (stem(p).replace('_', " "), Mapping::from_json(&json(p)).unwrap())).collect()
}

#[test]
fn every_example_page_natively() {
    let schemas = demo_schemas();
    let pages = demo_pages();
    for (facts, content) in &pages {
        let trig = round_trip(|sink| {
            let warnings = project_page(Context { iris: &iris(), schemas: &schemas }, &view(facts, content), sink);
            assert!(warnings.is_empty(), "{}: {warnings:?}", facts.title);
        });
        let has_main = trig.contains("/ontology/mainSubject>");
        assert_eq!(
            has_main,
            content.main_subject.is_some(),
            "{}: a main Subject is projected exactly when the page has one",
            facts.title
        );
        let parsed = parsed_lines(&trig);
        for id in content.subjects.keys() {
            for predicate in [RDF_TYPE, RDFS_LABEL] {
                let start = format!("</entity/{id}> {predicate} ");
                assert!(parsed.iter().any(|l| l.starts_with(&start)), "{}: no {start}", facts.title);
            }
        }
        insta::assert_snapshot!(format!("native_{}", facts.title.replace(' ', "_")), trig);
    }
}

#[test]
fn the_example_mappings_pass_the_save_check() {
    let mappings = demo_mappings();
    let facts: Vec<MappingPageFacts> = mappings
        .iter()
        .map(|(page, m)| MappingPageFacts { page: page.clone(), schema: m.schema.clone(), target: m.target.clone() })
        .collect();
    for path in demo("Mapping") {
        let page = stem(&path).replace('_', " ");
        assert_eq!(save_errors(&json(&path), &page, &facts).0, vec![], "{page}");
    }
}

/// The mapped example pages in the schema.org projection, as one streamed document.
#[test]
fn example_pages_through_schema_org_mappings() {
    let (projection, warnings) = OntologyProjection::compile("schemaorg", &demo_mappings());
    assert!(warnings.is_empty(), "{warnings:?}");
    let schemas = demo_schemas();
    let pages = demo_pages();
    let mapped = ["Harbour Branch Library", "Veldhaven Central Library", "Harbour Lights", "A City Below the Sea"];
    let trig = round_trip(|sink| {
        for (facts, content) in pages.iter().filter(|(f, _)| mapped.contains(&f.title.as_str())) {
            let warnings =
                projection.project_page(Context { iris: &iris(), schemas: &schemas }, &view(facts, content), sink);
            assert!(warnings.is_empty(), "{}: {warnings:?}", facts.title);
        }
    });
    let parsed = parsed_lines(&trig);
    for (facts, content) in pages.iter().filter(|(f, _)| mapped.contains(&f.title.as_str())) {
        let main = content.main_subject.as_ref().expect("each mapped example page has a main Subject");
        let class = format!("</entity/{main}> {RDF_TYPE} <https://schema.org/");
        let graph = format!(" </graph/schemaorg/page/{}>", facts.id);
        assert!(parsed.iter().any(|l| l.starts_with(&class) && l.ends_with(&graph)), "{}: no {class}", facts.title);
    }
    assert!(!parsed.iter().any(|l| l.contains("/prop/")), "the schema.org graphs hold no native vocabulary");
    insta::assert_snapshot!(trig);
}
