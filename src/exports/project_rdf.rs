use super::{ExportError, Options};
use crate::domain::mapping::{Mapping, NATIVE};
use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::json::Json;
use crate::normalize::{read_page_content, read_page_content_str, Context as ReadContext};
use crate::rdf::serialize::{write_to_string, Format, RdfWriter};
use crate::rdf::{native, ontology, Context, Iris, OntologyProjection, PageFacts, PageView};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The TriG or Turtle of one page, for hosts that project outside a REST request (bulk dumps, store
/// feeds). Schemas and Mappings that do not parse count as absent, as stored pages do in the API:
/// a Subject whose Schema is missing is omitted. `prefixes: false` leaves out the `@prefix` lines.
pub fn project_rdf(request: &Value, options: &Options) -> Result<String, ExportError> {
    let request = object(Some(request), "request")?.ok_or_else(|| ExportError::invalid_argument("request must be an object"))?;
    let base = request.get("baseUri").and_then(Value::as_str).ok_or_else(|| ExportError::invalid_argument("baseUri must be a string"))?;
    let facts = page_facts(request.get("page"))?;
    let read_cx = ReadContext { own_source: &options.source_key };
    let content = match request.get("content") {
        None | Some(Value::Null) => PageContent::default(),
        Some(Value::String(text)) => read_page_content_str(text, &read_cx),
        Some(v) => read_page_content(&Json::from(v), &read_cx),
    };
    let format = match request.get("format").map(|f| f.as_str()) {
        None | Some(Some("trig")) => Format::Trig,
        Some(Some("turtle")) => Format::Turtle,
        _ => return Err(ExportError::invalid_argument("format must be \"trig\" or \"turtle\"")),
    };
    let prefixes = match request.get("prefixes") {
        None => true,
        Some(v) => v.as_bool().ok_or_else(|| ExportError::invalid_argument("prefixes must be a boolean"))?,
    };
    let schemas = schemas(request.get("schemas"), options)?;
    let mappings = mappings(request.get("mappings"))?;
    let projection = match request.get("projection") {
        None | Some(Value::Null) => NATIVE,
        Some(Value::String(name)) => name.as_str(),
        Some(_) => return Err(ExportError::invalid_argument("projection must be a string")),
    };

    let iris = Iris::new(base);
    let cx = Context { iris: &iris, schemas: &schemas };
    let view = PageView { facts: &facts, content: &content };
    let writer = if prefixes { RdfWriter::new(format, &iris, Vec::new()) } else { RdfWriter::without_prefixes(format, Vec::new()) };
    if projection == NATIVE {
        return Ok(write_to_string(writer, |sink| native::project_page(cx, &view, sink)).0);
    }
    let targets = ontology::targets(&mappings);
    if !targets.contains(projection) {
        let known: Vec<&str> = std::iter::once(NATIVE).chain(targets).collect();
        return Err(ExportError {
            code: "unknown-projection",
            message: format!("the projection \"{projection}\" is not known (known: {})", known.join(", ")),
            details: json!({"knownProjections": known}),
        });
    }
    let (projection, _) = OntologyProjection::compile(projection, &mappings);
    Ok(write_to_string(writer, |sink| projection.project_page(cx, &view, sink)).0)
}

fn object<'a>(v: Option<&'a Value>, what: &str) -> Result<Option<&'a Map<String, Value>>, ExportError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(_) => Err(ExportError::invalid_argument(format!("{what} must be an object"))),
    }
}

fn page_facts(v: Option<&Value>) -> Result<PageFacts, ExportError> {
    let page = object(v, "page")?.ok_or_else(|| ExportError::invalid_argument("page is required"))?;
    let id = page.get("pageId").and_then(Value::as_u64).ok_or_else(|| ExportError::invalid_argument("page.pageId must be a positive integer"))?;
    let text = |key: &str| -> Result<String, ExportError> {
        match page.get(key) {
            None | Some(Value::Null) => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(ExportError::invalid_argument(format!("page.{key} must be a string"))),
        }
    };
    let categories = match page.get("categories") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|c| c.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| ExportError::invalid_argument("page.categories must be an array of strings"))?,
        Some(_) => return Err(ExportError::invalid_argument("page.categories must be an array of strings")),
    };
    Ok(PageFacts {
        id,
        title: text("title")?,
        prefixed_title: text("prefixedTitle")?,
        created: text("created")?,
        modified: text("modified")?,
        last_editor: text("lastEditor")?,
        categories,
    })
}

fn schemas(v: Option<&Value>, options: &Options) -> Result<HashMap<SchemaRef, Schema>, ExportError> {
    let Some(m) = object(v, "schemas")? else { return Ok(HashMap::new()) };
    Ok(m.iter()
        .filter_map(|(name, json)| {
            let reference = SchemaRef::from_json(&Value::String(name.clone()), &options.source_key).ok()?;
            Some((reference, Schema::from_json(json, &options.source_key).ok()?))
        })
        .collect())
}

fn mappings(v: Option<&Value>) -> Result<Vec<(String, Mapping)>, ExportError> {
    let Some(m) = object(v, "mappings")? else { return Ok(Vec::new()) };
    Ok(m.iter().filter_map(|(page, json)| Some((page.clone(), Mapping::from_json(json).ok()?))).collect())
}
