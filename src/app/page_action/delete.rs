//! `action: delete`: the `delete` right and edit access to the page (plus the namespace's own right),
//! then one `deletePage` based on the revision read, retried when `baseRevisionId` is null. A deletion
//! the host refuses (a block) is that refusal's error.

use super::error::{Code, PageActionError};
use super::{namespace_right, shown, PageActionRequest};
use crate::app::commit::RETRIES;
use crate::app::error::refused;
use crate::app::projection::{project_changes, Before, Change};
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::{DeletePage, Host};
use serde_json::{json, Value};

pub async fn delete<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let name = shown(request, title);
    for _ in 0..=RETRIES {
        let page = ctx.page_by_title(request.namespace, &title.to_string()).await?;
        let page = page
            .filter(|p| p.access.read)
            .ok_or_else(|| PageActionError::new(Code::MissingTitle, format!("The page \"{name}\" does not exist.")))?;
        let lacking = namespace_right(request.namespace).into_iter().chain(["delete"]).find(|r| !ctx.caller.has(r));
        if !page.access.edit || lacking.is_some() {
            let needs = lacking.map(|r| format!(": this needs the \"{r}\" right")).unwrap_or_default();
            return Err(PageActionError::new(
                Code::PermissionDenied,
                format!("You may not delete the page \"{name}\"{needs}."),
            ));
        }
        if let Some(base) = request.base_revision_id.filter(|b| *b != page.latest_revision_id) {
            let info = format!(
                "The page \"{name}\" changed after revision {base}: its latest revision is {}.",
                page.latest_revision_id
            );
            return Err(PageActionError::new(Code::EditConflict, info));
        }
        let args = DeletePage {
            page_id: page.page_id,
            base_revision_id: page.latest_revision_id,
            comment: request.summary.clone().unwrap_or_default(),
        };
        let outcome = ctx.host.delete_page(args).await?;
        if let Some(refusal) = &outcome.refusal {
            return Err(refused(refusal).into());
        }
        if outcome.ok {
            let before = Before::Deleted { main_slot: page.main_slot.clone(), subject_slot: page.subject_slot.clone() };
            project_changes(ctx, vec![Change { page_id: page.page_id, namespace: page.namespace, before }]).await;
            return Ok(
                json!({"pageId": page.page_id, "namespace": page.namespace, "title": page.title, "logId": outcome.log_id}),
            );
        }
    }
    Err(PageActionError::new(
        Code::EditConflict,
        format!("The page \"{name}\" kept changing while it was being deleted."),
    ))
}
