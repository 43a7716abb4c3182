//! The default definition and value rules of [`super::PropertyType`]: string parts whose only
//! definition fields are `multiple` and `uniqueItems` ([`PropertyKind::Items`]), stored trimmed,
//! each part checked by the type's own test, and a JSON Schema array of strings. A type that is
//! "strings with a format" (`url`, `email`) writes only what differs.

use super::json_schema::{array, unique};
use super::Mismatched;
use crate::checks::codes::Code;
use crate::checks::{check_unique, is_blank, CheckContext, TypeRules, ValueCheck};
use crate::domain::schema::{put_flag, put_multiple, Fields, PropertyKind, Severity};
use crate::domain::trim::trim;
use serde_json::{json, Map, Value};

/// The fields of the types whose definitions are [`PropertyKind::Items`].
pub const ITEM_FIELDS: &[&str] = &["multiple", "uniqueItems"];

/// [`PropertyKind::Items`] as written.
pub fn parse_items(f: &mut Fields) -> PropertyKind {
    PropertyKind::Items { multiple: f.multiple(), unique_items: f.flag("uniqueItems") }
}

pub fn canonical_items(kind: &PropertyKind, out: &mut Map<String, Value>) {
    if let PropertyKind::Items { multiple, unique_items } = kind {
        put_multiple(out, multiple);
        put_flag(out, "uniqueItems", unique_items);
    }
}

/// An array of strings, each with JSON Schema's `format` when the type names one (for a type with
/// fields of its own, the fields' own keywords are its `json_schema`'s to add).
pub fn items_json_schema(kind: &PropertyKind, format: Option<&str>) -> Value {
    let mut item = json!({"type": "string"});
    if let Some(format) = format {
        item["format"] = format.into();
    }
    match kind {
        PropertyKind::Items { unique_items, .. } => unique(array(item, None), unique_items),
        PropertyKind::Own { .. } => array(item, None),
        _ => json!({}),
    }
}

/// The checks of an [`PropertyKind::Items`] type: each non-blank part must pass `valid` (else the
/// `invalid` code for that part), and `uniqueItems` compares trimmed parts.
pub struct ItemRules {
    pub unique: Option<Severity>,
    pub valid: fn(&str) -> bool,
    pub invalid: Code,
}

impl ItemRules {
    pub fn compile(kind: &PropertyKind, valid: fn(&str) -> bool, invalid: Code) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Items { unique_items, .. } => {
                Box::new(ItemRules { unique: unique_items.as_ref().map(|c| c.severity), valid, invalid })
            }
            _ => Box::new(Mismatched),
        }
    }
}

impl TypeRules for ItemRules {
    type Value<'a> = [&'a str];

    fn is_empty(parts: &[&str]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[&str], cx: &mut CheckContext) {
        for (i, part) in parts.iter().map(|p| trim(p)).enumerate() {
            if !part.is_empty() && !(self.valid)(part) {
                cx.fixed(self.invalid, vec![], Some(i));
            }
        }
        check_unique(self.unique, parts.iter().map(|p| trim(p)).filter(|p| !p.is_empty()), cx);
    }
}
