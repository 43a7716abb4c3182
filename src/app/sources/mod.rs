//! Subject sources: Subjects and Schemas of other Strata wikis, fetched through the host's
//! `fetchSource` and never stored (`docs/federation.md`). The core decides what to fetch and reads
//! the answers; the host only does HTTP to the registered base URL. A source that fails is never an
//! error of the request: its part is [`Fetched::Unavailable`], and the caller decides what that means.

mod cache;
mod schema;
mod subject;

pub use super::foreign_reads::{Fetched, Outage};
pub use schema::foreign_schema;
pub use subject::{foreign_subject, ForeignSubject};

use crate::app::clock::clock_ms;
use crate::app::error::ApiError;
use crate::app::Scope;
use crate::domain::ids::SourceKey;
use crate::host::{FetchAnswer, FetchFailure, FetchSource, Host, LogEntry, LogLevel, SourceSettings};
use cache::{with_cache, Kept};

/// The registered source of that key, if any.
pub fn registered<'s, H>(ctx: &'s Scope<'_, H>, source: &SourceKey) -> Option<&'s SourceSettings> {
    ctx.settings.sources.get(source.as_str())
}

/// The body of a 200 answer to a GET of `path` on a registered source.
async fn get<H: Host>(ctx: &Scope<'_, H>, source: &SourceKey, path: String) -> Result<Fetched<String>, ApiError> {
    let Some(settings) = registered(ctx, source) else { return Ok(Fetched::NotFound) };
    let memo_key = (source.to_string(), path.clone());
    if let Some(known) = ctx.foreign.answers.borrow().get(&memo_key) {
        return Ok(known.clone());
    }
    if ctx.foreign.down.borrow().contains(source.as_str()) {
        return Ok(Fetched::Unavailable(Outage::failed("it failed earlier in this request")));
    }
    let now = match ctx.foreign.now_ms.get() {
        Some(now) => now,
        None => {
            let now = clock_ms(ctx).await?;
            ctx.foreign.now_ms.set(Some(now));
            now
        }
    };
    let cache_key = cache_key(source, settings, &path);
    let fetched = match with_cache(|c| c.get(&cache_key, now)) {
        Some(kept) => read(kept),
        None => {
            let answer = match ctx
                .host
                .fetch_source(FetchSource {
                    source: source.to_string(),
                    path,
                    timeout_ms: settings.timeout_ms,
                    max_bytes: settings.max_bytes,
                })
                .await
            {
                Ok(answer) => answer,
                Err(e) => FetchAnswer { failure: Some(FetchFailure::Unreachable), body: e.message, status: 0 },
            };
            let fetched = classify(answer);
            if let Some(kept) = keepable(&fetched) {
                with_cache(|c| c.put(&cache_key, now, settings.cache_seconds.saturating_mul(1000), kept));
            }
            fetched
        }
    };
    if let Fetched::Unavailable(outage) = &fetched {
        return unusable(ctx, source, memo_key.1, outage.clone()).await;
    }
    ctx.foreign.answers.borrow_mut().insert(memo_key, fetched.clone());
    Ok(fetched)
}

/// The source's answer to `path` cannot be used: the source is down for the rest of the request,
/// its answer is not reused, and the host's log says why.
async fn unusable<H: Host, T>(
    ctx: &Scope<'_, H>,
    source: &SourceKey,
    path: String,
    outage: Outage,
) -> Result<Fetched<T>, ApiError> {
    if let Some(settings) = registered(ctx, source) {
        with_cache(|c| c.forget(&cache_key(source, settings, &path)));
    }
    ctx.foreign.down.borrow_mut().insert(source.to_string());
    let message = format!("source \"{source}\" is unavailable: {}", outage.reason);
    ctx.host.log(LogEntry { level: LogLevel::Warning, message }).await?;
    ctx.foreign.answers.borrow_mut().insert((source.to_string(), path), Fetched::Unavailable(outage.clone()));
    Ok(Fetched::Unavailable(outage))
}

fn cache_key(source: &SourceKey, settings: &SourceSettings, path: &str) -> String {
    format!("{source} {} {path}", settings.base_url)
}

/// 200 is found, 404 not found; a failure, a redirect, a refusal or a 5xx leaves it unavailable.
fn classify(answer: FetchAnswer) -> Fetched<String> {
    let reason = match (answer.failure, answer.status) {
        (Some(FetchFailure::Timeout), _) => {
            return Fetched::Unavailable(Outage { timed_out: true, reason: "it timed out".into() })
        }
        (Some(FetchFailure::TooLarge), _) => "its answer is larger than maxBytes".to_owned(),
        (Some(FetchFailure::Redirect), _) => "it answered with a redirect, which is not followed".to_owned(),
        (Some(FetchFailure::UnknownSource), _) => "the host has no such source".to_owned(),
        (Some(FetchFailure::Unreachable), _) => format!("it cannot be reached ({})", answer.body),
        (None, 200) => return Fetched::Found(answer.body),
        (None, 404) => return Fetched::NotFound,
        (None, status) => format!("it answered HTTP {status}"),
    };
    Fetched::Unavailable(Outage::failed(reason))
}

fn keepable(fetched: &Fetched<String>) -> Option<Kept> {
    match fetched {
        Fetched::Found(body) => Some(Kept { status: 200, body: body.clone() }),
        Fetched::NotFound => Some(Kept { status: 404, body: String::new() }),
        Fetched::Unavailable(_) => None,
    }
}

fn read(kept: Kept) -> Fetched<String> {
    if kept.status == 200 {
        Fetched::Found(kept.body)
    } else {
        Fetched::NotFound
    }
}

/// A path segment with every byte outside RFC 3986's unreserved set percent-encoded.
fn segment(raw: &str) -> String {
    raw.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A 200 answer that is not what a Strata source answers: unusable like a failure.
async fn garbage<H: Host, T>(
    ctx: &Scope<'_, H>,
    source: &SourceKey,
    path: String,
    what: &str,
) -> Result<Fetched<T>, ApiError> {
    unusable(ctx, source, path, Outage::failed(format!("its answer is not {what}"))).await
}
