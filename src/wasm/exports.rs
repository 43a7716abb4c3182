//! The wasm-bindgen exports: JavaScript values converted and passed to `crate::exports`.

use super::interop::{from_js, from_js_optional, json_text, options, parse_doc, parse_json, result, to_js_error};
use crate::exports::{self, ExportError};
use serde_json::Value;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "StrataOptions")]
    pub type StrataOptions;
    #[wasm_bindgen(typescript_type = "Record<string, Schema>")]
    pub type SchemaMap;
    #[wasm_bindgen(typescript_type = "ValidationContext")]
    pub type ValidationContext;
}

fn required(v: &JsValue, what: &str) -> Result<Value, JsValue> {
    from_js(v, what)?.ok_or_else(|| missing(what))
}

/// The JSON text of a required argument, for parsing with [`parse_doc`].
fn required_text(v: &JsValue, what: &str) -> Result<String, JsValue> {
    json_text(v, what)?.ok_or_else(|| missing(what))
}

/// A request text the REST layer cannot read.
fn invalid_argument(message: String) -> JsValue {
    to_js_error(&ExportError::invalid_argument(message))
}

fn missing(what: &str) -> JsValue {
    to_js_error(&ExportError::missing(what))
}

/// Validates one Subject against its Schema, normalizing it first as a save would.
#[wasm_bindgen(js_name = validate, unchecked_return_type = "ValidateResult")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "ValidateRequest")] request: JsValue,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let request = required_text(&request, "request")?;
    result(exports::validate(&parse_doc(&request, "request")?, &options(opts)?))
}

/// Normalizes a page's Subject slot as a save would.
#[wasm_bindgen(js_name = normalizeContent, unchecked_return_type = "PageContent")]
pub fn normalize_content(
    #[wasm_bindgen(unchecked_param_type = "PageContent")] content: JsValue,
    schemas: Option<SchemaMap>,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let content = required(&content, "content")?;
    let schemas = from_js_optional(schemas, "schemas")?;
    result(exports::normalize_content(&content, schemas.as_ref(), &options(opts)?))
}

/// The stored spelling of a page title without namespace prefix; throws `invalid-title` (with
/// `details.titleError`, MediaWiki's key) for a text that cannot be a title.
#[wasm_bindgen(js_name = normalizeTitle)]
pub fn normalize_title(raw: &str) -> Result<String, JsValue> {
    exports::normalize_title(raw).map_err(|e| to_js_error(&e))
}

/// Normalizes pages and computes their index rows for a bulk import, JSON text in and out:
/// `[{title, content}]` and `{name: Schema}` give `{pages: [{subjectSlot, index} | {error}]}`.
#[wasm_bindgen(js_name = preparePages)]
pub fn prepare_pages(pages_json: &str, schemas_json: &str, opts: Option<StrataOptions>) -> Result<String, JsValue> {
    let pages = parse_doc(pages_json, "pages")?;
    let schemas = parse_json(schemas_json, "schemas")?;
    exports::prepare_pages(&pages, Some(&schemas), &options(opts)?).map(|v| v.to_string()).map_err(|e| to_js_error(&e))
}

/// The TriG or Turtle of one page, in the native projection or an ontology projection.
#[wasm_bindgen(js_name = projectRdf)]
pub fn project_rdf(
    #[wasm_bindgen(unchecked_param_type = "ProjectRdfRequest")] request: JsValue,
    opts: Option<StrataOptions>,
) -> Result<String, JsValue> {
    let request = required(&request, "request")?;
    exports::project_rdf(&request, &options(opts)?).map_err(|e| to_js_error(&e))
}

/// The HTML of a page for readers, JSON text in: `{title, wikitext, subjects, layouts, links}`.
#[wasm_bindgen(js_name = renderPage)]
pub fn render_page(request_json: &str, opts: Option<StrataOptions>) -> Result<String, JsValue> {
    exports::render_page(&parse_json(request_json, "request")?, &options(opts)?).map_err(|e| to_js_error(&e))
}

/// The HTML of a page's Data tab, JSON text in: `{pageId, subjects, mainSubjectId, iris, projections}`.
#[wasm_bindgen(js_name = renderDataTab)]
pub fn render_data_tab(request_json: &str) -> Result<String, JsValue> {
    exports::render_data_tab(&parse_json(request_json, "request")?).map_err(|e| to_js_error(&e))
}

