//! The REST layer: one entry, [`handle_route`], that checks the caller, matches the route table,
//! checks parameters and body, and runs the handler against the Host port.

mod accept;
mod body;
pub(crate) mod conditional;
pub(crate) mod context;
pub mod cursor;
mod error_body;
mod handlers;
pub(crate) mod ids;
pub mod openapi;
mod reply;
mod request;
pub mod reusable;
pub mod routes;
pub mod text;

pub use request::{Request, Response};

use crate::app::error::{ApiError, ErrorKind};
use crate::host::Host;
use context::Ctx;
pub use error_body::error_response;
use reply::{Body, Reply};
use routes::Miss;

/// Answers one REST request. Every failure becomes the one error body; nothing here panics on input.
pub async fn handle_route<H: Host>(host: &H, request: Request) -> Response {
    match answer(host, &request).await {
        Ok((reply, reusable)) => Response { reusable, ..respond(reply) },
        Err(e) => error_response(&e),
    }
}

fn respond(reply: Reply) -> Response {
    let mut response = match reply.body {
        Body::Json(body) => Response::json(reply.status, &body),
        Body::Raw { content_type, text } => Response {
            status: reply.status,
            headers: [("content-type".to_owned(), content_type)].into_iter().collect(),
            body: text,
            reusable: None,
        },
        Body::Empty => {
            Response { status: reply.status, headers: Default::default(), body: String::new(), reusable: None }
        }
    };
    response.headers.extend(reply.headers.into_iter().map(|(name, value)| (name.to_owned(), value)));
    response
}

/// The handler's reply, and what a host may keep it under when it is reusable (`reusable`).
async fn answer<H: Host>(host: &H, request: &Request) -> Result<(Reply, Option<reusable::Reusable>), ApiError> {
    body::check_size(request)?;
    if !request.caller.has("read") {
        return Err(ApiError::read_denied());
    }
    let settings = host.config().await?;
    let matched = routes::find(&request.method, &request.path, &settings).map_err(|miss| match miss {
        Miss::NoRoute => ApiError::new(ErrorKind::NoRoute, format!("No route matches \"{}\".", request.path)),
        Miss::WrongMethod(allowed) => {
            ApiError::new(ErrorKind::WrongMethod, format!("{} is not allowed on \"{}\".", request.method, request.path))
                .with_header("allow", allowed.join(", "))
        }
    })?;
    let route = matched.route;
    if route.changes_data && !request.caller.csrf_valid {
        return Err(ApiError::new(ErrorKind::BadToken, "A valid X-CSRF-TOKEN header is required for this request."));
    }
    body::check_encoding(request, !route.body.is_empty())?;
    if let Some(right) = route.right.filter(|r| !request.caller.has(r)) {
        return Err(ApiError::permission(format!("This request needs the \"{right}\" right.")));
    }
    let narrowed = route.rights_asked().map(|asked| request.caller.with_only(&asked));
    let ctx = Ctx::new(host, request, narrowed.as_ref().unwrap_or(&request.caller), settings, matched)?;
    let reply = handlers::dispatch(route.handler, &ctx).await?;
    let reusable = if reply.status == 200 { ctx.reusable() } else { None };
    Ok((reply, reusable))
}
