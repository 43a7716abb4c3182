//! `GET /subject/{subjectId}`.

use super::Reply;
use crate::api::conditional::tagged;
use crate::api::context::Ctx;
use crate::api::ids::subject_param;
use crate::app::error::subject_not_found;
use crate::app::error::ApiError;
use crate::app::sources::{foreign_subject, registered, Fetched};
use crate::app::view::{page_of, read_content, resolve_targets, subject_json, PageData, PageFields, Schemas};
use crate::domain::ids::{LocalId, SourceKey, SubjectRef};
use crate::host::{Host, RevisionById};
use crate::validation::dependents::dependents_reached_from;
use serde_json::{json, Map};

pub async fn get<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    if let Ok(SubjectRef::Foreign { source, local_id }) = SubjectRef::parse(ctx.param("subjectId"), &ctx.own_source) {
        if registered(ctx, &source).is_some() {
            return foreign(ctx, &source, &local_id).await;
        }
    }
    let id = subject_param(ctx)?;
    let expand = ctx.query_list("expand");
    let relations = expand.contains(&"relations");
    let revision = ctx.query_int("revisionId");
    if ctx.query_flag("latest") && (revision.is_some() || relations) {
        return Err(ApiError::parameter("\"latest\" cannot be combined with \"revisionId\" or \"expand=relations\"."));
    }
    let fields = if expand.contains(&"page") { PageFields::With } else { PageFields::Without };
    let page = match revision {
        Some(rid) => page_at_revision(ctx, rid).await?,
        None => page_of(ctx, &id).await?,
    };
    let page = page.ok_or_else(|| subject_not_found(ctx.param("subjectId")))?;
    let subject = page.content.subjects.get(&id).ok_or_else(|| subject_not_found(ctx.param("subjectId")))?;
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let mut subjects = Map::new();
    subjects.insert(id.to_string(), subject_json(&page, &id, subject, &schemas, fields));
    if relations {
        let dependents = dependents_reached_from(&page.content, &id, &schemas);
        let sources = std::iter::once(subject).chain(dependents.iter().filter_map(|d| page.content.subjects.get(d)));
        for (target, v) in resolve_targets(ctx, sources, &[&id], fields).await? {
            subjects.entry(target).or_insert(v);
        }
    }
    let reply = Reply::ok(json!({"requestedId": ctx.param("subjectId"), "subjects": subjects}));
    // Expanded targets live on other pages: no revision of this one versions them.
    if relations {
        return Ok(reply);
    }
    let read_at = revision.and_then(|r| u64::try_from(r).ok()).unwrap_or(page.record.latest_revision_id);
    // The latest revision's Subject, as every reader of its page sees it (a revision by ID is not:
    // it depends on that revision's own visibility).
    if revision.is_none() {
        ctx.answer_is_reusable();
    }
    Ok(tagged(ctx, read_at, reply))
}

/// A Subject of a registered source, as that source answers it now: 404 when it says not found,
/// 502 or 504 when it does not answer usably. Nothing of it is stored here.
async fn foreign<H: Host>(ctx: &Ctx<'_, H>, source: &SourceKey, local_id: &LocalId) -> Result<Reply, ApiError> {
    if ctx.query_int("revisionId").is_some() {
        return Err(ApiError::parameter(
            "A Subject of another source is read at its source's latest revision: \"revisionId\" is refused.",
        ));
    }
    match foreign_subject(ctx, source, local_id).await? {
        Fetched::Found(subject) => {
            let id = format!("{source}:{}", local_id.as_str());
            Ok(Reply::ok(json!({"requestedId": ctx.param("subjectId"), "subjects": {id: subject.read}})))
        }
        Fetched::NotFound => Err(subject_not_found(ctx.param("subjectId"))),
        Fetched::Unavailable(outage) => Err(outage.to_error(source)),
    }
}

/// The page as of a revision the caller may read; `None` for an unknown or unreadable one.
async fn page_at_revision<H: Host>(ctx: &Ctx<'_, H>, revision_id: i64) -> Result<Option<PageData>, ApiError> {
    let Ok(revision_id) = u64::try_from(revision_id) else { return Ok(None) };
    let Some(rev) = ctx.host.revision(RevisionById { revision_id }).await?.filter(|r| r.access.read) else {
        return Ok(None);
    };
    let record = ctx.page_by_id(rev.page_id).await?.filter(|p| p.access.read);
    Ok(record.map(|record| PageData { content: read_content(ctx, rev.subject_slot.as_deref()), record }))
}
