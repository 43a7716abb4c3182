//! One exported function per operation, named as the wasm-bindgen export is. Each reads its argument
//! buffers, calls `crate::exports` or the REST layer (through [`ImportedHost`]), and stores the answer.

use super::buffers::{answer, text};
use super::drive::block_on;
use super::handles::{self, Handles};
use super::imports::{now_ms, ImportedHost};
use crate::exports::{self, parse_doc, parse_json, required, ExportError, Options};
use crate::json::Arena;
use serde::Serialize;
use std::cell::RefCell;

type Ptr = *mut u8;

thread_local! {
    static VALIDATORS: RefCell<Handles<exports::Validator>> = const { RefCell::new(Handles::new()) };
    static BATCH_VALIDATORS: RefCell<Handles<exports::BatchValidator>> = const { RefCell::new(Handles::new()) };
    static PROJECTORS: RefCell<Handles<exports::RdfProjector>> = const { RefCell::new(Handles::new()) };
    static REBUILD_RUNS: RefCell<Handles<exports::RebuildRun>> = const { RefCell::new(Handles::new()) };
}

/// A required argument's text.
unsafe fn arg(ptr: Ptr, len: u32, what: &str) -> Result<String, ExportError> {
    required(text(ptr, len, what)?, what)
}

unsafe fn options(ptr: Ptr, len: u32) -> Result<Options, ExportError> {
    let given = text(ptr, len, "options")?.map(|t| parse_json(&t, "options")).transpose()?;
    Options::from_json(given.as_ref(), now_ms())
}

fn to_json<T: Serialize>(v: &T) -> Result<String, ExportError> {
    serde_json::to_string(v).map_err(|e| ExportError::invalid_argument(e.to_string()))
}

/// `validate(request, options?)`: a ValidateRequest in, a ValidateResult out.
#[export_name = "validate"]
pub unsafe extern "C" fn validate(request: Ptr, request_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        let request = arg(request, request_len, "request")?;
        let options = options(opts, opts_len)?;
        to_json(&exports::validate(&parse_doc(&request, "request", &Arena::new())?, &options)?)
    })
}

/// `normalizeContent(content, schemas?, options?)`: the stored form of a page's Subject slot.
#[export_name = "normalizeContent"]
pub unsafe extern "C" fn normalize_content(
    content: Ptr,
    content_len: u32,
    schemas: Ptr,
    schemas_len: u32,
    opts: Ptr,
    opts_len: u32,
) -> u32 {
    answer(|| {
        let content = parse_json(&arg(content, content_len, "content")?, "content")?;
        let schemas = text(schemas, schemas_len, "schemas")?.map(|s| parse_json(&s, "schemas")).transpose()?;
        let options = options(opts, opts_len)?;
        to_json(&exports::normalize_content(&content, schemas.as_ref(), &options)?)
    })
}

/// `preparePages(pages, schemas, options?)`: a bulk import's normalized pages and index rows.
#[export_name = "preparePages"]
pub unsafe extern "C" fn prepare_pages(
    pages: Ptr,
    pages_len: u32,
    schemas: Ptr,
    schemas_len: u32,
    opts: Ptr,
    opts_len: u32,
) -> u32 {
    answer(|| {
        let pages = arg(pages, pages_len, "pages")?;
        let schemas = parse_json(&arg(schemas, schemas_len, "schemas")?, "schemas")?;
        let options = options(opts, opts_len)?;
        let arena = Arena::new();
        exports::prepare_pages(&parse_doc(&pages, "pages", &arena)?, Some(&schemas), &options)
    })
}

/// `projectRdf(request, options?)`: the TriG or Turtle of one page.
#[export_name = "projectRdf"]
pub unsafe extern "C" fn project_rdf(request: Ptr, request_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        let request = parse_json(&arg(request, request_len, "request")?, "request")?;
        exports::project_rdf(&request, &options(opts, opts_len)?)
    })
}

/// `normalizeTitle(raw)`: the stored spelling of a title, or `invalid-title` (`details.titleError`).
#[export_name = "normalizeTitle"]
pub unsafe extern "C" fn normalize_title(raw: Ptr, raw_len: u32) -> u32 {
    answer(|| exports::normalize_title(&arg(raw, raw_len, "raw")?))
}

