//! `GET /page/{pageId}/subjects` and `GET /page/{pageId}/mainSubject`.

use super::Reply;
use crate::api::conditional::tagged;
use crate::api::context::Ctx;
use crate::api::ids::page_param;
use crate::app::error::page_not_found;
use crate::app::error::ApiError;
use crate::app::view::{readable_page, resolve_targets, subject_json, PageFields, Schemas};
use crate::domain::ids::SubjectId;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::types::CanonicalJson;
use serde_json::{json, Map, Value};

pub async fn subjects<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let page_id = page_param(ctx)?;
    let page = readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let content = &page.content;
    let main = content.main_subject.as_ref().filter(|m| content.subjects.contains_key(*m));
    let ordered = main.and_then(|m| content.subjects.get_key_value(m)).into_iter().chain(content.other_subjects());
    let subjects: Map<String, Value> =
        ordered.map(|(id, s)| (id.to_string(), subject_json(&page, id, s, &schemas, PageFields::Without))).collect();
    let mut body = json!({"pageId": page_id, "mainSubjectId": main.map(|m| m.as_str()), "subjects": subjects});
    let expand = ctx.query_list("expand");
    if expand.contains(&"schemas") {
        let mut used = Map::new();
        for s in content.subjects.values() {
            if let Some(schema) = schemas.schema(&s.schema) {
                used.entry(s.schema.to_string()).or_insert_with(|| schema.to_json());
            }
        }
        body["schemas"] = Value::Object(used);
    }
    if expand.contains(&"relations") {
        let on_page: Vec<&SubjectId> = content.subjects.keys().collect();
        let referenced = resolve_targets(ctx, content.subjects.values(), &on_page, PageFields::With).await?;
        body["referencedSubjects"] = if referenced.is_empty() { json!([]) } else { Value::Object(referenced) };
    }
    // Expanded Schemas and targets live on other pages: no revision of this one versions them.
    if expand.is_empty() {
        return Ok(tagged(ctx, page.record.latest_revision_id, Reply::ok(body)));
    }
    Ok(Reply::ok(body))
}

pub async fn main_subject<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let page_id = page_param(ctx)?;
    let page = readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let subject = page
        .content
        .main_subject
        .as_ref()
        .and_then(|m| page.content.subjects.get(m).map(|s| subject_json(&page, m, s, &schemas, PageFields::With)));
    Ok(Reply::ok(json!({"pageId": page_id, "subject": subject})))
}
