//! A property definition of a Schema and the type-specific fields it carries.

use super::{Constraint, SchemaRef};
use serde_json::{Map, Number, Value};

/// One property of a Schema.
#[derive(Debug, Clone, PartialEq)]
pub struct PropertyDefinition {
    /// The type name as written; `kind` is `Unregistered` when no registered type has this name.
    pub type_name: String,
    pub description: String,
    /// `None` when the property is not required.
    pub required: Option<Constraint<()>>,
    pub default: Option<Value>,
    pub kind: PropertyKind,
    /// Keys this version does not know, kept so that a save never loses them.
    pub extra: Map<String, Value>,
}

impl PropertyDefinition {
    /// The `multiple` Constraint where the type has one.
    pub fn multiple(&self) -> Option<&Constraint<bool>> {
        match &self.kind {
            PropertyKind::Text(r) | PropertyKind::MonolingualText(r) => Some(&r.multiple),
            PropertyKind::Items { multiple, .. }
            | PropertyKind::Select { multiple, .. }
            | PropertyKind::Relation { multiple, .. }
            | PropertyKind::Own { multiple, .. } => Some(multiple),
            _ => None,
        }
    }
}

/// The rules shared by `text` and `monolingualText`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRules {
    pub multiple: Constraint<bool>,
    pub unique_items: Option<Constraint<()>>,
    pub min_length: Option<Constraint<u64>>,
    pub max_length: Option<Constraint<u64>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SelectOption {
    pub id: String,
    pub label: String,
}

/// The type-specific fields of a property definition: the sets of fields the registered types
/// read (`crate::types`); types with the same fields share a variant.
#[derive(Debug, Clone, PartialEq)]
pub enum PropertyKind {
    Text(TextRules),
    MonolingualText(TextRules),
    /// String parts whose only fields are `multiple` and `uniqueItems` (`url`, `email`).
    Items {
        multiple: Constraint<bool>,
        unique_items: Option<Constraint<()>>,
    },
    Number {
        precision: Option<u32>,
        minimum: Option<Constraint<Number>>,
        maximum: Option<Constraint<Number>>,
    },
    Select {
        options: Constraint<Vec<SelectOption>>,
        multiple: Constraint<bool>,
    },
    Relation {
        target_schemas: Vec<SchemaRef>,
        relation: Option<String>,
        multiple: Constraint<bool>,
    },
    Boolean,
    Date {
        minimum: Option<Constraint<String>>,
        maximum: Option<Constraint<String>>,
    },
    DateTime {
        minimum: Option<Constraint<String>>,
        maximum: Option<Constraint<String>>,
    },
    /// The fields of a type that has its own: its file in `crate::types` reads them (`parse`) into
    /// this canonical JSON object and writes them back (`canonical`), so a new type with fields of its
    /// own needs no variant here. `multiple` is kept beside them, as every layer reads it.
    Own {
        multiple: Constraint<bool>,
        fields: Map<String, Value>,
    },
    /// A reserved or unknown type: its type-specific fields are kept in `extra`.
    Unregistered,
}
