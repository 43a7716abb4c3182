//! The Schema endpoints: list, read, create or replace, delete, name search, JSON Schema.

use super::listing::scan;
use super::Reply;
use crate::api::conditional::{check_if_match, commit_if_match, tagged, Target};
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::app::commit::{edit_conflict, WritePlan};
use crate::app::error::{refused, ApiError, ErrorKind};
use crate::app::json_schema::subject_document;
use crate::app::load::{parse_schema_page, readable_schema, schema_page, schema_title};
use crate::app::projection::{project_changes, Before, Change};
use crate::app::schema_save::{check_schema_save, SCHEMA_CONTENT_MODEL};
use crate::domain::schema::{Schema, SchemaErrors};
use crate::domain::title::Title;
use crate::host::{namespace, DeletePage, Host, IndexRows, PageSave, PageTitle};
use crate::types::CanonicalJson;
use serde_json::{json, Map, Value};

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let after = ctx.query("cursor").map(cursor::decode).transpose()?;
    let listing = scan(ctx, namespace::SCHEMA, after, None, limit, |page| {
        let schema = parse_schema_page(ctx, page)?;
        let mut item = Map::new();
        item.insert("name".into(), page.title.clone().into());
        if let Value::Object(body) = schema.to_json() {
            item.extend(body);
        }
        Some(Value::Object(item))
    })
    .await?;
    let next = listing.next_after.as_deref().map(cursor::encode);
    Ok(Reply::ok(json!({"schemas": listing.items, "nextCursor": next})))
}

pub async fn get<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let title = schema_title(ctx.param("schemaName"))?;
    let page = schema_page(ctx, &title).await?.filter(|p| p.access.read);
    let schema = page.as_ref().and_then(|p| parse_schema_page(ctx, p));
    let reply = Reply::ok(json!({"schema": schema.as_ref().map(Schema::to_json)}));
    Ok(match (&page, &schema) {
        (Some(p), Some(_)) => tagged(ctx, p.latest_revision_id, reply),
        _ => reply,
    })
}

pub async fn names<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let prefix = schema_title(ctx.param("search"))?.to_string();
    let listing = scan(ctx, namespace::SCHEMA, None, Some(prefix), limit, |p| Some(p.title.clone())).await?;
    Ok(Reply::ok(json!({"schemaNames": listing.items})))
}

pub async fn json_schema<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let title = schema_title(ctx.param("schemaName"))?;
    let schema = readable_schema(ctx, &title).await?.ok_or_else(|| missing(&title))?;
    Ok(Reply::ok(subject_document(title.as_str(), &schema)))
}

pub async fn put<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let title = schema_title(ctx.param("schemaName"))?;
    let raw = ctx.body.get("schema").cloned().unwrap_or(Value::Null);
    let current = match ctx.header("if-match") {
        Some(_) => schema_page(ctx, &title).await?.filter(|p| p.access.read).map(|p| p.latest_revision_id),
        None => None,
    };
    let target = Target::Title(namespace::SCHEMA, title.to_string());
    let (saved, _) = commit_if_match(ctx, target, current, || plan_put(ctx, &title, &raw)).await?;
    let body = json!({"schema": saved.schema.to_json()});
    Ok(if saved.created { Reply::created(body) } else { Reply::ok(body) })
}

struct Saved {
    schema: Schema,
    created: bool,
}

async fn plan_put<H: Host>(ctx: &Ctx<'_, H>, title: &Title, raw: &Value) -> Result<WritePlan<Saved>, ApiError> {
    let page = schema_page(ctx, title).await?;
    match &page {
        Some(p) if !p.access.read => return Err(missing(title)),
        Some(p) if !p.access.edit => {
            return Err(ApiError::permission(format!("You may not edit the Schema \"{title}\".")))
        }
        Some(_) => {}
        None => {
            let can = ctx.host.can_create(PageTitle { namespace: namespace::SCHEMA, title: title.to_string() }).await?;
            if !can.readable {
                return Err(missing(title));
            }
            if !can.allowed {
                return Err(ApiError::permission(format!("You may not create the Schema \"{title}\".")));
            }
        }
    }
    let checked = check_schema_save(ctx, title, raw, page.as_ref()).await?.map_err(invalid_schema)?;
    let save = PageSave {
        page_id: page.as_ref().map(|p| p.page_id),
        namespace: namespace::SCHEMA,
        title: title.to_string(),
        base_revision_id: page.as_ref().map(|p| p.latest_revision_id),
        create_only: page.is_none(),
        comment: ctx.comment(),
        content_model: SCHEMA_CONTENT_MODEL.into(),
        main_slot: Some(checked.text),
        subject_slot: None,
        index: IndexRows::default(),
    };
    Ok(WritePlan { saves: vec![save], outcome: Saved { schema: checked.schema, created: page.is_none() } })
}

pub async fn delete<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let title = schema_title(ctx.param("schemaName"))?;
    for _ in 0..=crate::app::commit::RETRIES {
        let page = schema_page(ctx, &title).await?.filter(|p| p.access.read).ok_or_else(|| missing(&title))?;
        if !page.access.edit || !ctx.caller.has("delete") {
            return Err(ApiError::permission(format!("You may not delete the Schema \"{title}\".")));
        }
        check_if_match(ctx, Some(page.latest_revision_id))?;
        let args =
            DeletePage { page_id: page.page_id, base_revision_id: page.latest_revision_id, comment: ctx.comment() };
        let outcome = ctx.host.delete_page(args).await?;
        if let Some(refusal) = &outcome.refusal {
            return Err(refused(refusal));
        }
        if outcome.ok {
            let before = Before::Deleted { main_slot: page.main_slot, subject_slot: page.subject_slot };
            project_changes(ctx, vec![Change { page_id: page.page_id, namespace: page.namespace, before }]).await;
            return Ok(Reply::ok(json!({"status": "deleted", "schemaName": title.as_str()})));
        }
    }
    Err(edit_conflict())
}

fn missing(title: &Title) -> ApiError {
    ApiError::not_found(format!("There is no Schema \"{title}\"."))
}

fn invalid_schema(errs: SchemaErrors) -> ApiError {
    ApiError::new(ErrorKind::InvalidSchema, format!("The Schema is invalid: {errs}.")).with("reasons", errs.to_json())
}
