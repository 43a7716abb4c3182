//! Which Statements and relation values a projection reads, and the objects of a Statement through
//! its type; shared by both projections.

use super::vocab::Iris;
use super::quad::Object;
use crate::domain::schema::{PropertyDefinition, Schema};
use crate::domain::statement::{Relation, Statement, StatementValue};
use crate::domain::subject::Subject;
use crate::types::{self, PropertyType};

/// The Statements of properties the Schema declares whose writer type is registered, each with the
/// Schema's definition and the writer's type (which decides the value mapping).
pub fn projectable<'a>(subject: &'a Subject, schema: &'a Schema) -> impl Iterator<Item = (&'a str, &'a Statement, &'a PropertyDefinition, &'static dyn PropertyType)> {
    subject.statements.iter().filter_map(|(name, statement)| {
        let definition = schema.property(name)?;
        let ty = types::lookup(&statement.property_type)?;
        Some((name.as_str(), statement, definition, ty))
    })
}

/// The objects of a Statement read with the writer's type `ty`, one per value part, through the
/// type's `rdf_objects`. A part repeated in the value (stored as written, reported by `uniqueItems`)
/// is one triple, so it is given once.
pub fn statement_objects<'a>(ty: &dyn PropertyType, value: &'a StatementValue, definition: &'a PropertyDefinition) -> Vec<Object<'a>> {
    let mut unique: Vec<Object<'a>> = Vec::new();
    for object in ty.rdf_objects(value, definition) {
        if !unique.contains(&object) {
            unique.push(object);
        }
    }
    unique
}

/// Each relation with the IRI of its target, for this wiki's Subjects and for other sources' alike.
pub fn relation_targets<'a>(iris: &'a Iris, relations: &'a [Relation]) -> impl Iterator<Item = (&'a Relation, String)> + 'a {
    relations.iter().map(|relation| (relation, iris.subject_ref(&relation.target)))
}
