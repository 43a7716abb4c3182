//! The Schema format: property definitions, Constraints with severity, Schema references.

mod canonical_fields;
mod constraint;
mod definition;
mod errors;
mod fields;
mod lookup;
mod reference;
mod refusal;
mod save_rules;
mod severity;

pub(crate) use canonical_fields::{put_flag, put_multiple, put_text_rules, put_valued};
pub use constraint::Constraint;
pub use definition::{PropertyDefinition, PropertyKind, SelectOption, TextRules};
pub use errors::{SchemaError, SchemaErrors};
pub use fields::Fields;
pub use lookup::SchemaLookup;
pub use reference::SchemaRef;
pub use refusal::SchemaRefusal;
pub use severity::Severity;

use crate::domain::ids::SourceKey;
use crate::domain::maps::{self, FastIndexMap};
use serde_json::{Map, Value};

/// A parsed Schema. `extra` keeps top-level keys this version does not know, so no data is lost.
#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    pub description: String,
    pub subjects_are_dependent: bool,
    pub property_definitions: FastIndexMap<String, PropertyDefinition>,
    pub extra: Map<String, Value>,
}

impl Schema {
    pub fn property(&self, name: &str) -> Option<&PropertyDefinition> {
        self.property_definitions.get(name)
    }

    /// [`Schema::property`] for Statements read in order; see [`maps::index_in_order`].
    pub fn property_in_order(&self, next: &mut usize, name: &str) -> Option<&PropertyDefinition> {
        maps::index_in_order(&self.property_definitions, next, name).map(|i| &self.property_definitions[i])
    }

    /// A Schema parsed on source `from`, its relation target Schemas restated for this wiki
    /// ([`SchemaRef::seen_from`]).
    pub fn seen_from(mut self, from: &SourceKey, own: &SourceKey) -> Self {
        for definition in self.property_definitions.values_mut() {
            if let PropertyKind::Relation { target_schemas, .. } = &mut definition.kind {
                *target_schemas = std::mem::take(target_schemas).into_iter().map(|r| r.seen_from(from, own)).collect();
            }
        }
        self
    }
}
