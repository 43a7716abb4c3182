//! `Violation`: one finding of validation, with its code, property, severity and part.

use super::codes::{Code, SeverityRule};
use crate::domain::ids::SubjectId;
use crate::domain::schema::Severity;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

/// One reported problem, in the shape of the spec's Violation object.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub property_name: Option<String>,
    pub code: Code,
    pub args: Vec<Value>,
    pub severity: Severity,
    pub value_part_index: Option<usize>,
    pub subject_id: Option<SubjectId>,
}

impl Violation {
    /// A violation of a code whose severity is fixed by the code table.
    pub fn fixed(code: Code, property_name: Option<&str>, args: Vec<Value>) -> Self {
        let severity = match code.info().severity {
            SeverityRule::Fixed(s) => s,
            SeverityRule::FromConstraint(_) => Severity::Warning,
        };
        Violation {
            property_name: property_name.map(str::to_owned),
            code,
            args,
            severity,
            value_part_index: None,
            subject_id: None,
        }
    }

    pub fn at_part(mut self, index: usize) -> Self {
        self.value_part_index = Some(index);
        self
    }

    /// Marks the violation as being about another Subject than the one written or validated.
    pub fn on_subject(mut self, id: &SubjectId) -> Self {
        self.subject_id = Some(id.clone());
        self
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The spec's Violation JSON: `args` and `severity` always present, `valuePartIndex` and `subjectId`
/// only when set. Serialized directly so that bulk validation builds no intermediate JSON tree.
impl Serialize for Violation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let len = 4 + usize::from(self.value_part_index.is_some()) + usize::from(self.subject_id.is_some());
        let mut m = s.serialize_map(Some(len))?;
        m.serialize_entry("propertyName", &self.property_name)?;
        m.serialize_entry("code", self.code.as_str())?;
        m.serialize_entry("args", &self.args)?;
        m.serialize_entry("severity", self.severity.as_str())?;
        if let Some(i) = self.value_part_index {
            m.serialize_entry("valuePartIndex", &i)?;
        }
        if let Some(id) = &self.subject_id {
            m.serialize_entry("subjectId", id.as_str())?;
        }
        m.end()
    }
}
