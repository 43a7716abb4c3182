use super::bounds::Bounds;
use super::{CheckContext, TypeRules};
use crate::domain::schema::Constraint;
use serde_json::{Number, Value};
use std::cmp::Ordering;

/// A JSON number ordered exactly when both sides are integers, as `f64` otherwise.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ordered(Number);

fn integer(n: &Number) -> Option<i128> {
    n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from))
}

impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        match (integer(&self.0), integer(&other.0)) {
            (Some(a), Some(b)) => Some(a.cmp(&b)),
            _ => self.0.as_f64()?.partial_cmp(&other.0.as_f64()?),
        }
    }
}

pub(crate) struct Rules {
    bounds: Bounds<Ordered>,
}

impl Rules {
    pub fn compile(minimum: &Option<Constraint<Number>>, maximum: &Option<Constraint<Number>>) -> Self {
        Rules { bounds: Bounds::compile(minimum, maximum, |n: &Number| Some(Ordered(n.clone())), |n| Value::Number(n.clone())) }
    }
}

impl TypeRules for Rules {
    type Value = Number;

    fn is_empty(_: &Number) -> bool {
        false
    }

    fn check(&self, n: &Number, cx: &mut CheckContext) {
        self.bounds.check([Ordered(n.clone())], cx);
    }
}
