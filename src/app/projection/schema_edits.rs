//! A saved Schema changes how its Subjects project (whether they are described at all, relation
//! types, value shapes), so the pages holding them are projected again with the Schema's page. A
//! Schema with Subjects on more than [`INLINE_PAGES`] pages starts a rebuild of every store
//! instead, which runs in the background and shows its progress in the store's state
//! (`graphStores`: `activeRun.processed` of `total`); the stores are stale until it succeeds.

use crate::host::{Direction, Host, HostError, ListSubjects, SortKey, SubjectSort};
use std::collections::BTreeSet;

/// The most pages re-projected inside the Schema's save.
pub const INLINE_PAGES: usize = 200;
const BATCH: u32 = 500;

/// How the Subjects of a saved Schema reach the stores again.
#[derive(Debug, PartialEq, Eq)]
pub enum Reprojection {
    /// Project these pages with the Schema's save.
    Pages(Vec<u64>),
    /// Too many pages: rebuild every store in the background.
    Rebuild,
}

/// The pages holding Subjects (Dependent ones included) of the local Schema titled `title`.
pub async fn schema_pages<H: Host>(host: &H, title: &str) -> Result<Reprojection, HostError> {
    let mut pages = BTreeSet::new();
    let mut after = None;
    loop {
        let args = ListSubjects {
            sort: SubjectSort::Newest,
            direction: Direction::Asc,
            schema: Some(title.to_owned()),
            search: None,
            after: after.take(),
            limit: BATCH,
            include_dependent: true,
            timeout_ms: 60_000,
        };
        let listing = host.list_subjects(args).await?;
        pages.extend(listing.rows.iter().map(|r| r.subject.page_id));
        if pages.len() > INLINE_PAGES {
            return Ok(Reprojection::Rebuild);
        }
        match listing.rows.last() {
            Some(last) if listing.rows.len() == BATCH as usize => {
                after = Some(SortKey { key: last.sort_key.clone(), id: last.subject.facts.subject_id.clone() });
            }
            _ => return Ok(Reprojection::Pages(pages.into_iter().collect())),
        }
    }
}
