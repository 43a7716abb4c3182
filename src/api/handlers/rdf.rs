//! The RDF export of a page or a Subject, and concept-URI dereferencing (`docs/rdf.md`).

use super::{Body, Reply};
use crate::api::accept::{dereference_format, export_format, TRIG, TURTLE};
use crate::api::context::Ctx;
use crate::api::ids::{page_param, subject_param};
use crate::app::error::ApiError;
use crate::app::error::{page_not_found, subject_not_found};
use crate::app::load::readable_mappings;
use crate::app::projection::settings_iris;
use crate::app::view::{page_of, readable_page, PageData, Schemas};
use crate::domain::mapping::NATIVE;
use crate::host::{Host, LogEntry, LogLevel, PageRecord};
use crate::rdf::serialize::{to_string, Format};
use crate::rdf::{
    native, ontology, Context, NotDescribable, OntologyProjection, PageFacts, PageView, QuadSink, Warning,
};
use crate::render::Links;
use serde_json::json;

/// `GET /page/{pageId}/rdf`: the page's metadata (native only) and every Subject, in its graph.
pub async fn page<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let page_id = page_param(ctx)?;
    let (format, vary) = format(ctx)?;
    let projection = projection(ctx).await?;
    let page = readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let (text, warnings) = render(ctx, format, &page, &schemas, |cx, view, sink| match &projection {
        Projection::Native => Ok(native::project_page(cx, view, sink)),
        Projection::Ontology(p) => Ok(p.project_page(cx, view, sink)),
    });
    finish(ctx, text.map_err(|_| page_not_found(page_id))?, warnings, &page_id.to_string(), format, vary).await
}

/// `GET /subject/{subjectId}/rdf`: exactly the Subject's quads, in its page's graph.
pub async fn subject<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = subject_param(ctx)?;
    let (format, vary) = format(ctx)?;
    let projection = projection(ctx).await?;
    let not_found = || subject_not_found(ctx.param("subjectId"));
    let page = page_of(ctx, &id).await?.ok_or_else(not_found)?;
    let mut schemas = Schemas::default();
    schemas.load(ctx, page.content.subjects.get(&id).map(|s| &s.schema)).await?;
    let (text, warnings) = render(ctx, format, &page, &schemas, |cx, view, sink| match &projection {
        Projection::Native => native::project_subject(cx, view, &id, sink).map(|()| Vec::new()),
        Projection::Ontology(p) => p.project_subject(cx, view, &id, sink).map(|()| Vec::new()),
    });
    finish(ctx, text.map_err(|_| not_found())?, warnings, id.as_str(), format, vary).await
}

/// `GET /entity/{subjectId}`: 303 to the Subject's RDF, or to its page (the Data tab on its row),
/// under the host's URL layout.
pub async fn dereference<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let id = subject_param(ctx)?;
    let page = page_of(ctx, &id).await?.ok_or_else(|| subject_not_found(ctx.param("subjectId")))?;
    let base = ctx.settings.rdf_base_uri.trim_end_matches('/');
    let links = Links::of(&ctx.settings.urls);
    let title = &page.record.prefixed_title;
    let path = match dereference_format(ctx.header("accept")) {
        Some(format) => links.rest(&format!("/strata/v0/subject/{id}/rdf?format={}", format_name(format))),
        None if ctx.settings.dereference_to_data_tab => format!("{}#{id}", links.action(title, "subjects")),
        None => links.page(title),
    };
    let headers = vec![("location", format!("{base}{path}")), ("vary", "Accept".to_owned())];
    Ok(Reply { status: 303, body: Body::Empty, headers })
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Trig => "trig",
        Format::Turtle => "turtle",
    }
}

/// The requested format, and whether `Accept` chose it (the answer then varies with `Accept`).
fn format<H>(ctx: &Ctx<'_, H>) -> Result<(Format, bool), ApiError> {
    match ctx.query("format") {
        None => Ok((export_format(ctx.header("accept")), true)),
        Some("trig") => Ok((Format::Trig, false)),
        Some("turtle") => Ok((Format::Turtle, false)),
        Some(other) => Err(ApiError::parameter(format!("The format \"{other}\" is not known (known: trig, turtle)."))),
    }
}

enum Projection {
    Native,
    Ontology(OntologyProjection),
}

/// The projection the `projection` parameter names: `native` (the default) or the target of a
/// readable Mapping. An unknown name is refused with the list of known ones.
async fn projection<H: Host>(ctx: &Ctx<'_, H>) -> Result<Projection, ApiError> {
    let name = ctx.query("projection").unwrap_or(NATIVE);
    if name == NATIVE {
        return Ok(Projection::Native);
    }
    let mappings = readable_mappings(ctx).await?;
    match ontology::select(name, &mappings) {
        Ok(None) => Ok(Projection::Native),
        Ok(Some((projection, warnings))) => {
            log(ctx, &warnings).await?;
            Ok(Projection::Ontology(projection))
        }
        Err(unknown) => {
            let message = format!("The projection \"{name}\" is not known (known: {}).", unknown.known.join(", "));
            Err(ApiError::parameter(message).with("knownProjections", json!(unknown.known)))
        }
    }
}

fn render(
    ctx: &Ctx<'_, impl Host>,
    format: Format,
    page: &PageData,
    schemas: &Schemas,
    project: impl FnOnce(Context, &PageView, &mut dyn QuadSink) -> Result<Vec<Warning>, NotDescribable>,
) -> (Result<String, NotDescribable>, Vec<Warning>) {
    let iris = settings_iris(&ctx.settings);
    let facts = page_facts(&page.record);
    let view = PageView { facts: &facts, content: &page.content };
    let cx = Context { iris: &iris, schemas };
    let (text, outcome) = to_string(format, &iris, |sink| project(cx, &view, sink));
    match outcome {
        Ok(warnings) => (Ok(text), warnings),
        Err(e) => (Err(e), Vec::new()),
    }
}

/// What the projections need to know of a page, from its record.
pub fn page_facts(record: &PageRecord) -> PageFacts {
    PageFacts {
        id: record.page_id,
        title: record.title.clone(),
        prefixed_title: record.prefixed_title.clone(),
        created: record.created.clone(),
        modified: record.modified.clone(),
        last_editor: record.last_editor.clone(),
        categories: record.categories.clone(),
    }
}

async fn finish<H: Host>(
    ctx: &Ctx<'_, H>,
    text: String,
    warnings: Vec<Warning>,
    name: &str,
    format: Format,
    vary: bool,
) -> Result<Reply, ApiError> {
    log(ctx, &warnings).await?;
    let (media_type, extension) = match format {
        Format::Trig => (TRIG, "trig"),
        Format::Turtle => (TURTLE, "ttl"),
    };
    let mut headers = vec![("content-disposition", format!("inline; filename=\"{name}.{extension}\""))];
    if vary {
        headers.push(("vary", "Accept".to_owned()));
    }
    let body = Body::Raw { content_type: format!("{media_type}; charset=utf-8"), text };
    Ok(Reply { status: 200, body, headers })
}

async fn log<H: Host>(ctx: &Ctx<'_, H>, warnings: &[Warning]) -> Result<(), ApiError> {
    for w in warnings {
        ctx.host.log(LogEntry { level: LogLevel::Warning, message: w.to_string() }).await?;
    }
    Ok(())
}
