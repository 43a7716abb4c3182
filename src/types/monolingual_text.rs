//! `monolingualText`: text parts each tagged with a language.

use super::json_schema::{array, monolingual_part, unique};
use super::text::TEXT_FIELDS;
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::checks::lengths::Lengths;
use crate::checks::{check_single, check_unique, is_blank, single_only, CheckContext, TypeRules, ValueCheck};
use crate::domain::schema::{put_text_rules, Fields, PropertyDefinition, PropertyKind, Severity, TextRules};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::{MonolingualView, ValueView};
use crate::domain::trim::trim;
use crate::json::Json;
use crate::rdf_terms::Object;
use crate::value_forms::parts::{monolingual, parts};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

pub struct MonolingualText;

impl PropertyType for MonolingualText {
    fn name(&self) -> &'static str {
        "monolingualText"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Monolingual
    }

    fn checks_multiple(&self) -> bool {
        true
    }

    fn fields(&self) -> &'static [&'static str] {
        TEXT_FIELDS
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        PropertyKind::MonolingualText(f.text_rules())
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        if let PropertyKind::MonolingualText(r) = kind {
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
        Ok(ValueView::Monolingual(parts(self.name(), value, arena, |p| monolingual(p, arena))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::MonolingualText(r) => Box::new(Rules::compile(r)),
            _ => Box::new(Mismatched),
        }
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Monolingual(parts) => parts
                .iter()
                .map(|p| Object::LangLiteral { value: p.text.as_str().into(), language: p.language.as_str().into() })
                .collect(),
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Fixed
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        match &def.kind {
            PropertyKind::MonolingualText(r) => unique(array(monolingual_part(r), Some(&r.multiple)), &r.unique_items),
            _ => json!({}),
        }
    }
}

struct Rules {
    single: Option<Severity>,
    unique: Option<Severity>,
    lengths: Lengths,
}

impl Rules {
    fn compile(r: &TextRules) -> Self {
        Rules {
            single: single_only(&r.multiple),
            unique: r.unique_items.as_ref().map(|c| c.severity),
            lengths: Lengths::compile(r),
        }
    }
}

impl TypeRules for Rules {
    type Value<'a> = [MonolingualView<'a>];

    fn is_empty(parts: &[MonolingualView]) -> bool {
        parts.iter().all(|p| is_blank(p.text))
    }

    /// Parts repeat when text (trimmed) and language both repeat.
    fn check(&self, parts: &[MonolingualView], cx: &mut CheckContext) {
        check_single(self.single, parts.len(), cx);
        check_unique(self.unique, parts.iter().map(|p| (trim(p.text), p.language)), cx);
        self.lengths.check(parts.iter().map(|p| p.text), cx);
    }
}
