//! `action: edit`: permissions from the page's access facts, the content rules of its namespace, and
//! one save based on the revision read, re-planned when another writer got there first.

use super::content;
use super::error::{Code, PageActionError};
use super::prepared::PreparedEdit;
use super::{namespace_right, shown, PageActionRequest};
use crate::app::commit::{commit, WritePlan};
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::{Host, PageRecord, PageSave, PageTitle};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct EditResult {
    page_id: u64,
    namespace: i32,
    title: String,
    content_model: String,
    /// 0 for a new page.
    old_revision_id: u64,
    /// The current revision when nothing changed.
    new_revision_id: u64,
    timestamp: String,
    new: bool,
    no_change: bool,
}

enum Outcome {
    Unchanged(PageRecord),
    Saved { before: Option<PageRecord>, content_model: String },
}

pub async fn edit<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let text =
        request.text.as_deref().ok_or_else(|| PageActionError::new(Code::InvalidRequest, "An edit needs \"text\"."))?;
    let (outcome, results) = commit(ctx, || plan(ctx, request, title, text)).await?;
    let result = match outcome {
        Outcome::Unchanged(page) => EditResult {
            page_id: page.page_id,
            namespace: page.namespace,
            title: page.title,
            content_model: page.content_model,
            old_revision_id: page.latest_revision_id,
            new_revision_id: page.latest_revision_id,
            timestamp: page.modified,
            new: false,
            no_change: true,
        },
        Outcome::Saved { before, content_model } => {
            let saved = results
                .into_iter()
                .next()
                .ok_or_else(|| PageActionError::new(Code::Internal, "The host saved nothing."))?;
            EditResult {
                page_id: saved.result.page_id,
                namespace: request.namespace,
                title: title.to_string(),
                content_model,
                old_revision_id: before.as_ref().map_or(0, |p| p.latest_revision_id),
                new_revision_id: saved.result.revision_id,
                timestamp: saved.result.timestamp,
                new: before.is_none(),
                no_change: false,
            }
        }
    };
    serde_json::to_value(result).map_err(|e| PageActionError::new(Code::Internal, e.to_string()))
}

async fn plan<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
    text: &str,
) -> Result<WritePlan<Outcome>, PageActionError> {
    let page = ctx.page_by_title(request.namespace, &title.to_string()).await?;
    may_edit(ctx, request, title, page.as_ref()).await?;
    let stored = content::check(ctx, request, title, text, page.as_ref()).await?;
    if let (true, Some(p)) = (stored.unchanged, &page) {
        return Ok(WritePlan { saves: vec![], outcome: Outcome::Unchanged(p.clone()) });
    }
    let PreparedEdit { content_model, main_slot, subject_slot, index, .. } = stored;
    let save = PageSave {
        page_id: page.as_ref().map(|p| p.page_id),
        namespace: request.namespace,
        title: title.to_string(),
        base_revision_id: page.as_ref().map(|p| p.latest_revision_id),
        create_only: page.is_none(),
        comment: request.summary.clone().unwrap_or_default(),
        content_model: content_model.clone(),
        main_slot,
        subject_slot,
        index,
    };
    Ok(WritePlan { saves: vec![save], outcome: Outcome::Saved { before: page, content_model } })
}

/// Whether the caller may make this edit of `page` (None: the page does not exist yet).
async fn may_edit<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
    page: Option<&PageRecord>,
) -> Result<(), PageActionError> {
    let name = shown(request, title);
    let denied =
        |what: &str| PageActionError::new(Code::PermissionDenied, format!("You may not {what} the page \"{name}\"."));
    match page {
        Some(p) if !p.access.read => return Err(denied("read")),
        Some(_) if request.create_only => {
            return Err(PageActionError::new(Code::ArticleExists, format!("The page \"{name}\" already exists.")));
        }
        Some(p) if !p.access.edit => return Err(denied("edit")),
        Some(p) => {
            if let Some(base) = request.base_revision_id.filter(|b| *b != p.latest_revision_id) {
                let info = format!(
                    "The page \"{name}\" changed after revision {base}: its latest revision is {}.",
                    p.latest_revision_id
                );
                return Err(PageActionError::new(Code::EditConflict, info));
            }
        }
        None if request.no_create => {
            return Err(PageActionError::new(Code::MissingTitle, format!("The page \"{name}\" does not exist.")));
        }
        None => {
            if let Some(base) = request.base_revision_id.filter(|b| *b != 0) {
                let info = format!("The page \"{name}\" was deleted after revision {base}.");
                return Err(PageActionError::new(Code::EditConflict, info));
            }
            let can = ctx.host.can_create(PageTitle { namespace: request.namespace, title: title.to_string() }).await?;
            if !can.allowed {
                return Err(denied("create"));
            }
        }
    }
    match namespace_right(request.namespace).filter(|r| !ctx.caller.has(r)) {
        Some(right) => Err(PageActionError::new(
            Code::PermissionDenied,
            format!("Editing \"{name}\" needs the \"{right}\" right."),
        )),
        None => Ok(()),
    }
}
