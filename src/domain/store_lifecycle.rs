//! The store lifecycle (`docs/stores.md`, "Store states and rebuild runs"): the states a store is in,
//! the events that move it and the reason each gives, the moves of a rebuild run, and the content
//! marker rule. Hosts keep the state in their own tables and ask these rules what to write: a host
//! reads a store's row (none is [`StoreStatus::never_built`]), hands it with an event to
//! [`StoreStatus::after`], and writes what comes back; a run's row moves by the table of
//! [`RunMove`], which says from which states each move applies, so that a host makes it as one
//! conditional update. Nothing here performs I/O.

use serde::{Deserialize, Serialize};

/// What a store holds of the wiki.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoreState {
    /// No rebuild of the store has succeeded: saves feed it, but pages saved before are missing.
    NeverBuilt,
    /// The store holds every page as projected.
    InSync,
    /// The store may miss or misrepresent pages.
    Stale,
}

/// A store's state as a host keeps it: the state, why it is stale (null otherwise), and the id of
/// the build last written into it (a graph store's content marker; null when none was).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreStatus {
    pub state: StoreState,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub marker: Option<String>,
}

/// The states in which a new connection to a graph server asks for the graph's content marker
/// ([`StoreEvent::ContentChecked`]): a store already stale or never built has nothing to lose.
pub const CONTENT_CHECKED_IN: [StoreState; 1] = [StoreState::InSync];

/// The states in which a store needs a rebuild (a rebuild asked "unless in sync" runs only in these).
pub const NEEDS_REBUILD: [StoreState; 2] = [StoreState::NeverBuilt, StoreState::Stale];

/// Seconds after which a host that serves from many processes takes what a process left behind as
/// left by a process that ended: a pending marker older than this (the saving request ended without
/// the store's acknowledgement: [`PendingCause::RequestEnded`]), and a running run whose last progress
/// is older than this (its worker died: [`RunMove::Interrupt`]). Longer than any request or batch runs.
pub const ABANDONED_AFTER_SECONDS: u64 = 300;

/// Seconds a store query (`POST /query/cypher`, `POST /query/sparql`) and the stores' listing
/// (`GET /graph-stores`) wait for the store writes pending when they arrive, so that a client reads
/// its own save: a host waits for each such write until its store took it, or failed it (the store
/// is then stale), or the write is this old. A write already that old when the request arrives is
/// not waited for: its writer may have died, which [`ABANDONED_AFTER_SECONDS`] later makes the store
/// stale. A store write takes milliseconds; this leaves a store under load a thousand times that,
/// and stays well below the default query tier's 30 s.
pub const QUERY_WAIT_SECONDS: u64 = 5;

/// What a request that waited [`QUERY_WAIT_SECONDS`] does when writes are still pending: it answers
/// with what the store holds, as a query of a stale store does, and the core logs the wait. A slow
/// store then makes queries slow by at most the bound, never makes them fail.
pub const AT_QUERY_WAIT_BOUND: &str = "answer";

/// Why a host ended with saved pages the store never acknowledged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PendingCause {
    /// Found at start-up: the last process stopped between a save's commit and the acknowledgement.
    Stopped,
    /// Older than any request runs: the saving request ended without the acknowledgement.
    RequestEnded,
}

/// What a graph server answered when asked for the wiki's graph: whether its key exists, and the
/// build id stored beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoundContent {
    pub exists: bool,
    #[serde(default)]
    pub marker: Option<String>,
}

/// What happened to a store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum StoreEvent {
    /// The core said the store is stale (`updateStores`' `stale`, a rebuild's `done.stale`).
    Stale { reason: String },
    /// A page's update failed: the store's failure, `{kind, detail}` (`docs/stores.md`).
    UpdateFailed { page_id: u64, kind: Option<String>, detail: Option<String> },
    /// A rebuild succeeded, but a save's update failed while it ran.
    MissedDuringRun,
    /// A rebuild succeeded and nothing failed meanwhile: `marker` is the build id it wrote, if any.
    Built { marker: Option<String> },
    /// A connection to a graph server found this of the graph `graph`.
    ContentChecked { graph: String, found: FoundContent },
    /// `count` saved pages were never acknowledged by the store.
    PendingLeft { count: u64, cause: PendingCause },
    /// Rebuild run `run_id` was left running by a process that stopped.
    RunInterrupted { run_id: u64 },
    /// Pages were written past the stores (a bulk import).
    BulkImported,
}

impl StoreStatus {
    /// A store with no row: never built.
    pub fn never_built() -> Self {
        StoreStatus { state: StoreState::NeverBuilt, reason: None, marker: None }
    }

