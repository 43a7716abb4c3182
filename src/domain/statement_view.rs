//! The borrowed form of a Statement: what write-time normalization makes of a parsed write and what
//! validation reads. Each string part borrows from the write (or from a stored Statement), and the
//! lists of string and monolingual parts live in an arena (`bumpalo::Bump`) the caller owns, so a
//! view allocates nothing per Statement. Relations, whose foreign targets own their strings, are an
//! [`ArenaVec`]: its memory is the arena's, and dropping it drops each relation. A part that
//! normalization changes (an e-mail domain lower-cased) is written into the same arena. A relation's
//! properties, a number and the value of an unregistered type stay what was written (or stored),
//! copied only by [`ValueView::into_owned`]; so relations are the only part a view drops, and
//! a view is small to move (normalization moves each Statement's view several times).

use super::ids::{RelationId, SubjectRef};
use super::language_tag::LanguageTagRef;
use super::relation_properties::RelationProperties;
use super::statement::{MonolingualPart, Relation, Statement, StatementValue};
use crate::json::{Json, JsonObject};
use bumpalo::Bump;
use serde_json::{Number, Value};

/// A vector in the caller's arena whose items need dropping (the Statements of a view, its
/// relations): nothing is asked of the global allocator, and a drop frees nothing but the items'
/// own heap parts.
pub type ArenaVec<'a, T> = bumpalo::collections::Vec<'a, T>;

/// A Statement whose parts borrow; see the module comment.
#[derive(Debug, Clone, PartialEq)]
pub struct StatementView<'a> {
    /// As in [`Statement::property_type`]: a registered type's name is the registry's own text
    /// (see [`crate::types::same_type_name`]), any other the text written or stored.
    pub property_type: &'a str,
    pub value: ValueView<'a>,
}

/// A [`StatementValue`] whose parts borrow.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueView<'a> {
    Strings(&'a [&'a str]),
    Number(&'a Number),
    Boolean(bool),
    /// Relations are an [`ArenaVec`]: a target of another source holds its own strings.
    Relations(ArenaVec<'a, RelationView<'a>>),
    Monolingual(&'a [MonolingualView<'a>]),
    Raw(RawView<'a>),
}

/// The value of an unregistered type, kept as it is: a write's, or a stored Statement's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RawView<'a> {
    Written(Json<'a>),
    Stored(&'a Value),
}

/// A relation whose properties borrow.
#[derive(Debug, Clone, PartialEq)]
pub struct RelationView<'a> {
    pub id: RelationId,
    pub target: SubjectRef,
    pub properties: PropertiesView<'a>,
}

/// A relation's properties: a write's object (checked to hold only strings, numbers and booleans), or
/// a stored relation's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PropertiesView<'a> {
    Written(JsonObject<'a>),
    Stored(&'a RelationProperties),
}

/// A monolingual part whose text and (checked, lower-case) language tag borrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MonolingualView<'a> {
    pub text: &'a str,
    pub language: LanguageTagRef<'a>,
}

impl ValueView<'_> {
    /// The number of value parts (targets for relations). Scalars and raw values count as one.
    pub fn part_count(&self) -> usize {
        match self {
            ValueView::Strings(v) => v.len(),
            ValueView::Relations(v) => v.len(),
            ValueView::Monolingual(v) => v.len(),
            ValueView::Number(_) | ValueView::Boolean(_) | ValueView::Raw(_) => 1,
        }
    }

    /// The stored form: each borrowed part copied once.
    pub fn into_owned(self) -> StatementValue {
        match self {
            ValueView::Strings(parts) => StatementValue::Strings(parts.iter().map(|p| (*p).to_owned()).collect()),
            ValueView::Monolingual(parts) => {
                StatementValue::Monolingual(parts.iter().copied().map(MonolingualView::to_part).collect())
            }
            ValueView::Number(n) => StatementValue::Number(n.clone()),
            ValueView::Boolean(b) => StatementValue::Boolean(b),
            ValueView::Relations(r) => StatementValue::Relations(r.into_iter().map(RelationView::into_owned).collect()),
            ValueView::Raw(RawView::Written(v)) => StatementValue::Raw(v.to_value()),
            ValueView::Raw(RawView::Stored(v)) => StatementValue::Raw(v.clone()),
        }
    }
}

impl MonolingualView<'_> {
    fn to_part(self) -> MonolingualPart {
        MonolingualPart { text: self.text.to_owned(), language: self.language.into_owned() }
    }
}

impl RelationView<'_> {
    fn into_owned(self) -> Relation {
        let properties = match self.properties {
            // A written object holds only scalars, which storage keeps as they are.
            PropertiesView::Written(o) => RelationProperties::stored(&o),
            PropertiesView::Stored(p) => p.clone(),
        };
        Relation { id: self.id, target: self.target, properties }
    }
}

impl StatementValue {
    /// This value with its parts borrowed, its part lists in `arena`, as validation reads it.
    pub fn view<'a>(&'a self, arena: &'a Bump) -> ValueView<'a> {
        match self {
            StatementValue::Strings(parts) => {
                ValueView::Strings(arena.alloc_slice_fill_iter(parts.iter().map(String::as_str)))
            }
            StatementValue::Monolingual(parts) => ValueView::Monolingual(arena.alloc_slice_fill_iter(
                parts.iter().map(|p| MonolingualView { text: &p.text, language: p.language.view() }),
            )),
            StatementValue::Number(n) => ValueView::Number(n),
            StatementValue::Boolean(b) => ValueView::Boolean(*b),
            StatementValue::Relations(r) => ValueView::Relations(ArenaVec::from_iter_in(
                r.iter().map(|r| RelationView {
                    id: r.id.clone(),
                    target: r.target.clone(),
                    properties: PropertiesView::Stored(&r.properties),
                }),
                arena,
            )),
            StatementValue::Raw(v) => ValueView::Raw(RawView::Stored(v)),
        }
    }
}

impl Statement {
    /// This Statement with its parts borrowed, its part lists in `arena`.
    pub fn view<'a>(&'a self, arena: &'a Bump) -> StatementView<'a> {
        StatementView { property_type: &self.property_type, value: self.value.view(arena) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists count their parts, whatever they hold; a scalar or raw value is one part.
    #[test]
    fn part_count() {
        let arena = Bump::new();
        let en = LanguageTagRef::parse_in("en", &arena).unwrap();
        let (one, list) = (Number::from(1), serde_json::json!([1, 2, 3]));
        let cases: [(ValueView, usize); 9] = [
            (ValueView::Strings(&[]), 0),
            (ValueView::Strings(&["a", "b"]), 2),
            (ValueView::Monolingual(&[MonolingualView { text: "a", language: en }]), 1),
            (ValueView::Relations(ArenaVec::new_in(&arena)), 0),
            (ValueView::Number(&one), 1),
            (ValueView::Boolean(false), 1),
            (ValueView::Raw(RawView::Stored(&Value::Null)), 1),
            (ValueView::Raw(RawView::Stored(&list)), 1),
            (ValueView::Raw(RawView::Written(Json::Array(&[Json::Null, Json::Bool(true)]))), 1),
        ];
        for (value, count) in cases {
            assert_eq!(value.part_count(), count, "{value:?}");
        }
    }
}
