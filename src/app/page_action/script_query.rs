//! `action: query`: a query from the page's wikitext (`{{#strata_cypher: ...}}`) or from a script
//! (`mw.ext.strata.query`), `docs/scripting.md`. The answer is a result whether the query ran or not,
//! as a parser function shows a failed query as a message and never fails the page:
//! `{ok: true, columns, rows, truncated, html}` with the table, or `{ok: false, errorType, message, html}`
//! with the error message, `errorType` the query endpoints' stable string.

use super::error::{Code, PageActionError};
use super::PageActionRequest;
use crate::app::query::script::script_query as run;
use crate::app::Scope;
use crate::host::Host;
use crate::render::{render_query_error, render_query_table};
use serde_json::{json, Value};

pub async fn script_query<H: Host>(ctx: &Scope<'_, H>, request: &PageActionRequest) -> Result<Value, PageActionError> {
    let language = request.language.ok_or_else(|| PageActionError::new(Code::InvalidRequest, "A query needs its language: cypher or sparql"))?;
    match run(ctx, language, request.query.as_deref(), request.parameters.clone()).await {
        Ok(mut table) => {
            table["html"] = render_query_table(&table).into();
            table["ok"] = true.into();
            Ok(table)
        }
        Err(e) => {
            let html = render_query_error(e.kind.code(), &e.message);
            Ok(json!({"ok": false, "errorType": e.kind.code(), "message": e.message, "html": html}))
        }
    }
}
