//! `POST /subject-ids`: fresh Subject IDs for wiring relations across an import.

use super::Reply;
use crate::api::context::Ctx;
use crate::app::error::ApiError;
use crate::app::write::Minting;
use crate::host::Host;
use serde_json::json;

pub async fn mint<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    // The route's declaration (`Kind::Range`) has checked the count.
    let count = ctx.body.get("count").and_then(serde_json::Value::as_u64).unwrap_or(1);
    let mut minting = Minting::start(ctx).await?;
    let mut ids: Vec<String> = (0..count).map(|_| minting.minter.subject_id(minting.now_ms).to_string()).collect();
    // Minted IDs are unique by construction; the index check guards against imported IDs that
    // happen to match.
    let taken = ctx.subjects_info(&ids).await?;
    for id in ids.iter_mut().filter(|id| taken.contains_key(id.as_str())) {
        *id = minting.minter.subject_id(minting.now_ms).to_string();
    }
    Ok(Reply::ok(json!({"subjectIds": ids})))
}
