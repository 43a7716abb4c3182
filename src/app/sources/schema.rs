//! A Schema of another source (`{source, name}`), read through its `GET /strata/v0/schema/{name}`;
//! its relation target Schemas are restated for this wiki.

use super::{garbage, get, segment, Fetched};
use crate::app::error::ApiError;
use crate::app::Scope;
use crate::domain::ids::SourceKey;
use crate::domain::schema::Schema;
use crate::domain::title::Title;
use crate::host::Host;
use crate::types::ReadSchema;
use serde_json::Value;

pub async fn foreign_schema<H: Host>(
    ctx: &Scope<'_, H>,
    source: &SourceKey,
    name: &Title,
) -> Result<Fetched<Schema>, ApiError> {
    let path = format!("/strata/v0/schema/{}", segment(name.as_str()));
    Ok(match get(ctx, source, path.clone()).await? {
        Fetched::Found(body) => match read(&body, source, &ctx.own_source) {
            Some(Some(schema)) => Fetched::Found(schema),
            Some(None) => Fetched::NotFound,
            None => return garbage(ctx, source, path, "a Schema read").await,
        },
        Fetched::NotFound => Fetched::NotFound,
        Fetched::Unavailable(o) => Fetched::Unavailable(o),
    })
}

/// `{"schema": null}` is no Schema; `None` for an answer that is not a Schema read.
fn read(body: &str, source: &SourceKey, own: &SourceKey) -> Option<Option<Schema>> {
    let answer: Value = serde_json::from_str(body).ok()?;
    match answer.get("schema")? {
        Value::Null => Some(None),
        schema => Some(Some(Schema::from_json(schema, source).ok()?.seen_from(source, own))),
    }
}
