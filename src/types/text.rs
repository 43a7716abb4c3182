//! `text`: one or more plain strings, stored as written (whitespace-only parts dropped).

use super::json_schema::{array, length_bounds, unique};
use super::{Mismatched, PropertyType};
use crate::checks::lengths::Lengths;
use crate::checks::{check_unique, is_blank, CheckContext, TypeRules, ValueCheck};
use crate::domain::schema::{put_text_rules, Fields, PropertyDefinition, PropertyKind, Severity, TextRules};
use crate::domain::statement_view::ValueView;
use crate::domain::trim::trim;
use crate::json::Json;
use crate::value_forms::parts::{parts, string_part};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

pub struct Text;

/// The `text` and `monolingualText` fields.
pub(super) const TEXT_FIELDS: &[&str] = &["multiple", "uniqueItems", "minLength", "maxLength"];

impl PropertyType for Text {
    fn name(&self) -> &'static str {
        "text"
    }

    fn fields(&self) -> &'static [&'static str] {
        TEXT_FIELDS
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        PropertyKind::Text(f.text_rules())
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        if let PropertyKind::Text(r) = kind {
            put_text_rules(out, r);
        }
    }

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Strings(parts(self.name(), value, arena, |p| string_part(self.name(), p, false))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Text(r) => Box::new(Rules::compile(r)),
            _ => Box::new(Mismatched),
        }
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        match &def.kind {
            PropertyKind::Text(r) => unique(array(length_bounds(json!({"type": "string"}), r), None), &r.unique_items),
            _ => json!({}),
        }
    }
}

struct Rules {
    unique: Option<Severity>,
    lengths: Lengths,
}

impl Rules {
    fn compile(r: &TextRules) -> Self {
        Rules { unique: r.unique_items.as_ref().map(|c| c.severity), lengths: Lengths::compile(r) }
    }
}

impl TypeRules for Rules {
    type Value<'a> = [&'a str];

    fn is_empty(parts: &[&str]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    /// Duplicates compare trimmed parts; `multiple` is not checked for text.
    fn check(&self, parts: &[&str], cx: &mut CheckContext) {
        check_unique(self.unique, parts.iter().map(|p| trim(p)).filter(|p| !p.is_empty()), cx);
        self.lengths.check(parts.iter().map(|p| &**p), cx);
    }
}
