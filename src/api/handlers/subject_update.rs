//! Edits of one Subject on its page: replace, write or remove one Statement, and the update dry-run.

use super::Reply;
use crate::api::conditional::{commit_if_match, subject_target};
use crate::api::context::Ctx;
use crate::api::ids::subject_param;
use crate::app::error::subject_not_found;
use crate::app::error::ApiError;
use crate::app::view::{page_of, Schemas};
use crate::app::write::edit::{plan_edit, Edit};
use crate::app::write::{
    dependent_items, dependent_schema_refs, normalize_error, status, subject_body, validate_one, write_response,
    Minting,
};
use crate::domain::ids::SubjectId;
use crate::host::Host;
use crate::json::{Arena, Json};
use crate::normalize::{normalize_statement, SchemaLookup, WriteContext};
use crate::validation::dependents::dependents_reached_from;
use crate::validation::Violation;
use serde_json::{json, Value};
use std::collections::HashMap;

pub async fn replace<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    run(ctx, |edit| replace_subject(ctx, edit)).await
}

pub async fn put_statement<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let name = ctx.param("propertyName").to_owned();
    let raw = ctx.body.get("statement").cloned().unwrap_or(Value::Null);
    run(ctx, |edit| {
        let subject = edit.after.subjects.get(edit.id).ok_or_else(|| subject_not_found(edit.id.as_str()))?;
        let schema = edit.schemas.schema(&subject.schema);
        let mut wctx =
            WriteContext { own_source: &ctx.own_source, minter: &mut edit.minting.minter, now_ms: edit.minting.now_ms };
        let statement =
            normalize_statement(&name, &Json::from_value(&raw, &Arena::new()), schema, Some(edit.id), &mut wctx)
                .map_err(normalize_error)?;
        if let Some(subject) = edit.after.subjects.get_mut(edit.id) {
            match statement {
                Some(st) => {
                    subject.statements.insert(name.clone(), st);
                }
                None => {
                    subject.statements.shift_remove(&name);
                }
            }
        }
        Ok(())
    })
    .await
}

pub async fn delete_statement<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let name = ctx.param("propertyName").to_owned();
    run(ctx, |edit| {
        if let Some(subject) = edit.after.subjects.get_mut(edit.id) {
            subject.statements.shift_remove(&name);
        }
        Ok(())
    })
    .await
}

/// `POST /subject/{id}/validate`: the violations the replacement in the body would have.
pub async fn validate<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = subject_param(ctx)?;
    let page = page_of(ctx, &id).await?.ok_or_else(|| subject_not_found(ctx.param("subjectId")))?;
    let mut schemas = Schemas::for_page(ctx, &page.content).await?;
    schemas.load(ctx, &dependent_schema_refs(ctx)).await?;
    let mut edit = Edit {
        id: &id,
        before: &page.content,
        after: page.content.clone(),
        schemas: &schemas,
        minting: Minting::start(ctx).await?,
        written: vec![id.clone()],
    };
    replace_subject(ctx, &mut edit)?;
    let violations = validate_written(ctx, &edit.after, &edit.written, &schemas).await?;
    Ok(Reply::ok(json!({"violations": violations.iter().map(Violation::to_json).collect::<Vec<_>>()})))
}

/// Every written Subject's violations, those of Subjects after the first marked with `subjectId`.
pub async fn validate_written<H: Host>(
    ctx: &Ctx<'_, H>,
    page: &crate::domain::page_content::PageContent,
    written: &[SubjectId],
    schemas: &Schemas,
) -> Result<Vec<Violation>, ApiError> {
    let request: HashMap<_, _> =
        written.iter().filter_map(|id| page.subjects.get(id).map(|s| (id.clone(), s.schema.clone()))).collect();
    let mut out = Vec::new();
    for (i, id) in written.iter().enumerate() {
        let vs = validate_one(ctx, page, id, schemas, &request).await?;
        out.extend(vs.into_iter().map(|v| if i == 0 { v } else { v.on_subject(id) }));
    }
    Ok(out)
}

/// Replaces the Subject with the body's `label`, `statements` and `dependentSubjects`.
fn replace_subject<H>(ctx: &Ctx<'_, H>, edit: &mut Edit) -> Result<(), ApiError> {
    let stored = edit.before.subjects.get(edit.id).ok_or_else(|| subject_not_found(edit.id.as_str()))?;
    let schema = edit.schemas.schema(&stored.schema);
    let subject = subject_body(ctx, &ctx.body, stored.schema.clone(), schema, edit.id, &mut edit.minting)?;
    let items = dependent_items(ctx, edit.schemas, &mut edit.minting)?;
    let replaceable = dependents_reached_from(edit.before, edit.id, edit.schemas);
    for item in &items {
        if let Some(old) = edit.before.subjects.get(&item.id) {
            if !replaceable.contains(&item.id) || old.schema != item.subject.schema {
                return Err(crate::app::write::edit::id_in_use(item.id.as_str()));
            }
        }
    }
    edit.after.subjects.insert(edit.id.clone(), subject);
    for item in items {
        edit.written.push(item.id.clone());
        edit.after.subjects.insert(item.id, item.subject);
    }
    Ok(())
}

/// Runs an edit with retries and answers the write response.
async fn run<H: Host, F>(ctx: &Ctx<'_, H>, mutate: F) -> Result<Reply, ApiError>
where
    F: Fn(&mut Edit) -> Result<(), ApiError>,
{
    let id = subject_param(ctx)?;
    let (target, current) = subject_target(ctx, &id).await?;
    let (edited, _) = commit_if_match(ctx, target, current, || plan_edit(ctx, &id, &mutate)).await?;
    let word = if edited.changed { status::UPDATED } else { status::UNCHANGED };
    Ok(Reply::ok(write_response(ctx, word, &id, edited.page_id, &edited.violations).await?))
}
