//! The response of a Subject write, built from the page as the write committed it.

use crate::app::error::ApiError;
use crate::app::view::{readable_page, subject_json, PageFields, Schemas};
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::types::CanonicalJson;
use crate::validation::Violation;
use serde_json::{json, Value};

/// `{status, subjectId, violations, subject, schema}`, from the page as the write committed it (the
/// request's reads hold the committed record, so this asks the host nothing after a Subject edit).
/// `subject` lacks page fields when the page cannot be resolved; `schema` is absent when the
/// Schema does not exist or is unreadable.
pub async fn write_response<H: Host>(
    ctx: &Scope<'_, H>,
    status: &str,
    id: &SubjectId,
    page_id: u64,
    violations: &[Violation],
) -> Result<Value, ApiError> {
    let mut body = json!({
        "status": status,
        "subjectId": id.as_str(),
        "violations": violations.iter().map(Violation::to_json).collect::<Vec<_>>(),
    });
    let Some(page) = readable_page(ctx, page_id).await? else { return Ok(body) };
    let Some(subject) = page.content.subjects.get(id) else { return Ok(body) };
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    body["subject"] = subject_json(&page, id, subject, &schemas, PageFields::With);
    if let Some(schema) = schemas.schema(&subject.schema) {
        body["schema"] = schema.to_json();
    }
    Ok(body)
}
