//! A store rebuild run as a state machine the host steps (`docs/stores.md`, "Rebuild runs"). The
//! core decides everything a run decides: which namespaces hold the Schemas and Mappings, which pages
//! come next, each batch's request (the settings, the registered sources' IRIs, the pages' stored
//! slots spliced in as JSON, and the same batch again with the slots as strings when the splice is
//! not JSON), which Subjects a graph batch may create without a lookup (`absent`) and when it stops
//! sending them (the wiki's change mark moved), what each write holds (clear, indexes, statements or
//! TriG), how progress counts, what follows the last batch (the store made durable, a graph's new
//! content marker) and how the run ends, with the error texts. The host only answers [`Step`]s with
//! what it reads and reports what its writes did: no I/O happens here.
//!
//! A host may keep writes in flight while it reads and projects the next batch: [`Step::Write`]
//! needs no answer, [`RebuildRun::written`] reports the oldest write's outcome whenever it is known,
//! and the run asks for it ([`Step::AwaitWrite`]) before it goes further than one batch ahead.

use super::batch_request::{BatchSettings, MappingPage};
use super::rebuild::{project_batch, BatchFailure, BatchRequest, BatchRequestError};
use crate::domain::store_lifecycle::RunState;
use crate::host::{namespace, SourceSettings, StoreKind, StoreSettings};
use crate::json::Arena;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

/// Pages a batch, unless the setup says otherwise.
pub const BATCH_PAGES: u64 = 200;

/// What the host knows when a run starts.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunSetup {
    /// The run's number, for messages.
    pub run_id: u64,
    /// The store's name and settings.
    pub name: String,
    pub store: StoreSettings,
    pub rdf_base_uri: String,
    #[serde(default = "local")]
    pub source_key: String,
    /// The registered Subject sources, as the `config` Host operation answers them: the batches
    /// mint a source's Subjects under the `rdfBaseUri` stated for it, as saves do.
    #[serde(default)]
    pub sources: IndexMap<String, SourceSettings>,
    /// The wiki's change mark when the run began (anything that changes when a page is saved,
    /// deleted or restored); null when the host cannot see other writers' changes as they commit,
    /// and then a graph run never sends `absent`.
    #[serde(default)]
    pub change_mark: Option<String>,
    #[serde(default)]
    pub batch_pages: Option<u64>,
}

fn local() -> String {
    "local".into()
}

/// What the run needs next. Steps with an answer are answered through [`RebuildRun::answer`]
/// (`pages` through [`RebuildRun::answer_pages`]); the others need none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "camelCase")]
pub enum Step {
    /// Every page of `namespace` as `[{title, text}]` (the main slot's text).
    NamespacePages { namespace: i32 },
    /// The state of the run's record (`"running"` goes on; any other, a cancel, ends the run as
    /// cancelled), or `"stopping"` (the process stops).
    CheckRun,
    /// The facts of the next `limit` pages holding Subjects with a page id above `afterId`, in page
    /// id order, and their stored Subject slots.
    #[serde(rename_all = "camelCase")]
    Pages { after_id: u64, limit: u64 },
    /// The wiki's change mark now, as a JSON string.
    ChangeMark,
    /// The IDs of the Subjects the Subject index places on these pages, as a JSON array.
    #[serde(rename_all = "camelCase")]
    SubjectsOn { page_ids: Vec<u64> },
    /// The page the Subject index places each of these Subjects on: `{id: pageId}`, unknown IDs left out.
    PagesOf { ids: Vec<String> },
    /// Write this to the store, after every earlier write: a SPARQL store is cleared first when
    /// `clear`, then gets `trig` (when there is one) as one bulk load; a graph store makes its indexes
    /// first when `createIndexes` ("already indexed" ignored), then runs `statements` in order.
    /// Report the outcome through `written`.
    #[serde(rename_all = "camelCase")]
    Write {
        clear: bool,
        create_indexes: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        statements: Option<Vec<String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        trig: Option<String>,
    },
    /// Wait for the oldest write in flight and report its outcome through `written`.
    AwaitWrite,
    /// A batch was written: record the counts, log each page the core could not project. `absent`
    /// lists the IDs the batch created without a lookup.
    #[serde(rename_all = "camelCase")]
    Progress { processed: u64, failed: u64, failed_pages: Vec<BatchFailure>, absent: Vec<String> },
    /// Every batch is in the store: make what it holds durable after every earlier write (a store
    /// that keeps snapshots writes one now; a server store answers at once). Answer `{ok: true}` or
    /// the store's failure `{ok: false, kind, detail}`.
    Persist,
    /// A graph store's build is complete: write a fresh content marker beside the graph (an id the
    /// host draws at random), which each later connection compares with the one the wiki keeps
    /// (`checkContentIn`). Answer `{ok: true, marker}` or the store's failure.
    MarkContent,
    /// The run is over: `succeeded` (every batch is in the store, durable, with `marker` the content
    /// marker written, if any), `failed` with `error`, or `cancelled`. `stale`: the reason the store
    /// is stale now, if it is.
    Done { run: RunEnd, error: Option<String>, stale: Option<String>, marker: Option<String> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RunEnd {
    Succeeded,
    Failed,
    Cancelled,
}

/// Why an answer is refused: the host answered another step than the one asked, or in a wrong form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerError(pub String);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Waiting {
    Schemas,
    Mappings,
    CheckRun,
    Pages,
    ChangeMark,
    SubjectsOn,
    PagesOf,
    Persisted,
    Marked,
    Nothing,
}

/// What follows the last batch, in order: [`Step::Persist`], then a graph's [`Step::MarkContent`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sealing {
    Persist,
    Mark,
    Sealed,
}

