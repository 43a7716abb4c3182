//! The `projectRdf` export and `RdfProjector`: TriG or Turtle of pages, one projection set up once
//! for many pages.

use super::{ExportError, Options};
use crate::domain::ids::{SourceKey, SubjectId};
use crate::domain::mapping::Mapping;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{Schema, SchemaRef};
use crate::json::{Arena, Json, JsonObject};
use crate::normalize::{read_page_content, read_page_content_str, Context as ReadContext};
use crate::rdf::serialize::{write_to_string, Format, RdfWriter};
use crate::rdf::{native, ontology, Context, Iris, OntologyProjection, PageFacts, PageView};
use crate::types::ReadSchema;
use serde_json::{json, Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

/// One projection set up once (Schemas and Mappings parsed, the ontology projection compiled) for
/// projecting many pages, as a bulk dump does.
pub struct RdfProjector {
    iris: Iris,
    schemas: HashMap<SchemaRef, Schema>,
    /// `None` for the native projection.
    ontology: Option<OntologyProjection>,
    projection_names: Vec<String>,
    format: Format,
    source_key: SourceKey,
}

impl RdfProjector {
    /// Takes `{baseUri, sourceIris?, schemas?, mappings?, projection?, format?}`; `sourceIris` maps a
    /// registered source's key to its `rdfBaseUri`; `schemas` and `mappings` map page titles to the
    /// pages' JSON or their stored text. Schemas and Mappings that do not
    /// parse count as absent, as stored pages do in the API: a Subject whose Schema is missing is
    /// omitted. An unknown projection is refused with the known ones in the details.
    pub fn new(setup: &Value, options: &Options) -> Result<Self, ExportError> {
        let setup = object(Some(setup), "request")?
            .ok_or_else(|| ExportError::invalid_argument("request must be an object"))?;
        let base = setup
            .get("baseUri")
            .and_then(Value::as_str)
            .ok_or_else(|| ExportError::invalid_argument("baseUri must be a string"))?;
        let format = match setup.get("format").map(|f| f.as_str()) {
            None | Some(Some("trig")) => Format::Trig,
            Some(Some("turtle")) => Format::Turtle,
            _ => return Err(ExportError::invalid_argument("format must be \"trig\" or \"turtle\"")),
        };
        let mappings = mappings(setup.get("mappings"))?;
        let ontology = match setup.get("projection") {
            None | Some(Value::Null) => None,
            Some(Value::String(name)) => ontology_projection(name, &mappings)?,
            Some(_) => return Err(ExportError::invalid_argument("projection must be a string")),
        };
        Ok(RdfProjector {
            iris: Iris::new(base).with_sources(source_iris(setup.get("sourceIris"))?),
            schemas: schemas(setup.get("schemas"), options)?,
            ontology,
            projection_names: ontology::projection_names(&mappings),
            format,
            source_key: options.source_key.clone(),
        })
    }

    /// `native`, then the target of every Mapping given, each once, in order: what a reader may ask for.
    pub fn projection_names(&self) -> &[String] {
        &self.projection_names
    }

    /// The IRI of a Subject, under this projector's base URI.
    pub fn subject_iri(&self, id: &str) -> Result<String, ExportError> {
        let id = SubjectId::parse(id).map_err(|e| ExportError::invalid_argument(format!("Subject ID: {e}")))?;
        Ok(self.iris.subject(&id))
    }

    /// The TriG or Turtle of one page: its facts (`{pageId, title, ...}`) and its Subject slot as
    /// JSON text (text that is not JSON reads as an empty page). `prefixes: false` leaves out the
    /// `@prefix` lines.
    pub fn project_text(&self, page: &Json, content: Option<&str>, prefixes: bool) -> Result<String, ExportError> {
        let content = content.map(|text| read_page_content_str(text, &self.read_context())).unwrap_or_default();
        Ok(self.project(&page_facts(Some(page))?, &content, prefixes))
    }

    fn project(&self, facts: &PageFacts, content: &PageContent, prefixes: bool) -> String {
        let cx = Context { iris: &self.iris, schemas: &self.schemas };
        let view = PageView { facts, content };
        let writer = if prefixes {
            RdfWriter::new(self.format, &self.iris, Vec::new())
        } else {
            RdfWriter::without_prefixes(self.format, Vec::new())
        };
        match &self.ontology {
            None => write_to_string(writer, |sink| native::project_page(cx, &view, sink)).0,
            Some(projection) => write_to_string(writer, |sink| projection.project_page(cx, &view, sink)).0,
        }
    }

    fn read_context(&self) -> ReadContext<'_> {
        ReadContext { own_source: &self.source_key }
    }
}