/// The HTML of a Schema page's content, JSON text in: `{name, schema, links}`.
#[wasm_bindgen(js_name = renderSchema)]
pub fn render_schema(request_json: &str, opts: Option<StrataOptions>) -> Result<String, JsValue> {
    exports::render_schema(&parse_json(request_json, "request")?, &options(opts)?).map_err(|e| to_js_error(&e))
}

/// The form fields a Subject editor shows for a Schema's properties.
#[wasm_bindgen(js_name = editorFields, unchecked_return_type = "EditorField[]")]
pub fn editor_fields(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "Schema")] schema: JsValue,
    opts: Option<StrataOptions>,
) -> Result<JsValue, JsValue> {
    let schema = required(&schema, "schema")?;
    result(exports::editor_fields(name, &schema, &options(opts)?))
}

/// Each violation code with the sentence that explains it (`types::codes::all`), for editors.
#[wasm_bindgen(js_name = violationDescriptions, unchecked_return_type = "Record<string, string>")]
pub fn violation_descriptions() -> Result<JsValue, JsValue> {
    result(Ok(exports::violation_descriptions()))
}

/// A projection set up once for many pages (Schemas and Mappings parsed once), as a bulk dump needs.
#[wasm_bindgen(js_name = RdfProjector)]
pub struct RdfProjector(exports::RdfProjector);

#[wasm_bindgen(js_class = RdfProjector)]
impl RdfProjector {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "RdfProjectorSetup")] setup: JsValue,
        opts: Option<StrataOptions>,
    ) -> Result<RdfProjector, JsValue> {
        let setup = required(&setup, "setup")?;
        exports::RdfProjector::new(&setup, &options(opts)?).map(RdfProjector).map_err(|e| to_js_error(&e))
    }

    /// The TriG or Turtle of one page: its facts and its Subject slot as JSON text.
    #[wasm_bindgen(js_name = projectPage)]
    pub fn project_page(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RdfPageFacts")] page: JsValue,
        content: Option<String>,
        prefixes: bool,
    ) -> Result<String, JsValue> {
        let page = required_text(&page, "page")?;
        self.0.project_text(&parse_doc(&page, "page")?, content.as_deref(), prefixes).map_err(|e| to_js_error(&e))
    }

    /// `native`, then each Mapping target once, in order: the projections a reader may ask for.
    #[wasm_bindgen(js_name = projectionNames)]
    pub fn projection_names(&self) -> Vec<String> {
        self.0.projection_names().to_vec()
    }

    /// The IRI of a Subject under the projector's base URI.
    #[wasm_bindgen(js_name = subjectIri)]
    pub fn subject_iri(&self, id: &str) -> Result<String, JsValue> {
        self.0.subject_iri(id).map_err(|e| to_js_error(&e))
    }
}

/// A Schema compiled once, for validating many Subjects.
#[wasm_bindgen(js_name = Validator)]
pub struct Validator(exports::Validator);

#[wasm_bindgen(js_class = Validator)]
impl Validator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SchemaReference")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Schema")] schema: JsValue,
        opts: Option<StrataOptions>,
    ) -> Result<Validator, JsValue> {
        let name = required(&name, "name")?;
        let schema = required(&schema, "schema")?;
        exports::Validator::new(&name, &schema, options(opts)?).map(Validator).map_err(|e| to_js_error(&e))
    }

    /// Validates a Subject body `{label?, statements}`.
    #[wasm_bindgen(unchecked_return_type = "ValidateResult")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SubjectBody")] subject: JsValue,
        context: Option<ValidationContext>,
    ) -> Result<JsValue, JsValue> {
        let subject = required_text(&subject, "subject")?;
        let context = context.map(|c| json_text(&c.into(), "context")).transpose()?.flatten();
        let context = context.as_deref().map(|c| parse_doc(c, "context")).transpose()?;
        result(self.0.validate(&parse_doc(&subject, "subject")?, context.as_ref()))
    }

    /// The same as `validate`, with JSON text in and out: the fastest path for bulk validation.
    #[wasm_bindgen(js_name = validateJson)]
    pub fn validate_json(&self, subject: &str, context: Option<String>) -> Result<String, JsValue> {
        let subject = parse_doc(subject, "subject")?;
        let context = context.as_deref().map(|c| parse_doc(c, "context")).transpose()?;
        let validated = self.0.validate(&subject, context.as_ref()).map_err(|e| to_js_error(&e))?;
        serde_json::to_string(&validated).map_err(|e| to_js_error(&ExportError::invalid_argument(e.to_string())))
    }
}

