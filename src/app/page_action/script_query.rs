//! `action: query`: a query from the page's wikitext (`{{#strata_cypher: ...}}`, given as the parser
//! function's arguments) or from a script (`mw.ext.strata.query`), `docs/scripting.md`. The answer is a result whether the query ran or not,
//! as a parser function shows a failed query as a message and never fails the page:
//! `{ok: true, columns, rows, truncated, html}` with the table, or `{ok: false, errorType, message, html}`
//! with the error message, `errorType` the query endpoints' stable string.

use super::error::{Code, PageActionError};
use super::PageActionRequest;
use crate::app::query::arguments::query_of_arguments;
use crate::app::query::script::script_query as run;
use crate::app::Scope;
use crate::host::Host;
use crate::messages::Words;
use crate::render::{render_query_error, render_query_table};
use serde_json::{json, Value};

pub async fn script_query<H: Host>(ctx: &Scope<'_, H>, request: &PageActionRequest) -> Result<Value, PageActionError> {
    let language = request
        .language
        .ok_or_else(|| PageActionError::new(Code::InvalidRequest, "A query needs its language: cypher or sparql"))?;
    let answer = match &request.arguments {
        Some(_) if request.query.is_some() || !request.parameters.is_empty() => {
            return Err(PageActionError::new(
                Code::InvalidRequest,
                "A query is either arguments or a query with its parameters, not both",
            ));
        }
        Some(arguments) => match query_of_arguments(language, arguments) {
            Ok((text, parameters)) => run(ctx, language, Some(&text), parameters).await,
            Err(e) => Err(e),
        },
        None => run(ctx, language, request.query.as_deref(), request.parameters.clone()).await,
    };
    let words = Words::from_json(request.messages.as_ref());
    match answer {
        Ok(mut table) => {
            table["html"] = render_query_table(&table, &words).into();
            table["ok"] = true.into();
            Ok(table)
        }
        Err(e) => {
            let html = render_query_error(e.kind.code(), &e.message, &words);
            Ok(json!({"ok": false, "errorType": e.kind.code(), "message": e.message, "html": html}))
        }
    }
}
