//! The toolkit of the property types' compiled checks, below both the types (`crate::types`) and the
//! validator that runs them (`crate::validation`): the [`TypeRules`] a type compiles its definition
//! into, where violations go ([`CheckContext`], [`Violation`]), the violation code table (`codes`),
//! how relation targets resolve (`lookup`), and the checks several types share.

pub mod bounds;
pub mod codes;
pub mod lengths;
mod lookup;
pub mod relation;
pub mod url_pattern;
mod violation;

pub use lookup::{KnownTargets, SubjectLookup, TargetLookup, WithRequestSubjects};
pub use violation::Violation;

use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::maps::FastHashSet;
use crate::domain::schema::{Constraint, SchemaRef, Severity};
use crate::domain::statement_view::{MonolingualView, RelationView, ValueView};
use crate::domain::trim::trim;
use codes::Code;
use serde_json::{Number, Value};
use std::hash::Hash;

/// The checks of one property type, compiled from its definition. `Value<'a>` is the part of a
/// Statement value they read (`[&'a str]`, a number, ...), with string parts borrowed.
pub trait TypeRules: Send + Sync {
    type Value<'a>: ?Sized + ValueOfShape<'a>;

    /// Whether a stored value counts as no value for `required`.
    fn is_empty(value: &Self::Value<'_>) -> bool;

    fn check(&self, _value: &Self::Value<'_>, _cx: &mut CheckContext) {}
}

/// A type's compiled checks over any Statement value: what the validator holds per property.
pub trait ValueCheck: Send + Sync {
    /// Runs the checks on a non-empty value of the type's shape; false when the value counts as
    /// empty (a stored value that does not fit the type counts as empty).
    fn check_value(&self, value: &ValueView, cx: &mut CheckContext) -> bool;
}

impl<R: TypeRules> ValueCheck for R {
    fn check_value(&self, value: &ValueView, cx: &mut CheckContext) -> bool {
        let Some(v) = <R::Value<'_>>::of_shape(value) else { return false };
        let present = !R::is_empty(v);
        if present {
            self.check(v, cx);
        }
        present
    }
}

/// The part of a Statement value a type's checks read: `of_shape` finds it when the value has that
/// shape.
pub trait ValueOfShape<'a> {
    fn of_shape<'v>(value: &'v ValueView<'a>) -> Option<&'v Self>;
}

macro_rules! stored {
    ($t:ty, $variant:ident, $v:ident => $out:expr) => {
        impl<'a> ValueOfShape<'a> for $t {
            fn of_shape<'v>(value: &'v ValueView<'a>) -> Option<&'v Self> {
                match value {
                    ValueView::$variant($v) => Some($out),
                    _ => None,
                }
            }
        }
    };
}

stored!([&'a str], Strings, v => *v);
stored!([RelationView<'a>], Relations, v => v.as_slice());
stored!([MonolingualView<'a>], Monolingual, v => *v);
stored!(Number, Number, n => n);
stored!(bool, Boolean, b => b);

/// Resolves relation targets, answering for the validated Subject itself.
pub struct Targets<'a> {
    pub lookup: &'a dyn SubjectLookup,
    pub own_id: &'a SubjectId,
    pub own_schema: &'a SchemaRef,
}

impl Targets<'_> {
    pub fn resolve(&self, target: &SubjectRef) -> TargetLookup {
        if target.local() == Some(self.own_id) {
            return TargetLookup::Found { schema: self.own_schema.clone() };
        }
        self.lookup.target(target)
    }
}

/// Where one property's violations go.
pub struct CheckContext<'a> {
    pub property: &'a str,
    pub out: &'a mut Vec<Violation>,
    pub targets: &'a Targets<'a>,
}

impl CheckContext<'_> {
    pub fn push(&mut self, code: Code, severity: Severity, args: Vec<Value>, part: Option<usize>) {
        self.out.push(Violation {
            property_name: Some(self.property.to_owned()),
            code,
            args,
            severity,
            value_part_index: part,
            subject_id: None,
        });
    }

    pub fn fixed(&mut self, code: Code, args: Vec<Value>, part: Option<usize>) {
        let v = Violation::fixed(code, Some(self.property), args);
        self.push(code, v.severity, v.args, part);
    }
}

/// `multiple` constrains only when false: the severity of `single-value-only`, if it applies.
pub fn single_only(multiple: &Constraint<bool>) -> Option<Severity> {
    (!multiple.value).then_some(multiple.severity)
}

pub fn check_single(single: Option<Severity>, count: usize, cx: &mut CheckContext) {
    if let Some(severity) = single.filter(|_| count > 1) {
        cx.push(Code::SINGLE_VALUE_ONLY, severity, vec![], None);
    }
}

pub fn check_unique<T: Eq + Hash + Copy>(
    unique: Option<Severity>,
    items: impl Iterator<Item = T> + Clone,
    cx: &mut CheckContext,
) {
    if let Some(severity) = unique.filter(|_| repeats(items)) {
        cx.push(Code::UNIQUE, severity, vec![], None);
    }
}

/// Whether an item repeats. The first few items, the common case, are kept on the stack and compared
/// pairwise without allocating; beyond them every item goes through a set, so a long value stays
/// linear. Each item is computed once (or twice past the first few).
fn repeats<T: Eq + Hash + Copy>(items: impl Iterator<Item = T> + Clone) -> bool {
    const ON_STACK: usize = 16;
    let mut seen: [Option<T>; ON_STACK] = [None; ON_STACK];
    for (i, item) in items.clone().enumerate() {
        if i == ON_STACK {
            let mut set = FastHashSet::default();
            let mut all = items;
            return !all.all(|i| set.insert(i));
        }
        if seen[..i].contains(&Some(item)) {
            return true;
        }
        seen[i] = Some(item);
    }
    false
}

pub fn is_blank(s: &str) -> bool {
    trim(s).is_empty()
}

#[cfg(test)]
mod tests {
    use super::repeats;

    #[test]
    fn a_repeat_is_found_pairwise_and_through_the_set_alike() {
        let many: Vec<String> = (0..40).map(|i| format!("p{i}")).collect();
        let cases: Vec<(Vec<&str>, bool)> = vec![
            (vec![], false),
            (vec!["a"], false),
            (vec!["a", "b"], false),
            (vec!["a", "a"], true),
            (vec!["a", "b", "c", "b"], true),
            (many.iter().map(String::as_str).collect(), false),
            (many.iter().map(String::as_str).chain(["p39"]).collect(), true),
            (["x"].into_iter().chain(many.iter().map(String::as_str)).chain(["x"]).collect(), true),
        ];
        for (items, want) in cases {
            assert_eq!(repeats(items.iter()), want, "{items:?}");
        }
    }
}
