//! Page-level edits: promoting or clearing the main Subject, and ordering the other Subjects.

use super::Reply;
use crate::api::conditional::{commit_if_match, page_target};
use crate::api::context::Ctx;
use crate::api::ids::page_param;
use crate::app::commit::WritePlan;
use crate::app::error::page_not_found;
use crate::app::error::ApiError;
use crate::app::view::{readable_page, Schemas};
use crate::app::write::edit::changed_ids;
use crate::app::write::{check, edit_save, unchanged};
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::host::Host;
use serde_json::{json, Value};

/// `PUT /page/{pageId}/mainSubject` with `{subjectId: id | null}`.
pub async fn set_main<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let main = main_from_body(ctx, "subjectId")?.flatten();
    let page = run(ctx, |content| {
        if let Some(m) = &main {
            on_page(content, m)?;
        }
        content.main_subject = main.clone();
        Ok(())
    })
    .await?;
    Ok(Reply::ok(json!({"pageId": page.0, "mainSubjectId": page.1.main_subject.as_ref().map(SubjectId::as_str)})))
}

/// `PUT /page/{pageId}/subjectsOrdering` with `{mainSubjectId?, otherSubjectIds}`: `otherSubjectIds`
/// lists every Subject but the main one exactly once; `mainSubjectId`, when given, sets the main one.
pub async fn set_order<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let main = main_from_body(ctx, "mainSubjectId")?;
    let others: Vec<SubjectId> = ctx
        .body
        .get("otherSubjectIds")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|v| {
            v.as_str()
                .and_then(|s| SubjectId::parse(s).ok())
                .ok_or_else(|| ApiError::body(format!("otherSubjectIds: {v} is not a Subject ID.")))
        })
        .collect::<Result<_, _>>()?;
    let (page_id, content) = run(ctx, |content| {
        if let Some(m) = &main {
            content.main_subject = m.clone();
        }
        let main = content.main_subject.clone();
        let mut expected: Vec<&SubjectId> = content.subjects.keys().filter(|k| Some(*k) != main.as_ref()).collect();
        let mut given: Vec<&SubjectId> = others.iter().collect();
        expected.sort();
        given.sort();
        if expected != given {
            return Err(ApiError::body(
                "otherSubjectIds must list every Subject of the page except the main one, once each.",
            ));
        }
        let mut ordered: indexmap::IndexMap<_, _> =
            main.iter().filter_map(|m| content.subjects.shift_remove_entry(m)).collect();
        for id in &others {
            if let Some((k, v)) = content.subjects.shift_remove_entry(id) {
                ordered.insert(k, v);
            }
        }
        content.subjects = ordered;
        Ok(())
    })
    .await?;
    let others: Vec<&str> = content.other_subjects().map(|(id, _)| id.as_str()).collect();
    Ok(Reply::ok(
        json!({"pageId": page_id, "mainSubjectId": content.main_subject.as_ref().map(SubjectId::as_str), "otherSubjectIds": others}),
    ))
}

/// The main Subject a body names: absent (`None`), null (`Some(None)`) or an ID on the page.
fn main_from_body<H>(ctx: &Ctx<'_, H>, key: &str) -> Result<Option<Option<SubjectId>>, ApiError> {
    match ctx.body.get(key) {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(v) => {
            let raw = v.as_str().unwrap_or_default();
            SubjectId::parse(raw).map(|id| Some(Some(id))).map_err(|e| ApiError::body(format!("{key}: {e}.")))
        }
    }
}

fn on_page(content: &PageContent, id: &SubjectId) -> Result<(), ApiError> {
    if content.subjects.contains_key(id) {
        Ok(())
    } else {
        Err(ApiError::body(format!("The Subject {id} is not on this page.")))
    }
}

/// Applies a page edit with retries; answers the page ID and the content as saved.
async fn run<H: Host, F>(ctx: &Ctx<'_, H>, mutate: F) -> Result<(u64, PageContent), ApiError>
where
    F: Fn(&mut PageContent) -> Result<(), ApiError>,
{
    let page_id = page_param(ctx)?;
    let plan = || async {
        let page = readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
        if !page.record.access.edit {
            return Err(ApiError::permission(format!("You may not edit the page \"{}\".", page.record.prefixed_title)));
        }
        let mut after = page.content.clone();
        mutate(&mut after)?;
        let schemas = Schemas::for_page(ctx, &after).await?;
        check(ctx, &page.content, &after, &schemas, &[]).await?;
        let saves = if unchanged(&page.content, &after) {
            vec![]
        } else {
            vec![edit_save(&page.record, &after, &schemas, &changed_ids(&page.content, &after), &ctx.comment())]
        };
        Ok(WritePlan { saves, outcome: after })
    };
    let (target, current) = page_target(ctx, page_id).await?;
    let (content, _) = commit_if_match(ctx, target, current, plan).await?;
    Ok((page_id, content))
}