/// A batch read, on its way to the store.
struct Batch {
    facts: Vec<Map<String, Value>>,
    slots: Vec<Option<String>>,
    absent: Vec<String>,
}

/// A batch written or being written.
struct Sent {
    pages: u64,
    failed: Vec<BatchFailure>,
    absent: Vec<String>,
}

pub struct RebuildRun {
    setup: RunSetup,
    kind: StoreKind,
    settings: BatchSettings,
    batch_pages: u64,
    after_id: u64,
    first: bool,
    /// No write of anyone else may have reached the store since the run began.
    quiet: bool,
    /// Relation targets left as stubs by earlier batches, under the later page the index places them on.
    stubs_by_page: BTreeMap<u64, Vec<String>>,
    waiting: Waiting,
    batch: Option<Batch>,
    steps: VecDeque<Step>,
    in_flight: VecDeque<Sent>,
    processed: u64,
    failed: u64,
    /// Once set, the run ends after the writes in flight are reported (and, when it succeeds, once sealed).
    ending: Option<(RunEnd, Option<String>)>,
    sealing: Sealing,
    /// The content marker the host wrote.
    marker: Option<String>,
    last_batch_sent: bool,
    done: bool,
}

impl RebuildRun {
    pub fn new(setup: RunSetup) -> Result<Self, String> {
        let kind = setup.store.kind().ok_or_else(|| format!("store type \"{}\" is unknown", setup.store.store_type))?;
        let source_iris =
            setup.sources.iter().filter_map(|(k, s)| Some((k.clone(), s.rdf_base_uri.clone()?))).collect();
        let settings = BatchSettings {
            name: setup.name.clone(),
            store: setup.store.clone(),
            rdf_base_uri: setup.rdf_base_uri.clone(),
            source_iris,
            source_key: setup.source_key.clone(),
            start: true,
            absent: Vec::new(),
            schemas: HashMap::new(),
            mappings: Vec::new(),
        };
        let quiet = kind == StoreKind::Graph && setup.change_mark.is_some();
        let batch_pages = setup.batch_pages.unwrap_or(BATCH_PAGES).max(1);
        Ok(RebuildRun {
            setup,
            kind,
            settings,
            batch_pages,
            after_id: 0,
            first: true,
            quiet,
            stubs_by_page: BTreeMap::new(),
            waiting: Waiting::Nothing,
            batch: None,
            steps: VecDeque::from([Step::NamespacePages { namespace: namespace::SCHEMA }]),
            in_flight: VecDeque::new(),
            processed: 0,
            failed: 0,
            ending: None,
            sealing: Sealing::Persist,
            marker: None,
            last_batch_sent: false,
            done: false,
        })
    }

