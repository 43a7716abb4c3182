//! `GET /subject-labels`: named standalone Subjects whose name starts with a prefix, for pickers.

use super::readable::first_readable;
use super::Reply;
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::app::error::ApiError;
use crate::domain::title::Title;
use crate::host::{Host, IndexedSubject, SubjectLabels};
use serde_json::{json, Value};

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let schemas = ctx
        .query("schema")
        .map(|v| v.split('|').filter(|s| !s.trim().is_empty()).map(schema_name).collect::<Result<Vec<_>, _>>())
        .transpose()?
        .unwrap_or_default();
    let prefix = ctx.query("search").filter(|s| !s.is_empty()).map(str::to_owned);
    let (rows, _) = first_readable(
        limit,
        |r: &IndexedSubject| r.readable,
        |n| {
            let args = SubjectLabels { schemas: schemas.clone(), prefix: prefix.clone(), limit: n };
            async move {
                let rows = ctx.host.subject_labels(args).await?.rows;
                let more = rows.len() == n as usize;
                Ok((rows, more))
            }
        },
    )
    .await?;
    // The index's non-generated display name is the label, or the page title of an unlabelled main Subject.
    let items: Vec<Value> = rows
        .iter()
        .map(|r| json!({"id": r.facts.subject_id, "label": r.facts.display_name, "pageTitle": r.page_title}))
        .collect();
    Ok(Reply::ok(json!({"subjects": items})))
}

fn schema_name(raw: &str) -> Result<String, ApiError> {
    Title::new(raw).map(|t| t.to_string()).map_err(|e| {
        ApiError::parameter(format!("The query parameter \"schema\" names \"{raw}\", which is not a Schema name: {e}."))
    })
}
