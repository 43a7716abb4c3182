//! The relation targets a read expands: readable Subjects of this wiki and Subjects of registered sources.

use super::subject::{subject_json, PageFields};
use super::{readable_page, Schemas};
use crate::app::error::ApiError;
use crate::app::sources::{foreign_subject, registered, Fetched};
use crate::app::Scope;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::host::Host;
use indexmap::IndexMap;
use serde_json::{json, Map, Value};

/// The relation targets of `sources` that resolve to readable Subjects, as read objects, this
/// wiki's in the order first met, then those of other sources. Targets in `skip` are left out; unresolved targets are omitted silently.
pub async fn resolve_targets<'s, H: Host>(
    ctx: &Scope<'_, H>,
    sources: impl IntoIterator<Item = &'s Subject>,
    skip: &[&SubjectId],
    fields: PageFields,
) -> Result<Map<String, Value>, ApiError> {
    let mut wanted: Vec<String> = Vec::new();
    let mut foreign: Vec<&SubjectRef> = Vec::new();
    for subject in sources {
        for st in subject.statements.values() {
            let StatementValue::Relations(rels) = &st.value else { continue };
            for target in rels.iter().map(|r| &r.target) {
                match target.local() {
                    Some(id) if !skip.contains(&id) && !wanted.iter().any(|w| w == id.as_str()) => {
                        wanted.push(id.to_string())
                    }
                    None if !foreign.contains(&target) => foreign.push(target),
                    _ => {}
                }
            }
        }
    }
    let mut out = Map::new();
    if wanted.is_empty() {
        out.extend(foreign_targets(ctx, foreign).await?);
        return Ok(out);
    }
    let info = ctx.subjects_info(&wanted).await?;
    let mut by_page: IndexMap<u64, Vec<&str>> = IndexMap::new();
    for id in &wanted {
        if let Some(i) = info.get(id).filter(|i| i.readable) {
            by_page.entry(i.page_id).or_default().push(id);
        }
    }
    let mut found: IndexMap<String, Value> = IndexMap::new();
    for (page_id, ids) in by_page {
        let Some(page) = readable_page(ctx, page_id).await? else { continue };
        let schemas = Schemas::for_page(ctx, &page.content).await?;
        for id in ids {
            let Ok(sid) = SubjectId::parse(id) else { continue };
            if let Some(subject) = page.content.subjects.get(&sid) {
                found.insert(id.to_owned(), subject_json(&page, &sid, subject, &schemas, fields));
            }
        }
    }
    for id in wanted {
        if let Some(v) = found.shift_remove(&id) {
            out.insert(id, v);
        }
    }
    out.extend(foreign_targets(ctx, foreign).await?);
    Ok(out)
}

/// Targets of registered sources as their source reads them; one whose source is unavailable is
/// `{id, source, unavailable: true}`. Targets the source does not hold, and those of unknown sources,
/// are omitted like unresolved local targets.
async fn foreign_targets<H: Host>(
    ctx: &Scope<'_, H>,
    targets: Vec<&SubjectRef>,
) -> Result<Map<String, Value>, ApiError> {
    let mut out = Map::new();
    for target in targets {
        let SubjectRef::Foreign { source, local_id } = target else { continue };
        if registered(ctx, source).is_none() {
            continue;
        }
        let read = match foreign_subject(ctx, source, local_id).await? {
            Fetched::Found(subject) => subject.read,
            Fetched::NotFound => continue,
            Fetched::Unavailable(_) => {
                json!({"id": target.to_string(), "source": source.as_str(), "unavailable": true})
            }
        };
        out.insert(target.to_string(), read);
    }
    Ok(out)
}
