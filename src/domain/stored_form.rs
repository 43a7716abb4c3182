//! The stored JSON form of a Subject slot (`{mainSubject, subjects}`), written straight to text by
//! serde: a save or an import serializes a page's content without first building it as a
//! `serde_json::Value` tree (the `to_json` methods are this form as a tree). Keys come in a fixed
//! order; a relation's `properties` and a Subject's `label` are left out when absent.

use super::page_content::PageContent;
use super::relation_properties::{RelationProperties, RelationPropertyValue};
use super::statement::{MonolingualPart, Relation, Statement, StatementValue};
use super::subject::Subject;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt::Display;

impl Serialize for PageContent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(main) = &self.main_subject {
            map.serialize_entry("mainSubject", main.as_str())?;
        }
        map.serialize_entry("subjects", &Subjects(self))?;
        map.end()
    }
}

/// The `subjects` object of a slot: Subject ID to Subject, in display order.
struct Subjects<'a>(&'a PageContent);

impl Serialize for Subjects<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.subjects.iter().map(|(id, subject)| (id.as_str(), subject)))
    }
}

impl Serialize for Subject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(label) = &self.label {
            map.serialize_entry("label", label)?;
        }
        map.serialize_entry("schema", &self.schema)?;
        map.serialize_entry("statements", &self.statements)?;
        map.end()
    }
}

impl Serialize for Statement {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("propertyType", &self.property_type)?;
        map.serialize_entry("value", &self.value)?;
        map.end()
    }
}

impl Serialize for StatementValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            StatementValue::Strings(parts) => parts.serialize(serializer),
            StatementValue::Number(n) => n.serialize(serializer),
            StatementValue::Boolean(b) => serializer.serialize_bool(*b),
            StatementValue::Relations(relations) => relations.serialize(serializer),
            StatementValue::Monolingual(parts) => parts.serialize(serializer),
            StatementValue::Raw(value) => value.serialize(serializer),
        }
    }
}

impl Serialize for Relation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", self.id.as_str())?;
        map.serialize_entry("target", &Displayed(&self.target))?;
        if !self.properties.is_empty() {
            map.serialize_entry("properties", &self.properties)?;
        }
        map.end()
    }
}

impl Serialize for RelationProperties {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl Serialize for RelationPropertyValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RelationPropertyValue::String(s) => serializer.serialize_str(s),
            RelationPropertyValue::Number(n) => n.serialize(serializer),
            RelationPropertyValue::Boolean(b) => serializer.serialize_bool(*b),
            RelationPropertyValue::Kept(v) => v.serialize(serializer),
        }
    }
}

impl Serialize for MonolingualPart {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("text", &self.text)?;
        map.serialize_entry("language", self.language.as_str())?;
        map.end()
    }
}

/// A value written as its `Display` text, without an intermediate `String`.
struct Displayed<'a, T: Display>(&'a T);

impl<T: Display> Serialize for Displayed<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}
