//! `DELETE /subject/{subjectId}`: removes the Subject and what depends on it; never refused by rules.

use super::Reply;
use crate::api::conditional::{commit_if_match, subject_target};
use crate::api::context::Ctx;
use crate::api::ids::subject_param;
use crate::app::commit::WritePlan;
use crate::app::error::subject_not_found;
use crate::app::error::ApiError;
use crate::app::view::{page_of, Schemas};
use crate::app::write::edit::changed_ids;
use crate::app::write::{edit_save, status};
use crate::domain::ids::SubjectId;
use crate::host::Host;
use crate::validation::dependents::delete_subject;
use serde_json::json;

pub async fn delete<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = subject_param(ctx)?;
    let (target, current) = subject_target(ctx, &id).await?;
    let (removed, _) = commit_if_match(ctx, target, current, || plan(ctx, &id)).await?;
    let dependents: Vec<&str> = removed.iter().filter(|r| **r != id).map(SubjectId::as_str).collect();
    Ok(Reply::ok(
        json!({"status": status::DELETED, "subjectId": id.as_str(), "removedDependentSubjectIds": dependents}),
    ))
}

async fn plan<H: Host>(ctx: &Ctx<'_, H>, id: &SubjectId) -> Result<WritePlan<Vec<SubjectId>>, ApiError> {
    let page = page_of(ctx, id).await?.ok_or_else(|| subject_not_found(id.as_str()))?;
    if !page.record.access.edit {
        return Err(ApiError::permission(format!("You may not edit the page \"{}\".", page.record.prefixed_title)));
    }
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let mut after = page.content.clone();
    let removed = delete_subject(&mut after, id, &schemas);
    let save = edit_save(&page.record, &after, &schemas, &changed_ids(&page.content, &after), &ctx.comment());
    Ok(WritePlan { saves: vec![save], outcome: removed })
}
