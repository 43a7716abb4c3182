//! `action: check`: the content rules of the page's namespace alone, with nothing saved. A platform
//! that commits page edits itself (MediaWiki's EditPage and api.php) asks this before its save and
//! stores the text the core answers; that platform checks permissions itself.

use super::content;
use super::error::{Code, PageActionError};
use super::prepared::PreparedEdit;
use super::PageActionRequest;
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::{Host, IndexRows, PageTitle};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CheckResult {
    content_model: String,
    /// The text to store in the slot that was checked; null: the slot is unchanged.
    main_slot: Option<String>,
    subject_slot: Option<String>,
    index: IndexRows,
}

pub async fn check<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let text =
        request.text.as_deref().ok_or_else(|| PageActionError::new(Code::InvalidRequest, "A check needs \"text\"."))?;
    let page = ctx.host.page_by_title(PageTitle { namespace: request.namespace, title: title.to_string() }).await?;
    let PreparedEdit { content_model, main_slot, subject_slot, index, .. } =
        content::check(ctx, request, title, text, page.as_ref()).await?;
    let result = CheckResult { content_model, main_slot, subject_slot, index };
    serde_json::to_value(result).map_err(|e| PageActionError::new(Code::Internal, e.to_string()))
}