    /// The status after `event`, or None when it does not change. A store that may miss pages is
    /// stale with the event's reason, unless it was never built (it stays so: its reason is that).
    pub fn after(&self, event: &StoreEvent) -> Option<StoreStatus> {
        let reason = match event {
            StoreEvent::Built { marker } => {
                return Some(StoreStatus { state: StoreState::InSync, reason: None, marker: marker.clone() })
            }
            StoreEvent::ContentChecked { graph, found } => self.content_reason(graph, found)?,
            other => stale_reason(other)?,
        };
        (self.state != StoreState::NeverBuilt).then(|| StoreStatus {
            state: StoreState::Stale,
            reason: Some(reason),
            marker: self.marker.clone(),
        })
    }

    /// The content marker rule ([`CONTENT_CHECKED_IN`]): an in-sync graph whose key is gone (a server restarted without its
    /// data), or that holds another build than the one the wiki last wrote, is stale.
    fn content_reason(&self, graph: &str, found: &FoundContent) -> Option<String> {
        if !CONTENT_CHECKED_IN.contains(&self.state) {
            return None;
        }
        if !found.exists {
            return Some(format!(
                "the graph \"{graph}\" is missing on the server (restarted without its data, or deleted)"
            ));
        }
        (found.marker != self.marker)
            .then(|| format!("the graph \"{graph}\" does not hold the build the wiki last wrote"))
    }
}

fn stale_reason(event: &StoreEvent) -> Option<String> {
    Some(match event {
        StoreEvent::Stale { reason } => reason.clone(),
        StoreEvent::UpdateFailed { page_id, kind, detail } => {
            let said = detail.as_deref().or(kind.as_deref()).unwrap_or("failed");
            format!("page {page_id} not written: {said}")
        }
        StoreEvent::MissedDuringRun => "an update failed while the rebuild ran".to_owned(),
        StoreEvent::PendingLeft { count: 0, .. } => return None,
        StoreEvent::PendingLeft { count, cause } => {
            let pages = if *count == 1 { "page was" } else { "pages were" };
            let when = match cause {
                PendingCause::Stopped => "the wiki stopped",
                PendingCause::RequestEnded => "the saving request ended",
            };
            format!("{count} saved {pages} not acknowledged by the store before {when}")
        }
        StoreEvent::RunInterrupted { run_id } => format!("rebuild run {run_id} was interrupted"),
        StoreEvent::BulkImported => "pages were bulk-imported".to_owned(),
        StoreEvent::Built { .. } | StoreEvent::ContentChecked { .. } => return None,
    })
}

/// The state of a rebuild run's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunState {
    Queued,
    Running,
    Succeeded,
    Failed,
    Cancelled,
}

/// A run's states while it is active: one a store at a time; `queue` adds none while one is.
pub const ACTIVE_RUN_STATES: [RunState; 2] = [RunState::Queued, RunState::Running];

/// The error a run left `running` by a stopped process fails with ([`RunMove::Interrupt`]).
pub const INTERRUPTED: &str = "interrupted: the process that ran it stopped during the run";

/// A move of a run's record, made by a host as one conditional update: only a record in one of
/// [`RunMove::from`] moves, to [`RunMove::to`]. A worker that finds its run no longer `queued` (or
/// `running`) was cancelled meanwhile and stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RunMove {
    /// A new record, made only while the store has no active run (from no state).
    Queue,
    /// The worker takes a queued run (it records `startedAt` and `total`).
    Start,
    /// A batch was written (the counts move; the state stays).
    Progress,
    Succeed,
    /// The run failed (it records `error`).
    Fail,
    /// An administrator cancelled it, queued or running.
    Cancel,
    /// A run a stopped process left running is failed, not queued again (it may be what brought the
    /// process down), with [`INTERRUPTED`]; its store gets [`StoreEvent::RunInterrupted`]. A host with
    /// one process makes it at start-up; a host with many, once the run's last progress is older than
    /// [`ABANDONED_AFTER_SECONDS`].
    Interrupt,
}

impl RunMove {
    pub const ALL: [RunMove; 7] = [
        RunMove::Queue,
        RunMove::Start,
        RunMove::Progress,
        RunMove::Succeed,
        RunMove::Fail,
        RunMove::Cancel,
        RunMove::Interrupt,
    ];

    pub fn from(self) -> &'static [RunState] {
        match self {
            RunMove::Queue => &[],
            RunMove::Start => &[RunState::Queued],
            RunMove::Cancel => &ACTIVE_RUN_STATES,
            RunMove::Progress | RunMove::Succeed | RunMove::Fail | RunMove::Interrupt => &[RunState::Running],
        }
    }

    pub fn to(self) -> RunState {
        match self {
            RunMove::Queue => RunState::Queued,
            RunMove::Start | RunMove::Progress => RunState::Running,
            RunMove::Succeed => RunState::Succeeded,
            RunMove::Fail | RunMove::Interrupt => RunState::Failed,
            RunMove::Cancel => RunState::Cancelled,
        }
    }

    /// The record's state after this move, or None when the move does not apply to it.
    pub fn apply(self, state: RunState) -> Option<RunState> {
        self.from().contains(&state).then(|| self.to())
    }
}

#[cfg(test)]
#[path = "store_lifecycle_tests.rs"]
mod tests;
