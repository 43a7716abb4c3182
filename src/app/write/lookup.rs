//! Relation targets of Subjects under validation: this wiki's in the Subject index, those of
//! registered sources fetched from their source (`docs/federation.md`).

use crate::app::error::ApiError;
use crate::app::sources::{foreign_subject, registered, Fetched};
use crate::app::Scope;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::schema::SchemaRef;
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::host::Host;
use crate::validation::{SubjectLookup, TargetLookup};
use std::collections::HashMap;

/// Relation targets resolved for one validation: readable local Subjects and what registered sources
/// said of theirs; a target of any other source has an unknown source.
pub struct IndexLookup {
    local: HashMap<SubjectId, SchemaRef>,
    foreign: HashMap<SubjectRef, TargetLookup>,
}

impl IndexLookup {
    pub async fn for_subjects<'s, H: Host>(
        ctx: &Scope<'_, H>,
        subjects: impl IntoIterator<Item = &'s Subject>,
    ) -> Result<Self, ApiError> {
        let mut ids: Vec<String> = Vec::new();
        let mut foreign = HashMap::new();
        for s in subjects {
            for st in s.statements.values() {
                let StatementValue::Relations(rels) = &st.value else { continue };
                for target in rels.iter().map(|r| &r.target) {
                    match target {
                        SubjectRef::Local(id) => ids.push(id.to_string()),
                        SubjectRef::Foreign { source, local_id }
                            if registered(ctx, source).is_some() && !foreign.contains_key(target) =>
                        {
                            let found = match foreign_subject(ctx, source, local_id).await? {
                                Fetched::Found(f) => TargetLookup::Found { schema: f.schema },
                                Fetched::NotFound => TargetLookup::NotFound,
                                Fetched::Unavailable(_) => TargetLookup::Unavailable,
                            };
                            foreign.insert(target.clone(), found);
                        }
                        SubjectRef::Foreign { .. } => {}
                    }
                }
            }
        }
        ids.sort();
        ids.dedup();
        let local = if ids.is_empty() { HashMap::new() } else { Self::indexed(ctx, &ids).await? };
        Ok(IndexLookup { local, foreign })
    }

    async fn indexed<H: Host>(ctx: &Scope<'_, H>, ids: &[String]) -> Result<HashMap<SubjectId, SchemaRef>, ApiError> {
        let info = ctx.subjects_info(ids).await?;
        Ok(info
            .into_iter()
            .filter(|(_, i)| i.readable)
            .filter_map(|(id, i)| {
                let id = SubjectId::parse(&id).ok()?;
                let schema = SchemaRef::from_json(&i.schema, &ctx.own_source).ok()?;
                Some((id, schema))
            })
            .collect())
    }
}

impl SubjectLookup for IndexLookup {
    fn target(&self, target: &SubjectRef) -> TargetLookup {
        match target {
            SubjectRef::Local(id) => {
                self.local.get(id).map_or(TargetLookup::NotFound, |s| TargetLookup::Found { schema: s.clone() })
            }
            SubjectRef::Foreign { .. } => self.foreign.get(target).cloned().unwrap_or(TargetLookup::UnknownSource),
        }
    }
}
