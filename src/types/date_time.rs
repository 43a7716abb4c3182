//! `dateTime`: date-times with an explicit offset; values and bounds compare as instants, so
//! different offsets compare correctly.

use super::date::{canonical_bounds, BOUND_FIELDS};
use super::json_schema::array;
use super::{MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::domain::schema::{Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::temporal::parse_date_time;
use crate::json::Json;
use crate::normalize::parts::{parts, string_part};
use crate::normalize::{NormalizeError, WriteContext};
use crate::rdf::values::checked;
use crate::rdf::vocab::XSD_DATE_TIME;
use crate::rdf::Object;
use crate::validation::types::bounds::TemporalRules;
use crate::validation::types::ValueCheck;
use crate::validation::Code;
use serde_json::{json, Map, Value};

pub struct DateTime;

impl PropertyType for DateTime {
    fn name(&self) -> &'static str {
        "dateTime"
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    fn fields(&self) -> &'static [&'static str] {
        BOUND_FIELDS
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        let (minimum, maximum) = (f.bound("minimum", false), f.bound("maximum", false));
        PropertyKind::DateTime { minimum, maximum }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        canonical_bounds(kind, out);
    }

    fn normalize(&self, value: &Json, _: Option<&PropertyDefinition>, _: &mut WriteContext) -> Result<StatementValue, NormalizeError> {
        Ok(StatementValue::Strings(parts(self.name(), value, |p| string_part(self.name(), p, true))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::DateTime { minimum, maximum } => Box::new(TemporalRules::compile(minimum, maximum, parse_date_time, Code::InvalidDatetime)),
            _ => Box::new(Mismatched),
        }
    }

    /// A part that does not parse is kept as an `xsd:string`, never as an ill-typed literal.
    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        match value {
            StatementValue::Strings(parts) => parts.iter().map(|p| checked(p, XSD_DATE_TIME, parse_date_time(p).is_some())).collect(),
            _ => vec![],
        }
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, _: &PropertyDefinition) -> Value {
        array(json!({"type": "string", "format": "date-time"}), None)
    }
}
