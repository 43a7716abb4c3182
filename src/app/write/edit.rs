//! The shape every edit of one Subject on its page shares: fresh read, permission, mutation,
//! Dependent-Subject lifecycle, checks, and a save based on the revision read.

use super::{
    body_relation_targets, check, dependent_schema_refs, drop_unreached_dependents, edit_save, unchanged, Minting,
};
use crate::app::commit::WritePlan;
use crate::app::error::subject_not_found;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::{page_of, Schemas};
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::host::Host;
use crate::validation::Violation;

/// One Subject edit in progress: `after` starts as the stored page.
pub struct Edit<'a> {
    pub id: &'a SubjectId,
    pub before: &'a PageContent,
    pub after: PageContent,
    pub schemas: &'a Schemas,
    pub minting: Minting,
    /// The Subjects the request writes, `id` first.
    pub written: Vec<SubjectId>,
}

/// What an edit did, for the response.
pub struct Edited {
    pub changed: bool,
    pub page_id: u64,
    pub violations: Vec<Violation>,
}

/// Plans one edit of the Subject `id`; no saves when the page would not change.
pub async fn plan_edit<H: Host, F>(
    ctx: &Scope<'_, H>,
    id: &SubjectId,
    mutate: &F,
) -> Result<WritePlan<Edited>, ApiError>
where
    F: Fn(&mut Edit) -> Result<(), ApiError>,
{
    let mut wanted = body_relation_targets(ctx);
    wanted.push(id.to_string());
    ctx.subjects_info(&wanted).await?;
    let page = page_of(ctx, id).await?.ok_or_else(|| subject_not_found(id.as_str()))?;
    if !page.record.access.edit {
        return Err(ApiError::permission(format!("You may not edit the page \"{}\".", page.record.prefixed_title)));
    }
    let mut schemas = Schemas::for_page(ctx, &page.content).await?;
    schemas.load(ctx, &dependent_schema_refs(ctx)).await?;
    let start = |minting| Edit {
        id,
        before: &page.content,
        after: page.content.clone(),
        schemas: &schemas,
        minting,
        written: vec![id.clone()],
    };
    let mut edit = start(Minting::without_clock());
    let mut mutated = mutate(&mut edit);
    if edit.minting.minter.has_minted() {
        edit = start(Minting::start(ctx).await?);
        mutated = mutate(&mut edit);
    }
    mutated?;
    let Edit { mut after, written, .. } = edit;
    refuse_ids_in_use(ctx, &page.content, &written[1..]).await?;
    drop_unreached_dependents(&mut after, &schemas, &written);
    let violations = check(ctx, &page.content, &after, &schemas, &written).await?;
    let page_id = page.record.page_id;
    if unchanged(&page.content, &after) {
        return Ok(WritePlan { saves: vec![], outcome: Edited { changed: false, page_id, violations } });
    }
    let changed = changed_ids(&page.content, &after);
    let save = edit_save(&page.record, &after, &schemas, &changed, &ctx.comment());
    Ok(WritePlan { saves: vec![save], outcome: Edited { changed: true, page_id, violations } })
}

/// 409 when a Subject the request adds is already stored (anywhere but on `page`).
pub async fn refuse_ids_in_use<H: Host>(
    ctx: &Scope<'_, H>,
    page: &PageContent,
    ids: &[SubjectId],
) -> Result<(), ApiError> {
    let new: Vec<String> = ids.iter().filter(|id| !page.subjects.contains_key(*id)).map(ToString::to_string).collect();
    if new.is_empty() {
        return Ok(());
    }
    let info = ctx.subjects_info(&new).await?;
    match info.keys().next() {
        Some(id) => Err(id_in_use(id)),
        None => Ok(()),
    }
}

pub fn id_in_use(id: &str) -> ApiError {
    ApiError::new(ErrorKind::SubjectIdInUse, format!("The Subject ID {id} is already in use."))
}

/// The Subjects added, removed or changed between two versions of a page.
pub fn changed_ids(before: &PageContent, after: &PageContent) -> Vec<SubjectId> {
    let mut out: Vec<SubjectId> = after
        .subjects
        .iter()
        .filter(|(id, s)| before.subjects.get(*id) != Some(*s))
        .map(|(id, _)| id.clone())
        .collect();
    out.extend(before.subjects.keys().filter(|id| !after.subjects.contains_key(*id)).cloned());
    out
}
