//! One file per resource; [`dispatch`] maps each route's handler to its function.

mod edit_notices;
mod graph_stores;
mod layouts;
mod listing;
mod mappings;
mod page_edit;
mod page_read;
mod query;
mod rdf;
mod readable;
mod recently_edited;
mod referencing;
mod schemas;
mod subject_counts;
mod subject_create;
mod subject_delete;
mod subject_ids;
mod subject_labels;
mod subject_list;
mod subject_move;
mod subject_read;
mod subject_update;

use super::context::Ctx;
use super::openapi;
use super::routes::Handler;
use crate::app::error::ApiError;
use crate::host::Host;

pub use super::reply::{Body, Reply};

pub async fn dispatch<H: Host>(handler: Handler, ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    match handler {
        Handler::OpenApi | Handler::OpenApiAtPrefix => Ok(Reply::ok(openapi::document(&ctx.settings))),
        Handler::ListSchemas => schemas::list(ctx).await,
        Handler::GetSchema => schemas::get(ctx).await,
        Handler::PutSchema => schemas::put(ctx).await,
        Handler::DeleteSchema => schemas::delete(ctx).await,
        Handler::SchemaNames => schemas::names(ctx).await,
        Handler::JsonSchema => schemas::json_schema(ctx).await,
        Handler::GetSubject => subject_read::get(ctx).await,
        Handler::PageSubjects => page_read::subjects(ctx).await,
        Handler::GetMainSubject => page_read::main_subject(ctx).await,
        Handler::CreateSubject => subject_create::create(ctx).await,
        Handler::CreateMainSubject => subject_create::create_main(ctx).await,
        Handler::AddPageSubject => subject_create::create_other(ctx).await,
        Handler::ValidateNewSubject => subject_create::validate(ctx).await,
        Handler::ReplaceSubject => subject_update::replace(ctx).await,
        Handler::PutStatement => subject_update::put_statement(ctx).await,
        Handler::DeleteStatement => subject_update::delete_statement(ctx).await,
        Handler::ValidateSubject => subject_update::validate(ctx).await,
        Handler::DeleteSubject => subject_delete::delete(ctx).await,
        Handler::MoveSubject => subject_move::move_subject(ctx).await,
        Handler::MintSubjectIds => subject_ids::mint(ctx).await,
        Handler::SetMainSubject => page_edit::set_main(ctx).await,
        Handler::SetSubjectsOrdering => page_edit::set_order(ctx).await,
        Handler::ListGraphStores => graph_stores::list(ctx).await,
        Handler::StartRebuild => graph_stores::rebuild(ctx).await,
        Handler::CancelRebuild => graph_stores::cancel(ctx).await,
        Handler::ListSubjects => subject_list::list(ctx).await,
        Handler::RecentlyEdited => recently_edited::list(ctx).await,
        Handler::SubjectCounts => subject_counts::counts(ctx).await,
        Handler::SubjectLabels => subject_labels::list(ctx).await,
        Handler::ReferencingSubjects => referencing::list(ctx).await,
        Handler::EditNotices => edit_notices::list(ctx).await,
        Handler::ListLayouts => layouts::list(ctx).await,
        Handler::GetLayout => layouts::get(ctx).await,
        Handler::ListMappings => mappings::list(ctx).await,
        Handler::SparqlQuery => query::sparql(ctx).await,
        Handler::CypherQuery => query::cypher(ctx).await,
        Handler::PageRdf => rdf::page(ctx).await,
        Handler::SubjectRdf => rdf::subject(ctx).await,
        Handler::Dereference => rdf::dereference(ctx).await,
    }
}