/// Schemas compiled once, for validating many Subjects of any of them in one call.
#[wasm_bindgen(js_name = BatchValidator)]
pub struct BatchValidator(exports::BatchValidator);

#[wasm_bindgen(js_class = BatchValidator)]
impl BatchValidator {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "SchemaMap")] schemas: JsValue,
        opts: Option<StrataOptions>,
    ) -> Result<BatchValidator, JsValue> {
        let schemas = required(&schemas, "schemas")?;
        exports::BatchValidator::new(&schemas, options(opts)?).map(BatchValidator).map_err(|e| to_js_error(&e))
    }

    /// `items`: the JSON text of `[{subject, context?}]`; answers the JSON text of
    /// `{violations: [[Violation] | null], errors: [{index, code, message}]}`, one entry per item.
    #[wasm_bindgen(js_name = validateJson)]
    pub fn validate_json(&self, items: &str) -> Result<String, JsValue> {
        self.0.validate_json(items).map_err(|e| to_js_error(&e))
    }

    /// The same with JS objects in and out: one `JSON.stringify` of the batch, one `JSON.parse` of the answer.
    #[wasm_bindgen(unchecked_return_type = "BatchValidateResult")]
    pub fn validate(&self, #[wasm_bindgen(unchecked_param_type = "BatchItem[]")] items: JsValue) -> Result<JsValue, JsValue> {
        let items = required_text(&items, "items")?;
        let answer = self.0.validate_json(&items).map_err(|e| to_js_error(&e))?;
        js_sys::JSON::parse(&answer)
    }
}

/// The op names the core calls through a host's bridge (`docs/architecture.md`), so a host can check
/// that it answers every one.
#[wasm_bindgen(js_name = hostOperations)]
pub fn host_operations() -> Vec<String> {
    crate::host::OPERATIONS.iter().map(|op| (*op).to_owned()).collect()
}

/// Answers one REST request (`docs/architecture.md`) through the host's bridge.
#[wasm_bindgen(js_name = handleRoute)]
pub async fn handle_route(request_json: String, bridge: super::js_host::HostBridge) -> Result<String, JsValue> {
    crate::api::text::handle_route_text(&super::js_host::JsHost(bridge), &request_json).await.map_err(invalid_argument)
}

/// The REST response of an error the host answers itself, from the core's error table.
#[wasm_bindgen(js_name = errorResponse)]
pub fn error_response(request_json: &str) -> Result<String, JsValue> {
    crate::api::text::error_response_text(request_json).map_err(invalid_argument)
}

/// Projects pages the host saved or deleted without the core into every configured store
/// (`docs/stores.md`), through the host's bridge.
#[wasm_bindgen(js_name = projectPageChanges)]
pub async fn project_page_changes(request_json: String, bridge: super::js_host::HostBridge) -> Result<String, JsValue> {
    exports::project_page_changes(&super::js_host::JsHost(bridge), &request_json).await.map_err(|e| to_js_error(&e))
}

/// One batch of a store rebuild: the statements or TriG for the pages given (`docs/stores.md`).
#[wasm_bindgen(js_name = projectForStore)]
pub fn project_for_store(request_json: &str) -> Result<String, JsValue> {
    exports::project_for_store(request_json).map_err(|e| to_js_error(&e))
}

/// Answers one platform page action (api.php edit or delete, imports; `docs/page-actions.md`).
#[wasm_bindgen(js_name = handlePageAction)]
pub async fn handle_page_action(request_json: String, bridge: super::js_host::HostBridge) -> Result<String, JsValue> {
    exports::handle_page_action(&super::js_host::JsHost(bridge), &request_json).await.map_err(|e| to_js_error(&e))
}
