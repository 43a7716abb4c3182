//! The property-type registry. Each type is one file implementing [`PropertyType`], which holds all
//! a type means: its definition fields (parsing and canonical output), write normalization, the
//! compiled checks and what counts as empty, its RDF objects, its graph value and its JSON Schema
//! fragment. [`REGISTRY`] lists every type once; the layers look types up here by name, and the
//! docs tests read the table.
//!
//! A type file uses the toolkits of the layers it speaks for (`Fields` for definitions,
//! `value_forms::parts` for values, `checks` for checks, `rdf_terms::values` for
//! objects), so adding a type is one file plus its line in [`REGISTRY`].

mod boolean;
pub mod codes;
mod date;
mod date_time;
mod email;
mod items;
pub mod json_schema;
mod monolingual_text;
mod number;
mod relation;
mod schema_json;
mod select;
mod temporal;
mod text;
mod time;
mod url;

pub use schema_json::{CanonicalJson, ReadSchema};

use crate::checks::codes::Code;
use crate::checks::{TypeRules, ValueCheck};
use crate::domain::schema::{Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::graph_values;
use crate::graph_values::param::Param;
use crate::json::Json;
use crate::rdf_terms::Object;
use crate::value_forms::parts::{parts, string_part};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::sync::LazyLock;

/// How a Statement of a type stores its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueShape {
    /// An array of strings, one per value part.
    Strings,
    /// One JSON number.
    Number,
    /// One boolean.
    Boolean,
    /// An array of relation objects.
    Relations,
    /// An array of `{text, language}` objects.
    Monolingual,
}

/// What a Mapping's `lang` and `datatype` may change on a type's RDF objects in an ontology
/// projection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MappedLiteral {
    /// Plain string literals: `lang` or `datatype` applies.
    LangOrDatatype,
    /// Typed literals: only `datatype` applies.
    Datatype,
    /// IRIs or literals that carry their own tag or datatype: neither applies.
    Fixed,
}

/// One RDF object per part of a value of string parts; nothing for a value of another shape.
pub(crate) fn objects_of_parts<'a>(
    value: &'a StatementValue,
    object: impl Fn(&'a str) -> Object<'a>,
) -> Vec<Object<'a>> {
    match value {
        StatementValue::Strings(parts) => parts.iter().map(|p| object(p)).collect(),
        _ => vec![],
    }
}

/// The objects of a Statement read with the writer's type `ty`, one per value part, through the
/// type's `rdf_objects`. A part repeated in the value (stored as written, reported by `uniqueItems`)
/// is one triple, so it is given once.
pub fn statement_objects<'a>(
    ty: &dyn PropertyType,
    value: &'a StatementValue,
    definition: &'a PropertyDefinition,
) -> Vec<Object<'a>> {
    let mut unique: Vec<Object<'a>> = Vec::new();
    for object in ty.rdf_objects(value, definition) {
        if !unique.contains(&object) {
            unique.push(object);
        }
    }
    unique
}

/// One property type.
pub trait PropertyType: Sync {
    /// The name Schemas and Statements use.
    fn name(&self) -> &'static str;

    /// How its Statements store their value (also how a stored value is read back). Default: strings.
    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    /// Whether the `multiple` Constraint is checked for this type.
    fn checks_multiple(&self) -> bool {
        false
    }

    /// The definition fields of this type, besides `type`, `description`, `required` and `default`.
    /// Default: `multiple` and `uniqueItems`.
    fn fields(&self) -> &'static [&'static str] {
        items::ITEM_FIELDS
    }

    /// Reads the type's fields of a definition; problems go to `f`'s errors. A type with fields of
    /// its own that no shared variant holds answers [`PropertyKind::Own`] (`Fields::own`).
    fn parse(&self, f: &mut Fields) -> PropertyKind {
        items::parse_items(f)
    }

    /// Writes the type's fields of a definition in canonical form.
    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        items::canonical_items(kind, out)
    }

    /// The stored form of a non-null write value. `def` is the Schema's definition, if any.
    /// Default: string parts, trimmed.
    fn normalize<'v>(
        &self,
        value: &'v Json,
        _def: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        _ctx: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Strings(parts(self.name(), value, arena, |p| string_part(self.name(), p, true))?))
    }

    /// The checks of a definition, compiled once.
    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck>;

    /// The violation codes only this type reports, declared in its file (`types::codes::all` lists
    /// them after validation's own). Default: none.
    fn codes(&self) -> &[Code] {
        &[]
    }

    /// The RDF objects of a value read with this type, one per value part; nothing for a value of
    /// another shape. Relations give none here: the projections emit their two layers themselves.
    /// Default: a plain string literal per part.
    fn rdf_objects<'a>(&self, value: &'a StatementValue, _def: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, Object::string)
    }

    /// Default: plain string literals, which a Mapping's `lang` or `datatype` may change.
    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::LangOrDatatype
    }

    /// The graph node properties of a non-relation value under the node property `key`; `many`
    /// when the Schema declares the property `multiple`.
    fn graph_values<'a>(
        &self,
        key: Cow<'a, str>,
        value: &'a StatementValue,
        many: bool,
    ) -> Vec<(Cow<'a, str>, Param<'a>)> {
        graph_values::node_values(key, value, many)
    }

    /// JSON Schema's `format` of a part, for the default [`PropertyType::json_schema`].
    fn string_format(&self) -> Option<&'static str> {
        None
    }

    /// The JSON Schema of a Statement `value` of this definition. Default: an array of strings.
    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        items::items_json_schema(&def.kind, self.string_format())
    }
}

/// What a definition whose fields belong to another type compiles to (such a definition is only
/// ever built by hand, never parsed): no checks, and no value counts as present.
struct Mismatched;

impl TypeRules for Mismatched {
    type Value<'a> = [&'a str];

    fn is_empty(_: &[&str]) -> bool {
        true
    }
}

/// Every registered type, in the order the docs list them.
pub static REGISTRY: &[&dyn PropertyType] = &[
    &text::Text,
    &monolingual_text::MonolingualText,
    &url::Url,
    &number::Number,
    &select::Select,
    &relation::Relation,
    &boolean::Boolean,
    &date::DATE,
    &date_time::DATE_TIME,
    &email::Email,
    &time::Time,
];

/// The names of [`REGISTRY`]'s types in its order, read once: [`lookup`] runs for every Statement
/// and compares names without a call through each type.
static NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| REGISTRY.iter().map(|t| t.name()).collect());

/// The registered type of that name.
pub fn lookup(name: &str) -> Option<&'static dyn PropertyType> {
    NAMES.iter().position(|n| *n == name).map(|i| REGISTRY[i])
}

/// A Statement's `propertyType` as stored: the `registered` type's own name (nothing allocated),
/// else the name as `written`.
pub fn stored_type_name(registered: Option<&'static dyn PropertyType>, written: &str) -> Cow<'static, str> {
    registered.map_or_else(|| Cow::Owned(written.to_owned()), |t| Cow::Borrowed(t.name()))
}

/// Whether two type names are the same. Names from [`stored_type_name`] of a registered type are
/// the registry's own text, so the same name is usually the same address and no byte is compared.
pub fn same_type_name(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

#[cfg(test)]
mod new_type_tests;
#[cfg(test)]
mod tests;
