//! `date`: strict `YYYY-MM-DD` calendar dates; bounds compare chronologically.

use super::json_schema::array;
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::domain::schema::{put_valued, Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::temporal::parse_date;
use crate::json::Json;
use crate::normalize::parts::{parts, string_part};
use crate::normalize::{NormalizeError, WriteContext};
use crate::rdf::values::checked;
use crate::rdf::vocab::XSD_DATE;
use crate::rdf::Object;
use crate::validation::types::bounds::TemporalRules;
use crate::validation::types::ValueCheck;
use crate::validation::Code;
use serde_json::{json, Map, Value};

pub struct Date;

/// The fields of `date` and `dateTime`.
pub(super) const BOUND_FIELDS: &[&str] = &["minimum", "maximum"];

/// Writes `minimum` and `maximum` of a `date` or `dateTime` definition.
pub(super) fn canonical_bounds(kind: &PropertyKind, out: &mut Map<String, Value>) {
    if let PropertyKind::Date { minimum, maximum } | PropertyKind::DateTime { minimum, maximum } = kind {
        put_valued(out, "minimum", minimum);
        put_valued(out, "maximum", maximum);
    }
}

impl PropertyType for Date {
    fn name(&self) -> &'static str {
        "date"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    fn fields(&self) -> &'static [&'static str] {
        BOUND_FIELDS
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        let (minimum, maximum) = (f.bound("minimum", true), f.bound("maximum", true));
        PropertyKind::Date { minimum, maximum }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        canonical_bounds(kind, out);
    }

    fn normalize(&self, value: &Json, _: Option<&PropertyDefinition>, _: &mut WriteContext) -> Result<StatementValue, NormalizeError> {
        Ok(StatementValue::Strings(parts(self.name(), value, |p| string_part(self.name(), p, true))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Date { minimum, maximum } => Box::new(TemporalRules::compile(minimum, maximum, parse_date, Code::InvalidDate)),
            _ => Box::new(Mismatched),
        }
    }

    /// A part that does not parse is kept as an `xsd:string`, never as an ill-typed literal.
    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Strings(parts) => parts.iter().map(|p| checked(p, XSD_DATE, parse_date(p).is_some())).collect(),
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, _: &PropertyDefinition) -> Value {
        array(json!({"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}), None)
    }
}
