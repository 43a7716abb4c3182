//! One Statement value from its write form to its stored form, through its registered type.

use crate::domain::schema::PropertyDefinition;
use crate::domain::statement_view::{RawView, StatementView, ValueView};
use crate::json::Json;
use crate::types;
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;

/// The stored Statement of `type_name` with value `v` (its strings borrowed from `v` and `def`), or
/// `None` when the value is empty for its type (the Statement is dropped). `def` is the Schema's
/// definition of the property, used to resolve select labels. Part lists go into `arena`. A value of
/// an unregistered type is kept as written.
pub(super) fn normalize_value<'v>(
    type_name: &'v str,
    v: &'v Json,
    def: Option<&'v PropertyDefinition>,
    arena: &'v Bump,
    ctx: &mut WriteContext,
) -> Result<Option<StatementView<'v>>, NormalizeError> {
    if v.is_null() {
        return Ok(None);
    }
    let registered = types::lookup(type_name);
    let value = match registered {
        None => ValueView::Raw(RawView::Written(*v)),
        Some(t) => t.normalize(v, def, arena, ctx)?,
    };
    Ok((value.part_count() > 0)
        .then(|| StatementView { property_type: registered.map_or(type_name, |t| t.name()), value }))
}
