//! The property-graph model of one page: its Page node, its Subject nodes, `HasSubject` edges and
//! the typed relation edges between Subjects. `docs/graph.md` describes it in full.
//!
//! Names that come from users are spelled as [`graph_name`] gives them (Schema names, relation
//! types) or, for property keys, as [`property_key`] does. Values are parameter values ([`Param`]) borrowing from the page content.

use super::names::{graph_name, property_key};
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::page_content::{PageContent, SubjectName};
use crate::domain::relation_properties::RelationPropertyValue;
use crate::domain::schema::{PropertyKind, Schema, SchemaRef};
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::domain::title::Title;
use crate::graph_values::param::{put, Entries, Param};
use crate::graph_values::text;
use crate::types;
use std::borrow::Cow;
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

/// One page's nodes and edges; values borrow from the page content.
#[derive(Debug, Clone, PartialEq)]
pub struct PageGraph<'a> {
    pub page: &'a PageInfo,
    pub subjects: Vec<SubjectNode<'a>>,
    pub relations: Vec<RelationEdge<'a>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SubjectNode<'a> {
    pub id: &'a SubjectId,
    /// The Schema label, besides [`SUBJECT_LABEL`].
    pub label: Cow<'a, str>,
    pub is_main: bool,
    /// Every node property: [`SUBJECT_ID`], [`NAME`], [`SCHEMA`], [`PAGE_ID`] and one per projected
    /// Statement.
    pub properties: Entries<'a>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RelationEdge<'a> {
    pub source: &'a SubjectId,
    /// The target's ID as written: bare for this wiki's Subjects, `source:id` for others.
    pub target: Cow<'a, str>,
    pub relation_type: Cow<'a, str>,
    /// [`SUBJECT_ID`] (the relation ID) and the relation's scalar properties.
    pub properties: Entries<'a>,
}

pub fn page_graph<'a>(page: &'a PageInfo, content: &'a PageContent, schemas: &'a Schemas) -> PageGraph<'a> {
    let mut subjects = Vec::with_capacity(content.subjects.len());
    let mut relations = Vec::new();
    for (id, subject) in &content.subjects {
        let schema = subject.schema.local().and_then(|t| schemas.get(t));
        let is_main = content.main_subject.as_ref() == Some(id);
        let mut properties = Entries::with_capacity(4 + subject.statements.len());
        properties.push((SUBJECT_ID.into(), Param::text(id.as_str())));
        properties.push((NAME.into(), display_name(id, subject, content, page)));
        properties.push((SCHEMA.into(), schema_text(&subject.schema)));
        properties.push((PAGE_ID.into(), Param::Int(page.id)));
        for (name, statement) in &subject.statements {
            if let StatementValue::Relations(values) = &statement.value {
                let relation_type = relation_type(name, schema);
                for r in values {
                    let mut props = Entries::with_capacity(1);
                    props.push((SUBJECT_ID.into(), Param::text(r.id.as_str())));
                    for (k, v) in r.properties.iter() {
                        if let Some(v) = scalar(v) {
                            put(&mut props, property_key(k), v);
                        }
                    }
                    relations.push(RelationEdge {
                        source: id,
                        target: target_text(&r.target),
                        relation_type: relation_type.clone(),
                        properties: props,
                    });
                }
            } else {
                let many = schema.and_then(|s| s.property(name)).and_then(|d| d.multiple()).is_some_and(|m| m.value);
                let values = types::lookup(&statement.property_type)
                    .map(|t| t.graph_values(property_key(name), &statement.value, many));
                for (key, value) in values.unwrap_or_default() {
                    put(&mut properties, key, value);
                }
            }
        }
        subjects.push(SubjectNode { id, label: schema_label(&subject.schema), is_main, properties });
    }
    PageGraph { page, subjects, relations }
}

/// The Schema label of a Subject node.
pub fn schema_label(schema: &SchemaRef) -> Cow<'_, str> {
    graph_name(schema.name().as_str())
}

/// The Schema reference as the node's [`SCHEMA`]: the name of a local Schema, `source:Name` otherwise.
fn schema_text(schema: &SchemaRef) -> Param<'_> {
    match schema {
        SchemaRef::Local(title) => text(title.as_str()),
        other => Param::Text(Cow::Owned(other.to_string().replace('\0', "\u{FFFD}"))),
    }
}

/// A relation target as written: a local ID as it is, a foreign one as `source:id`.
fn target_text(target: &SubjectRef) -> Cow<'_, str> {
    match target {
        SubjectRef::Local(id) => Cow::Borrowed(id.as_str()),
        other => Cow::Owned(other.to_string()),
    }
}

/// The relation type a relation property projects to: the Schema's `relation` name, else the
/// property name, in its graph spelling.
fn relation_type<'a>(property: &'a str, schema: Option<&'a Schema>) -> Cow<'a, str> {
    match schema.and_then(|s| s.property(property)).map(|d| &d.kind) {
        Some(PropertyKind::Relation { relation: Some(r), .. }) => graph_name(r),
        _ => graph_name(property),
    }
}

/// `displayName` as reads report it: the label, else the page title for the main Subject (unless
/// the title is the ID of a Subject on the page), else the Schema name.
fn display_name<'a>(id: &SubjectId, subject: &'a Subject, content: &PageContent, page: &'a PageInfo) -> Param<'a> {
    match content.name_of(page.title.as_str(), id, subject) {
        SubjectName::Label(label) => text(label),
        SubjectName::PageName => text(page.title.as_str()),
        SubjectName::SchemaName => text(subject.schema.name().as_str()),
    }
}

/// A relation-property value the graph can hold: a string, number or boolean.
fn scalar(v: &RelationPropertyValue) -> Option<Param<'_>> {
    match v {
        RelationPropertyValue::String(s) => Some(text(s)),
        RelationPropertyValue::Number(n) => Some(Param::Number(Cow::Borrowed(n))),
        RelationPropertyValue::Boolean(b) => Some(Param::Bool(*b)),
        RelationPropertyValue::Kept(_) => None,
    }
}
