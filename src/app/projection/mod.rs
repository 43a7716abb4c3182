//! Projection on save: once a write has committed, every configured store receives the changed
//! pages' new state through one `updateStores` call. Nothing here fails the write: a read that
//! fails or a page that cannot be projected marks the stores stale, and the host does the same for a
//! store it cannot update (`docs/stores.md`).

mod batch_request;
#[cfg(test)]
mod batch_request_tests;
mod load;
mod payload;
pub mod rebuild;
pub mod rebuild_run;
mod schema_edits;
mod sources;

pub use payload::{page_removed, page_update, ProjectionError, Target};
pub use sources::{settings_iris, Sources};

use super::error::ApiError;
use super::{Caller, Scope};
use crate::app::load::mapping_pages;
use crate::domain::page_content::PageContent;
use crate::host::{
    namespace, Host, LogEntry, LogLevel, PageById, ProjectedPage, RevisionById, Settings, StaleStore, StoreName,
    UpdateStores,
};
use crate::normalize::{read_page_content_str, Context};
use load::{load_schemas, mapping_target};
use schema_edits::{schema_pages, Reprojection};
use serde::Deserialize;
use serde_json::Map;

/// A page a committed write changed, and how to find what it held before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub page_id: u64,
    pub namespace: i32,
    pub before: Before,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Before {
    /// The page was saved on top of this revision (`None`: it is new).
    Revision(Option<u64>),
    /// The page was saved on top of these slots, as the write read them.
    Known { main_slot: Option<String>, subject_slot: Option<String> },
    /// The page was deleted; its slots as they were.
    Deleted { main_slot: Option<String>, subject_slot: Option<String> },
}

/// A changed page as projection sees it: the slots before and, unless deleted, the record after.
struct ChangedPage {
    change: Change,
    before_main: Option<String>,
    before: Option<PageContent>,
    after: Option<(crate::host::PageRecord, PageContent)>,
}

/// Tells every configured store about the committed `changes`. Pages and Schemas are read through
/// the request's reads, which hold what the write committed. Failures are logged, never returned.
pub async fn project_changes<H: Host>(ctx: &Scope<'_, H>, changes: Vec<Change>) {
    let (host, settings) = (ctx.host, &ctx.settings);
    if settings.stores.is_empty() || changes.is_empty() {
        return;
    }
    let args = match plan(ctx, changes).await {
        Ok(args) => args,
        Err(reason) => {
            log(host, &format!("projection failed, every store is now stale: {reason}")).await;
            UpdateStores { updates: Vec::new(), stale: every_store(settings, &reason), pages: Vec::new() }
        }
    };
    if let Err(e) = host.update_stores(args).await {
        log(host, &format!("updateStores failed: {e}")).await;
    }
}

