//! `number`: one JSON number, with inclusive bounds compared exactly for integers.

use super::json_schema::put;
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::checks::bounds::Bounds;
use crate::checks::{CheckContext, TypeRules, ValueCheck};
use crate::domain::schema::{put_valued, Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::json::Json;
use crate::rdf_terms::values::number;
use crate::rdf_terms::Object;
use crate::value_forms::parts::expected;
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Number as JsonNumber, Value};
use std::cmp::Ordering;

pub struct Number;

impl PropertyType for Number {
    fn name(&self) -> &'static str {
        "number"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Number
    }

    fn fields(&self) -> &'static [&'static str] {
        &["precision", "minimum", "maximum"]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        let (minimum, maximum) = (f.number("minimum"), f.number("maximum"));
        if let (Some(lo), Some(hi)) = (&minimum, &maximum) {
            if lo.value.as_f64() > hi.value.as_f64() {
                f.error(None, "minimum is greater than maximum");
            }
        }
        PropertyKind::Number { precision: f.precision(), minimum, maximum }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        if let PropertyKind::Number { precision, minimum, maximum } = kind {
            if let Some(p) = precision {
                out.insert("precision".into(), (*p).into());
            }
            put_valued(out, "minimum", minimum);
            put_valued(out, "maximum", maximum);
        }
    }

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        _: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Number(value.as_number().ok_or_else(|| expected("number", "a number"))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Number { minimum, maximum, .. } => Box::new(Rules {
                bounds: Bounds::compile(
                    minimum,
                    maximum,
                    |n: &JsonNumber| Some(Ordered(n.clone())),
                    |n| Value::Number(n.clone()),
                ),
            }),
            _ => Box::new(Mismatched),
        }
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Number(n) => vec![number(n)],
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, def: &PropertyDefinition) -> Value {
        let mut n = json!({"type": "number"});
        if let PropertyKind::Number { minimum, maximum, .. } = &def.kind {
            put(&mut n, "minimum", minimum.as_ref().map(|c| Value::Number(c.value.clone())));
            put(&mut n, "maximum", maximum.as_ref().map(|c| Value::Number(c.value.clone())));
        }
        n
    }
}

/// A JSON number ordered exactly when both sides are integers, as `f64` otherwise.
#[derive(Debug, Clone, PartialEq)]
struct Ordered(JsonNumber);

fn integer(n: &JsonNumber) -> Option<i128> {
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

struct Rules {
    bounds: Bounds<Ordered>,
}

impl TypeRules for Rules {
    type Value<'a> = JsonNumber;

    fn is_empty(_: &JsonNumber) -> bool {
        false
    }

    fn check(&self, n: &JsonNumber, cx: &mut CheckContext) {
        self.bounds.check([Ordered(n.clone())], cx);
    }
}
