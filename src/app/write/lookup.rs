//! Relation targets of Subjects under validation, looked up in the Subject index.

use crate::app::Scope;
use crate::app::error::ApiError;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::schema::SchemaRef;
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::host::Host;
use crate::validation::{SubjectLookup, TargetLookup};
use std::collections::HashMap;

/// Relation targets resolved through the index: readable local Subjects are found; no other source
/// is registered here, so a foreign target's source is unknown.
pub struct IndexLookup(HashMap<SubjectId, SchemaRef>);

impl IndexLookup {
    pub async fn for_subjects<'s, H: Host>(ctx: &Scope<'_, H>, subjects: impl IntoIterator<Item = &'s Subject>) -> Result<Self, ApiError> {
        let mut ids: Vec<String> = Vec::new();
        for s in subjects {
            for st in s.statements.values() {
                let StatementValue::Relations(rels) = &st.value else { continue };
                ids.extend(rels.iter().filter_map(|r| r.target.local()).map(ToString::to_string));
            }
        }
        ids.sort();
        ids.dedup();
        if ids.is_empty() {
            return Ok(IndexLookup(HashMap::new()));
        }
        let info = ctx.subjects_info(&ids).await?;
        let found = info
            .into_iter()
            .filter(|(_, i)| i.readable)
            .filter_map(|(id, i)| {
                let id = SubjectId::parse(&id).ok()?;
                let schema = SchemaRef::from_json(&i.schema, &ctx.own_source).ok()?;
                Some((id, schema))
            })
            .collect();
        Ok(IndexLookup(found))
    }
}

impl SubjectLookup for IndexLookup {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        match target {
            SubjectRef::Local(id) => self.0.get(id).map_or(TargetLookup::NotFound, |s| TargetLookup::Found { schema: s.clone() }),
            SubjectRef::Foreign { .. } => TargetLookup::UnknownSource,
        }
    }
}
