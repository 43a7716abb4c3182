//! `action: view`: a page's Subjects as a reader sees them below the page's own text (main Subject
//! first, Dependent Subjects under their host, each through its Layout or the default infobox), for
//! a host that renders a revision's Subject slot itself (MediaWiki's content handler). The Subjects
//! are those of `text` (the slot of the revision being shown) or, without it, the page's stored ones.
//! The answer names the Schema and Layout pages the drawing used, so the host can refresh the page
//! when one of them changes.

use super::error::{Code, PageActionError};
use super::{shown, PageActionRequest};
use crate::app::load::readable_layouts;
use crate::app::view::{resolve_targets, subject_json, PageData, PageFields, Schemas};
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::domain::schema::SchemaRef;
use crate::domain::title::Title;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::render::render_page;
use crate::types::CanonicalJson;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

pub async fn view<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let record = ctx.page_by_title(request.namespace, &title.to_string()).await?.filter(|p| p.access.read);
    let Some(mut record) = record else { return Ok(json!({"html": "", "schemas": [], "layouts": []})) };
    if let Some(text) = &request.text {
        record.subject_slot = Some(text.clone());
    }
    let page = PageData::from_record(ctx, record);
    let content = &page.content;
    if content.subjects.is_empty() {
        return Ok(json!({"html": "", "schemas": [], "layouts": []}));
    }
    let schemas = Schemas::for_page(ctx, content).await?;
    let main = content.main_subject.as_ref().filter(|m| content.subjects.contains_key(*m));
    let ordered = main.and_then(|m| content.subjects.get_key_value(m)).into_iter().chain(content.other_subjects());
    let subjects: Map<String, Value> =
        ordered.map(|(id, s)| (id.to_string(), subject_json(&page, id, s, &schemas, PageFields::Without))).collect();
    let mut used = Map::new();
    let mut local = BTreeSet::new();
    for s in content.subjects.values() {
        if let Some(schema) = schemas.schema(&s.schema) {
            used.entry(s.schema.to_string()).or_insert_with(|| schema.to_json());
        }
        if let SchemaRef::Local(name) = &s.schema {
            local.insert(name.to_string());
        }
    }
    let on_page: Vec<&SubjectId> = content.subjects.keys().collect();
    let referenced = resolve_targets(ctx, content.subjects.values(), &on_page, PageFields::With).await?;
    let used_names: BTreeSet<String> = used.keys().cloned().collect();
    let layouts: Vec<Value> = readable_layouts(ctx.host)
        .await?
        .into_iter()
        .filter(|l| l["schema"].as_str().is_some_and(|s| used_names.contains(s)))
        .collect();
    let layout_names: Vec<&str> = layouts.iter().filter_map(|l| l["name"].as_str()).collect();
    let read = json!({"subjects": subjects, "schemas": used, "referencedSubjects": referenced});
    let drawn = json!({"title": shown(request, title), "subjects": read, "layouts": layouts,
                       "links": ctx.settings.urls, "messages": request.messages});
    let html = render_page(&drawn, &ctx.own_source).map_err(|e| PageActionError::new(Code::Internal, e))?;
    Ok(json!({"html": html, "schemas": local, "layouts": layout_names}))
}
