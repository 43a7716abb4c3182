//! Inclusive `minimum`/`maximum` bounds, parsed once, shared by number, date and dateTime, and the
//! rules date and dateTime share.

use super::{is_blank, CheckContext, TypeRules};
use crate::checks::codes::Code;
use crate::domain::schema::{Constraint, Severity};
use crate::domain::trim::trim;
use serde_json::Value;

pub struct Bound<T> {
    at: T,
    /// The bound as the Schema writes it, reported in `args`.
    arg: Value,
    severity: Severity,
}

pub struct Bounds<T> {
    min: Option<Bound<T>>,
    max: Option<Bound<T>>,
}

impl<T: PartialOrd> Bounds<T> {
    pub fn compile<X>(
        min: &Option<Constraint<X>>,
        max: &Option<Constraint<X>>,
        parse: impl Fn(&X) -> Option<T>,
        arg: impl Fn(&X) -> Value,
    ) -> Self {
        let one = |c: &Option<Constraint<X>>| {
            let c = c.as_ref()?;
            Some(Bound { at: parse(&c.value)?, arg: arg(&c.value), severity: c.severity })
        };
        Bounds { min: one(min), max: one(max) }
    }

    /// Reports at most one `min-value` and one `max-value` for the property.
    pub fn check(&self, values: impl IntoIterator<Item = T>, cx: &mut CheckContext) {
        self.report(self.hits(values), cx);
    }

    /// Whether any value is below the minimum and whether any is above the maximum.
    fn hits(&self, values: impl IntoIterator<Item = T>) -> (bool, bool) {
        let (mut below, mut above) = (false, false);
        for v in values {
            below |= self.min.as_ref().is_some_and(|b| v < b.at);
            above |= self.max.as_ref().is_some_and(|b| v > b.at);
        }
        (below, above)
    }

    fn report(&self, (below, above): (bool, bool), cx: &mut CheckContext) {
        for (hit, bound, code) in [(below, &self.min, Code::MIN_VALUE), (above, &self.max, Code::MAX_VALUE)] {
            if let Some(b) = bound.as_ref().filter(|_| hit) {
                cx.push(code, b.severity, vec![b.arg.clone()], None);
            }
        }
    }
}

/// The rules of `date` and `dateTime`: parts parsed by `parse`, bounds parsed the same way.
pub struct TemporalRules<T> {
    bounds: Bounds<T>,
    parse: fn(&str) -> Option<T>,
    invalid: Code,
}

impl<T: PartialOrd> TemporalRules<T> {
    pub fn compile(
        minimum: &Option<Constraint<String>>,
        maximum: &Option<Constraint<String>>,
        parse: fn(&str) -> Option<T>,
        invalid: Code,
    ) -> Self {
        let bounds = Bounds::compile(minimum, maximum, |s: &String| parse(s), |s| Value::from(s.as_str()));
        TemporalRules { bounds, parse, invalid }
    }
}

impl<T: PartialOrd + Send + Sync> TypeRules for TemporalRules<T> {
    type Value<'a> = [&'a str];

    fn is_empty(parts: &[&str]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    /// One `invalid` violation for the property when any part does not parse, reported before the
    /// bounds the parts that parse cross; each part is parsed once and nothing is collected.
    fn check(&self, parts: &[&str], cx: &mut CheckContext) {
        let mut any_invalid = false;
        let parsed = parts.iter().filter(|p| !is_blank(p)).filter_map(|part| {
            let t = (self.parse)(trim(part));
            any_invalid |= t.is_none();
            t
        });
        let hits = self.bounds.hits(parsed);
        if any_invalid {
            cx.fixed(self.invalid, vec![], None);
        }
        self.bounds.report(hits, cx);
    }
}