    /// The next step. After `done`, `done` again.
    #[allow(clippy::should_implement_trait)] // not an Iterator: never ends, and a step waits for its answer
    pub fn next(&mut self) -> Step {
        if let Some(step) = self.steps.pop_front() {
            self.waiting = match &step {
                Step::NamespacePages { namespace } if *namespace == namespace::SCHEMA => Waiting::Schemas,
                Step::NamespacePages { .. } => Waiting::Mappings,
                Step::CheckRun => Waiting::CheckRun,
                Step::Pages { .. } => Waiting::Pages,
                Step::ChangeMark => Waiting::ChangeMark,
                Step::SubjectsOn { .. } => Waiting::SubjectsOn,
                Step::PagesOf { .. } => Waiting::PagesOf,
                _ => Waiting::Nothing,
            };
            return step;
        }
        self.waiting = Waiting::Nothing;
        // More than one batch ahead of the store, or at the end: wait for the oldest write.
        if !self.in_flight.is_empty() && (self.in_flight.len() > 1 || self.ending.is_some() || self.last_batch_sent) {
            return Step::AwaitWrite;
        }
        if let Some((end, error)) = self.ending.clone() {
            if let Some(step) = self.seal_step(end) {
                return step;
            }
            return self.finish(end, error);
        }
        if self.last_batch_sent {
            // Every batch is in the store: one more look at the run's record.
            self.last_batch_sent = false;
            self.ending = Some((RunEnd::Succeeded, None));
            self.waiting = Waiting::CheckRun;
            return Step::CheckRun;
        }
        self.waiting = Waiting::CheckRun;
        Step::CheckRun
    }

    /// The answer to the step just taken (JSON).
    pub fn answer(&mut self, answer: Value) -> Result<(), AnswerError> {
        let waiting = std::mem::replace(&mut self.waiting, Waiting::Nothing);
        match waiting {
            Waiting::Schemas => {
                let pages: Vec<MappingPage> = read(answer, "namespace pages")?;
                self.settings.schemas = pages.into_iter().map(|p| (p.title, p.text)).collect();
                self.steps.push_back(Step::NamespacePages { namespace: namespace::MAPPING });
            }
            Waiting::Mappings => self.settings.mappings = read(answer, "namespace pages")?,
            Waiting::CheckRun => {
                let state: String = read(answer, "the run's state")?;
                let stop = match state.as_str() {
                    "stopping" => Some((RunEnd::Failed, Some("the process stopped during the run".to_owned()))),
                    record => match read(Value::from(record), "the run's state")? {
                        RunState::Running => None,
                        _ => Some((RunEnd::Cancelled, None)),
                    },
                };
                match (stop, self.ending.is_some()) {
                    (Some(stop), _) => self.ending = Some(stop),
                    (None, true) => {}
                    (None, false) => {
                        self.steps.push_back(Step::Pages { after_id: self.after_id, limit: self.batch_pages })
                    }
                }
            }
            Waiting::ChangeMark => {
                let mark: String = read(answer, "the change mark")?;
                // Once not quiet, never again: the stubs and the index are not read any more.
                self.quiet &= self.setup.change_mark.as_deref() == Some(mark.as_str());
                match (self.quiet, &self.batch) {
                    (true, Some(batch)) => {
                        let page_ids = batch.facts.iter().map(page_id).collect();
                        self.steps.push_back(Step::SubjectsOn { page_ids });
                    }
                    _ => self.project(),
                }
            }
            Waiting::SubjectsOn => {
                let ids: Vec<String> = read(answer, "the Subjects on the pages")?;
                if let Some(batch) = &mut self.batch {
                    let mut stubs = HashSet::new();
                    for facts in &batch.facts {
                        stubs.extend(self.stubs_by_page.remove(&page_id(facts)).unwrap_or_default());
                    }
                    batch.absent = ids.into_iter().filter(|id| !stubs.contains(id)).collect();
                }
                self.project();
            }
            Waiting::PagesOf => {
                let found: HashMap<String, u64> = read(answer, "the pages of the Subjects")?;
                for (id, page) in found {
                    if page > self.after_id {
                        self.stubs_by_page.entry(page).or_default().push(id);
                    }
                }
            }
            Waiting::Persisted => match failure(&answer) {
                None => self.sealing = Sealing::Mark,
                Some(detail) => self.fail(format!("the store did not make the rebuild durable: {detail}")),
            },
            Waiting::Marked => match failure(&answer) {
                None => {
                    let marker: String = read(answer["marker"].clone(), "the content marker")?;
                    self.marker = Some(marker);
                    self.sealing = Sealing::Sealed;
                }
                Some(detail) => self.fail(format!("the graph's content marker was not written: {detail}")),
            },
            Waiting::Pages | Waiting::Nothing => return Err(AnswerError("no step waits for this answer".into())),
        }
        Ok(())
    }

