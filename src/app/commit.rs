//! Writing through the host: every write is one `savePages` call with a base revision per page,
//! planned from fresh reads and retried when another writer got there first. A committed write is
//! then projected into the configured stores.

use super::error::{ApiError, ErrorKind};
use super::projection::{project_changes, Before, Change};
use crate::host::{Conflict, Host, PageSave, SavePages, SaveResult};
use std::future::Future;

/// One try plus this many retries after an `edit-conflict`.
pub const RETRIES: usize = 5;

/// The saves of one write and what the handler needs afterwards. No saves: nothing changed.
pub struct Plan<T> {
    pub saves: Vec<PageSave>,
    pub then: T,
}

/// Plans and saves, re-planning from fresh reads on `edit-conflict`; 409 once retries are spent.
/// A planned page that must not exist yet but does gives 409 `title-taken` with its title.
/// `E` is the caller's error type: the REST layer's [`ApiError`], or one that wraps it.
pub async fn commit<H, T, E, F, Fut>(host: &H, mut plan: F) -> Result<(T, Vec<SaveResult>), E>
where
    H: Host,
    E: From<ApiError>,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<Plan<T>, E>>,
{
    for _ in 0..=RETRIES {
        let Plan { saves, then } = plan().await?;
        if saves.is_empty() {
            return Ok((then, Vec::new()));
        }
        let titles: Vec<String> = saves.iter().map(|s| s.title.clone()).collect();
        let bases: Vec<(i32, Option<u64>)> = saves.iter().map(|s| (s.namespace, s.base_revision_id)).collect();
        let outcome = host.save_pages(SavePages { saves }).await.map_err(ApiError::from)?;
        match outcome.conflict {
            None if outcome.ok => {
                let changes = outcome.results.iter().zip(bases).map(|(saved, (namespace, base))| Change {
                    page_id: saved.page_id,
                    namespace,
                    before: Before::Revision(base),
                });
                project_changes(host, changes.collect()).await;
                return Ok((then, outcome.results));
            }
            Some(Conflict::TitleExists) => {
                let title = outcome.index.and_then(|i| titles.get(i).cloned()).unwrap_or_default();
                return Err(title_taken(&title).into());
            }
            _ => continue,
        }
    }
    Err(edit_conflict().into())
}

pub fn edit_conflict() -> ApiError {
    ApiError::new(ErrorKind::EditConflict, "The page kept changing while saving; reload and try again.")
}

pub fn title_taken(prefixed_title: &str) -> ApiError {
    ApiError::new(ErrorKind::TitleTaken, format!("The page \"{prefixed_title}\" already exists."))
        .with("pageTitle", prefixed_title)
}
