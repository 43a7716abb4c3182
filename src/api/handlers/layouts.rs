//! `GET /layouts` and `GET /layout/{layoutName}`: Layout pages, edited through the page API.

use super::listing::titled_list;
use super::Reply;
use crate::api::context::Ctx;
use crate::app::error::{invalid_title, ApiError};
use crate::app::load::layout_item;
use crate::domain::title::Title;
use crate::host::{namespace, Host};
use serde_json::json;

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    titled_list(ctx, namespace::LAYOUT, "layouts", layout_item).await
}

pub async fn get<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let raw = ctx.param("layoutName");
    let title = Title::new(raw).map_err(|e| invalid_title("The Layout name", &e))?;
    let page = ctx.page_by_title(namespace::LAYOUT, &title.to_string()).await?;
    let layout = page.filter(|p| p.access.read).as_ref().and_then(layout_item);
    let layout = layout.ok_or_else(|| ApiError::not_found(format!("There is no Layout \"{title}\".")))?;
    Ok(Reply::ok(json!({"layout": layout})))
}
