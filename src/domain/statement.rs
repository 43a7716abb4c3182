//! Statements: a property's value on a Subject, in the shape fixed by its `propertyType`.

use super::ids::{RelationId, SubjectRef};
use super::language_tag::LanguageTag;
use serde_json::{Map, Number, Value};

#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// The writer's type name; may name no registered type.
    pub property_type: String,
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
    /// Relation properties; empty when there are none. Writes accept only strings, numbers and
    /// booleans; a stored value of another kind is kept as read, and projections drop it.
    pub properties: Map<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MonolingualPart {
    pub text: String,
    pub language: LanguageTag,
}

impl StatementValue {
    /// The number of value parts (targets for relations). Scalars count as one.
    pub fn part_count(&self) -> usize {
        match self {
            StatementValue::Strings(v) => v.len(),
            StatementValue::Relations(v) => v.len(),
            StatementValue::Monolingual(v) => v.len(),
            StatementValue::Number(_) | StatementValue::Boolean(_) => 1,
            StatementValue::Raw(_) => 1,
        }
    }

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