/// The request of the `projectPageChanges` export, for writes the host made without the core:
/// `{changes: [{pageId, namespace, baseRevisionId}]}` for saves (`baseRevisionId` null for a new
/// page), `{pageId, namespace, deleted: {mainSlot, subjectSlot}}` for deletions.
#[derive(Debug, Deserialize)]
pub struct ChangesRequest {
    changes: Vec<ChangeJson>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChangeJson {
    page_id: u64,
    namespace: i32,
    #[serde(default)]
    base_revision_id: Option<u64>,
    #[serde(default)]
    deleted: Option<DeletedJson>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeletedJson {
    #[serde(default)]
    main_slot: Option<String>,
    #[serde(default)]
    subject_slot: Option<String>,
}

/// [`project_changes`] for the request of the `projectPageChanges` export. It never fails: what
/// cannot be projected is logged and makes the stores stale.
pub async fn project_changes_request<H: Host>(host: &H, request: ChangesRequest) {
    let changes = request.changes.into_iter().map(|c| Change {
        page_id: c.page_id,
        namespace: c.namespace,
        before: match c.deleted {
            Some(d) => Before::Deleted { main_slot: d.main_slot, subject_slot: d.subject_slot },
            None => Before::Revision(c.base_revision_id),
        },
    });
    let caller = Caller::default();
    match host
        .config()
        .await
        .map_err(ApiError::from)
        .and_then(|settings| Scope::new(host, &caller, settings, Map::new()))
    {
        Ok(ctx) => project_changes(&ctx, changes.collect()).await,
        Err(e) => log(host, &format!("projection failed: {}", e.message)).await,
    }
}

async fn plan<H: Host>(ctx: &Scope<'_, H>, changes: Vec<Change>) -> Result<UpdateStores, String> {
    let (host, settings, own_source) = (ctx.host, &ctx.settings, &ctx.own_source);
    let read = |slot: Option<&str>| slot.map(|s| read_page_content_str(s, &Context { own_source }));
    let mut seen = Vec::new();
    for change in changes {
        let (before_main, before_subject) = match &change.before {
            Before::Revision(None) => (None, None),
            Before::Revision(Some(revision_id)) => {
                let revision =
                    host.revision(RevisionById { revision_id: *revision_id }).await.map_err(|e| e.to_string())?;
                revision.map_or((None, None), |r| (r.main_slot, r.subject_slot))
            }
            Before::Known { main_slot, subject_slot } | Before::Deleted { main_slot, subject_slot } => {
                (main_slot.clone(), subject_slot.clone())
            }
        };
        let after = match change.before {
            Before::Deleted { .. } => None,
            _ => ctx.page_by_id(change.page_id).await.map_err(|e| e.message)?,
        };
        let after = after.map(|record| {
            let content = read(record.subject_slot.as_deref()).unwrap_or_default();
            (record, content)
        });
        seen.push(ChangedPage { before: read(before_subject.as_deref()), before_main, after, change });
    }
    let mut stale = Vec::new();
    for s in &seen {
        stale.extend(stale_by(settings, s));
    }
    let edited_schemas: Vec<String> = seen
        .iter()
        .filter(|s| schema_edited(s))
        .filter_map(|s| s.after.as_ref().map(|(r, _)| r.title.clone()))
        .collect();
    for title in edited_schemas {
        match schema_pages(host, &title).await.map_err(|e| e.to_string())? {
            Reprojection::Pages(ids) => {
                let known: Vec<u64> = seen.iter().map(|s| s.change.page_id).collect();
                for page_id in ids.into_iter().filter(|id| !known.contains(id)) {
                    let Some(record) = host.page_by_id(PageById { page_id }).await.map_err(|e| e.to_string())? else {
                        continue;
                    };
                    let content = read(record.subject_slot.as_deref()).unwrap_or_default();
                    let change = Change {
                        page_id,
                        namespace: record.namespace,
                        before: Before::Revision(Some(record.latest_revision_id)),
                    };
                    seen.push(ChangedPage {
                        change,
                        before_main: record.main_slot.clone(),
                        before: Some(content.clone()),
                        after: Some((record, content)),
                    });
                }
            }
            Reprojection::Rebuild => {
                let reason = format!("the Schema {title} changed; a rebuild projects its Subjects again");
                for name in settings.stores.keys() {
                    host.start_rebuild(StoreName { name: name.clone() }).await.map_err(|e| e.to_string())?;
                    stale.push(StaleStore { store: name.clone(), reason: reason.clone() });
                }
            }
        }
    }
    let contents = seen.iter().filter_map(|s| s.after.as_ref().map(|(_, c)| c));
    let schemas = load_schemas(ctx, contents).await.map_err(|e| e.message)?;
    let projections: Vec<&str> = settings.stores.values().map(|s| s.projection.as_str()).collect();
    let mappings = if projections.iter().any(|p| *p != crate::rdf::native::NAME) {
        mapping_pages(host, false).await.map_err(|e| e.to_string())?
    } else {
        Vec::new()
    };
    let sources = Sources::new(settings_iris(settings), schemas, &mappings, projections);
    let mut updates = Vec::new();
    for (name, store) in &settings.stores {
        let target = Target { name, settings: store };
        for s in &seen {
            let update = match &s.after {
                Some((record, content)) => page_update(target, record, content, s.before.as_ref(), &sources),
                None => page_removed(target, s.change.page_id, s.before.as_ref(), &sources),
            };
            match update {
                Ok(u) => updates.extend(u),
                Err(e) => stale.push(StaleStore { store: name.clone(), reason: e.to_string() }),
            }
        }
    }
    let pages = seen
        .iter()
        .map(|s| ProjectedPage {
            page_id: s.change.page_id,
            revision_id: s.after.as_ref().map(|(r, _)| r.latest_revision_id),
        })
        .collect();
    Ok(UpdateStores { updates, stale, pages })
}

/// Whether a Schema page was saved with new text: its Subjects are projected again.
fn schema_edited(seen: &ChangedPage) -> bool {
    let after_main = seen.after.as_ref().and_then(|(r, _)| r.main_slot.as_deref());
    seen.change.namespace == namespace::SCHEMA && after_main.is_some() && after_main != seen.before_main.as_deref()
}

/// A deleted Schema makes every store stale (its Subjects' projection depends on it; a saved one
/// re-projects them instead); a changed Mapping makes stale the stores whose projection is its
/// target, before or after.
fn stale_by(settings: &Settings, seen: &ChangedPage) -> Vec<StaleStore> {
    let after_main = seen.after.as_ref().and_then(|(r, _)| r.main_slot.as_deref());
    if after_main == seen.before_main.as_deref() || schema_edited(seen) {
        return Vec::new();
    }
    let affected: Box<dyn Fn(&str) -> bool> = match seen.change.namespace {
        namespace::SCHEMA => Box::new(|_| true),
        namespace::MAPPING => {
            let targets = [seen.before_main.as_deref(), after_main].map(|m| m.and_then(mapping_target));
            Box::new(move |projection| targets.iter().flatten().any(|t| t == projection))
        }
        _ => return Vec::new(),
    };
    let what = if seen.change.namespace == namespace::SCHEMA { "Schema" } else { "Mapping" };
    let reason = format!("the {what} page {} changed", seen.change.page_id);
    settings
        .stores
        .iter()
        .filter(|(_, s)| affected(&s.projection))
        .map(|(name, _)| StaleStore { store: name.clone(), reason: reason.clone() })
        .collect()
}

fn every_store(settings: &Settings, reason: &str) -> Vec<StaleStore> {
    settings.stores.keys().map(|name| StaleStore { store: name.clone(), reason: reason.to_owned() }).collect()
}

async fn log<H: Host>(host: &H, message: &str) {
    let _ = host.log(LogEntry { level: LogLevel::Warning, message: message.to_owned() }).await;
}
