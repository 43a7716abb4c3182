//! `POST /subject/{subjectId}/move`: the Subject and its Dependent Subjects move to another page;
//! both pages are saved in one `savePages` call.

use super::Reply;
use crate::api::conditional::{commit_if_match, subject_target};
use crate::api::context::Ctx;
use crate::api::ids::subject_param;
use crate::app::commit::WritePlan;
use crate::app::error::{page_not_found, subject_not_found};
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::{page_of, readable_page, Schemas};
use crate::app::write::edit::changed_ids;
use crate::app::write::{check, edit_save, status};
use crate::domain::ids::SubjectId;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::validation::dependents::dependents_reached_from;
use crate::validation::{Code, Violation};
use serde_json::json;

struct Moved {
    from: u64,
    dependents: Vec<SubjectId>,
}

pub async fn move_subject<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = subject_param(ctx)?;
    let target = ctx.body.get("targetPageId").and_then(serde_json::Value::as_u64).filter(|p| *p > 0);
    let target = target.ok_or_else(|| ApiError::body("targetPageId must be a positive integer."))?;
    let make_main = ctx.body.get("makeMainSubject").and_then(serde_json::Value::as_bool).unwrap_or(false);
    let (on, current) = subject_target(ctx, &id).await?;
    let (moved, _) = commit_if_match(ctx, on, current, || plan(ctx, &id, target, make_main)).await?;
    let dependents: Vec<&str> = moved.dependents.iter().map(SubjectId::as_str).collect();
    Ok(Reply::ok(json!({
        "status": status::MOVED,
        "subjectId": id.as_str(),
        "fromPageId": moved.from,
        "toPageId": target,
        "movedDependentSubjectIds": dependents,
    })))
}

async fn plan<H: Host>(
    ctx: &Ctx<'_, H>,
    id: &SubjectId,
    target: u64,
    make_main: bool,
) -> Result<WritePlan<Moved>, ApiError> {
    let from = page_of(ctx, id).await?.ok_or_else(|| subject_not_found(id.as_str()))?;
    let to = readable_page(ctx, target).await?.ok_or_else(|| page_not_found(target))?;
    for page in [&from, &to] {
        if !page.record.access.edit {
            return Err(ApiError::permission(format!("You may not edit the page \"{}\".", page.record.prefixed_title)));
        }
    }
    if from.record.page_id == to.record.page_id {
        return Err(ApiError::new(
            ErrorKind::SubjectAlreadyOnPage,
            format!("The Subject {id} is already on page {target}."),
        ));
    }
    let mut schemas = Schemas::for_page(ctx, &from.content).await?;
    schemas.load(ctx, to.content.subjects.values().map(|s| &s.schema)).await?;
    let moving = from.content.subjects.get(id).ok_or_else(|| subject_not_found(id.as_str()))?;
    if schemas.schema(&moving.schema).is_some_and(|s| s.subjects_are_dependent) {
        let v = Violation::fixed(Code::DEPENDENT_SUBJECT_WITHOUT_HOST, None, vec![]).on_subject(id);
        return Err(ApiError::new(
            ErrorKind::DependentSubjectRules,
            "A Dependent Subject moves only with its Host Subject.",
        )
        .with("status", "refused")
        .with("violations", vec![v.to_json()]));
    }
    let dependents = dependents_reached_from(&from.content, id, &schemas);
    let mut source = from.content.clone();
    let mut dest = to.content.clone();
    for m in std::iter::once(id).chain(&dependents) {
        if let Some(s) = source.subjects.shift_remove(m) {
            dest.subjects.insert(m.clone(), s);
        }
    }
    if source.main_subject.as_ref() == Some(id) {
        source.main_subject = None;
    }
    if make_main {
        dest.main_subject = Some(id.clone());
    }
    let written: Vec<SubjectId> = std::iter::once(id.clone()).chain(dependents.iter().cloned()).collect();
    check(ctx, &to.content, &dest, &schemas, &written).await?;
    let comment = ctx.comment();
    let saves = vec![
        edit_save(&from.record, &source, &schemas, &changed_ids(&from.content, &source), &comment),
        edit_save(&to.record, &dest, &schemas, &changed_ids(&to.content, &dest), &comment),
    ];
    Ok(WritePlan { saves, outcome: Moved { from: from.record.page_id, dependents } })
}
