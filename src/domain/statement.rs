//! Statements: a property's value on a Subject, in the shape fixed by its `propertyType`, in their
//! stored form. The borrowed form validation reads is `statement_view.rs`.

use super::ids::{RelationId, SubjectRef};
use super::language_tag::LanguageTag;
use super::relation_properties::RelationProperties;
use serde_json::{Number, Value};
use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// The writer's type name; may name no registered type. A registered type's name is borrowed
    /// from the registry (`types::stored_type_name`), so most Statements allocate no name.
    pub property_type: Cow<'static, str>,
    pub value: StatementValue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StatementValue {
    /// `text`, `url`, `select`, `date`, `dateTime`: one string per value part.
    Strings(Vec<String>),
    Number(Number),
    Boolean(bool),
    Relations(Vec<Relation>),
    Monolingual(Vec<MonolingualPart>),
    /// The value of a Statement whose `propertyType` is not registered, kept verbatim.
    Raw(Value),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Relation {
    pub id: RelationId,
    pub target: SubjectRef,
    /// Relation properties; empty when there are none.
    pub properties: RelationProperties,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MonolingualPart {
    pub text: String,
    pub language: LanguageTag,
}

impl StatementValue {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Statement value serializes to JSON")
    }
}

impl Relation {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a relation serializes to JSON")
    }
}

impl Statement {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Statement serializes to JSON")
    }
}
