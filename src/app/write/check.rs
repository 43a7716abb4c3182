//! The checks of a Subject write: violations before and after, Dependent-Subject rules, enforcement.

use super::dependent_rules::dependent_rules;
use super::lookup::IndexLookup;
use crate::app::error::{ApiError, ErrorKind};
use crate::app::view::Schemas;
use crate::app::Scope;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::SchemaRef;
use crate::host::Host;
use crate::normalize::SchemaLookup;
use crate::validation::dependents::reached_dependents;
use crate::validation::enforcement::introduces_new_errors;
use crate::validation::{validate_subject, SubjectInput, Violation, WithRequestSubjects};
use serde_json::Value;
use std::collections::HashMap;

/// Removes the Dependent Subjects no standalone Subject reaches any more, except those the request
/// writes (an unreached one of those refuses the write instead). Returns the removed IDs.
pub fn drop_unreached_dependents(page: &mut PageContent, schemas: &Schemas, written: &[SubjectId]) -> Vec<SubjectId> {
    let reached = reached_dependents(page, schemas);
    let gone: Vec<SubjectId> = page
        .subjects
        .iter()
        .filter(|(id, s)| {
            schemas.schema(&s.schema).is_some_and(|sc| sc.subjects_are_dependent)
                && !reached.contains(*id)
                && !written.contains(id)
        })
        .map(|(id, _)| id.clone())
        .collect();
    for id in &gone {
        page.subjects.shift_remove(id);
    }
    gone
}

/// The violations of one Subject of `page`, relations to `request` Subjects counting as found.
pub async fn validate_one<H: Host>(
    ctx: &Scope<'_, H>,
    page: &PageContent,
    id: &SubjectId,
    schemas: &Schemas,
    request: &HashMap<SubjectId, SchemaRef>,
) -> Result<Vec<Violation>, ApiError> {
    let Some(subject) = page.subjects.get(id) else { return Ok(vec![]) };
    let lookup = IndexLookup::for_subjects(ctx, [subject]).await?;
    let with = WithRequestSubjects { stored: &lookup, request };
    let arena = bumpalo::Bump::new();
    let view = subject.view(&arena);
    let input = SubjectInput { id, subject: &view, is_main: page.main_subject.as_ref() == Some(id) };
    Ok(validate_subject(input, schemas, &with))
}

/// Checks a write that turns `before` into `after`. `written` lists the Subjects the request writes,
/// the one it is about first. Answers that Subject's violations, or the 422 refusal: Dependent-Subject
/// rules the write breaks refuse it always; new `error` violations refuse it under enforcement (the
/// only case that needs the stored Subjects' violations).
pub async fn check<H: Host>(
    ctx: &Scope<'_, H>,
    before: &PageContent,
    after: &PageContent,
    schemas: &Schemas,
    written: &[SubjectId],
) -> Result<Vec<Violation>, ApiError> {
    let request: HashMap<SubjectId, SchemaRef> =
        written.iter().filter_map(|id| after.subjects.get(id).map(|s| (id.clone(), s.schema.clone()))).collect();
    let none = HashMap::new();
    let (mut proposed, mut stored, mut own) = (Vec::new(), Vec::new(), Vec::new());
    for (i, id) in written.iter().enumerate() {
        let tag = |vs: Vec<Violation>| -> Vec<Violation> {
            if i == 0 {
                vs
            } else {
                vs.into_iter().map(|v| v.on_subject(id)).collect()
            }
        };
        let now = tag(validate_one(ctx, after, id, schemas, &request).await?);
        if i == 0 {
            own.clone_from(&now);
        }
        proposed.extend(now);
        if ctx.settings.enforce_validation {
            stored.extend(tag(validate_one(ctx, before, id, schemas, &none).await?));
        }
    }
    let rules = dependent_rules(ctx, before, after, schemas).await?;
    if !rules.broken.is_empty() {
        proposed.extend(rules.after);
        return Err(refusal(
            ErrorKind::DependentSubjectRules,
            "The write breaks the Dependent-Subject rules.",
            &proposed,
        ));
    }
    if ctx.settings.enforce_validation && introduces_new_errors(&stored, &proposed) {
        return Err(refusal(
            ErrorKind::ValidationFailed,
            "The write introduces new violations of severity error.",
            &proposed,
        ));
    }
    Ok(own)
}

fn refusal(kind: ErrorKind, message: &str, violations: &[Violation]) -> ApiError {
    let list: Vec<Value> = violations.iter().map(Violation::to_json).collect();
    ApiError::new(kind, message).with("status", "refused").with("violations", list)
}
