//! Creating Subjects: on a page of their own (`POST /subjects`), on an existing page (main or other),
//! and the create dry-run.

use super::subject_update::validate_written;
use super::Reply;
use crate::api::conditional::{check_if_match, commit_if_match, page_target};
use crate::api::context::Ctx;
use crate::api::ids::page_param;
use crate::app::commit::{commit, title_taken, WritePlan};
use crate::app::error::page_not_found;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::{readable_page, Schemas};
use crate::app::write::edit::{changed_ids, refuse_ids_in_use};
use crate::app::write::title::new_page_title;
use crate::app::write::{
    check, dependent_items, dependent_schema_refs, drop_unreached_dependents, edit_save, new_page_save, status,
    subject_body, write_response, Minting,
};
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::SchemaRef;
use crate::domain::subject::Subject;
use crate::host::{namespace, Host, PageTitle};
use crate::normalize::SchemaLookup;
use crate::validation::Violation;
use serde_json::{json, Value};

/// The Subjects a create body describes: the new Subject first, then its Dependent Subjects.
struct NewSubjects {
    id: SubjectId,
    main: Subject,
    dependents: Vec<(SubjectId, Subject)>,
    schemas: Schemas,
}

impl NewSubjects {
    fn all(&self) -> impl Iterator<Item = (SubjectId, Subject)> + '_ {
        std::iter::once((self.id.clone(), self.main.clone())).chain(self.dependents.iter().cloned())
    }

    fn ids(&self) -> Vec<SubjectId> {
        self.all().map(|(id, _)| id).collect()
    }
}

async fn read_body<H: Host>(ctx: &Ctx<'_, H>) -> Result<NewSubjects, ApiError> {
    let schema_ref = SchemaRef::from_json(ctx.body.get("schema").unwrap_or(&Value::Null), &ctx.own_source)
        .map_err(|e| ApiError::body(format!("schema: {e}.")))?;
    let mut minting = Minting::start(ctx).await?;
    let id = match ctx.body_str("id") {
        Some(raw) => {
            SubjectId::parse(raw).map_err(|e| ApiError::new(ErrorKind::InvalidSubjectId, format!("id: {e}.")))?
        }
        None => minting.minter.subject_id(minting.now_ms),
    };
    let mut schemas = Schemas::default();
    schemas.load(ctx, std::iter::once(&schema_ref).chain(&dependent_schema_refs(ctx))).await?;
    let schema = schemas.schema(&schema_ref).cloned();
    let main = subject_body(ctx, &ctx.body, schema_ref, schema.as_ref(), &id, &mut minting)?;
    let items = dependent_items(ctx, &schemas, &mut minting)?;
    if items.iter().any(|d| d.id == id) {
        return Err(ApiError::body(format!("The Subject ID {id} is given twice.")));
    }
    let dependents = items.into_iter().map(|d| (d.id, d.subject)).collect();
    Ok(NewSubjects { id, main, dependents, schemas })
}

/// `POST /subjects`: a new page holding the Subject as its main Subject, in one revision.
pub async fn create<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    // A new page has no current version for `If-Match` to name.
    check_if_match(ctx, None)?;
    let new = read_body(ctx).await?;
    let (ns, title) =
        new_page_title(ctx.settings.titling, ctx.body_str("pageTitle"), new.main.label.as_deref(), &new.id)?;
    let can = ctx.host.can_create(PageTitle { namespace: ns, title: title.to_string() }).await?;
    // Permission first: a 409 to a caller who may not read the title would tell that the page exists.
    if !can.allowed {
        return Err(ApiError::permission(format!("You may not create the page \"{}{title}\".", namespace::prefix(ns))));
    }
    if can.exists {
        return Err(title_taken(&format!("{}{title}", namespace::prefix(ns))));
    }
    let written = new.ids();
    refuse_ids_in_use(ctx, &PageContent::default(), &written).await?;
    let mut content = PageContent { main_subject: Some(new.id.clone()), subjects: new.all().collect() };
    drop_unreached_dependents(&mut content, &new.schemas, &written);
    let violations = check(ctx, &PageContent::default(), &content, &new.schemas, &written).await?;
    let save = new_page_save(ns, title.as_str(), &content, &new.schemas, &ctx.comment());
    let (_, results) = commit(ctx, || {
        let saves = vec![save.clone()];
        async move { Ok::<_, ApiError>(WritePlan { saves, outcome: () }) }
    })
    .await?;
    let page_id = results.first().map(|c| c.result.page_id).unwrap_or_default();
    Ok(Reply::created(write_response(ctx, status::CREATED, &new.id, page_id, &violations).await?))
}

/// `POST /page/{pageId}/mainSubject`
pub async fn create_main<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    add_to_page(ctx, true).await
}

/// `POST /page/{pageId}/subjects`
pub async fn create_other<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    add_to_page(ctx, false).await
}

async fn add_to_page<H: Host>(ctx: &Ctx<'_, H>, as_main: bool) -> Result<Reply, ApiError> {
    let page_id = page_param(ctx)?;
    let new = read_body(ctx).await?;
    let (target, current) = page_target(ctx, page_id).await?;
    let (violations, _) = commit_if_match(ctx, target, current, || plan_add(ctx, page_id, &new, as_main)).await?;
    Ok(Reply::created(write_response(ctx, status::CREATED, &new.id, page_id, &violations).await?))
}

async fn plan_add<H: Host>(
    ctx: &Ctx<'_, H>,
    page_id: u64,
    new: &NewSubjects,
    as_main: bool,
) -> Result<WritePlan<Vec<Violation>>, ApiError> {
    let page = readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
    if !page.record.access.edit {
        return Err(ApiError::permission(format!("You may not edit the page \"{}\".", page.record.prefixed_title)));
    }
    if let Some(id) = new.ids().into_iter().find(|id| page.content.subjects.contains_key(id)) {
        return Err(ApiError::new(
            ErrorKind::SubjectAlreadyOnPage,
            format!("The page already holds the Subject {id}."),
        ));
    }
    if as_main && page.content.main_subject.is_some() {
        return Err(ApiError::new(ErrorKind::SubjectAlreadyOnPage, "The page already has a main Subject."));
    }
    let written = new.ids();
    refuse_ids_in_use(ctx, &page.content, &written).await?;
    let mut schemas = Schemas::for_page(ctx, &page.content).await?;
    schemas.0.extend(new.schemas.0.clone());
    let mut after = page.content.clone();
    after.subjects.extend(new.all());
    if as_main {
        after.main_subject = Some(new.id.clone());
    }
    drop_unreached_dependents(&mut after, &schemas, &written);
    let violations = check(ctx, &page.content, &after, &schemas, &written).await?;
    let save = edit_save(&page.record, &after, &schemas, &changed_ids(&page.content, &after), &ctx.comment());
    Ok(WritePlan { saves: vec![save], outcome: violations })
}

/// `POST /subject/validate`: the violations the create body would have; 404 without its Schema.
pub async fn validate<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let new = read_body(ctx).await?;
    if new.schemas.schema(&new.main.schema).is_none() {
        return Err(ApiError::not_found(format!("There is no Schema \"{}\".", new.main.schema)));
    }
    let written = new.ids();
    let content = PageContent { main_subject: Some(new.id.clone()), subjects: new.all().collect() };
    let violations = validate_written(ctx, &content, &written, &new.schemas).await?;
    Ok(Reply::ok(json!({"violations": violations.iter().map(Violation::to_json).collect::<Vec<_>>()})))
}
