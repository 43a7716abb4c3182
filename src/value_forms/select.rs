//! Select write forms: an option id, an option label, or an `{id, label}` object.

use super::relation_parts::unknown_key;
use super::{NormalizeError, NormalizeErrorKind};
use crate::domain::schema::SelectOption;
use crate::domain::trim::trim;
use crate::json::Json;

/// The stored option id for one written part, borrowed from the options or the write; `None` drops
/// a blank part. Without `options` (no Schema, or the property is not a select) the written id, else
/// label, is kept as written.
pub fn resolve<'v>(part: &'v Json, options: Option<&'v [SelectOption]>) -> Result<Option<&'v str>, NormalizeError> {
    match part {
        Json::String(s) => Ok(blank_to_none(s).map(|s| by_label(s, options).unwrap_or(s))),
        Json::Object(o) => {
            if let Some(k) = unknown_key(o, &["id", "label"]) {
                return Err(NormalizeError::shape(format!(
                    "a select object has only \"id\" and \"label\", not \"{k}\""
                )));
            }
            if o.is_empty() {
                return Err(NormalizeError::shape("a select object needs an \"id\" or a \"label\""));
            }
            let field = |k: &str| match o.get(k) {
                None | Some(Json::Null) => Ok(None),
                Some(Json::String(s)) => Ok(blank_to_none(s)),
                Some(_) => Err(NormalizeError::shape(format!("a select object's \"{k}\" must be a string"))),
            };
            match (field("id")?, field("label")?) {
                (None, None) => Ok(None),
                (Some(id), None) => Ok(Some(id)),
                (None, Some(label)) => Ok(Some(by_label(label, options).unwrap_or(label))),
                (Some(id), Some(label)) => match options {
                    None => Ok(Some(id)),
                    Some(_) if by_label(label, options) == Some(id) => Ok(Some(id)),
                    Some(_) => Err(NormalizeError::new(
                        NormalizeErrorKind::SelectDisagrees,
                        format!("option id \"{id}\" and label \"{label}\" do not name the same option"),
                    )),
                },
            }
        }
        _ => Err(NormalizeError::shape("a select value part is an option id, a label or an {id, label} object")),
    }
}

fn blank_to_none(s: &str) -> Option<&str> {
    Some(trim(s)).filter(|s| !s.is_empty())
}

/// The option id a trimmed part names: itself when it is an id, else the id of the option whose
/// label matches case-insensitively.
fn by_label<'o>(part: &str, options: Option<&'o [SelectOption]>) -> Option<&'o str> {
    let options = options?;
    if let Some(o) = options.iter().find(|o| o.id == part) {
        return Some(&o.id);
    }
    let wanted = part.to_lowercase();
    options.iter().find(|o| o.label.trim().to_lowercase() == wanted).map(|o| o.id.as_str())
}
