//! The content rules of each namespace: what an edit of one slot stores, or every reason it is refused.

use super::error::{Code, PageActionError};
use super::prepared::{default_content_model, parse_json, PreparedEdit};
use super::{subject_slot, PageActionRequest, Slot};
use crate::app::load::{mapping_pages, readable_schema};
use crate::app::schema_save::{check_schema_save, SCHEMA_CONTENT_MODEL};
use crate::app::view::{index_rows, read_content, Schemas};
use crate::app::Scope;
use crate::domain::layout::{Layout, LAYOUT_CONTENT_MODEL};
use crate::domain::mapping::{self, MappingPageFacts, MAPPING_CONTENT_MODEL};
use crate::domain::title::Title;
use crate::host::{namespace, Host, IndexRows, PageRecord};
use serde_json::Value;

pub async fn check<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
    text: &str,
    page: Option<&PageRecord>,
) -> Result<PreparedEdit, PageActionError> {
    match (request.slot, request.namespace) {
        (Slot::Main, namespace::SCHEMA) => {
            let raw = parse_json(text, Code::InvalidSchema, "Schema")?;
            let checked = check_schema_save(ctx, title, &raw, page).await?.map_err(|errs| {
                let reasons = errs.to_json().into();
                PageActionError::reasons(Code::InvalidSchema, "The Schema is invalid", errs).with("reasons", reasons)
            })?;
            Ok(json_page(SCHEMA_CONTENT_MODEL, checked.text, page))
        }
        (Slot::Main, namespace::LAYOUT) => layout(ctx, text, page).await,
        (Slot::Main, namespace::MAPPING) => mapping(ctx, title, text, page).await,
        (Slot::Main, ns) => plain(ctx, ns, title, text, page).await,
        (Slot::Subject, ns @ (namespace::SCHEMA | namespace::LAYOUT | namespace::MAPPING)) => {
            let info =
                format!("Pages in the {} namespace have no Subject slot.", namespace::prefix(ns).trim_end_matches(':'));
            Err(PageActionError::new(Code::InvalidContent, info))
        }
        (Slot::Subject, _) => subject_slot::check(ctx, request.namespace, title, text, page).await,
    }
}

/// A JSON page: its text replaces the main slot; such pages hold no Subjects.
fn json_page(content_model: &str, text: String, page: Option<&PageRecord>) -> PreparedEdit {
    PreparedEdit {
        unchanged: page.is_some_and(|p| p.main_slot.as_deref() == Some(text.as_str())),
        content_model: content_model.into(),
        main_slot: Some(text),
        subject_slot: None,
        index: IndexRows::default(),
    }
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

async fn layout<H: Host>(
    ctx: &Scope<'_, H>,
    text: &str,
    page: Option<&PageRecord>,
) -> Result<PreparedEdit, PageActionError> {
    let raw = parse_json(text, Code::InvalidLayout, "Layout")?;
    let named = raw.get("schema").and_then(Value::as_str).and_then(|s| Title::new(s).ok());
    let existing = match named {
        Some(t) if readable_schema(ctx, &t).await?.is_some() => Some(t),
        _ => None,
    };
    let layout = Layout::save_check(&raw, |t| existing.as_ref() == Some(t))
        .map_err(|errs| PageActionError::reasons(Code::InvalidLayout, "The Layout is invalid", errs))?;
    Ok(json_page(LAYOUT_CONTENT_MODEL, pretty(&layout.to_json()), page))
}

async fn mapping<H: Host>(
    ctx: &Scope<'_, H>,
    title: &Title,
    text: &str,
    page: Option<&PageRecord>,
) -> Result<PreparedEdit, PageActionError> {
    let raw = parse_json(text, Code::InvalidMapping, "Mapping")?;
    let errs = mapping::save_errors(&raw, title.as_str(), &readable_mappings(ctx).await?);
    if !errs.is_empty() {
        return Err(PageActionError::reasons(Code::InvalidMapping, "The Mapping is invalid", errs));
    }
    Ok(json_page(MAPPING_CONTENT_MODEL, pretty(&raw), page))
}

/// The (schema, target) pair of every readable Mapping page that can be read as a Mapping.
async fn readable_mappings<H: Host>(ctx: &Scope<'_, H>) -> Result<Vec<MappingPageFacts>, PageActionError> {
    let pages = mapping_pages(ctx.host, true).await?;
    Ok(pages.into_iter().map(|(page, m)| MappingPageFacts { page, schema: m.schema, target: m.target }).collect())
}

/// Any other page: the text is stored as written; its Subject slot and index rows stay as they are.
async fn plain<H: Host>(
    ctx: &Scope<'_, H>,
    ns: i32,
    title: &Title,
    text: &str,
    page: Option<&PageRecord>,
) -> Result<PreparedEdit, PageActionError> {
    let index = match page.and_then(|p| p.subject_slot.as_deref()) {
        Some(slot) => {
            let content = read_content(ctx, Some(slot));
            let schemas = Schemas::for_page(ctx, &content).await?;
            index_rows(title.as_str(), &content, &schemas, Vec::new())
        }
        None => IndexRows::default(),
    };
    Ok(PreparedEdit {
        unchanged: page.is_some_and(|p| p.main_slot.as_deref() == Some(text)),
        content_model: page.map_or_else(|| default_content_model(ns, title), |p| p.content_model.clone()),
        main_slot: Some(text.to_owned()),
        subject_slot: None,
        index,
    })
}
