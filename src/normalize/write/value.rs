//! One Statement value from its write form to its stored form, through its registered type.

use super::super::{NormalizeError, WriteContext};
use crate::domain::schema::PropertyDefinition;
use crate::domain::statement::StatementValue;
use crate::json::Json;
use crate::types;

/// The stored value, or `None` when the value is empty for its type (the Statement is dropped).
/// `def` is the Schema's definition of the property, used to resolve select labels. A value of an
/// unregistered type is kept as written.
pub(super) fn normalize_value(type_name: &str, v: &Json, def: Option<&PropertyDefinition>, ctx: &mut WriteContext) -> Result<Option<StatementValue>, NormalizeError> {
    if v.is_null() {
        return Ok(None);
    }
    let Some(t) = types::lookup(type_name) else { return Ok(Some(StatementValue::Raw(v.to_value()))) };
    let value = t.normalize(v, def, ctx)?;
    Ok((value.part_count() > 0).then_some(value))
}
