//! The property-graph model of one page: its Page node, its Subject nodes, `HasSubject` edges and
//! the typed relation edges between Subjects. `docs/graph.md` describes it in full.
//!
//! Names that come from users are spelled as [`graph_name`] gives them (Schema names, relation
//! types) or, for property keys, as [`property_key`] does. Values are JSON, ready to go in as parameters.

use super::names::{graph_name, property_key};
use super::values::text;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::{PageContent, SubjectName};
use crate::domain::relation_properties::RelationPropertyValue;
use crate::domain::schema::{PropertyKind, Schema, SchemaRef};
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::domain::title::Title;
use crate::types;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Label of every Subject node, stubs included.
pub const SUBJECT_LABEL: &str = "Subject";
/// Label of page nodes.
pub const PAGE_LABEL: &str = "Page";
/// Type of the Page-to-Subject edges.
pub const HAS_SUBJECT: &str = "HasSubject";
/// Strata's own properties of Subject nodes and relation edges start with one `_`; the key of a
/// Schema property that starts with `_` gets one more (`property_key`), so the two never meet.
/// The Subject ID (relation edges: the Relation ID).
pub const SUBJECT_ID: &str = "_id";
/// The `displayName` reads report.
pub const NAME: &str = "_name";
/// The Schema reference as text.
pub const SCHEMA: &str = "_schema";
pub const PAGE_ID: &str = "_pageId";
/// `true` on a stub node.
pub const STUB: &str = "_stub";

/// The Schemas a page's Subjects name, by title. Foreign references never resolve.
pub type Schemas = HashMap<Title, Schema>;

/// The page facts the graph holds.
#[derive(Debug, Clone, PartialEq)]
pub struct PageInfo {
    pub id: i64,
    pub namespace: i64,
    /// The title without namespace prefix.
    pub title: Title,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PageGraph {
    pub page: PageInfo,
    pub subjects: Vec<SubjectNode>,
    pub relations: Vec<RelationEdge>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SubjectNode {
    pub id: SubjectId,
    /// The Schema label, besides [`SUBJECT_LABEL`].
    pub label: String,
    pub is_main: bool,
    /// Every node property: [`SUBJECT_ID`], [`NAME`], [`SCHEMA`], [`PAGE_ID`] and one per projected
    /// Statement.
    pub properties: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RelationEdge {
    pub source: SubjectId,
    /// The target's ID as written: bare for this wiki's Subjects, `source:id` for others.
    pub target: String,
    pub relation_type: String,
    /// [`SUBJECT_ID`] (the relation ID) and the relation's scalar properties.
    pub properties: Map<String, Value>,
}

pub fn page_graph(page: &PageInfo, content: &PageContent, schemas: &Schemas) -> PageGraph {
    let mut subjects = Vec::new();
    let mut relations = Vec::new();
    for (id, subject) in &content.subjects {
        let schema = subject.schema.local().and_then(|t| schemas.get(t));
        let is_main = content.main_subject.as_ref() == Some(id);
        let mut properties = Map::new();
        properties.insert(SUBJECT_ID.into(), id.as_str().into());
        properties.insert(NAME.into(), text(&display_name(id, subject, content, page)));
        properties.insert(SCHEMA.into(), text(&subject.schema.to_string()));
        properties.insert(PAGE_ID.into(), page.id.into());
        for (name, statement) in &subject.statements {
            if let StatementValue::Relations(values) = &statement.value {
                let relation_type = graph_name(&relation_type(name, schema));
                for r in values {
                    let mut props = Map::new();
                    props.insert(SUBJECT_ID.into(), r.id.as_str().into());
                    for (k, v) in r.properties.iter() {
                        if let Some(v) = scalar(v) {
                            props.insert(property_key(k), v);
                        }
                    }
                    relations.push(RelationEdge {
                        source: id.clone(),
                        target: r.target.to_string(),
                        relation_type: relation_type.clone(),
                        properties: props,
                    });
                }
            } else {
                let many = schema.and_then(|s| s.property(name)).and_then(|d| d.multiple()).is_some_and(|m| m.value);
                let values = types::lookup(&statement.property_type).map(|t| t.graph_values(&property_key(name), &statement.value, many));
                for (key, value) in values.unwrap_or_default() {
                    properties.insert(key, value);
                }
            }
        }
        subjects.push(SubjectNode { id: id.clone(), label: schema_label(&subject.schema), is_main, properties });
    }
    PageGraph { page: page.clone(), subjects, relations }
}

/// The Schema label of a Subject node.
pub fn schema_label(schema: &SchemaRef) -> String {
    graph_name(schema.name().as_str())
}

/// The relation type a relation property projects to: the Schema's `relation` name, else the
/// property name.
fn relation_type(property: &str, schema: Option<&Schema>) -> String {
    match schema.and_then(|s| s.property(property)).map(|d| &d.kind) {
        Some(PropertyKind::Relation { relation: Some(r), .. }) => r.clone(),
        _ => property.to_owned(),
    }
}

/// `displayName` as reads report it: the label, else the page title for the main Subject (unless
/// the title is the ID of a Subject on the page), else the Schema name.
fn display_name(id: &SubjectId, subject: &Subject, content: &PageContent, page: &PageInfo) -> String {
    match content.name_of(page.title.as_str(), id, subject) {
        SubjectName::Label(label) => label.to_owned(),
        SubjectName::PageName => page.title.to_string(),
        SubjectName::SchemaName => subject.schema.name().to_string(),
    }
}

/// A relation-property value the graph can hold: a string, number or boolean.
fn scalar(v: &RelationPropertyValue) -> Option<Value> {
    match v {
        RelationPropertyValue::String(s) => Some(text(s)),
        RelationPropertyValue::Number(n) => Some(Value::Number(n.clone())),
        RelationPropertyValue::Boolean(b) => Some(Value::Bool(*b)),
        RelationPropertyValue::Kept(_) => None,
    }
}