/// `searchText(content, options?)`: the labels and text values of a Subject slot, one per line.
#[export_name = "searchText"]
pub unsafe extern "C" fn search_text(content: Ptr, content_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| exports::search_text(&arg(content, content_len, "content")?, &options(opts, opts_len)?))
}

/// `projectForStore(request)`: one batch of a store rebuild.
#[export_name = "projectForStore"]
pub unsafe extern "C" fn project_for_store(request: Ptr, request_len: u32) -> u32 {
    answer(|| exports::project_for_store(&arg(request, request_len, "request")?))
}

/// `graphIndexes()`: the statements a host runs on each new graph store connection, a JSON array.
#[export_name = "graphIndexes"]
pub extern "C" fn graph_indexes() -> u32 {
    answer(|| to_json(&exports::graph_indexes()))
}

/// `messageTable()`: the English text of every message of the core by key, a JSON object.
#[export_name = "messageTable"]
pub extern "C" fn message_table() -> u32 {
    answer(|| to_json(&exports::message_table()))
}

/// `storeLifecycle()`: the store lifecycle's table (`docs/stores.md`), JSON.
#[export_name = "storeLifecycle"]
pub extern "C" fn store_lifecycle() -> u32 {
    answer(|| to_json(&exports::store_lifecycle()))
}

/// `storeEvent(status?, event)`: a store's status after an event, or `null` when it does not change.
#[export_name = "storeEvent"]
pub unsafe extern "C" fn store_event(status: Ptr, status_len: u32, event: Ptr, event_len: u32) -> u32 {
    answer(|| exports::store_event(text(status, status_len, "status")?.as_deref(), &arg(event, event_len, "event")?))
}

/// `renderDataTab(request)`: the HTML of a page's Data tab.
#[export_name = "renderDataTab"]
pub unsafe extern "C" fn render_data_tab(request: Ptr, request_len: u32) -> u32 {
    answer(|| exports::render_data_tab(&parse_json(&arg(request, request_len, "request")?, "request")?))
}

/// `renderPage(request, options?)`: the HTML of a page for readers (`{title, wikitext, contentModel?,
/// subjects, layouts, links}`); a Layout or Mapping page's view by its content model.
#[export_name = "renderPage"]
pub unsafe extern "C" fn render_page(request: Ptr, request_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        exports::render_page(&parse_json(&arg(request, request_len, "request")?, "request")?, &options(opts, opts_len)?)
    })
}

/// `renderSchema(request, options?)`: the HTML of a Schema page (`{name, schema, links}`).
#[export_name = "renderSchema"]
pub unsafe extern "C" fn render_schema(request: Ptr, request_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        exports::render_schema(
            &parse_json(&arg(request, request_len, "request")?, "request")?,
            &options(opts, opts_len)?,
        )
    })
}

/// `renderList(request)`: the HTML table of a special page's list (`{list, rows, links}`).
#[export_name = "renderList"]
pub unsafe extern "C" fn render_list(request: Ptr, request_len: u32) -> u32 {
    answer(|| exports::render_list(&parse_json(&arg(request, request_len, "request")?, "request")?))
}

/// `diffSubjects(old?, new?, options?)`: the changes between two Subject slots, as JSON.
#[export_name = "diffSubjects"]
pub unsafe extern "C" fn diff_subjects(
    old: Ptr,
    old_len: u32,
    new: Ptr,
    new_len: u32,
    opts: Ptr,
    opts_len: u32,
) -> u32 {
    answer(|| {
        let old = text(old, old_len, "old")?;
        let new = text(new, new_len, "new")?;
        exports::diff_subjects(old.as_deref(), new.as_deref(), &options(opts, opts_len)?)
    })
}

/// `hostOperations()`: the op names the `call` import must answer, as a JSON array.
#[export_name = "hostOperations"]
pub extern "C" fn host_operations() -> u32 {
    answer(|| to_json(&crate::host::OPERATIONS))
}

/// `handleRoute(request)`: one REST request, answered through the host's `call` import.
#[export_name = "handleRoute"]
pub unsafe extern "C" fn handle_route(request: Ptr, request_len: u32) -> u32 {
    answer(|| {
        block_on(crate::api::text::handle_route_text(&ImportedHost, &arg(request, request_len, "request")?))?
            .map_err(ExportError::invalid_argument)
    })
}