    /// The answer to `pages`: each page's facts, and its stored Subject slot's text (None: no slot).
    pub fn answer_pages(
        &mut self,
        facts: Vec<Map<String, Value>>,
        slots: Vec<Option<String>>,
    ) -> Result<(), AnswerError> {
        if self.waiting != Waiting::Pages {
            return Err(AnswerError("no step waits for pages".into()));
        }
        if facts.len() != slots.len() {
            return Err(AnswerError(format!("{} pages but {} slots", facts.len(), slots.len())));
        }
        self.waiting = Waiting::Nothing;
        if facts.is_empty() && !self.first {
            self.last_batch_sent = true;
            return Ok(());
        }
        let needs_index = self.kind == StoreKind::Graph && !self.first && self.quiet && !facts.is_empty();
        self.batch = Some(Batch { facts, slots, absent: Vec::new() });
        if needs_index {
            self.steps.push_back(Step::ChangeMark);
        } else {
            self.project();
        }
        Ok(())
    }

    /// The outcome of the oldest write in flight: `{ok: true}`, or `{ok: false, kind, detail}`.
    pub fn written(&mut self, outcome: &Value) -> Result<(), AnswerError> {
        let sent = self.in_flight.pop_front().ok_or_else(|| AnswerError("no write is in flight".into()))?;
        let failing = matches!(self.ending, Some((RunEnd::Failed, _)));
        if outcome.get("ok").and_then(Value::as_bool) == Some(true) {
            if failing {
                return Ok(());
            }
            let failed = sent.failed.len() as u64;
            self.processed += sent.pages - failed;
            self.failed += failed;
            let (processed, failed) = (self.processed, self.failed);
            self.steps.push_back(Step::Progress { processed, failed, failed_pages: sent.failed, absent: sent.absent });
        } else if !failing {
            let detail = failure(outcome).unwrap_or_default();
            self.fail(detail);
        }
        Ok(())
    }

    fn fail(&mut self, error: String) {
        self.ending = Some((RunEnd::Failed, Some(error)));
    }

    /// The next step of sealing a run that succeeded, if any is left.
    fn seal_step(&mut self, end: RunEnd) -> Option<Step> {
        let (step, waiting) = match (end, self.sealing, self.kind) {
            (RunEnd::Succeeded, Sealing::Persist, _) => (Step::Persist, Waiting::Persisted),
            (RunEnd::Succeeded, Sealing::Mark, StoreKind::Graph) => (Step::MarkContent, Waiting::Marked),
            _ => return None,
        };
        self.waiting = waiting;
        Some(step)
    }

    fn finish(&mut self, end: RunEnd, error: Option<String>) -> Step {
        self.done = true;
        self.steps.clear();
        let id = self.setup.run_id;
        let stale = match (end, &error) {
            (RunEnd::Failed, Some(error)) => Some(format!("rebuild run {id} failed: {error}")),
            (RunEnd::Failed, None) => Some(format!("rebuild run {id} failed")),
            (RunEnd::Cancelled, _) => Some(format!("rebuild run {id} was cancelled")),
            (RunEnd::Succeeded, _) => None,
        };
        self.ending = Some((end, error.clone()));
        let marker = if end == RunEnd::Succeeded { self.marker.clone() } else { None };
        Step::Done { run: end, error, stale, marker }
    }

