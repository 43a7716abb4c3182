//! Statements: a property's value on a Subject, in the shape fixed by its `propertyType`.
//!
//! The types are generic over how a string part is held: `String` in the stored form (the
//! default), `Cow<'a, str>` in the form write-time normalization produces over a parsed document
//! ([`StatementView`]), which validation reads without copying any part.

use super::ids::{RelationId, SubjectRef};
use super::language_tag::LanguageTag;
use super::relation_properties::RelationProperties;
use serde_json::{Number, Value};
use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq)]
pub struct Statement<S = String> {
    /// The writer's type name; may name no registered type. A registered type's name is borrowed
    /// from the registry (`types::stored_type_name`), so most Statements allocate no name.
    pub property_type: Cow<'static, str>,
    pub value: StatementValue<S>,
}

/// A Statement whose string parts borrow from the parsed write (or from a stored Statement).
pub type StatementView<'a> = Statement<Cow<'a, str>>;

/// A value whose string parts borrow; see [`StatementView`].
pub type ValueView<'a> = StatementValue<Cow<'a, str>>;

#[derive(Debug, Clone, PartialEq)]
pub enum StatementValue<S = String> {
    /// `text`, `url`, `select`, `date`, `dateTime`: one string per value part.
    Strings(Vec<S>),
    Number(Number),
    Boolean(bool),
    Relations(Vec<Relation>),
    Monolingual(Vec<MonolingualPart<S>>),
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
pub struct MonolingualPart<S = String> {
    pub text: S,
    pub language: LanguageTag,
}

impl<S> StatementValue<S> {
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
}

impl StatementValue {
    /// This value with its string parts borrowed, as validation reads it.
    pub fn view(&self) -> ValueView<'_> {
        match self {
            StatementValue::Strings(parts) => StatementValue::Strings(parts.iter().map(|p| Cow::Borrowed(p.as_str())).collect()),
            StatementValue::Monolingual(parts) => {
                StatementValue::Monolingual(parts.iter().map(|p| MonolingualPart { text: Cow::Borrowed(p.text.as_str()), language: p.language.clone() }).collect())
            }
            StatementValue::Number(n) => StatementValue::Number(n.clone()),
            StatementValue::Boolean(b) => StatementValue::Boolean(*b),
            StatementValue::Relations(r) => StatementValue::Relations(r.clone()),
            StatementValue::Raw(v) => StatementValue::Raw(v.clone()),
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

impl ValueView<'_> {
    /// The stored form: each borrowed part copied once.
    pub fn into_owned(self) -> StatementValue {
        match self {
            StatementValue::Strings(parts) => StatementValue::Strings(parts.into_iter().map(Cow::into_owned).collect()),
            StatementValue::Monolingual(parts) => {
                StatementValue::Monolingual(parts.into_iter().map(|p| MonolingualPart { text: p.text.into_owned(), language: p.language }).collect())
            }
            StatementValue::Number(n) => StatementValue::Number(n),
            StatementValue::Boolean(b) => StatementValue::Boolean(b),
            StatementValue::Relations(r) => StatementValue::Relations(r),
            StatementValue::Raw(v) => StatementValue::Raw(v),
        }
    }
}

impl StatementView<'_> {
    /// The stored form of this Statement.
    pub fn into_owned(self) -> Statement {
        Statement { property_type: self.property_type, value: self.value.into_owned() }
    }
}

impl Statement {
    /// This Statement with its string parts borrowed.
    pub fn view(&self) -> StatementView<'_> {
        Statement { property_type: self.property_type.clone(), value: self.value.view() }
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Statement serializes to JSON")
    }
}
