//! What `date` and `dateTime` share: parts that parse to points in time, inclusive bounds written
//! in the same syntax, one `invalid-…` violation per property, and a typed literal in RDF (an
//! `xsd:string` for a part that does not parse, never an ill-typed literal).

use super::json_schema::array;
use super::{objects_of_parts, MappedLiteral, Mismatched, PropertyType, ValueShape};
use crate::checks::bounds::TemporalRules;
use crate::checks::codes::Code;
use crate::checks::ValueCheck;
use crate::domain::schema::{put_valued, Fields, PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::json::Json;
use crate::rdf_terms::values::checked;
use crate::rdf_terms::Object;
use crate::value_forms::parts::{parts, string_part};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use serde_json::{json, Map, Value};

/// One temporal type; `date_only` picks the definition variant and the bound syntax.
pub struct Temporal<T: 'static> {
    pub name: &'static str,
    pub date_only: bool,
    pub parse: fn(&str) -> Option<T>,
    pub invalid: Code,
    pub datatype: &'static str,
    /// The JSON Schema `format` of a part, and its `pattern` if any.
    pub format: &'static str,
    pub pattern: Option<&'static str>,
}

impl<T: PartialOrd + Send + Sync + 'static> PropertyType for Temporal<T> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn shape(&self) -> ValueShape {
        ValueShape::Strings
    }

    fn fields(&self) -> &'static [&'static str] {
        &["minimum", "maximum"]
    }

    fn parse(&self, f: &mut Fields) -> PropertyKind {
        let (minimum, maximum) = (f.bound("minimum", self.date_only), f.bound("maximum", self.date_only));
        if self.date_only {
            PropertyKind::Date { minimum, maximum }
        } else {
            PropertyKind::DateTime { minimum, maximum }
        }
    }

    fn canonical(&self, kind: &PropertyKind, out: &mut Map<String, Value>) {
        if let PropertyKind::Date { minimum, maximum } | PropertyKind::DateTime { minimum, maximum } = kind {
            put_valued(out, "minimum", minimum);
            put_valued(out, "maximum", maximum);
        }
    }

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Strings(parts(self.name, value, arena, |p| string_part(self.name, p, true))?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        match kind {
            PropertyKind::Date { minimum, maximum } | PropertyKind::DateTime { minimum, maximum } => {
                Box::new(TemporalRules::compile(minimum, maximum, self.parse, self.invalid))
            }
            _ => Box::new(Mismatched),
        }
    }

    fn codes(&self) -> &[Code] {
        std::slice::from_ref(&self.invalid)
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, |p| checked(p, self.datatype, (self.parse)(p).is_some()))
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Datatype
    }

    fn json_schema(&self, _: &PropertyDefinition) -> Value {
        let mut item = json!({"type": "string", "format": self.format});
        if let Some(pattern) = self.pattern {
            item["pattern"] = pattern.into();
        }
        array(item, None)
    }
}
