//! One file per resource; [`dispatch`] maps each route's handler to its function.

mod listing;
mod page_read;
mod schemas;
mod subject_read;

use super::context::Ctx;
use super::error::ApiError;
use super::openapi;
use super::routes::Handler;
use crate::host::Host;
use serde_json::Value;

/// A successful answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    pub fn ok(body: Value) -> Self {
        Reply { status: 200, body }
    }

    pub fn created(body: Value) -> Self {
        Reply { status: 201, body }
    }
}

pub async fn dispatch<H: Host>(handler: Handler, ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    match handler {
        Handler::OpenApi => Ok(Reply::ok(openapi::document(&ctx.settings))),
        Handler::ListSchemas => schemas::list(ctx).await,
        Handler::GetSchema => schemas::get(ctx).await,
        Handler::PutSchema => schemas::put(ctx).await,
        Handler::DeleteSchema => schemas::delete(ctx).await,
        Handler::SchemaNames => schemas::names(ctx).await,
        Handler::JsonSchema => schemas::json_schema(ctx).await,
        Handler::GetSubject => subject_read::get(ctx).await,
        Handler::PageSubjects => page_read::subjects(ctx).await,
        Handler::GetMainSubject => page_read::main_subject(ctx).await,
    }
}