/// `handlePageAction(request)`: one platform page action (`docs/page-actions.md`).
#[export_name = "handlePageAction"]
pub unsafe extern "C" fn handle_page_action(request: Ptr, request_len: u32) -> u32 {
    answer(|| block_on(exports::handle_page_action(&ImportedHost, &arg(request, request_len, "request")?))?)
}

/// `projectPageChanges(request)`: projection of pages the host saved or deleted itself.
#[export_name = "projectPageChanges"]
pub unsafe extern "C" fn project_page_changes(request: Ptr, request_len: u32) -> u32 {
    answer(|| block_on(exports::project_page_changes(&ImportedHost, &arg(request, request_len, "request")?))?)
}

/// `errorResponse(request)`: the REST response of an error the host answers itself.
#[export_name = "errorResponse"]
pub unsafe extern "C" fn error_response(request: Ptr, request_len: u32) -> u32 {
    answer(|| {
        crate::api::text::error_response_text(&arg(request, request_len, "request")?)
            .map_err(ExportError::invalid_argument)
    })
}

/// `new Validator(name, schema, options?)`: answers the handle of a Schema compiled once.
#[export_name = "validatorNew"]
pub unsafe extern "C" fn validator_new(
    name: Ptr,
    name_len: u32,
    schema: Ptr,
    schema_len: u32,
    opts: Ptr,
    opts_len: u32,
) -> u32 {
    answer(|| {
        let name = parse_json(&arg(name, name_len, "name")?, "name")?;
        let schema = parse_json(&arg(schema, schema_len, "schema")?, "schema")?;
        let validator = exports::Validator::new(&name, &schema, options(opts, opts_len)?)?;
        Ok(handles::insert(&VALIDATORS, validator).to_string())
    })
}

/// `Validator.validateJson(subject, context?)`.
#[export_name = "validatorValidate"]
pub unsafe extern "C" fn validator_validate(
    handle: u32,
    subject: Ptr,
    subject_len: u32,
    context: Ptr,
    context_len: u32,
) -> u32 {
    answer(|| {
        let subject = arg(subject, subject_len, "subject")?;
        let context = text(context, context_len, "context")?;
        let arena = Arena::new();
        let context = context.as_deref().map(|c| parse_doc(c, "context", &arena)).transpose()?;
        let subject = parse_doc(&subject, "subject", &arena)?;
        handles::with(&VALIDATORS, handle, |v| to_json(&v.validate(&subject, context.as_ref())?))
    })
}

/// `Validator.free()`.
#[export_name = "validatorFree"]
pub extern "C" fn validator_free(handle: u32) {
    handles::remove(&VALIDATORS, handle)
}

/// `new BatchValidator(schemas, options?)`: answers the handle of Schemas compiled once.
#[export_name = "batchValidatorNew"]
pub unsafe extern "C" fn batch_validator_new(schemas: Ptr, schemas_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        let schemas = parse_json(&arg(schemas, schemas_len, "schemas")?, "schemas")?;
        let validator = exports::BatchValidator::new(&schemas, options(opts, opts_len)?)?;
        Ok(handles::insert(&BATCH_VALIDATORS, validator).to_string())
    })
}

/// `BatchValidator.validateJson(items)`: many Subjects in one call, answered by position.
#[export_name = "batchValidatorValidate"]
pub unsafe extern "C" fn batch_validator_validate(handle: u32, items: Ptr, items_len: u32) -> u32 {
    answer(|| {
        let items = arg(items, items_len, "items")?;
        handles::with(&BATCH_VALIDATORS, handle, |v| v.validate_json(&items))
    })
}

/// `BatchValidator.free()`.
#[export_name = "batchValidatorFree"]
pub extern "C" fn batch_validator_free(handle: u32) {
    handles::remove(&BATCH_VALIDATORS, handle)
}

/// `new RdfProjector(setup, options?)`: answers the handle of a projection set up once.
#[export_name = "rdfProjectorNew"]
pub unsafe extern "C" fn rdf_projector_new(setup: Ptr, setup_len: u32, opts: Ptr, opts_len: u32) -> u32 {
    answer(|| {
        let setup = parse_json(&arg(setup, setup_len, "setup")?, "setup")?;
        let projector = exports::RdfProjector::new(&setup, &options(opts, opts_len)?)?;
        Ok(handles::insert(&PROJECTORS, projector).to_string())
    })
}

