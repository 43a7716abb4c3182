//! `url`: web addresses, stored trimmed; an absolute IRI becomes an IRI object in RDF.

use super::json_schema::{array, unique};
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::domain::schema::{put_flag, put_multiple, Fields, PropertyDefinition, PropertyKind, Severity};
use crate::domain::statement::StatementValue;
use crate::json::Json;
use crate::normalize::parts::{parts, string_part};
use crate::normalize::{NormalizeError, WriteContext};
use crate::rdf::values::url;
use crate::rdf::Object;
use crate::validation::types::url_pattern::is_valid_url;
use crate::validation::types::{check_unique, is_blank, CheckContext, TypeRules, ValueCheck};
use crate::validation::Code;
use serde_json::{json, Map, Value};

pub struct Url;

/// The fields of the types whose definitions are [`PropertyKind::Items`].
pub(super) const ITEM_FIELDS: &[&str] = &["multiple", "uniqueItems"];

/// [`PropertyKind::Items`] as written.
pub(super) fn parse_items(f: &mut Fields) -> PropertyKind {
    PropertyKind::Items { multiple: f.multiple(), unique_items: f.flag("uniqueItems") }
}

pub(super) fn canonical_items(kind: &PropertyKind, out: &mut Map<String, Value>) {
    if let PropertyKind::Items { multiple, unique_items } = kind {
        put_multiple(out, multiple);
        put_flag(out, "uniqueItems", unique_items);
    }
}

impl PropertyType for Url {
    fn name(&self) -> &'static str {
        "url"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    fn fields(&self) -> &'static [&'static str] {
        ITEM_FIELDS
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        parse_items(f)
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        canonical_items(kind, out);
    }

    fn normalize(&self, value: &Json, _: Option<&PropertyDefinition>, _: &mut WriteContext) -> Result<StatementValue, NormalizeError> {
        Ok(StatementValue::Strings(parts(self.name(), value, |p| string_part(self.name(), p, true))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        ItemRules::compile(kind, is_valid_url, Code::InvalidUrl)
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Strings(parts) => parts.iter().map(|p| url(p)).collect(),
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Fixed
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        match &def.kind {
            PropertyKind::Items { unique_items, .. } => unique(array(json!({"type": "string"}), None), unique_items),
            _ => json!({}),
        }
    }
}

/// The checks of an [`PropertyKind::Items`] type: each non-blank part must pass `valid` (else the
/// `invalid` code for that part), and `uniqueItems` compares trimmed parts.
pub(super) struct ItemRules {
    pub unique: Option<Severity>,
    pub valid: fn(&str) -> bool,
    pub invalid: Code,
}

impl ItemRules {
    pub fn compile(kind: &PropertyKind, valid: fn(&str) -> bool, invalid: Code) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Items { unique_items, .. } => Box::new(ItemRules { unique: unique_items.as_ref().map(|c| c.severity), valid, invalid }),
            _ => Box::new(Mismatched),
        }
    }
}

impl TypeRules for ItemRules {
    type Value = [String];

    fn is_empty(parts: &[String]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[String], cx: &mut CheckContext) {
        for (i, part) in parts.iter().enumerate() {
            if !is_blank(part) && !(self.valid)(part.trim()) {
                cx.fixed(self.invalid, vec![], Some(i));
            }
        }
        check_unique(self.unique, parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()), cx);
    }
}
