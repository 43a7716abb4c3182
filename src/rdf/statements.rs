//! Which Statements and relation values a projection reads, and the objects of a Statement through
//! its type; shared by both projections.

use super::vocab::Iris;
use crate::domain::schema::{PropertyDefinition, Schema};
use crate::domain::statement::{Relation, Statement};
use crate::domain::subject::Subject;
use crate::types::{self, PropertyType};

/// The Statements of properties the Schema declares whose writer type is registered, each with the
/// Schema's definition and the writer's type (which decides the value mapping).
pub fn projectable<'a>(
    subject: &'a Subject,
    schema: &'a Schema,
) -> impl Iterator<Item = (&'a str, &'a Statement, &'a PropertyDefinition, &'static dyn PropertyType)> {
    subject.statements.iter().filter_map(|(name, statement)| {
        let definition = schema.property(name)?;
        let ty = types::lookup(&statement.property_type)?;
        Some((name.as_str(), statement, definition, ty))
    })
}

/// Each relation with the IRI of its target, for this wiki's Subjects and for other sources' alike.
pub fn relation_targets<'a>(
    iris: &'a Iris,
    relations: &'a [Relation],
) -> impl Iterator<Item = (&'a Relation, String)> + 'a {
    relations.iter().map(|relation| (relation, iris.subject_ref(&relation.target)))
}
