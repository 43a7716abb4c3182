//! The exports only a wiki host needs (feature `js`): the REST layer through a JS-backed Host, page
//! actions, bulk import, RDF projection and the server-side renderers.

use super::editor::{required, required_text, StrataOptions};
use super::interop::{options, parse_doc, parse_json, to_js, to_js_error};
use crate::exports::{self, ExportError};
use crate::json::Arena;
use wasm_bindgen::prelude::*;

/// A request text the REST layer cannot read.
fn invalid_argument(message: String) -> JsValue {
    to_js_error(&ExportError::invalid_argument(message))
}

/// Normalizes pages and computes their index rows for a bulk import, JSON text in and out:
/// `[{title, content}]` and `{name: Schema}` give `{pages: [{subjectSlot, index} | {error}]}`.
#[wasm_bindgen(js_name = preparePages)]
pub fn prepare_pages(pages_json: &str, schemas_json: &str, opts: Option<StrataOptions>) -> Result<String, JsValue> {
    let arena = Arena::new();
    let pages = parse_doc(pages_json, "pages", &arena)?;
    let schemas = parse_json(schemas_json, "schemas")?;
    exports::prepare_pages(&pages, Some(&schemas), &options(opts)?).map_err(|e| to_js_error(&e))
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

/// The HTML table of a special page's list, JSON text in: `{list, rows, links}`.
#[wasm_bindgen(js_name = renderList)]
pub fn render_list(request_json: &str) -> Result<String, JsValue> {
    exports::render_list(&parse_json(request_json, "request")?).map_err(|e| to_js_error(&e))
}

/// `[[id, name]]` of every namespace of the wiki, the main one first.
#[wasm_bindgen(js_name = namespaces, unchecked_return_type = "Array<[number, string]>")]
pub fn namespaces() -> Result<JsValue, JsValue> {
    to_js(&exports::namespaces())
}

/// The content model of a new page of `namespace` titled `title` when the editor names none.
#[wasm_bindgen(js_name = defaultContentModel)]
pub fn default_content_model(namespace: i32, title: &str) -> Result<String, JsValue> {
    exports::default_content_model(namespace, title).map_err(|e| to_js_error(&e))
}

/// `{type: "sparql" | "graph"}` for every store type a configuration may name.
#[wasm_bindgen(js_name = storeKinds, unchecked_return_type = "Record<string, 'sparql' | 'graph'>")]
pub fn store_kinds() -> Result<JsValue, JsValue> {
    to_js(&exports::store_kinds())
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
        self.0
            .project_text(&parse_doc(&page, "page", &Arena::new())?, content.as_deref(), prefixes)
            .map_err(|e| to_js_error(&e))
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

/// A store rebuild run the host steps (`docs/stores.md`, "Rebuild runs"): `next()` says what to
/// read or write, the host answers.
#[wasm_bindgen(js_name = RebuildRun)]
pub struct RebuildRun(exports::RebuildRun);

#[wasm_bindgen(js_class = RebuildRun)]
impl RebuildRun {
    /// `setup`: `{runId, name, store, rdfBaseUri, sourceKey, sources, changeMark, batchPages?}` as JSON text.
    #[wasm_bindgen(constructor)]
    pub fn new(setup: &str) -> Result<RebuildRun, JsValue> {
        exports::RebuildRun::new(setup).map(RebuildRun).map_err(|e| to_js_error(&e))
    }

    /// The next step, as JSON text.
    pub fn next(&mut self) -> String {
        self.0.next()
    }

    /// The answer to the step just taken, as JSON text.
    pub fn answer(&mut self, answer_json: &str) -> Result<(), JsValue> {
        self.0.answer(answer_json).map_err(|e| to_js_error(&e))
    }

    /// The answer to `pages`: the facts (each with `slotBytes`) and the slots' texts one after the other.
    #[wasm_bindgen(js_name = answerPages)]
    pub fn answer_pages(&mut self, facts_json: &str, slots: &str) -> Result<(), JsValue> {
        self.0.answer_pages(facts_json, slots).map_err(|e| to_js_error(&e))
    }

    /// The outcome of the oldest write in flight, as JSON text.
    pub fn written(&mut self, outcome_json: &str) -> Result<(), JsValue> {
        self.0.written(outcome_json).map_err(|e| to_js_error(&e))
    }
}

/// The statements a host runs on each new connection to a graph store, before its first write
/// (their "already indexed" errors ignored; `docs/graph.md`).
#[wasm_bindgen(js_name = graphIndexes)]
pub fn graph_indexes() -> Vec<String> {
    exports::graph_indexes()
}

/// The store lifecycle's table (`docs/stores.md`, "Store states and rebuild runs"): what a store
/// with no row reads as, the states of an active run, and each move of a run's record as `{from, to}`.
#[wasm_bindgen(js_name = storeLifecycle, unchecked_return_type = "StoreLifecycle")]
pub fn store_lifecycle() -> Result<JsValue, JsValue> {
    to_js(&exports::store_lifecycle())
}

/// A store's status (`{state, reason, marker}` JSON; none: the store has no row) after an event
/// (JSON): the status to write as JSON, or `null` when it does not change.
#[wasm_bindgen(js_name = storeEvent)]
pub fn store_event(status_json: Option<String>, event_json: &str) -> Result<String, JsValue> {
    exports::store_event(status_json.as_deref(), event_json).map_err(|e| to_js_error(&e))
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
