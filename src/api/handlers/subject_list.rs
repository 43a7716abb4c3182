//! `GET /subjects`: one keyset page of the Subject index in the requested order, unreadable rows
//! left out. The first page of a list without a search, when every row it looked at was readable,
//! may be reused while the index stands, by callers who may read those rows' pages
//! (`api::reusable`): it is what a bot's poll or a client's list view asks again and again, where a
//! search or a later page is seldom asked twice, and keeping each would only fill a host's cache.

use super::Reply;
use crate::api::context::Ctx;
use crate::api::cursor;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::list_rows;
use crate::domain::title::Title;
use crate::host::{namespace, Direction, Host, IndexedSubject, ListSubjects, PageTitle, SortKey, SubjectSort};
use serde_json::json;

/// How many Subjects one request looks at while collecting readable ones (the spec's cap).
pub const MAX_INSPECTED: u32 = 1000;
/// How long a search may run when the `searchTimeoutMs` setting is absent.
pub const DEFAULT_SEARCH_TIMEOUT_MS: u64 = 2000;

/// The order a request asks for. `newest` is always newest first; `edited` defaults to the latest
/// edit first; the others default to ascending.
fn order<H>(ctx: &Ctx<'_, H>) -> (SubjectSort, Direction) {
    let sort = match ctx.query("sort") {
        Some("name") => SubjectSort::Name,
        Some("schema") => SubjectSort::Schema,
        Some("page") => SubjectSort::Page,
        Some("edited") => SubjectSort::Edited,
        _ => SubjectSort::Newest,
    };
    let direction = match (sort, ctx.query("direction")) {
        (SubjectSort::Newest, _) | (SubjectSort::Edited, None) | (_, Some("desc")) => Direction::Desc,
        _ => Direction::Asc,
    };
    (sort, direction)
}

/// The name of an order inside cursors, so a cursor is refused by a list in another order.
fn scope(sort: SubjectSort, direction: Direction) -> String {
    let sort = match sort {
        SubjectSort::Newest => "newest",
        SubjectSort::Name => "name",
        SubjectSort::Schema => "schema",
        SubjectSort::Page => "page",
        SubjectSort::Edited => "edited",
    };
    let direction = if direction == Direction::Asc { "asc" } else { "desc" };
    format!("{sort}.{direction}")
}

fn schema_filter<H>(ctx: &Ctx<'_, H>) -> Result<Option<String>, ApiError> {
    let Some(raw) = ctx.query("schema").filter(|s| !s.trim().is_empty()) else { return Ok(None) };
    let title = Title::new(raw)
        .map_err(|e| ApiError::parameter(format!("The query parameter \"schema\" is not a Schema name: {e}.")))?;
    Ok(Some(title.to_string()))
}

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let limit = cursor::limit(ctx.query_int("limit"))?;
    let (sort, direction) = order(ctx);
    let scope = scope(sort, direction);
    let mut after = ctx.query("cursor").map(|c| cursor::decode_keyset(c, &scope)).transpose()?;
    let schema = schema_filter(ctx)?;
    let search = ctx.query("search").filter(|s| !s.trim().is_empty()).map(str::to_owned);
    let timeout_ms = ctx.settings.search_timeout_ms.unwrap_or(DEFAULT_SEARCH_TIMEOUT_MS);

    let mut items: Vec<(SortKey, IndexedSubject)> = Vec::new();
    let mut inspected = 0;
    // The pages of the rows looked at; None once one was unreadable (the answer is then this caller's).
    let mut looked_at: Option<Vec<PageTitle>> = Some(Vec::new());
    let next = loop {
        let batch = (limit + 1).min(MAX_INSPECTED - inspected);
        let args = ListSubjects {
            sort,
            direction,
            schema: schema.clone(),
            search: search.clone(),
            after: after.clone(),
            limit: batch,
            include_dependent: schema.is_some(),
            timeout_ms,
        };
        let answer = ctx.host.list_subjects(args).await?;
        if answer.timed_out {
            return Err(search_timeout(timeout_ms));
        }
        let exhausted = answer.rows.len() < batch as usize;
        let mut full = false;
        for row in answer.rows {
            inspected += 1;
            let at = SortKey { key: row.sort_key, id: row.subject.facts.subject_id.clone() };
            after = Some(at.clone());
            if !row.subject.readable {
                looked_at = None;
                continue;
            }
            if let Some(pages) = &mut looked_at {
                pages.push(page_of(&row.subject));
            }
            if items.len() == limit as usize {
                full = true;
                break;
            }
            items.push((at, row.subject));
        }
        if full {
            break items.last().map(|(at, _)| cursor::encode_keyset(&scope, at));
        }
        // The spec ends a list that reaches the inspection cap early, with no cursor.
        if exhausted || inspected >= MAX_INSPECTED {
            break None;
        }
    };
    let rows: Vec<&IndexedSubject> = items.iter().map(|(_, s)| s).collect();
    let reply = Reply::ok(json!({"subjects": list_rows(ctx, &rows).await?, "nextCursor": next}));
    if let Some(pages) = looked_at.filter(|_| ctx.query("cursor").is_none() && search.is_none()) {
        ctx.answer_is_reusable_while_the_index_stands(pages);
    }
    Ok(reply)
}

/// A row's page by namespace and title without the namespace's prefix (a namespace's name holds no
/// colon), as a host checks read access to it.
fn page_of(row: &IndexedSubject) -> PageTitle {
    let title = match row.page_title.split_once(':') {
        Some((_, title)) if row.page_namespace != namespace::MAIN => title,
        _ => &row.page_title,
    };
    PageTitle { namespace: row.page_namespace, title: title.to_owned() }
}

fn search_timeout(ms: u64) -> ApiError {
    ApiError::new(
        ErrorKind::SearchTimeout,
        format!("The Subject search ran longer than {ms} ms. Retry with \"schema\" to search fewer Subjects."),
    )
}
