//! Which Statements and relation values a projection reads; shared by both projections.

use super::warning::Warning;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::property_type::PropertyType;
use crate::domain::schema::{PropertyDefinition, Schema};
use crate::domain::statement::{Relation, Statement};
use crate::domain::subject::Subject;

/// The Statements of properties the Schema declares whose writer type is registered, each with the
/// Schema's definition and the writer's type (which decides the value mapping).
pub fn projectable<'a>(subject: &'a Subject, schema: &'a Schema) -> impl Iterator<Item = (&'a str, &'a Statement, &'a PropertyDefinition, PropertyType)> {
    subject.statements.iter().filter_map(|(name, statement)| {
        let definition = schema.property(name)?;
        let ty = PropertyType::from_name(&statement.property_type)?;
        Some((name.as_str(), statement, definition, ty))
    })
}

/// The relations whose target is one of this wiki's Subjects. A target of another source has no
/// IRI yet, so that relation is reported and left out.
pub fn local_targets<'a>(subject: &SubjectId, property: &str, relations: &'a [Relation], warnings: &mut Vec<Warning>) -> Vec<(&'a Relation, &'a SubjectId)> {
    let mut out = Vec::with_capacity(relations.len());
    for relation in relations {
        match &relation.target {
            SubjectRef::Local(target) => out.push((relation, target)),
            SubjectRef::Foreign { .. } => warnings.push(Warning::ForeignRelationTarget {
                subject: subject.clone(),
                property: property.to_owned(),
                target: relation.target.clone(),
            }),
        }
    }
    out
}
