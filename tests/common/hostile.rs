//! A page and a Schema whose names are hostile to a graph query (backticks, quotes, braces,
//! newlines, `}) DETACH DELETE n //`, unicode), with every value kind: for the projection's snapshots
//! (`graph_projection.rs`) and for a real FalkorDB (`graph_falkordb.rs`).

use indexmap::IndexMap;
use serde_json::{json, Value};
use strata::domain::ids::{RelationId, SourceKey, SubjectId, SubjectRef};
use strata::domain::language_tag::LanguageTag;
use strata::domain::maps::FastIndexMap;
use strata::domain::page_content::PageContent;
use strata::domain::relation_properties::RelationProperties;
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::statement::{MonolingualPart, Relation, Statement, StatementValue};
use strata::domain::subject::Subject;
use strata::domain::title::Title;
use strata::graph::model::{PageInfo, Schemas};
use strata::types::ReadSchema;

pub fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

pub fn sid(s: &str) -> SubjectId {
    SubjectId::parse(s).unwrap()
}

pub fn st(property_type: &str, value: StatementValue) -> Statement {
    Statement { property_type: property_type.to_owned().into(), value }
}

pub fn relation(id: &str, target: &str, properties: Value) -> Relation {
    Relation {
        id: RelationId::parse(id).unwrap(),
        target: SubjectRef::parse(target, &own()).unwrap(),
        properties: properties.as_object().map(RelationProperties::from).unwrap_or_default(),
    }
}

/// A Schema whose name and property names carry backticks, quotes, newlines and unicode.
pub fn hostile_schemas() -> Schemas {
    let schema = json!({"propertyDefinitions": {
        "Call number": {"type": "text"},
        "Tags": {"type": "text", "multiple": true},
        "Works `for`": {"type": "relation", "relation": "Employer`)\nDETACH DELETE (x", "targetSchema": "Person"},
        "Knows": {"type": "relation", "targetSchema": "Person", "multiple": true},
        "Title '\"": {"type": "monolingualText", "multiple": true},
        "}) DETACH DELETE n //": {"type": "text"},
        "{braces} $param": {"type": "number"},
    }});
    let mut m = Schemas::new();
    m.insert(Title::new("Pers`on 😀").unwrap(), Schema::from_json(&schema, &own()).unwrap());
    m
}

pub fn hostile_page() -> (PageInfo, PageContent) {
    let page = PageInfo { id: 7, namespace: 0, title: Title::new("O'Brien \"the\" `tick`").unwrap() };
    let mut statements = FastIndexMap::default();
    statements.insert("Call number".into(), st("text", StatementValue::Strings(vec!["QA-76 ' \\ \0".into()])));
    statements.insert("Tags".into(), st("text", StatementValue::Strings(vec!["one".into()])));
    statements.insert(
        "}) DETACH DELETE n //".into(),
        st("text", StatementValue::Strings(vec!["'}) DETACH DELETE n //".into()])),
    );
    statements.insert("{braces} $param".into(), st("number", StatementValue::Number(7.into())));
    statements.insert("Age".into(), st("number", StatementValue::Number(42.into())));
    statements.insert("Ratio".into(), st("number", StatementValue::Number(serde_json::Number::from_f64(0.5).unwrap())));
    statements.insert("Alive".into(), st("boolean", StatementValue::Boolean(true)));
    statements.insert("Born".into(), st("date", StatementValue::Strings(vec!["1685-03-21".into()])));
    statements.insert(
        "name".into(),
        st("text", StatementValue::Strings(vec!["a Schema property, beside the display name".into()])),
    );
    statements.insert(
        "id".into(),
        st("text", StatementValue::Strings(vec!["a Schema property, beside the Subject ID".into()])),
    );
    statements.insert("_stub".into(), st("boolean", StatementValue::Boolean(false)));
    statements.insert("Legacy".into(), st("email", StatementValue::Raw(json!("x@example.org"))));
    statements.insert(
        "Title '\"".into(),
        st(
            "monolingualText",
            StatementValue::Monolingual(vec![
                MonolingualPart { text: "Hallo".into(), language: LanguageTag::parse("de").unwrap() },
                MonolingualPart { text: "Hello".into(), language: LanguageTag::parse("en-GB").unwrap() },
            ]),
        ),
    );
    statements.insert(
        "Works `for`".into(),
        st(
            "relation",
            StatementValue::Relations(vec![relation(
                "r0000000000000a",
                "s0000000000000b",
                json!({"since": 2001, "role": "it's", "id": "ignored", "nested": [1]}),
            )]),
        ),
    );
    statements.insert(
        "Knows".into(),
        st(
            "relation",
            StatementValue::Relations(vec![
                relation("r0000000000000b", "s0000000000000c", json!({})),
                relation("r0000000000000c", "other:Q42", json!({})),
            ]),
        ),
    );
    let main = Subject { label: None, schema: SchemaRef::Local(Title::new("Pers`on 😀").unwrap()), statements };
    let other = Subject {
        label: Some("Line\nbreak".into()),
        schema: SchemaRef::Local(Title::new("Unknown schema").unwrap()),
        statements: FastIndexMap::default(),
    };
    let mut subjects = IndexMap::new();
    subjects.insert(sid("s0000000000000a"), main);
    subjects.insert(sid("s0000000000000b"), other);
    (page, PageContent { main_subject: Some(sid("s0000000000000a")), subjects })
}
