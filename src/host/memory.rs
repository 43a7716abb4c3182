//! An in-memory host for native tests: pages with revisions, the index rows, per-caller access
//! rules, conflict detection on base revisions, and all-or-nothing multi-page saves.

use super::namespace;
use super::*;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

mod lists;
mod sources;

/// The caller a [`MemoryHost`] answers for: access facts are computed from these rights and the
/// host's deny rules, the way a wiki host derives them from groups and protections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    pub name: String,
    pub rights: Vec<String>,
}

impl Viewer {
    pub fn new(name: &str, rights: &[&str]) -> Self {
        Viewer { name: name.into(), rights: rights.iter().map(|r| (*r).to_owned()).collect() }
    }

    fn has(&self, right: &str) -> bool {
        self.rights.iter().any(|r| r == right)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deny {
    Read,
    /// Edit, and so create when the page does not exist.
    Edit,
}

#[derive(Debug, Clone)]
struct Rule {
    user: String,
    namespace: i32,
    title: String,
    deny: Deny,
}

#[derive(Debug, Clone)]
struct StoredPage {
    namespace: i32,
    title: String,
    latest_revision_id: u64,
    created: String,
    modified: String,
    last_editor: String,
    content_model: String,
    main_slot: Option<String>,
    subject_slot: Option<String>,
    index: IndexRows,
}

#[derive(Debug, Clone)]
struct StoredRevision {
    page_id: u64,
    timestamp: String,
    main_slot: Option<String>,
    subject_slot: Option<String>,
}

#[derive(Debug, Default)]
struct Store {
    settings: Settings,
    pages: BTreeMap<u64, StoredPage>,
    revisions: BTreeMap<u64, StoredRevision>,
    last_id: u64,
    ticks: u64,
    rules: Vec<Rule>,
    conflicts_to_inject: u32,
    refusal_to_inject: Option<Refusal>,
    /// A page (namespace, title, main slot) another writer saves at the next `savePages`.
    lands_before_next_save: Option<(i32, String, String)>,
    sparql_answer: Option<StoreAnswer>,
    sparql_queries: Vec<SparqlQuery>,
    cypher_answer: Option<CypherAnswer>,
    cypher_queries: Vec<CypherQuery>,
    store_updates: Vec<UpdateStores>,
    projection_waits: Vec<AwaitProjection>,
    /// What `awaitProjection` answers as still pending.
    projection_pending: u64,
    rate_limit_left: Option<u32>,
    /// Active rebuild runs by store name.
    runs: BTreeMap<String, serde_json::Value>,
    save_calls: u32,
    logs: Vec<LogEntry>,
    /// Subject ID to (first indexed, last edited) timestamps.
    subject_times: BTreeMap<String, (String, String)>,
    /// (revision id, page id, Subject ID) for each Subject a revision changed.
    revision_subjects: Vec<(u64, u64, String)>,
    responder: Option<sources::Responder>,
    fetches: Vec<FetchSource>,
}

/// A host held in memory. Clones made by [`MemoryHost::acting_as`] share one store.
#[derive(Debug, Clone)]
pub struct MemoryHost {
    store: Rc<RefCell<Store>>,
    viewer: Viewer,
}

impl Default for MemoryHost {
    fn default() -> Self {
        Self::new(Settings::default())
    }
}

impl MemoryHost {
    pub fn new(settings: Settings) -> Self {
        let store = Store { settings, ..Store::default() };
        MemoryHost {
            store: Rc::new(RefCell::new(store)),
            viewer: Viewer::new("Admin", &["read", "edit", "createpage", "delete"]),
        }
    }

    /// The same store, answering for another caller.
    pub fn acting_as(&self, viewer: Viewer) -> MemoryHost {
        MemoryHost { store: Rc::clone(&self.store), viewer }
    }

    pub fn set_settings(&self, settings: Settings) {
        self.store.borrow_mut().settings = settings;
    }

    pub fn deny(&self, user: &str, namespace: i32, title: &str, deny: Deny) {
        self.store.borrow_mut().rules.push(Rule { user: user.into(), namespace, title: title.into(), deny });
    }

    /// Makes the next `n` calls of `savePages` answer `edit-conflict`, as if another writer won.
    pub fn inject_conflicts(&self, n: u32) {
        self.store.borrow_mut().conflicts_to_inject = n;
    }

    /// Another writer saves this page (its main slot) when the next `savePages` arrives, before that
    /// call is checked: a Schema edit landing between a write's checks and its commit.
    pub fn land_before_next_save(&self, namespace: i32, title: &str, main_slot: &str) {
        self.store.borrow_mut().lands_before_next_save = Some((namespace, title.into(), main_slot.into()));
    }

    /// The next `savePages` or `deletePage` is refused as a platform refuses an edit (a block, a filter).
    pub fn refuse_next_write(&self, refusal: Refusal) {
        self.store.borrow_mut().refusal_to_inject = Some(refusal);
    }

    /// What the SPARQL store answers from now on; without one it is unavailable.
    pub fn answer_sparql(&self, answer: StoreAnswer) {
        self.store.borrow_mut().sparql_answer = Some(answer);
    }

    /// What the graph database answers from now on; without one it is unavailable.
    pub fn answer_cypher(&self, answer: CypherAnswer) {
        self.store.borrow_mut().cypher_answer = Some(answer);
    }

    pub fn cypher_queries(&self) -> Vec<CypherQuery> {
        self.store.borrow().cypher_queries.clone()
    }

    pub fn sparql_queries(&self) -> Vec<SparqlQuery> {
        self.store.borrow().sparql_queries.clone()
    }

    /// Every `awaitProjection` call so far.
    pub fn projection_waits(&self) -> Vec<AwaitProjection> {
        self.store.borrow().projection_waits.clone()
    }

    /// From now on `awaitProjection` answers that `pending` writes were still pending at its bound.
    pub fn leave_projection_pending(&self, pending: u64) {
        self.store.borrow_mut().projection_pending = pending;
    }

    /// Every `updateStores` call so far.
    pub fn store_updates(&self) -> Vec<UpdateStores> {
        self.store.borrow().store_updates.clone()
    }

    /// Allows `n` more rate-limited uses; unlimited until this is called.
    pub fn allow_uses(&self, n: u32) {
        self.store.borrow_mut().rate_limit_left = Some(n);
    }

    pub fn save_calls(&self) -> u32 {
        self.store.borrow().save_calls
    }

    pub fn logs(&self) -> Vec<LogEntry> {
        self.store.borrow().logs.clone()
    }

    /// The index rows a page holds now, for tests that check what a write computed.
    pub fn index_of(&self, page_id: u64) -> Option<IndexRows> {
        self.store.borrow().pages.get(&page_id).map(|p| p.index.clone())
    }

    fn access(&self, store: &Store, namespace: i32, title: &str) -> Access {
        let denied = |d: Deny| {
            store.rules.iter().any(|r| {
                r.deny == d
                    && r.namespace == namespace
                    && r.title == title
                    && (r.user == self.viewer.name || r.user == "*")
            })
        };
        let read = self.viewer.has("read") && !denied(Deny::Read);
        Access { read, edit: read && self.viewer.has("edit") && !denied(Deny::Edit) }
    }

    fn record(&self, store: &Store, page_id: u64, p: &StoredPage) -> PageRecord {
        PageRecord {
            page_id,
            namespace: p.namespace,
            title: p.title.clone(),
            prefixed_title: format!("{}{}", namespace::prefix(p.namespace), p.title),
            latest_revision_id: p.latest_revision_id,
            created: p.created.clone(),
            modified: p.modified.clone(),
            last_editor: p.last_editor.clone(),
            categories: Vec::new(),
            content_model: p.content_model.clone(),
            main_slot: p.main_slot.clone(),
            subject_slot: p.subject_slot.clone(),
            access: self.access(store, p.namespace, &p.title),
        }
    }

    fn find(store: &Store, namespace: i32, title: &str) -> Option<u64> {
        store.pages.iter().find(|(_, p)| p.namespace == namespace && p.title == title).map(|(id, _)| *id)
    }

    /// Checks every save against the store before any is applied.
    fn check(&self, store: &Store, saves: &[PageSave]) -> Result<(), (Conflict, usize)> {
        for (i, s) in saves.iter().enumerate() {
            let existing = s.page_id.and_then(|id| store.pages.get(&id).map(|p| (id, p)));
            match (s.base_revision_id, existing) {
                (None, _) if Self::find(store, s.namespace, &s.title).is_some() => {
                    return Err((Conflict::TitleExists, i))
                }
                (None, _) => {}
                (Some(base), Some((_, p))) if p.latest_revision_id == base && !s.create_only => {}
                (Some(_), _) => return Err((Conflict::EditConflict, i)),
            }
        }
        Ok(())
    }

    /// Whether every page is still at the revision read (or still absent).
    fn still_as_read(store: &Store, pages: &[PageVersion]) -> bool {
        pages.iter().all(|v| {
            let latest = Self::find(store, v.namespace, &v.title).and_then(|id| store.pages.get(&id));
            latest.map(|p| p.latest_revision_id) == v.revision_id
        })
    }

    /// Saves a page's main slot as another writer would: a new revision of the page, or a new page.
    fn land(store: &mut Store, (namespace, title, main_slot): (i32, String, String)) {
        let timestamp = Self::tick(store);
        store.last_id += 1;
        let revision_id = store.last_id;
        let page_id = Self::find(store, namespace, &title).unwrap_or_else(|| {
            store.last_id += 1;
            store.last_id
        });
        let page = store.pages.entry(page_id).or_insert_with(|| StoredPage {
            namespace,
            title,
            latest_revision_id: 0,
            created: timestamp.clone(),
            modified: String::new(),
            last_editor: "Other".into(),
            content_model: "json".into(),
            main_slot: None,
            subject_slot: None,
            index: IndexRows::default(),
        });
        page.latest_revision_id = revision_id;
        page.modified = timestamp.clone();
        page.main_slot = Some(main_slot.clone());
        let subject_slot = page.subject_slot.clone();
        store
            .revisions
            .insert(revision_id, StoredRevision { page_id, timestamp, main_slot: Some(main_slot), subject_slot });
    }

    fn tick(store: &mut Store) -> String {
        store.ticks += 1;
        let t = store.ticks % 86_400;
        format!("2026-11-22T{:02}:{:02}:{:02}Z", t / 3600, t / 60 % 60, t % 60)
    }
}

impl Host for MemoryHost {
    async fn config(&self) -> Result<Settings, HostError> {
        Ok(self.store.borrow().settings.clone())
    }

    async fn page_by_id(&self, args: PageById) -> Result<Option<PageRecord>, HostError> {
        let store = self.store.borrow();
        Ok(store.pages.get(&args.page_id).map(|p| self.record(&store, args.page_id, p)))
    }

    async fn page_by_title(&self, args: PageTitle) -> Result<Option<PageRecord>, HostError> {
        let store = self.store.borrow();
        Ok(Self::find(&store, args.namespace, &args.title)
            .and_then(|id| store.pages.get(&id).map(|p| self.record(&store, id, p))))
    }

    async fn revision(&self, args: RevisionById) -> Result<Option<RevisionRecord>, HostError> {
        let store = self.store.borrow();
        let Some(r) = store.revisions.get(&args.revision_id) else { return Ok(None) };
        let Some(page) = store.pages.get(&r.page_id) else { return Ok(None) };
        Ok(Some(RevisionRecord {
            revision_id: args.revision_id,
            page_id: r.page_id,
            timestamp: r.timestamp.clone(),
            main_slot: r.main_slot.clone(),
            subject_slot: r.subject_slot.clone(),
            access: self.access(&store, page.namespace, &page.title),
        }))
    }

    async fn subjects_info(&self, args: SubjectIds) -> Result<SubjectsInfo, HostError> {
        let store = self.store.borrow();
        let mut out = SubjectsInfo::new();
        for id in args.ids {
            let hit = store.pages.iter().find_map(|(pid, p)| {
                p.index.subjects.iter().find(|r| r.facts.subject_id == id).map(|r| (*pid, p, r.facts.schema.clone()))
            });
            if let Some((page_id, p, schema)) = hit {
                let readable = self.access(&store, p.namespace, &p.title).read;
                out.insert(id, SubjectInfo { page_id, schema, readable });
            }
        }
        Ok(out)
    }

    async fn can_create(&self, args: PageTitle) -> Result<CanCreate, HostError> {
        let store = self.store.borrow();
        let exists = Self::find(&store, args.namespace, &args.title).is_some();
        let access = self.access(&store, args.namespace, &args.title);
        Ok(CanCreate { allowed: access.edit && self.viewer.has("createpage"), exists, readable: access.read })
    }

    async fn save_pages(&self, args: SavePages) -> Result<SaveOutcome, HostError> {
        let mut store = self.store.borrow_mut();
        store.save_calls += 1;
        if let Some(refusal) = store.refusal_to_inject.take() {
            return Ok(SaveOutcome { ok: false, results: vec![], conflict: None, index: None, refusal: Some(refusal) });
        }
        if store.conflicts_to_inject > 0 {
            store.conflicts_to_inject -= 1;
            return Ok(SaveOutcome {
                ok: false,
                results: vec![],
                conflict: Some(Conflict::EditConflict),
                index: Some(0),
                refusal: None,
            });
        }
        if let Some(page) = store.lands_before_next_save.take() {
            Self::land(&mut store, page);
        }
        if !Self::still_as_read(&store, &args.validated_against) {
            return Ok(SaveOutcome {
                ok: false,
                results: vec![],
                conflict: Some(Conflict::EditConflict),
                index: None,
                refusal: None,
            });
        }
        if let Err((conflict, index)) = self.check(&store, &args.saves) {
            return Ok(SaveOutcome {
                ok: false,
                results: vec![],
                conflict: Some(conflict),
                index: Some(index),
                refusal: None,
            });
        }
        let mut results = Vec::with_capacity(args.saves.len());
        for s in args.saves {
            let timestamp = Self::tick(&mut store);
            store.last_id += 1;
            let revision_id = store.last_id;
            let page_id = match s.page_id.filter(|id| store.pages.contains_key(id)) {
                Some(id) => id,
                None => {
                    store.last_id += 1;
                    store.last_id
                }
            };
            for row in &s.index.subjects {
                let id = row.facts.subject_id.clone();
                let changed = s.index.changed_subject_ids.contains(&id);
                let times = match store.subject_times.get(&id) {
                    Some((created, _)) if changed => (created.clone(), timestamp.clone()),
                    Some(times) => times.clone(),
                    None => (timestamp.clone(), timestamp.clone()),
                };
                store.subject_times.insert(id, times);
            }
            for id in &s.index.changed_subject_ids {
                store.revision_subjects.push((revision_id, page_id, id.clone()));
            }
            let previous = store.pages.remove(&page_id);
            let (created, old_main, old_subjects) = match previous {
                Some(p) => (p.created, p.main_slot, p.subject_slot),
                None => (timestamp.clone(), None, None),
            };
            let page = StoredPage {
                namespace: s.namespace,
                title: s.title,
                latest_revision_id: revision_id,
                created,
                modified: timestamp.clone(),
                last_editor: self.viewer.name.clone(),
                content_model: s.content_model,
                main_slot: s.main_slot.or(old_main),
                subject_slot: s.subject_slot.or(old_subjects),
                index: s.index,
            };
            store.revisions.insert(
                revision_id,
                StoredRevision {
                    page_id,
                    timestamp: timestamp.clone(),
                    main_slot: page.main_slot.clone(),
                    subject_slot: page.subject_slot.clone(),
                },
            );
            store.pages.insert(page_id, page);
            results.push(SaveResult { page_id, revision_id, timestamp });
        }
        Ok(SaveOutcome { ok: true, results, conflict: None, index: None, refusal: None })
    }

    async fn delete_page(&self, args: DeletePage) -> Result<DeleteOutcome, HostError> {
        let mut store = self.store.borrow_mut();
        if let Some(refusal) = store.refusal_to_inject.take() {
            return Ok(DeleteOutcome { ok: false, conflict: None, refusal: Some(refusal), log_id: None });
        }
        match store.pages.get(&args.page_id) {
            Some(p) if p.latest_revision_id == args.base_revision_id => {
                store.pages.remove(&args.page_id);
                store.revision_subjects.retain(|(_, page, _)| *page != args.page_id);
                store.last_id += 1;
                Ok(DeleteOutcome { ok: true, conflict: None, refusal: None, log_id: Some(store.last_id) })
            }
            Some(_) => {
                Ok(DeleteOutcome { ok: false, conflict: Some(Conflict::EditConflict), refusal: None, log_id: None })
            }
            None => Ok(DeleteOutcome { ok: false, conflict: Some(Conflict::Missing), refusal: None, log_id: None }),
        }
    }

    async fn list_pages(&self, args: ListPages) -> Result<PageList, HostError> {
        let store = self.store.borrow();
        let mut hits: Vec<(u64, &StoredPage)> = store
            .pages
            .iter()
            .filter(|(_, p)| p.namespace == args.namespace)
            .filter(|(_, p)| args.after.as_deref().is_none_or(|a| p.title.as_str() > a))
            .filter(|(_, p)| args.prefix.as_deref().is_none_or(|pre| p.title.starts_with(pre)))
            .map(|(id, p)| (*id, p))
            .collect();
        hits.sort_by(|a, b| a.1.title.cmp(&b.1.title));
        let pages = hits.into_iter().take(args.limit as usize).map(|(id, p)| self.record(&store, id, p)).collect();
        Ok(PageList { pages })
    }

    async fn graph_stores(&self) -> Result<StoreList, HostError> {
        let store = self.store.borrow();
        let stores = store
            .settings
            .stores
            .iter()
            .map(|(name, s)| {
                serde_json::json!({
                    "name": name, "projection": s.projection, "state": "never-built",
                    "activeRun": store.runs.get(name), "lastSuccessfulRun": null,
                })
            })
            .collect();
        Ok(StoreList { stores })
    }

    async fn start_rebuild(&self, args: StoreName) -> Result<RebuildStart, HostError> {
        let mut store = self.store.borrow_mut();
        if !store.settings.stores.contains_key(&args.name) {
            return Ok(RebuildStart { outcome: RebuildOutcome::Unknown, run: serde_json::Value::Null });
        }
        if let Some(run) = store.runs.get(&args.name) {
            return Ok(RebuildStart { outcome: RebuildOutcome::Active, run: run.clone() });
        }
        store.last_id += 1;
        let run = serde_json::json!({"id": store.last_id, "store": args.name, "state": "queued", "processed": 0, "failed": 0});
        store.runs.insert(args.name, run.clone());
        Ok(RebuildStart { outcome: RebuildOutcome::Queued, run })
    }

    async fn cancel_rebuild(&self, args: StoreName) -> Result<RebuildCancel, HostError> {
        let run = self.store.borrow_mut().runs.remove(&args.name).unwrap_or_default();
        Ok(RebuildCancel { run })
    }

    async fn list_subjects(&self, args: ListSubjects) -> Result<SubjectListing, HostError> {
        Ok(self.listing(&args))
    }

    async fn recently_edited(&self, args: RecentlyEdited) -> Result<EditedSubjects, HostError> {
        Ok(self.recent(args))
    }

    async fn subject_counts(&self) -> Result<SubjectCounts, HostError> {
        Ok(self.counts())
    }

    async fn subject_labels(&self, args: SubjectLabels) -> Result<SubjectRows, HostError> {
        Ok(self.labels(&args))
    }

    async fn referencing_subjects(&self, args: ReferencingSubjects) -> Result<ReferencingRows, HostError> {
        Ok(self.referencing(&args))
    }

    async fn subject_rows(&self, args: SubjectIds) -> Result<SubjectRows, HostError> {
        let all = self.indexed();
        Ok(SubjectRows {
            rows: args
                .ids
                .iter()
                .filter_map(|id| all.iter().find(|s| &s.row.facts.subject_id == id))
                .map(|s| s.row.clone())
                .collect(),
        })
    }

    async fn sparql_query(&self, args: SparqlQuery) -> Result<StoreAnswer, HostError> {
        let mut store = self.store.borrow_mut();
        store.sparql_queries.push(args);
        let unavailable = StoreAnswer {
            ok: false,
            content_type: None,
            body: None,
            kind: Some("unavailable".into()),
            status: None,
            detail: Some("no store answer configured".into()),
        };
        Ok(store.sparql_answer.clone().unwrap_or(unavailable))
    }

    async fn cypher_query(&self, args: CypherQuery) -> Result<CypherAnswer, HostError> {
        let mut store = self.store.borrow_mut();
        store.cypher_queries.push(args);
        let unavailable = CypherAnswer {
            ok: false,
            reply: serde_json::Value::Null,
            catalog: serde_json::Value::Null,
            kind: Some("unavailable".into()),
            detail: Some("no graph database answer configured".into()),
        };
        Ok(store.cypher_answer.clone().unwrap_or(unavailable))
    }

    async fn await_projection(&self, args: AwaitProjection) -> Result<ProjectionWait, HostError> {
        let mut store = self.store.borrow_mut();
        store.projection_waits.push(args);
        Ok(ProjectionWait { pending: store.projection_pending })
    }

    async fn update_stores(&self, args: UpdateStores) -> Result<(), HostError> {
        self.store.borrow_mut().store_updates.push(args);
        Ok(())
    }

    async fn hit_rate_limit(&self, _args: RateLimitHit) -> Result<RateLimitOutcome, HostError> {
        let mut store = self.store.borrow_mut();
        let limited = match &mut store.rate_limit_left {
            None => false,
            Some(0) => true,
            Some(n) => {
                *n -= 1;
                false
            }
        };
        Ok(RateLimitOutcome { limited, retry_after_seconds: limited.then_some(30) })
    }

    async fn log(&self, args: LogEntry) -> Result<(), HostError> {
        self.store.borrow_mut().logs.push(args);
        Ok(())
    }

    async fn now(&self) -> Result<Now, HostError> {
        let mut store = self.store.borrow_mut();
        Ok(Now { timestamp: Self::tick(&mut store) })
    }

    /// No parser of its own: the core draws its wikitext subset.
    async fn parse_wikitext(&self, _args: WikitextToParse) -> Result<Option<ParsedWikitext>, HostError> {
        Ok(None)
    }

    async fn fetch_source(&self, args: FetchSource) -> Result<FetchAnswer, HostError> {
        Ok(self.fetch(args))
    }
}
