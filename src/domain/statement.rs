//! Statements: a property's value on a Subject, in the shape fixed by its `propertyType`.

use super::ids::{RelationId, SubjectRef};
use super::language_tag::LanguageTag;
use super::relation_properties::RelationProperties;
use serde_json::{json, Map, Number, Value};
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
        match self {
            StatementValue::Strings(v) => json!(v),
            StatementValue::Number(n) => Value::Number(n.clone()),
            StatementValue::Boolean(b) => Value::Bool(*b),
            StatementValue::Relations(v) => Value::Array(v.iter().map(Relation::to_json).collect()),
            StatementValue::Monolingual(v) => {
                Value::Array(v.iter().map(|p| json!({"text": p.text, "language": p.language.as_str()})).collect())
            }
            StatementValue::Raw(v) => v.clone(),
        }
    }
}

impl Relation {
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        o.insert("id".into(), self.id.as_str().into());
        o.insert("target".into(), self.target.to_string().into());
        if !self.properties.is_empty() {
            o.insert("properties".into(), Value::Object(self.properties.to_json()));
        }
        Value::Object(o)
    }
}

impl Statement {
    pub fn to_json(&self) -> Value {
        json!({"propertyType": self.property_type, "value": self.value.to_json()})
    }
}
