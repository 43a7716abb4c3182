//! Value parts, strings, relation objects and monolingual parts from their write form to their
//! stored form.

use super::relation_parts::{MONOLINGUAL_KEYS, RELATION_KEYS};
use super::{NormalizeError, NormalizeErrorKind, WriteContext};
use crate::domain::ids::{RelationId, SubjectRef};
use crate::domain::language_tag::LanguageTagRef;
use crate::domain::relation_properties::RelationProperties;
use crate::domain::statement_view::{ArenaVec, MonolingualView, PropertiesView, RelationView};
use crate::domain::trim::trim;
use crate::json::{Json, JsonObject};
use bumpalo::Bump;

/// A value of the wrong JSON kind for its type.
pub fn expected(type_name: &str, what: &str) -> NormalizeError {
    NormalizeError::shape(format!("a {type_name} value must be {what}"))
}

/// Normalizes each part of an array value into `out`; a part normalized to `None` is dropped.
fn each_part<'v, T>(
    type_name: &str,
    v: &'v Json,
    mut one: impl FnMut(&'v Json) -> Result<Option<T>, NormalizeError>,
    mut out: impl FnMut(T),
) -> Result<(), NormalizeError> {
    let arr = v.as_array().ok_or_else(|| expected(type_name, "an array of value parts"))?;
    for (i, p) in arr.iter().enumerate() {
        match one(p) {
            Ok(Some(part)) => out(part),
            Ok(None) => {}
            Err(e) => return Err(NormalizeError { reason: format!("value part {i}: {}", e.reason), ..e }),
        }
    }
    Ok(())
}

/// [`each_part`] into a list in `arena`, for parts that need no dropping (borrowed strings).
pub fn parts<'v, T: Copy>(
    type_name: &str,
    v: &'v Json,
    arena: &'v Bump,
    one: impl FnMut(&'v Json) -> Result<Option<T>, NormalizeError>,
) -> Result<&'v [T], NormalizeError> {
    let mut out = bumpalo::collections::Vec::with_capacity_in(part_count(v), arena);
    each_part(type_name, v, one, |part| out.push(part))?;
    Ok(out.into_bump_slice())
}

/// [`each_part`] into an [`ArenaVec`], for parts that own something (relations).
pub fn owned_parts<'v, T>(
    type_name: &str,
    v: &'v Json,
    arena: &'v Bump,
    one: impl FnMut(&'v Json) -> Result<Option<T>, NormalizeError>,
) -> Result<ArenaVec<'v, T>, NormalizeError> {
    let mut out = ArenaVec::with_capacity_in(part_count(v), arena);
    each_part(type_name, v, one, |part| out.push(part))?;
    Ok(out)
}

fn part_count(v: &Json) -> usize {
    v.as_array().map_or(0, <[Json]>::len)
}

/// A string part, borrowed from the write: whitespace-only parts are dropped; `trim` stores the rest
/// trimmed, otherwise as written.
pub fn string_part<'v>(type_name: &str, p: &'v Json, trim: bool) -> Result<Option<&'v str>, NormalizeError> {
    let s = p.as_str().ok_or_else(|| NormalizeError::shape(format!("a {type_name} value part must be a string")))?;
    let trimmed = crate::domain::trim::trim(s);
    Ok((!trimmed.is_empty()).then_some(if trim { trimmed } else { s }))
}

/// The members of a value part that must be an object with only the `keys`, read in one pass: each
/// key's value (`None` when absent), in the order of `keys`; `what` names the part in errors. The
/// first member whose key is not one of them refuses the part.
fn part_fields<'v, const N: usize>(
    p: &'v Json<'v>,
    what: &str,
    keys: &[&str; N],
) -> Result<[Option<&'v Json<'v>>; N], NormalizeError> {
    let o = p
        .as_object()
        .ok_or_else(|| NormalizeError::shape(format!("a {what} must be an object with {}", keys.join(", "))))?;
    let mut fields = [None; N];
    for (k, v) in o {
        match keys.iter().position(|key| *key == k) {
            Some(i) => fields[i] = Some(v),
            None => return Err(NormalizeError::shape(format!("a {what} has only {}, not \"{k}\"", keys.join(", ")))),
        }
    }
    Ok(fields)
}

/// A required string field of a value-part object.
fn string_field<'v>(field: Option<&'v Json>, what: &str, key: &str) -> Result<&'v str, NormalizeError> {
    field.and_then(Json::as_str).ok_or_else(|| NormalizeError::shape(format!("a {what} needs a string \"{key}\"")))
}

pub fn relation<'v>(p: &'v Json, ctx: &mut WriteContext) -> Result<Option<RelationView<'v>>, NormalizeError> {
    let [id, target, properties] = part_fields(p, "relation object", &RELATION_KEYS)?;
    let target = trim(string_field(target, "relation object", "target")?);
    if target.is_empty() {
        return Ok(None);
    }
    let target =
        SubjectRef::parse(target, ctx.own_source).map_err(|e| NormalizeError::shape(format!("target: {e}")))?;
    let id = match id {
        None | Some(Json::Null) => ctx.minter.relation_id(ctx.now_ms),
        Some(Json::String(s)) => RelationId::parse(s).map_err(|e| NormalizeError::shape(format!("id: {e}")))?,
        Some(_) => return Err(NormalizeError::shape("a relation id must be a string")),
    };
    let properties = match properties {
        None | Some(Json::Null) => JsonObject::default(),
        Some(props) => *props.as_object().filter(|o| RelationProperties::all_written(o)).ok_or_else(|| {
            NormalizeError::shape("relation properties must be an object of strings, numbers and booleans")
        })?,
    };
    Ok(Some(RelationView { id, target, properties: PropertiesView::Written(properties) }))
}

/// A monolingual part: text trimmed (borrowed), tag lower-cased (into `arena` when it was not). An
/// empty text drops the part before its tag is looked at.
pub fn monolingual<'v>(p: &'v Json, arena: &'v Bump) -> Result<Option<MonolingualView<'v>>, NormalizeError> {
    let [text, language] = part_fields(p, "monolingualText part", &MONOLINGUAL_KEYS)?;
    let text = trim(string_field(text, "monolingualText part", "text")?);
    if text.is_empty() {
        return Ok(None);
    }
    let tag = string_field(language, "monolingualText part", "language")?;
    let Some(language) = LanguageTagRef::parse_in(tag, arena) else {
        let shown: String = tag.chars().take(40).collect();
        return Err(NormalizeError::new(
            NormalizeErrorKind::InvalidLanguageTag,
            format!("\"{shown}\" is not a valid language tag"),
        ));
    };
    Ok(Some(MonolingualView { text, language }))
}
