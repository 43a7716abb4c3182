//! Conditional requests on page-backed resources. A read of a Subject, of a page's Subjects or of a
//! Schema carries `ETag: "<revision ID>"`, the revision of the page it was read from. A read whose
//! `If-None-Match` lists that tag answers 304; a write whose `If-Match` does not name the page's
//! current revision answers 412 `precondition-failed` and changes nothing.

use super::context::Ctx;
use super::reply::{Body, Reply};
use crate::app::commit::{commit, Committed, WritePlan};
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::{page_of, readable_page};
use crate::domain::ids::SubjectId;
use crate::host::{Host, PageSave};
use std::future::Future;

/// The entity tag of a page revision.
pub fn etag(revision: u64) -> String {
    format!("\"{revision}\"")
}

/// `reply` with the tag of `revision`, or 304 without a body when `If-None-Match` names it.
pub fn tagged<H>(ctx: &Ctx<'_, H>, revision: u64, reply: Reply) -> Reply {
    let tag = etag(revision);
    let matched = ctx.header("if-none-match").is_some_and(|h| matches(h, &tag, Comparison::Weak));
    let mut reply = if matched { Reply { status: 304, body: Body::Empty, headers: Vec::new() } } else { reply };
    reply.headers.push(("etag", tag));
    reply
}

/// Which page a write's `If-Match` is about: by page ID, by namespace and title (a Schema), or none
/// (the Subject is on no page, or the request has no `If-Match`): no planned save is that page.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Page(u64),
    Title(i32, String),
    NoPage,
}

impl Target {
    fn is(&self, save: &PageSave) -> bool {
        match self {
            Target::Page(id) => save.page_id == Some(*id),
            Target::Title(ns, title) => save.namespace == *ns && save.title == *title,
            Target::NoPage => false,
        }
    }
}

/// 412 unless `If-Match` (when sent) names `current`, the page's revision (`None`: no such page).
pub fn check_if_match<H>(ctx: &Ctx<'_, H>, current: Option<u64>) -> Result<(), ApiError> {
    let Some(header) = ctx.header("if-match") else { return Ok(()) };
    let met = match current {
        Some(revision) => header.trim() == "*" || matches(header, &etag(revision), Comparison::Strong),
        None => false,
    };
    if met {
        return Ok(());
    }
    let now = current.map_or("the page does not exist".to_owned(), |r| format!("its current version is {}", etag(r)));
    Err(ApiError::new(ErrorKind::PreconditionFailed, format!("If-Match does not name the current version: {now}.")))
}

/// `commit` under `If-Match`: the page `target` must be at a revision the header names, both before
/// planning (`current`, as the handler read it) and in every planned save of that page, whose base
/// revision `savePages` enforces. Without `If-Match` it is plain `commit`, retries included.
pub async fn commit_if_match<H, T, F, Fut>(
    ctx: &Ctx<'_, H>,
    target: Target,
    current: Option<u64>,
    mut plan: F,
) -> Result<(T, Vec<Committed>), ApiError>
where
    H: Host,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<WritePlan<T>, ApiError>>,
{
    if ctx.header("if-match").is_none() {
        return commit(ctx, plan).await;
    }
    check_if_match(ctx, current)?;
    let target = &target;
    commit(ctx, || {
        let planned = plan();
        async move {
            let planned = planned.await?;
            for save in planned.saves.iter().filter(|s| target.is(s)) {
                check_if_match(ctx, save.base_revision_id)?;
            }
            Ok(planned)
        }
    })
    .await
}

/// The page a write to page `page_id` is about, at its current readable revision. Read only when the
/// request has `If-Match`.
pub async fn page_target<H: Host>(ctx: &Ctx<'_, H>, page_id: u64) -> Result<(Target, Option<u64>), ApiError> {
    let current = match ctx.header("if-match") {
        Some(_) => readable_page(ctx, page_id).await?.map(|p| p.record.latest_revision_id),
        None => None,
    };
    Ok((Target::Page(page_id), current))
}

/// The page holding Subject `id`, at its current revision. Read only when the request has `If-Match`.
pub async fn subject_target<H: Host>(ctx: &Ctx<'_, H>, id: &SubjectId) -> Result<(Target, Option<u64>), ApiError> {
    if ctx.header("if-match").is_none() {
        return Ok((Target::NoPage, None));
    }
    let page = page_of(ctx, id).await?;
    Ok(page.map_or((Target::NoPage, None), |p| (Target::Page(p.record.page_id), Some(p.record.latest_revision_id))))
}

#[derive(Clone, Copy)]
enum Comparison {
    Strong,
    Weak,
}

/// Whether a list header (`"a", W/"b"` or `*`) names `tag`. Strong comparison ignores weak tags.
fn matches(header: &str, tag: &str, comparison: Comparison) -> bool {
    header.split(',').map(str::trim).any(|item| {
        if item == "*" {
            return true;
        }
        match (item.strip_prefix("W/"), comparison) {
            (Some(_), Comparison::Strong) => false,
            (Some(weak), Comparison::Weak) => weak == tag,
            (None, _) => item == tag,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_headers() {
        let cases: &[(&str, bool, bool)] = &[
            ("\"7\"", true, true),
            ("\"6\", \"7\"", true, true),
            ("W/\"7\"", false, true),
            ("*", true, true),
            ("\"8\"", false, false),
            ("7", false, false),
            ("", false, false),
        ];
        for (header, strong, weak) in cases {
            assert_eq!(matches(header, "\"7\"", Comparison::Strong), *strong, "strong {header}");
            assert_eq!(matches(header, "\"7\"", Comparison::Weak), *weak, "weak {header}");
        }
    }

    #[test]
    fn a_target_names_only_its_own_page() {
        let save = |page_id, ns, title: &str| PageSave {
            page_id,
            namespace: ns,
            title: title.to_owned(),
            base_revision_id: None,
            create_only: false,
            comment: String::new(),
            content_model: String::new(),
            main_slot: None,
            subject_slot: None,
            index: Default::default(),
        };
        let schema = Target::Title(7474, "Person".to_owned());
        let cases: &[(&Target, PageSave, bool)] = &[
            (&Target::Page(3), save(Some(3), 0, "A"), true),
            (&Target::Page(3), save(Some(4), 0, "A"), false),
            (&Target::Page(3), save(None, 0, "A"), false),
            (&schema, save(None, 7474, "Person"), true),
            (&schema, save(Some(9), 7474, "Other"), false),
            (&Target::NoPage, save(Some(0), 0, "A"), false),
            (&Target::NoPage, save(None, 0, ""), false),
        ];
        for (target, save, is) in cases {
            assert_eq!(target.is(save), *is, "{target:?} and {save:?}");
        }
    }
}
