//! Projection tests: fixtures built directly as domain values, a collecting sink that turns quads
//! into `oxrdf` quads, and the round trip through an independent parser (`oxttl`).

mod example_wiki;
mod native;
mod ontology;
mod serialize;

use super::page::{PageFacts, PageView};
use super::serialize::{to_string, Format};
use super::vocab::Iris;
use super::Context;
use crate::domain::ids::{RelationId, SourceKey, SubjectId, SubjectRef};
use crate::domain::language_tag::LanguageTag;
use crate::domain::page_content::PageContent;
use crate::domain::relation_properties::RelationProperties;
use crate::domain::schema::{Schema, SchemaRef};
use crate::domain::statement::{MonolingualPart, Relation, Statement, StatementValue};
use crate::domain::subject::Subject;
use crate::domain::title::Title;
use crate::rdf_terms::QuadSink;
use crate::types::ReadSchema;
use oxrdf::{GraphName, Literal, NamedNode, Quad};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

pub const BASE: &str = "https://wiki.example";
pub const RDF_TYPE: &str = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
pub const RDFS_LABEL: &str = "<http://www.w3.org/2000/01/rdf-schema#label>";

pub fn iris() -> Iris {
    Iris::new(BASE)
}

static IRIS: LazyLock<Iris> = LazyLock::new(iris);
static SCHEMAS: LazyLock<HashMap<SchemaRef, Schema>> = LazyLock::new(schemas);

/// The fixture Schemas under the test base URI.
pub fn cx() -> Context<'static> {
    Context { iris: &IRIS, schemas: &*SCHEMAS }
}

pub fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

pub fn sid(s: &str) -> SubjectId {
    SubjectId::parse(s).unwrap()
}

pub fn schema_ref(name: &str) -> SchemaRef {
    SchemaRef::Local(Title::new(name).unwrap())
}

/// The Schemas of the hand-built fixtures.
pub fn schemas() -> HashMap<SchemaRef, Schema> {
    let person = json!({"propertyDefinitions": {
        "Name": {"type": "text"},
        "Nicknames": {"type": "text", "multiple": true},
        "Motto": {"type": "monolingualText", "multiple": true},
        "Homepage": {"type": "url", "multiple": true},
        "Height": {"type": "number"},
        "Alive": {"type": "boolean"},
        "Born": {"type": "date"},
        "Last seen": {"type": "dateTime"},
        "Status": {"type": "select", "options": [{"id": "o1", "label": "Active"}, {"id": "o2", "label": "Retired"}]},
        "Employer": {"type": "relation", "relation": "Works for", "targetSchemas": ["Company"]},
        "Friends": {"type": "relation", "targetSchemas": ["Person"], "multiple": true},
        "Renamed": {"type": "text"},
        "Tags#?": {"type": "text"},
        "Phone": {"type": "phoneNumber"}
    }});
    let company = json!({"propertyDefinitions": {"Name": {"type": "text"}}});
    [("Person", person), ("Company", company)]
        .into_iter()
        .map(|(n, v)| (schema_ref(n), Schema::from_json(&v, &own()).unwrap()))
        .collect()
}

pub fn statement(ty: &str, value: StatementValue) -> Statement {
    Statement { property_type: ty.to_owned().into(), value }
}

pub fn strings(parts: &[&str]) -> StatementValue {
    StatementValue::Strings(parts.iter().map(|s| s.to_string()).collect())
}

pub fn relation(id: &str, target: &str, properties: Value) -> Relation {
    let properties = properties.as_object().map(RelationProperties::from).unwrap_or_default();
    Relation { id: RelationId::parse(id).unwrap(), target: SubjectRef::parse(target, &own()).unwrap(), properties }
}

pub fn subject(label: Option<&str>, schema: &str, statements: Vec<(&str, Statement)>) -> Subject {
    Subject {
        label: label.map(str::to_owned),
        schema: schema_ref(schema),
        statements: statements.into_iter().map(|(k, s)| (k.to_owned(), s)).collect(),
    }
}

pub const ADA: &str = "s1aaaaaaaaaaaa1";
pub const ACME: &str = "s1aaaaaaaaaaaa2";
pub const NOTE: &str = "s1aaaaaaaaaaaa3";

/// A page with a fully populated main Subject, a Company and a Subject of an unknown Schema.
pub fn fixture_content() -> PageContent {
    let ada = subject(
        Some("Ada Lovelace"),
        "Person",
        vec![
            ("Name", statement("text", strings(&["Ada"]))),
            ("Nicknames", statement("text", strings(&["Enchantress", "Countess"]))),
            (
                "Motto",
                statement(
                    "monolingualText",
                    StatementValue::Monolingual(vec![
                        MonolingualPart {
                            text: "Poetical science".into(),
                            language: LanguageTag::parse("en").unwrap(),
                        },
                        MonolingualPart {
                            text: "Poetische Wissenschaft".into(),
                            language: LanguageTag::parse("de").unwrap(),
                        },
                    ]),
                ),
            ),
            ("Homepage", statement("url", strings(&["https://ada.example/home", "ada.example"]))),
            ("Height", statement("number", StatementValue::Number(json!(1.65).as_number().unwrap().clone()))),
            ("Alive", statement("boolean", StatementValue::Boolean(false))),
            ("Born", statement("date", strings(&["1815-12-10"]))),
            ("Last seen", statement("dateTime", strings(&["1852-11-27T12:00:00Z"]))),
            ("Status", statement("select", strings(&["o2", "o9"]))),
            (
                "Employer",
                statement(
                    "relation",
                    StatementValue::Relations(vec![relation(
                        "r1aaaaaaaaaaaa1",
                        ACME,
                        json!({"since": 1833, "role": "analyst", "paid": false, "notes": ["x"]}),
                    )]),
                ),
            ),
            (
                "Friends",
                statement(
                    "relation",
                    StatementValue::Relations(vec![
                        relation("r1aaaaaaaaaaaa2", "s1zzzzzzzzzzzz9", json!({})),
                        relation("r1aaaaaaaaaaaa3", "other:babbage", json!({})),
                    ]),
                ),
            ),
            ("Renamed", statement("number", StatementValue::Number(7.into()))),
            ("Tags#?", statement("text", strings(&["t"]))),
            ("Phone", statement("phoneNumber", StatementValue::Raw(json!("+1 555")))),
            ("Undeclared", statement("text", strings(&["not projected"]))),
        ],
    );
    let acme = subject(None, "Company", vec![("Name", statement("text", strings(&["ACME"])))]);
    let note = subject(Some("Lost"), "Missing schema", vec![]);
    let mut content = PageContent { main_subject: Some(sid(ADA)), ..Default::default() };
    content.subjects.insert(sid(ADA), ada);
    content.subjects.insert(sid(ACME), acme);
    content.subjects.insert(sid(NOTE), note);
    content
}

