//! Page actions of the platform's page API (`api.php` edit and delete, and imports): the core checks
//! permissions from the page's access facts and the content rules of the page's namespace, then saves
//! through the Host port; the reader's view of a page's Subjects (`action: view`), the Data tab (`action: subjects`) and the scripting accessors (`getSubjects`,
//! `query`: queries from wikitext or scripts) are page actions that only read. One entry,
//! [`handle_page_action`]: the result, or a [`PageActionError`] (the exports turn it into the boundary's one failure shape, `docs/architecture.md`).

mod check;
mod content;
mod data_tab;
mod delete;
mod edit;
pub mod error;
mod get_subjects;
mod prepared;
mod request;
mod script_query;
mod subject_slot;
mod view;

pub use prepared::default_content_model;
pub use request::{Action, PageActionRequest, Slot};

use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::{namespace, Host};
use error::{Code, PageActionError};
use serde_json::Value;

/// The right a namespace needs beyond `edit`, for edits and deletions alike.
fn namespace_right(ns: i32) -> Option<&'static str> {
    (ns == namespace::MAPPING).then_some("strata-mapping-edit")
}

/// Answers one page action: its result, or the refusal. Nothing here panics on input.
pub async fn handle_page_action<H: Host>(host: &H, request: &PageActionRequest) -> Result<Value, PageActionError> {
    let title = Title::new(&request.title).map_err(|e| {
        PageActionError::new(Code::InvalidTitle, format!("Bad title \"{}\": {}.", request.title, e.reason))
    })?;
    let ctx = Scope::new(host, &request.caller, host.config().await?, serde_json::Map::new())?;
    match request.action {
        Action::Edit => edit::edit(&ctx, request, &title).await,
        Action::Delete => delete::delete(&ctx, request, &title).await,
        Action::Check => check::check(&ctx, request, &title).await,
        Action::Subjects => data_tab::data_tab(&ctx, request, &title).await,
        Action::GetSubjects => get_subjects::get_subjects(&ctx, request, &title).await,
        Action::Query => script_query::script_query(&ctx, request).await,
        Action::View => view::view(&ctx, request, &title).await,
    }
}

/// The title as the wiki shows it, with its namespace prefix.
fn shown(request: &PageActionRequest, title: &Title) -> String {
    format!("{}{title}", namespace::prefix(request.namespace))
}
