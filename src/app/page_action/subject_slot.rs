//! The Subject slot of an import: normalized as a write would be, refused when it breaks the
//! Dependent-Subject rules or takes Subject IDs that other pages hold, and stored with its index rows.

use super::error::{Code, PageActionError};
use super::prepared::{default_content_model, parse_json, PreparedEdit};
use crate::app::view::{index_rows, read_content, Schemas};
use crate::app::write::edit::changed_ids;
use crate::app::write::{dependent_rules, unchanged, Minting};
use crate::app::Scope;
use crate::domain::page_content::PageContent;
use crate::domain::title::Title;
use crate::host::{Host, PageRecord};
use crate::json::{Arena, Json, JsonObject};
use crate::normalize::{normalize_content, WriteContext};
use crate::validation::Violation;
use serde_json::{Map, Value};

pub async fn check<H: Host>(
    ctx: &Scope<'_, H>,
    ns: i32,
    title: &Title,
    text: &str,
    page: Option<&PageRecord>,
) -> Result<PreparedEdit, PageActionError> {
    let raw = parse_json(text, Code::InvalidContent, "Subject slot")?;
    let mut schemas = Schemas::for_page(ctx, &read_content(ctx, Some(text))).await?;
    let mut minting = Minting::start(ctx).await?;
    let mut wctx = WriteContext { own_source: &ctx.own_source, minter: &mut minting.minter, now_ms: minting.now_ms };
    let after = normalize_content(&Json::from_value(&raw, &Arena::new()), &schemas, &mut wctx).map_err(|first| {
        let reasons = every_normalize_reason(&raw, &schemas, &mut wctx)
            .filter(|all| !all.is_empty())
            .unwrap_or_else(|| vec![first.to_string().trim_end_matches('.').to_owned()]);
        PageActionError::reasons(Code::InvalidContent, "The Subject slot is invalid", reasons.join("; "))
    })?;
    let before = read_content(ctx, page.and_then(|p| p.subject_slot.as_deref()));
    schemas.load(ctx, before.subjects.values().map(|s| &s.schema)).await?;

    let mut reasons: Vec<String> = ids_held_elsewhere(ctx, page, &before, &after)
        .await?
        .iter()
        .map(|id| format!("the Subject ID {id} is in use on another page"))
        .collect();
    let broken = dependent_rules(ctx, &before, &after, &schemas).await?.broken;
    reasons.extend(broken.iter().map(describe));
    if !reasons.is_empty() {
        let violations = broken.iter().map(|v| v.to_json()).collect();
        return Err(PageActionError::reasons(
            Code::InvalidContent,
            "The Subject slot cannot be saved",
            reasons.join("; "),
        )
        .with("violations", Value::Array(violations)));
    }

    let changed = changed_ids(&before, &after).iter().map(ToString::to_string).collect();
    Ok(PreparedEdit {
        content_model: page.map_or_else(|| default_content_model(ns, title), |p| p.content_model.clone()),
        main_slot: page.is_none().then(String::new),
        subject_slot: Some(after.to_json().to_string()),
        index: index_rows(title.as_str(), &after, &schemas, changed),
        unchanged: page.is_some() && unchanged(&before, &after),
    })
}

/// The Subjects the slot adds that the index places on another page.
async fn ids_held_elsewhere<H: Host>(
    ctx: &Scope<'_, H>,
    page: Option<&PageRecord>,
    before: &PageContent,
    after: &PageContent,
) -> Result<Vec<String>, PageActionError> {
    let added: Vec<String> =
        after.subjects.keys().filter(|id| !before.subjects.contains_key(*id)).map(ToString::to_string).collect();
    if added.is_empty() {
        return Ok(Vec::new());
    }
    let found = ctx.subjects_info(&added).await?;
    let here = page.map(|p| p.page_id);
    Ok(found.into_iter().filter(|(_, info)| Some(info.page_id) != here).map(|(id, _)| id).collect())
}

/// `s1…: dependent-target-not-on-page on "Period" (s2…)`
fn describe(v: &Violation) -> String {
    let mut out = format!("{}: {}", v.subject_id.as_ref().map_or("", |id| id.as_str()), v.code.as_str());
    if let Some(p) = &v.property_name {
        out.push_str(&format!(" on \"{p}\""));
    }
    if !v.args.is_empty() {
        let args: Vec<String> =
            v.args.iter().map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned)).collect();
        out.push_str(&format!(" ({})", args.join(", ")));
    }
    out
}

/// Normalization stops at the first problem. To name every one, the page's own keys, each Subject's
/// label and Schema, and each of its Statements are normalized on their own; `None` when the slot is
/// not even an object.
fn every_normalize_reason(raw: &Value, schemas: &Schemas, wctx: &mut WriteContext) -> Option<Vec<String>> {
    let obj = raw.as_object()?;
    let mut reasons: Vec<String> = Vec::new();
    let mut run = |part: Map<String, Value>| {
        if let Err(e) = normalize_content(&Json::Object(JsonObject::from_map(&part, &Arena::new())), schemas, wctx) {
            let reason = e.to_string().trim_end_matches('.').to_owned();
            if !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
    };
    let mut top = obj.clone();
    let subjects = top.remove("subjects");
    run(top);
    let one = |key: &str, v: Value| Map::from_iter([(key.to_owned(), v)]);
    match subjects {
        Some(Value::Object(subjects)) => {
            for (id, s) in subjects {
                let Value::Object(mut subject) = s else {
                    run(one("subjects", Value::Object(one(&id, s))));
                    continue;
                };
                let statements = subject.remove("statements");
                run(one("subjects", Value::Object(one(&id, Value::Object(subject.clone())))));
                subject.remove("label");
                let parts: Vec<Value> = match statements {
                    Some(Value::Object(list)) => {
                        list.into_iter().map(|(name, st)| Value::Object(one(&name, st))).collect()
                    }
                    other => vec![other.unwrap_or(Value::Null)],
                };
                for statements in parts {
                    let mut alone = subject.clone();
                    alone.insert("statements".into(), statements);
                    run(one("subjects", Value::Object(one(&id, Value::Object(alone)))));
                }
            }
        }
        other => run(one("subjects", other.unwrap_or(Value::Null))),
    }
    Some(reasons)
}