pub fn fixture_facts() -> PageFacts {
    PageFacts {
        id: 12,
        title: "Ada Lovelace".into(),
        prefixed_title: "Ada Lovelace".into(),
        created: "2026-11-22T10:00:00Z".into(),
        modified: "2026-11-22T10:05:00.5+01:00".into(),
        last_editor: "Admin".into(),
        categories: vec!["Mathematicians".into(), "People of 1815".into()],
    }
}

/// Collects quads as `oxrdf` values, built field by field from the projection's output.
#[derive(Default)]
pub struct Collect(pub Vec<Quad>);

impl QuadSink for Collect {
    fn push(&mut self, q: &rio_api::model::Quad<'_>) {
        use rio_api::model::{Literal as L, Subject as S, Term as T};
        let node = |iri: &str| NamedNode::new(iri).unwrap_or_else(|e| panic!("invalid IRI {iri}: {e}"));
        let S::NamedNode(s) = q.subject else { panic!("only IRIs are subjects") };
        let object: oxrdf::Term = match q.object {
            T::NamedNode(n) => node(n.iri).into(),
            T::Literal(L::Simple { value }) => Literal::new_simple_literal(value).into(),
            T::Literal(L::LanguageTaggedString { value, language }) => {
                Literal::new_language_tagged_literal(value, language).unwrap().into()
            }
            T::Literal(L::Typed { value, datatype }) => Literal::new_typed_literal(value, node(datatype.iri)).into(),
            _ => panic!("unexpected object"),
        };
        let Some(rio_api::model::GraphName::NamedNode(g)) = q.graph_name else {
            panic!("every quad is in a named graph")
        };
        self.0.push(Quad::new(node(s.iri), node(q.predicate.iri), object, GraphName::NamedNode(node(g.iri))));
    }
}

/// Sorted N-Quads lines, for readable comparisons.
pub fn lines(quads: &[Quad]) -> Vec<String> {
    let mut v: Vec<String> = quads.iter().map(|q| q.to_string().replace(BASE, "")).collect();
    v.sort();
    v
}

/// The quads of a TriG text as [`lines`], parsed by `oxttl` (not the serializer's own code).
pub fn parsed_lines(trig: &str) -> Vec<String> {
    let quads: Vec<Quad> = oxttl::TriGParser::new().for_slice(trig.as_bytes()).map(|q| q.unwrap()).collect();
    lines(&quads)
}

/// Checks a case table against a page's quads (`lines`): each `present` line is a quad in `graph`,
/// no quad contains an `absent` text, and no quad is outside `graph`.
pub fn assert_rules(all: &[String], graph: &str, present: &[(&str, String)], absent: &[(&str, &str)]) {
    for (rule, line) in present {
        assert!(all.contains(&format!("{line} {graph}")), "{rule}: missing {line}\n{}", all.join("\n"));
    }
    for (rule, text) in absent {
        assert!(!all.iter().any(|l| l.contains(text)), "{rule}: {text} present\n{}", all.join("\n"));
    }
    assert!(all.iter().all(|l| l.ends_with(&format!(" {graph}"))), "nothing outside {graph}");
}

/// Serializes the same projection as TriG and as Turtle, parses both back with `oxttl`, and checks
/// that they hold exactly the projected quads (Turtle: the same triples). Returns the TriG text.
pub fn round_trip(project: impl Fn(&mut dyn QuadSink)) -> String {
    let mut collected = Collect::default();
    project(&mut collected);
    let want: HashSet<Quad> = collected.0.iter().cloned().collect();
    assert_eq!(want.len(), collected.0.len(), "a quad is emitted twice");

    let (trig, ()) = to_string(Format::Trig, &iris(), &project);
    let parsed: HashSet<Quad> = oxttl::TriGParser::new().for_slice(trig.as_bytes()).map(|q| q.unwrap()).collect();
    assert_eq!(parsed, want, "TriG round trip\n{trig}");

    let (turtle, ()) = to_string(Format::Turtle, &iris(), &project);
    let parsed: HashSet<oxrdf::Triple> =
        oxttl::TurtleParser::new().for_slice(turtle.as_bytes()).map(|t| t.unwrap()).collect();
    let triples: HashSet<oxrdf::Triple> =
        want.into_iter().map(|q| oxrdf::Triple::new(q.subject, q.predicate, q.object)).collect();
    assert_eq!(parsed, triples, "Turtle round trip\n{turtle}");
    trig
}

pub fn view<'a>(facts: &'a PageFacts, content: &'a PageContent) -> PageView<'a> {
    PageView { facts, content }
}