/// The TriG or Turtle of one page, for hosts that project outside a REST request: the setup of
/// [`RdfProjector::new`] plus `page`, `content` (the Subject slot as an object or as JSON text) and
/// `prefixes` (default true).
pub fn project_rdf(request: &Value, options: &Options) -> Result<String, ExportError> {
    let projector = RdfProjector::new(request, options)?;
    let arena = Arena::new();
    let facts = page_facts(request.get("page").map(|v| Json::from_value(v, &arena)).as_ref())?;
    let content = match request.get("content") {
        None | Some(Value::Null) => PageContent::default(),
        Some(Value::String(text)) => read_page_content_str(text, &projector.read_context()),
        Some(v) => read_page_content(&Json::from_value(v, &arena), &projector.read_context()),
    };
    let prefixes = match request.get("prefixes") {
        None => true,
        Some(v) => v.as_bool().ok_or_else(|| ExportError::invalid_argument("prefixes must be a boolean"))?,
    };
    Ok(projector.project(&facts, &content, prefixes))
}

fn ontology_projection(name: &str, mappings: &[(String, Mapping)]) -> Result<Option<OntologyProjection>, ExportError> {
    ontology::select(name, mappings).map(|selected| selected.map(|(projection, _)| projection)).map_err(|unknown| {
        ExportError {
            code: "unknown-projection",
            message: format!("the projection \"{name}\" is not known (known: {})", unknown.known.join(", ")),
            details: json!({"knownProjections": unknown.known}),
        }
    })
}

fn object<'a>(v: Option<&'a Value>, what: &str) -> Result<Option<&'a Map<String, Value>>, ExportError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(_) => Err(ExportError::invalid_argument(format!("{what} must be an object"))),
    }
}

fn page_facts(v: Option<&Json>) -> Result<PageFacts, ExportError> {
    let page: &JsonObject = match v {
        Some(Json::Object(o)) => o,
        None | Some(Json::Null) => return Err(ExportError::invalid_argument("page is required")),
        Some(_) => return Err(ExportError::invalid_argument("page must be an object")),
    };
    let id = page
        .get("pageId")
        .and_then(|n| n.as_number()?.as_u64())
        .ok_or_else(|| ExportError::invalid_argument("page.pageId must be a positive integer"))?;
    let text = |key: &str| -> Result<String, ExportError> {
        match page.get(key) {
            None | Some(Json::Null) => Ok(String::new()),
            Some(Json::String(s)) => Ok(s.to_string()),
            Some(_) => Err(ExportError::invalid_argument(format!("page.{key} must be a string"))),
        }
    };
    let categories = match page.get("categories") {
        None | Some(Json::Null) => Vec::new(),
        Some(Json::Array(items)) => items
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

/// A page's content as given: its JSON, or its stored text (which a host passes without parsing it);
/// text that is not JSON is `None`, as is a page that is not a Schema or a Mapping.
fn page_json(v: &Value) -> Option<Cow<'_, Value>> {
    match v {
        Value::String(text) => serde_json::from_str(text).ok().map(Cow::Owned),
        other => Some(Cow::Borrowed(other)),
    }
}

fn schemas(v: Option<&Value>, options: &Options) -> Result<HashMap<SchemaRef, Schema>, ExportError> {
    let Some(m) = object(v, "schemas")? else { return Ok(HashMap::new()) };
    Ok(m.iter()
        .filter_map(|(name, page)| {
            let reference = SchemaRef::from_json(&Value::String(name.clone()), &options.source_key).ok()?;
            Some((reference, Schema::from_json(&*page_json(page)?, &options.source_key).ok()?))
        })
        .collect())
}

fn mappings(v: Option<&Value>) -> Result<Vec<(String, Mapping)>, ExportError> {
    let Some(m) = object(v, "mappings")? else { return Ok(Vec::new()) };
    Ok(m.iter()
        .filter_map(|(page, content)| Some((page.clone(), Mapping::from_json(&*page_json(content)?).ok()?)))
        .collect())
}

/// `sourceIris`: source key to that source's `rdfBaseUri`.
fn source_iris(v: Option<&Value>) -> Result<Vec<(&str, &str)>, ExportError> {
    let refused = || ExportError::invalid_argument("sourceIris must map source keys to base URIs");
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(o)) => o.iter().map(|(k, v)| Ok((k.as_str(), v.as_str().ok_or_else(refused)?))).collect(),
        Some(_) => Err(refused()),
    }
}
