//! The exports of the application layer that answer through the Host port: `handlePageAction` and
//! `projectPageChanges`, over JSON text. Like every export they answer their result or fail with an
//! [`ExportError`]: a request text the core cannot read is `invalid-argument`, a refused page action
//! is its page-action code. (`handleRoute` and `errorResponse` are the REST layer's: `api::text`.)

use super::{parse_json_as, ExportError};
use crate::app::page_action::PageActionRequest;
use crate::app::projection::{project_changes_request, ChangesRequest};
use crate::host::Host;

/// `handlePageAction`: the action's result (`docs/page-actions.md`), or its refusal with the
/// page-action code, `info` as the message and the refusal's extra fields as details.
pub async fn handle_page_action<H: Host>(host: &H, request_json: &str) -> Result<String, ExportError> {
    let request: PageActionRequest = parse_json_as(request_json, "request")?;
    Ok(crate::app::handle_page_action(host, &request).await?.to_string())
}

/// `projectPageChanges`: projects pages the host saved or deleted itself; answers `null`.
pub async fn project_page_changes<H: Host>(host: &H, request_json: &str) -> Result<String, ExportError> {
    let request: ChangesRequest = parse_json_as(request_json, "request")?;
    project_changes_request(host, request).await;
    Ok("null".into())
}
