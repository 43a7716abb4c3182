use super::subject::{subject_json, PageFields};
use super::{readable_page, Schemas};
use crate::app::Scope;
use crate::app::error::ApiError;
use crate::domain::ids::SubjectId;
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::host::Host;
use indexmap::IndexMap;
use serde_json::{Map, Value};

/// The relation targets of `sources` that resolve to readable Subjects, as read objects, in the
/// order first met. Targets in `skip` are left out; unresolved targets are omitted silently.
pub async fn resolve_targets<'s, H: Host>(
    ctx: &Scope<'_, H>,
    sources: impl IntoIterator<Item = &'s Subject>,
    skip: &[&SubjectId],
    fields: PageFields,
) -> Result<Map<String, Value>, ApiError> {
    let mut wanted: Vec<String> = Vec::new();
    for subject in sources {
        for st in subject.statements.values() {
            let StatementValue::Relations(rels) = &st.value else { continue };
            for id in rels.iter().filter_map(|r| r.target.local()) {
                if !skip.contains(&id) && !wanted.iter().any(|w| w == id.as_str()) {
                    wanted.push(id.to_string());
                }
            }
        }
    }
    let mut out = Map::new();
    if wanted.is_empty() {
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
    Ok(out)
}
