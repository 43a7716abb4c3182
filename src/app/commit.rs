//! Writing through the host: every write is one `savePages` call with a base revision per page and
//! the revisions of the Schemas it was checked against, planned from fresh reads and retried when
//! another writer got there first (a Schema saved since the checks included). A committed write is
//! then projected into the configured stores from what it committed, and the request's reads are
//! brought up to date, so the response is built without reading the pages again.

use super::error::{refused, ApiError, ErrorKind};
use super::projection::{project_changes, Before, Change};
use super::Scope;
use crate::host::{namespace, Conflict, Host, PageRecord, PageSave, PageVersion, SavePages, SaveResult};
use std::future::Future;

/// One try plus this many retries after an `edit-conflict`.
pub const RETRIES: usize = 5;

/// The saves of one write and the use case's own result, which `commit` hands back once they are
/// saved. No saves: nothing changed.
pub struct WritePlan<T> {
    pub saves: Vec<PageSave>,
    pub outcome: T,
}

/// A page a write committed: the host's answer and, when the core knows it without asking, the
/// page's record as it now is.
#[derive(Debug, Clone, PartialEq)]
pub struct Committed {
    pub result: SaveResult,
    pub record: Option<PageRecord>,
}

/// Plans and saves, re-planning from fresh reads on `edit-conflict`; 409 once retries are spent.
/// A save the host refuses (a block, an edit filter, a rate limit) is the refusal's error.
/// A planned page that must not exist yet but does gives 409 `title-taken` with its title.
/// `E` is the caller's error type: the application's [`ApiError`], or one that wraps it.
pub async fn commit<H, T, E, F, Fut>(ctx: &Scope<'_, H>, mut plan: F) -> Result<(T, Vec<Committed>), E>
where
    H: Host,
    E: From<ApiError>,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<WritePlan<T>, E>>,
{
    for _ in 0..=RETRIES {
        let WritePlan { saves, outcome } = plan().await?;
        if saves.is_empty() {
            return Ok((outcome, Vec::new()));
        }
        let read: Vec<Option<PageRecord>> = saves.iter().map(|s| read_at_base(ctx, s)).collect();
        let validated_against = schemas_read(ctx, &saves);
        let answer =
            ctx.host.save_pages(SavePages { saves: saves.clone(), validated_against }).await.map_err(ApiError::from)?;
        if let Some(refusal) = &answer.refusal {
            return Err(refused(refusal).into());
        }
        match answer.conflict {
            None if answer.ok => {
                let befores: Vec<Before> =
                    saves.iter().zip(&read).map(|(save, read)| before(save, read.as_ref())).collect();
                let committed = committed(ctx, &saves, read, answer.results);
                let changes = saves.iter().zip(&committed).zip(befores);
                let changes = changes.map(|((save, c), before)| Change {
                    page_id: c.result.page_id,
                    namespace: save.namespace,
                    before,
                });
                project_changes(ctx, changes.collect()).await;
                return Ok((outcome, committed));
            }
            Some(Conflict::TitleExists) => {
                let title = answer.index.and_then(|i| saves.get(i)).map(|s| s.title.clone()).unwrap_or_default();
                return Err(title_taken(&title).into());
            }
            _ => ctx.reads.forget(),
        }
    }
    Err(edit_conflict().into())
}

/// The Schema pages the plan read, as it read them, but for those it saves: its checks hold only
/// while each is still at that revision (or still absent) when the saves commit.
fn schemas_read<H>(ctx: &Scope<'_, H>, saves: &[PageSave]) -> Vec<PageVersion> {
    let saved: Vec<(Option<u64>, i32, &str)> =
        saves.iter().map(|s| (s.page_id, s.namespace, s.title.as_str())).collect();
    ctx.reads.versions_in(namespace::SCHEMA, &saved)
}

/// The record the plan read for a save's page, when it is the base revision the save builds on.
fn read_at_base<H>(ctx: &Scope<'_, H>, save: &PageSave) -> Option<PageRecord> {
    let record = ctx.reads.known_page(save.page_id?)?;
    (Some(record.latest_revision_id) == save.base_revision_id).then_some(record)
}

/// Each save's committed page, its record built from the record read when the save kept the main
/// slot (the host derives categories from the main slot, so a new one is read again when needed).
fn committed<H>(
    ctx: &Scope<'_, H>,
    saves: &[PageSave],
    read: Vec<Option<PageRecord>>,
    results: Vec<SaveResult>,
) -> Vec<Committed> {
    let out: Vec<Committed> = saves
        .iter()
        .zip(read)
        .zip(results)
        .map(|((save, before), result)| {
            let record =
                before.filter(|b| save.main_slot.is_none() || save.main_slot == b.main_slot).map(|before| PageRecord {
                    latest_revision_id: result.revision_id,
                    modified: result.timestamp.clone(),
                    last_editor: ctx.caller.name.clone(),
                    content_model: save.content_model.clone(),
                    subject_slot: save.subject_slot.clone().or(before.subject_slot.clone()),
                    ..before
                });
            Committed { result, record }
        })
        .collect();
    ctx.reads.committed(
        saves
            .iter()
            .zip(&out)
            .map(|(save, c)| (c.result.page_id, save.namespace, save.title.clone(), c.record.clone())),
    );
    out
}

/// What projection needs to know of a page before the save: its slots as the plan read them, or
/// else the revision to read them from.
fn before(save: &PageSave, read: Option<&PageRecord>) -> Before {
    match read {
        Some(r) => Before::Known { main_slot: r.main_slot.clone(), subject_slot: r.subject_slot.clone() },
        None => Before::Revision(save.base_revision_id),
    }
}

pub fn edit_conflict() -> ApiError {
    ApiError::new(ErrorKind::EditConflict, "The page kept changing while saving; reload and try again.")
}

pub fn title_taken(prefixed_title: &str) -> ApiError {
    ApiError::new(ErrorKind::TitleTaken, format!("The page \"{prefixed_title}\" already exists."))
        .with("pageTitle", prefixed_title)
}
