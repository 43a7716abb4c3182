//! Rules checked when a Schema is saved, beyond its own format.

use super::{PropertyKind, Schema, SchemaErrors, SchemaRef, SchemaRefusal};

impl Schema {
    /// Reasons to refuse saving `self` over `stored` (None when the Schema is new).
    ///
    /// `is_dependent` answers whether a target Schema declares its Subjects dependent; it returns
    /// `None` for a Schema that does not exist or that the caller may not read, which does not count.
    pub fn save_errors(
        &self,
        stored: Option<&Schema>,
        is_dependent: impl Fn(&SchemaRef) -> Option<bool>,
    ) -> SchemaErrors {
        let mut errs = SchemaErrors::default();
        if let Some(old) = stored {
            if old.subjects_are_dependent != self.subjects_are_dependent {
                errs.push("subjectsAreDependent", SchemaRefusal::DependentFixed);
            }
        }
        for (name, def) in &self.property_definitions {
            let path = format!("propertyDefinitions.{name}");
            if let PropertyKind::Relation { target_schemas, .. } = &def.kind {
                let known: Vec<bool> = target_schemas.iter().filter_map(&is_dependent).collect();
                if known.iter().any(|d| *d) && known.iter().any(|d| !*d) {
                    errs.push(format!("{path}.targetSchemas"), SchemaRefusal::MixedDependentTargets);
                }
            }
        }
        errs
    }
}