/// `RdfProjector.projectPage(page, contentJson?, prefixes)`: TriG or Turtle of one page.
#[export_name = "rdfProjectorProjectPage"]
pub unsafe extern "C" fn rdf_projector_project_page(
    handle: u32,
    page: Ptr,
    page_len: u32,
    content: Ptr,
    content_len: u32,
    prefixes: u32,
) -> u32 {
    answer(|| {
        let page = arg(page, page_len, "page")?;
        let content = text(content, content_len, "content")?;
        let arena = Arena::new();
        let page = parse_doc(&page, "page", &arena)?;
        handles::with(&PROJECTORS, handle, |p| p.project_text(&page, content.as_deref(), prefixes != 0))
    })
}

/// `RdfProjector.projectionNames()`, as a JSON array.
#[export_name = "rdfProjectorProjectionNames"]
pub extern "C" fn rdf_projector_projection_names(handle: u32) -> u32 {
    answer(|| handles::with(&PROJECTORS, handle, |p| to_json(&p.projection_names())))
}

/// `RdfProjector.subjectIri(id)`.
#[export_name = "rdfProjectorSubjectIri"]
pub unsafe extern "C" fn rdf_projector_subject_iri(handle: u32, id: Ptr, id_len: u32) -> u32 {
    answer(|| {
        let id = arg(id, id_len, "id")?;
        handles::with(&PROJECTORS, handle, |p| p.subject_iri(&id))
    })
}

/// `RdfProjector.free()`.
#[export_name = "rdfProjectorFree"]
pub extern "C" fn rdf_projector_free(handle: u32) {
    handles::remove(&PROJECTORS, handle)
}

/// `new RebuildRun(setup)`: answers the handle of a store rebuild run (`docs/stores.md`).
#[export_name = "rebuildRunNew"]
pub unsafe extern "C" fn rebuild_run_new(setup: Ptr, setup_len: u32) -> u32 {
    answer(|| {
        let run = exports::RebuildRun::new(&arg(setup, setup_len, "setup")?)?;
        Ok(handles::insert(&REBUILD_RUNS, run).to_string())
    })
}

/// `RebuildRun.next()`: the next step, as JSON.
#[export_name = "rebuildRunNext"]
pub extern "C" fn rebuild_run_next(handle: u32) -> u32 {
    answer(|| handles::with_mut(&REBUILD_RUNS, handle, |r| Ok(r.next())))
}

/// `RebuildRun.answer(answer)`: the answer to the step just taken; answers an empty text.
#[export_name = "rebuildRunAnswer"]
pub unsafe extern "C" fn rebuild_run_answer(handle: u32, answer_json: Ptr, answer_len: u32) -> u32 {
    answer(|| {
        let given = arg(answer_json, answer_len, "answer")?;
        handles::with_mut(&REBUILD_RUNS, handle, |r| r.answer(&given).map(|()| String::new()))
    })
}

/// `RebuildRun.answerPages(facts, slots)`: the answer to `pages`; answers an empty text.
#[export_name = "rebuildRunAnswerPages"]
pub unsafe extern "C" fn rebuild_run_answer_pages(
    handle: u32,
    facts: Ptr,
    facts_len: u32,
    slots: Ptr,
    slots_len: u32,
) -> u32 {
    answer(|| {
        let facts = arg(facts, facts_len, "pages")?;
        let slots = text(slots, slots_len, "slots")?.unwrap_or_default();
        handles::with_mut(&REBUILD_RUNS, handle, |r| r.answer_pages(&facts, &slots).map(|()| String::new()))
    })
}

/// `RebuildRun.written(outcome)`: the outcome of the oldest write in flight; answers an empty text.
#[export_name = "rebuildRunWritten"]
pub unsafe extern "C" fn rebuild_run_written(handle: u32, outcome: Ptr, outcome_len: u32) -> u32 {
    answer(|| {
        let outcome = arg(outcome, outcome_len, "outcome")?;
        handles::with_mut(&REBUILD_RUNS, handle, |r| r.written(&outcome).map(|()| String::new()))
    })
}

/// `RebuildRun.free()`.
#[export_name = "rebuildRunFree"]
pub extern "C" fn rebuild_run_free(handle: u32) {
    handles::remove(&REBUILD_RUNS, handle)
}
