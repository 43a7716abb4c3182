//! Subject list rows, built from the index: the read object's naming fields, `hostSubject` on
//! Dependent Subjects, and the page fields. Statements are not listed: read the Subject for them.

use crate::app::error::ApiError;
use crate::app::Scope;
use crate::host::{Host, IndexedSubject, SubjectIds};
use serde_json::{json, Value};
use std::collections::HashMap;

/// Host chains longer than this are cut, as in the Subject read object.
const MAX_HOST_DEPTH: usize = 32;

/// The index rows of the Host Subjects of `rows`, and of their hosts, fetched in one call per level.
pub async fn host_rows<H: Host>(
    ctx: &Scope<'_, H>,
    rows: &[&IndexedSubject],
) -> Result<HashMap<String, IndexedSubject>, ApiError> {
    let mut known: HashMap<String, IndexedSubject> = HashMap::new();
    let mut wanted: Vec<String> = rows.iter().filter_map(|r| r.facts.host_subject_id.clone()).collect();
    for _ in 0..MAX_HOST_DEPTH {
        wanted.retain(|id| !known.contains_key(id));
        wanted.sort();
        wanted.dedup();
        if wanted.is_empty() {
            break;
        }
        let found = ctx.host.subject_rows(SubjectIds { ids: std::mem::take(&mut wanted) }).await?.rows;
        for row in found {
            wanted.extend(row.facts.host_subject_id.clone());
            known.insert(row.facts.subject_id.clone(), row);
        }
    }
    Ok(known)
}

/// A list row: `id`, `label`, `displayName`, `displayNameIsGenerated`, `schema`, `hostSubject`
/// (Dependent Subjects only), `pageId`, `pageTitle`, `pageNamespaceId`.
pub fn list_row(row: &IndexedSubject, hosts: &HashMap<String, IndexedSubject>) -> Value {
    let mut o = json!({
        "id": row.facts.subject_id,
        "label": row.facts.label,
        "displayName": row.facts.display_name,
        "displayNameIsGenerated": row.facts.display_name_is_generated,
        "schema": row.facts.schema,
    });
    if let Some(host) = host_subject(row, hosts, 0) {
        o["hostSubject"] = host;
    }
    o["pageId"] = row.page_id.into();
    o["pageTitle"] = row.page_title.clone().into();
    o["pageNamespaceId"] = row.page_namespace.into();
    o
}

fn host_subject(row: &IndexedSubject, hosts: &HashMap<String, IndexedSubject>, depth: usize) -> Option<Value> {
    let host = hosts.get(row.facts.host_subject_id.as_deref()?).filter(|_| depth < MAX_HOST_DEPTH)?;
    let mut o = json!({
        "id": host.facts.subject_id,
        "schema": host.facts.schema,
        "displayName": host.facts.display_name,
        "displayNameIsGenerated": host.facts.display_name_is_generated,
    });
    if let Some(next) = host_subject(host, hosts, depth + 1) {
        o["hostSubject"] = next;
    }
    Some(o)
}

/// The rows of one answer, with their Host Subjects resolved.
pub async fn list_rows<H: Host>(ctx: &Scope<'_, H>, rows: &[&IndexedSubject]) -> Result<Vec<Value>, ApiError> {
    let hosts = host_rows(ctx, rows).await?;
    Ok(rows.iter().map(|r| list_row(r, &hosts)).collect())
}
