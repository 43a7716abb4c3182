//! The REST layer: one entry, [`handle_route`], that checks the caller, matches the route table,
//! checks parameters and body, and runs the handler against the Host port.

mod accept;
mod commit;
mod context;
pub mod cursor;
pub mod error;
mod handlers;
mod ids;
pub mod json_schema;
mod load;
pub mod openapi;
pub mod projection;
pub mod page_action;
mod request;
pub mod routes;
mod schema_save;
mod view;
mod write;

pub use page_action::handle_page_action_json;
pub use request::{Caller, Request, Response};

use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::host::{Host, IndexRows};
use std::collections::HashMap;
use context::Ctx;
use error::{ApiError, ErrorKind};
use handlers::{Body, Reply};
use routes::Miss;

/// Answers one REST request. Every failure becomes the one error body; nothing here panics on input.
pub async fn handle_route<H: Host>(host: &H, request: Request) -> Response {
    match answer(host, &request).await {
        Ok(reply) => respond(reply),
        Err(e) => Response::json(e.status(), &e.to_json()),
    }
}

fn respond(reply: Reply) -> Response {
    let mut response = match reply.body {
        Body::Json(body) => Response::json(reply.status, &body),
        Body::Raw { content_type, text } => {
            Response { status: reply.status, headers: [("content-type".to_owned(), content_type)].into_iter().collect(), body: text }
        }
        Body::Empty => Response { status: reply.status, headers: Default::default(), body: String::new() },
    };
    response.headers.extend(reply.headers.into_iter().map(|(name, value)| (name.to_owned(), value)));
    response
}

/// [`handle_route`] on the JSON text of a request, answering JSON text.
pub async fn handle_route_json<H: Host>(host: &H, request_json: &str) -> String {
    let response = match serde_json::from_str::<Request>(request_json) {
        Ok(request) => handle_route(host, request).await,
        Err(e) => {
            let e = ApiError::new(ErrorKind::InvalidJson, format!("The route request is malformed: {e}."));
            Response::json(e.status(), &e.to_json())
        }
    };
    serde_json::to_string(&response).unwrap_or_default()
}

/// The index rows of a page's Subject slot, for saves made outside the REST routes (imports and
/// page actions). Schemas are read with the host's access for the current caller.
pub async fn page_index<H: Host>(host: &H, caller: &Caller, page_title: &str, subject_slot: &str) -> Result<IndexRows, ApiError> {
    let ctx = Ctx::bare(host, caller, host.config().await?)?;
    let content = view::read_content(&ctx, Some(subject_slot));
    let schemas = view::Schemas::for_page(&ctx, &content).await?;
    let changed = content.subjects.keys().map(ToString::to_string).collect();
    Ok(view::index_rows(page_title, &content, &schemas, changed))
}

/// The index rows of a normalized Subject slot, every Subject counted as changed: the bulk import's
/// path to the same rows a save stores. `schemas` are those the page's Subjects use.
pub fn content_index(page_title: &str, content: &PageContent, schemas: &HashMap<SchemaRef, Schema>) -> IndexRows {
    let changed = content.subjects.keys().map(ToString::to_string).collect();
    view::index_rows(page_title, content, schemas, changed)
}

async fn answer<H: Host>(host: &H, request: &Request) -> Result<Reply, ApiError> {
    if !request.caller.has("read") {
        return Err(ApiError::read_denied());
    }
    let settings = host.config().await?;
    let matched = routes::find(&request.method, &request.path, &settings).map_err(|miss| match miss {
        Miss::NoRoute => ApiError::new(ErrorKind::NoRoute, format!("No route matches \"{}\".", request.path)),
        Miss::WrongMethod => {
            ApiError::new(ErrorKind::WrongMethod, format!("{} is not allowed on \"{}\".", request.method, request.path))
        }
    })?;
    let route = matched.route;
    if route.changes_data && !request.caller.csrf_valid {
        return Err(ApiError::new(ErrorKind::BadToken, "A valid X-CSRF-TOKEN header is required for this request."));
    }
    if let Some(right) = route.right.filter(|r| !request.caller.has(r)) {
        return Err(ApiError::permission(format!("This request needs the \"{right}\" right.")));
    }
    let ctx = Ctx::new(host, request, settings, matched)?;
    handlers::dispatch(route.handler, &ctx).await
}
