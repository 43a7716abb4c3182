//! The Dependent-Subject rules a write must keep, whatever the enforcement setting. The rules need
//! more than the page's own Schemas: the target Schemas of the holders' relation properties (is a
//! property's target dependent?) and the Schemas of relation targets stored on other pages (is that
//! target dependent?). Both are looked up here, so the rules hold for any target anywhere.

use crate::app::error::ApiError;
use crate::app::view::Schemas;
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{PropertyKind, SchemaRef};
use crate::domain::statement::StatementValue;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::validation::dependents::validate_page_dependents;
use crate::validation::enforcement::new_errors;
use crate::validation::Violation;
use std::collections::HashMap;

/// The rules a write breaks that the stored page did not (`broken`), and every rule violation of
/// the page after the write (`after`).
pub struct DependentRules {
    pub broken: Vec<Violation>,
    pub after: Vec<Violation>,
}

/// Checks the Dependent-Subject rules of a write that turns `before` into `after`.
pub async fn dependent_rules<H: Host>(
    ctx: &Scope<'_, H>,
    before: &PageContent,
    after: &PageContent,
    schemas: &Schemas,
) -> Result<DependentRules, ApiError> {
    let mut schemas = schemas.clone();
    let pages = [before, after];
    schemas.load(ctx, pages.iter().flat_map(|p| p.subjects.values().map(|s| &s.schema))).await?;
    let targets: Vec<SchemaRef> = pages
        .iter()
        .flat_map(|p| p.subjects.values())
        .filter_map(|s| schemas.schema(&s.schema))
        .flat_map(|schema| schema.property_definitions.values())
        .filter_map(|d| match &d.kind {
            PropertyKind::Relation { target_schemas, .. } => Some(target_schemas.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    schemas.load(ctx, &targets).await?;
    let elsewhere = schemas_elsewhere(ctx, &pages, &mut schemas).await?;
    let rules_before = validate_page_dependents(before, &schemas, &elsewhere);
    let rules_after = validate_page_dependents(after, &schemas, &elsewhere);
    let broken = new_errors(&rules_before, &rules_after).into_iter().cloned().collect();
    Ok(DependentRules { broken, after: rules_after })
}

/// The Schemas of the local relation targets a page does not hold, as the index knows them (readable
/// ones only: a target the caller may not read is treated as missing), loaded into `schemas`.
async fn schemas_elsewhere<H: Host>(
    ctx: &Scope<'_, H>,
    pages: &[&PageContent],
    schemas: &mut Schemas,
) -> Result<HashMap<SubjectId, SchemaRef>, ApiError> {
    let mut ids: Vec<String> = Vec::new();
    for page in pages {
        for subject in page.subjects.values() {
            for statement in subject.statements.values() {
                let StatementValue::Relations(relations) = &statement.value else { continue };
                let off_page =
                    relations.iter().filter_map(|r| r.target.local()).filter(|t| !page.subjects.contains_key(*t));
                ids.extend(off_page.map(ToString::to_string));
            }
        }
    }
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let info = ctx.subjects_info(&ids).await?;
    let elsewhere: HashMap<SubjectId, SchemaRef> = info
        .into_iter()
        .filter(|(_, i)| i.readable)
        .filter_map(|(id, i)| {
            Some((SubjectId::parse(&id).ok()?, SchemaRef::from_json(&i.schema, &ctx.own_source).ok()?))
        })
        .collect();
    schemas.load(ctx, elsewhere.values()).await?;
    Ok(elsewhere)
}
