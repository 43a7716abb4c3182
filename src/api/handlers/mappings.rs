//! `GET /mappings`: Mapping pages, each with the names of the Schemas it maps.

use super::listing::titled_list;
use super::Reply;
use crate::api::context::Ctx;
use crate::app::error::ApiError;
use crate::domain::mapping::Mapping;
use crate::host::{namespace, Host, PageRecord};
use serde_json::{json, Map, Value};

/// A Mapping item: `name` (the page title), `schemas` (the mapped Schema names; a Mapping binds
/// one), then the stored Mapping's fields. A page that is no structurally valid Mapping is left out.
fn mapping_item(page: &PageRecord) -> Option<Value> {
    let Ok(Value::Object(body)) = serde_json::from_str(page.main_slot.as_deref()?) else { return None };
    let mapping = Mapping::from_json(&Value::Object(body.clone())).ok()?;
    let mut item = Map::new();
    item.insert("name".into(), page.title.clone().into());
    item.insert("schemas".into(), json!([mapping.schema.as_str()]));
    item.extend(body);
    Some(Value::Object(item))
}

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    titled_list(ctx, namespace::MAPPING, "mappings", mapping_item).await
}