    /// Projects the batch in hand and queues its write, and the index read its relations need.
    fn project(&mut self) {
        let Some(batch) = self.batch.take() else { return };
        self.settings.start = self.first;
        self.settings.absent = if self.first { Vec::new() } else { batch.absent.clone() };
        let result = match project(&self.settings, &batch.facts, &batch.slots) {
            Ok(result) => result,
            Err(refusal) => {
                let which = match (batch.facts.first(), batch.facts.last()) {
                    (Some(first), Some(last)) => format!("pages {} to {}", page_id(first), page_id(last)),
                    _ => "the first batch".to_owned(),
                };
                self.ending = Some((
                    RunEnd::Failed,
                    Some(format!("the core refused the batch of {which}: invalid-argument: {refusal}")),
                ));
                return;
            }
        };
        let last = batch.facts.last().map(page_id);
        let (clear, create_indexes) = match self.kind {
            StoreKind::Sparql => (self.first, false),
            StoreKind::Graph => (false, self.first),
        };
        let trig = result.trig.filter(|_| result.projected > 0);
        self.steps.push_back(Step::Write { clear, create_indexes, statements: result.statements, trig });
        self.in_flight.push_back(Sent {
            pages: batch.facts.len() as u64,
            failed: result.failed,
            absent: self.settings.absent.clone(),
        });
        // The targets a later page holds are stubs now: that page's batch must match them.
        let targets = result.outside_targets.unwrap_or_default();
        if self.quiet && !targets.is_empty() && last.is_some() {
            self.steps.push_back(Step::PagesOf { ids: targets });
        }
        self.first = false;
        match last {
            Some(last) => self.after_id = last,
            // The first batch of a wiki without Subjects: the store is cleared, and that is all.
            None => self.last_batch_sent = true,
        }
    }

    pub fn is_done(&self) -> bool {
        self.done
    }
}

fn page_id(facts: &Map<String, Value>) -> u64 {
    facts.get("pageId").and_then(Value::as_u64).unwrap_or(0)
}

/// What a store's failed answer (`{ok: false, kind, detail}`) says: its detail, else its kind; None
/// when it is `{ok: true}`.
fn failure(outcome: &Value) -> Option<String> {
    if outcome.get("ok").and_then(Value::as_bool) == Some(true) {
        return None;
    }
    let said = ["detail", "kind"].iter().find_map(|k| outcome.get(*k).and_then(Value::as_str));
    Some(said.unwrap_or("failed").to_owned())
}

fn read<T: serde::de::DeserializeOwned>(answer: Value, what: &str) -> Result<T, AnswerError> {
    serde_json::from_value(answer).map_err(|e| AnswerError(format!("{what}: {e}")))
}

/// One batch's result. The stored slots go into the request as the JSON they are, which the core
/// reads where it lies; a request that is then not JSON (a stored slot that is not) is made again
/// with every slot as a JSON string, where such a slot reads as a page without Subjects.
fn project(
    settings: &BatchSettings,
    facts: &[Map<String, Value>],
    slots: &[Option<String>],
) -> Result<super::rebuild::BatchResult, String> {
    let head = json!({
        "name": settings.name, "store": {"type": settings.store.store_type, "projection": settings.store.projection},
        "rdfBaseUri": settings.rdf_base_uri, "sourceIris": settings.source_iris, "sourceKey": settings.source_key,
        "start": settings.start, "absent": settings.absent, "schemas": settings.schemas,
        "mappings": settings.mappings.iter().map(|m| json!({"title": m.title, "text": m.text})).collect::<Vec<_>>(),
    })
    .to_string();
    let request = |as_json: bool| {
        let pages: Vec<String> = facts
            .iter()
            .zip(slots)
            .map(|(facts, slot)| {
                let text = Value::Object(facts.clone()).to_string();
                match slot {
                    None => text,
                    Some(slot) if as_json => format!("{},\"subjectSlot\":{slot}}}", &text[..text.len() - 1]),
                    Some(slot) => {
                        format!("{},\"subjectSlot\":{}}}", &text[..text.len() - 1], Value::from(slot.as_str()))
                    }
                }
            })
            .collect();
        format!("{},\"pages\":[{}]}}", &head[..head.len() - 1], pages.join(","))
    };
    let spliced = request(true);
    let arena = Arena::new();
    match BatchRequest::read(&spliced, &arena) {
        Ok(batch) => project_batch(&batch),
        Err(BatchRequestError::NotJson(_)) => {
            let escaped = request(false);
            let arena = Arena::new();
            project_batch(&BatchRequest::read(&escaped, &arena).map_err(|e| format!("request: {e}"))?)
        }
        Err(e) => Err(format!("request: {e}")),
    }
}

#[cfg(test)]
#[path = "rebuild_run_tests.rs"]
mod tests;
