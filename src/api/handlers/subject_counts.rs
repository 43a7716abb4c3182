//! `GET /subject-counts`: Subjects per Schema, every page counted (the route needs `strata-query`).

use super::Reply;
use crate::api::context::Ctx;
use crate::app::error::ApiError;
use crate::domain::schema::SchemaRef;
use crate::host::Host;
use serde_json::{json, Map, Value};

pub async fn counts<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let mut counts = Map::new();
    for c in ctx.host.subject_counts().await?.counts.into_iter().filter(|c| c.count > 0) {
        // A foreign reference is named `source:name`; a stored value that is no reference keeps its text.
        let name = SchemaRef::from_json(&c.schema, &ctx.own_source)
            .map(|r| r.to_string())
            .unwrap_or_else(|_| c.schema.as_str().map_or_else(|| c.schema.to_string(), str::to_owned));
        let total = counts.get(&name).and_then(Value::as_u64).unwrap_or(0) + c.count;
        counts.insert(name, total.into());
    }
    Ok(Reply::ok(json!({"counts": counts})))
}
