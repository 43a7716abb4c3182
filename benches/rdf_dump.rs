//! Projects N generated pages (one Subject each, with a relation to the previous one) natively and
//! serializes them as TriG to a sink, the way a full dump runs. Prints triples per second and the
//! peak resident memory, which stays flat as N grows because quads stream.
//!
//! `cargo bench --bench rdf_dump -- 100000` (default 10000).

use serde_json::json;
use std::collections::HashMap;
use std::io;
use std::time::Instant;
use strata::domain::ids::{RelationId, SourceKey, SubjectId, SubjectRef};
use strata::domain::page_content::PageContent;
use strata::domain::relation_properties::RelationProperties;
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::statement::{Relation, Statement, StatementValue};
use strata::domain::subject::Subject;
use strata::domain::title::Title;
use strata::rdf::native::project_page;
use strata::rdf::serialize::{Format, RdfWriter};
use strata::rdf::{Context, Iris, PageFacts, PageView, QuadSink};
use strata::types::ReadSchema;

struct Counting<S> {
    inner: S,
    quads: u64,
}

impl<S: QuadSink> QuadSink for Counting<S> {
    fn push(&mut self, quad: &rio_api::model::Quad<'_>) {
        self.quads += 1;
        self.inner.push(quad);
    }
}

fn page(i: u64) -> (PageFacts, PageContent) {
    let id = SubjectId::parse(&format!("s{i:014}")).expect("generated ID");
    let statements = [
        (
            "Name",
            Statement { property_type: "text".into(), value: StatementValue::Strings(vec![format!("Person {i}")]) },
        ),
        ("Height", Statement { property_type: "number".into(), value: StatementValue::Number((150 + i % 50).into()) }),
        ("Born", Statement { property_type: "date".into(), value: StatementValue::Strings(vec!["1900-01-01".into()]) }),
        (
            "Homepage",
            Statement {
                property_type: "url".into(),
                value: StatementValue::Strings(vec![format!("https://p{i}.example/")]),
            },
        ),
        (
            "Knows",
            Statement {
                property_type: "relation".into(),
                value: StatementValue::Relations(vec![Relation {
                    id: RelationId::parse(&format!("r{i:014}")).expect("generated ID"),
                    target: SubjectRef::Local(
                        SubjectId::parse(&format!("s{:014}", i.saturating_sub(1))).expect("generated ID"),
                    ),
                    properties: json!({"since": 2000}).as_object().map(RelationProperties::from).unwrap_or_default(),
                }]),
            },
        ),
    ];
    let subject = Subject {
        label: Some(format!("Person {i}")),
        schema: SchemaRef::Local(Title::new("Person").expect("title")),
        statements: statements.into_iter().map(|(k, s)| (k.to_owned(), s)).collect(),
    };
    let mut content = PageContent { main_subject: Some(id.clone()), ..Default::default() };
    content.subjects.insert(id, subject);
    let facts = PageFacts {
        id: i + 1,
        title: format!("Person {i}"),
        prefixed_title: format!("Person {i}"),
        created: "2026-01-01T00:00:00Z".into(),
        modified: "2026-01-02T00:00:00Z".into(),
        last_editor: "Admin".into(),
        categories: vec!["People".into()],
    };
    (facts, content)
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let n: u64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(10_000);
    let own = SourceKey::parse("local").expect("source key");
    let schema = json!({"propertyDefinitions": {
        "Name": {"type": "text"}, "Height": {"type": "number"}, "Born": {"type": "date"},
        "Homepage": {"type": "url"}, "Knows": {"type": "relation", "targetSchemas": ["Person"]}
    }});
    let schemas: HashMap<SchemaRef, Schema> =
        [(SchemaRef::Local(Title::new("Person").expect("title")), Schema::from_json(&schema, &own).expect("schema"))]
            .into();
    let iris = Iris::new("https://wiki.example");

    let started = Instant::now();
    let mut sink = Counting { inner: RdfWriter::new(Format::Trig, &iris, io::BufWriter::new(io::sink())), quads: 0 };
    for i in 0..n {
        let (facts, content) = page(i);
        project_page(
            Context { iris: &iris, schemas: &schemas },
            &PageView { facts: &facts, content: &content },
            &mut sink,
        );
    }
    sink.inner.finish().expect("writing to a sink");
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{n} pages, {} triples in {seconds:.2} s: {:.0} triples/s, peak memory {} kB",
        sink.quads,
        sink.quads as f64 / seconds,
        peak_rss_kb().map_or("unknown".into(), |k| k.to_string())
    );
}
