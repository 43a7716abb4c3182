//! The Subject read object.

use super::{display_name, PageData, Schemas};
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{PropertyKind, Schema};
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::normalize::SchemaLookup;
use serde_json::{json, Map, Value};

/// Whether to add `pageId`, `pageTitle` and `pageNamespaceId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageFields {
    With,
    Without,
}

/// Host chains longer than this are cut: a page with a relation cycle must not recurse forever.
const MAX_HOST_DEPTH: usize = 32;

pub fn subject_json(
    page: &PageData,
    id: &SubjectId,
    subject: &Subject,
    schemas: &Schemas,
    fields: PageFields,
) -> Value {
    let (name, generated) = display_name(&page.record.title, &page.content, id, subject);
    let schema = schemas.schema(&subject.schema);
    let mut o = Map::new();
    o.insert("id".into(), id.as_str().into());
    o.insert("label".into(), subject.label.clone().map_or(Value::Null, Value::String));
    o.insert("displayName".into(), name.into());
    o.insert("displayNameIsGenerated".into(), generated.into());
    o.insert("schema".into(), subject.schema.to_json());
    o.insert("statements".into(), statements_json(subject, schema));
    if let Some(host) = host_subject(page, id, schemas, 0) {
        o.insert("hostSubject".into(), host);
    }
    if fields == PageFields::With {
        o.insert("pageId".into(), page.record.page_id.into());
        o.insert("pageTitle".into(), page.record.prefixed_title.clone().into());
        o.insert("pageNamespaceId".into(), page.record.namespace.into());
    }
    Value::Object(o)
}

/// Statements as stored; select Statements also carry `valueLabels`, the current labels of the
/// stored option ids (null for an id the current Schema does not offer).
fn statements_json(subject: &Subject, schema: Option<&Schema>) -> Value {
    let mut out = Map::new();
    for (name, st) in &subject.statements {
        let mut v = st.to_json();
        if let (StatementValue::Strings(ids), "select") = (&st.value, &*st.property_type) {
            let options = schema.and_then(|s| s.property(name)).and_then(|d| match &d.kind {
                PropertyKind::Select { options, .. } => Some(&options.value),
                _ => None,
            });
            let labels: Vec<Value> = ids
                .iter()
                .map(|id| {
                    let label = options.and_then(|o| o.iter().find(|opt| &opt.id == id));
                    label.map_or(Value::Null, |o| o.label.clone().into())
                })
                .collect();
            v["valueLabels"] = Value::Array(labels);
        }
        out.insert(name.clone(), v);
    }
    Value::Object(out)
}

/// The Subject on the page that holds the relation to a Dependent Subject.
pub fn host_of<'p>(content: &'p PageContent, id: &SubjectId, schemas: &dyn SchemaLookup) -> Option<&'p SubjectId> {
    let subject = content.subjects.get(id)?;
    if !schemas.schema(&subject.schema).is_some_and(|s| s.subjects_are_dependent) {
        return None;
    }
    content.subjects.iter().find_map(|(holder_id, holder)| {
        let points_here = holder.statements.values().any(|st| match &st.value {
            StatementValue::Relations(rs) => rs.iter().any(|r| r.target.local() == Some(id)),
            _ => false,
        });
        (points_here && holder_id != id).then_some(holder_id)
    })
}

fn host_subject(page: &PageData, id: &SubjectId, schemas: &Schemas, depth: usize) -> Option<Value> {
    if depth >= MAX_HOST_DEPTH {
        return None;
    }
    let host_id = host_of(&page.content, id, schemas)?;
    let host = page.content.subjects.get(host_id)?;
    let (name, generated) = display_name(&page.record.title, &page.content, host_id, host);
    let mut o = json!({
        "id": host_id.as_str(),
        "schema": host.schema.to_json(),
        "displayName": name,
        "displayNameIsGenerated": generated,
    });
    if let Some(next) = host_subject(page, host_id, schemas, depth + 1) {
        o["hostSubject"] = next;
    }
    Some(o)
}
