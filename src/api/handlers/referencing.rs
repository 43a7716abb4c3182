//! `GET /subject/{subjectId}/referencingSubjects`: the Subjects that hold a relation to a Subject.

use super::readable::first_readable;
use super::Reply;
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::api::ids::subject_param;
use crate::app::error::subject_not_found;
use crate::app::error::ApiError;
use crate::app::sources::registered;
use crate::app::view::list_rows;
use crate::domain::ids::SubjectRef;
use crate::host::{Host, IndexedSubject, Referencing, ReferencingSubjects};
use serde_json::{json, Value};

/// The Subject the path names: a readable one of this wiki, or any of a registered source, whose
/// referencing Subjects are this wiki's own rows whether or not the source answers now.
async fn referenced<H: Host>(ctx: &Ctx<'_, H>) -> Result<String, ApiError> {
    if let Ok(SubjectRef::Foreign { source, local_id }) = SubjectRef::parse(ctx.param("subjectId"), &ctx.own_source) {
        let qualified = format!("{source}:{}", local_id.as_str());
        return registered(ctx, &source).map(|_| qualified).ok_or_else(|| subject_not_found(ctx.param("subjectId")));
    }
    let id = subject_param(ctx)?;
    let info = ctx.subjects_info(&[id.to_string()]).await?;
    if !info.get(id.as_str()).is_some_and(|i| i.readable) {
        return Err(subject_not_found(ctx.param("subjectId")));
    }
    Ok(id.to_string())
}

/// How many relation rows pointing at the Subject are looked at; `truncated` says when more exist.
pub const MAX_INSPECTED_RELATIONS: u32 = 1000;

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = referenced(ctx).await?;
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let (rows, truncated) = first_readable(
        limit,
        |r: &Referencing| r.subject.readable,
        |n| {
            let args = ReferencingSubjects { target_id: id.clone(), limit: n, inspect: MAX_INSPECTED_RELATIONS };
            async move {
                let answer = ctx.host.referencing_subjects(args).await?;
                Ok((answer.rows, answer.truncated))
            }
        },
    )
    .await?;
    let subjects: Vec<&IndexedSubject> = rows.iter().map(|r| &r.subject).collect();
    let items: Vec<Value> = list_rows(ctx, &subjects)
        .await?
        .into_iter()
        .zip(&rows)
        .map(|(subject, r)| json!({"subject": subject, "propertyNames": r.property_names}))
        .collect();
    Ok(Reply::ok(json!({"referencingSubjects": items, "truncated": truncated})))
}
