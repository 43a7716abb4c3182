//! Path parameters that name Subjects and pages.

use super::context::Ctx;
use crate::app::error::{subject_not_found, ApiError, ErrorKind};
use crate::domain::ids::{SubjectId, SubjectRef};

/// The Subject the path names. This wiki's source key may prefix it; a Subject of another source is
/// never stored here, so it is not found.
pub fn subject_param<H>(ctx: &Ctx<'_, H>) -> Result<SubjectId, ApiError> {
    let raw = ctx.param("subjectId");
    match SubjectRef::parse(raw, &ctx.own_source) {
        Ok(SubjectRef::Local(id)) => Ok(id),
        Ok(SubjectRef::Foreign { .. }) => Err(subject_not_found(raw)),
        Err(e) => Err(ApiError::new(ErrorKind::InvalidSubjectId, format!("{e}."))),
    }
}

pub fn page_param<H>(ctx: &Ctx<'_, H>) -> Result<u64, ApiError> {
    let raw = ctx.param("pageId");
    // Positive and within i64, as the route table declares (`routes::POSITIVE`).
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(|id| id as u64)
        .ok_or_else(|| ApiError::parameter(format!("The page ID \"{raw}\" is not a positive integer.")))
}
