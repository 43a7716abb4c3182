use super::codes::{Code, SeverityRule};
use crate::domain::ids::SubjectId;
use crate::domain::schema::Severity;
use serde_json::{Map, Value};

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
        Violation { property_name: property_name.map(str::to_owned), code, args, severity, value_part_index: None, subject_id: None }
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
        let mut o = Map::new();
        o.insert("propertyName".into(), self.property_name.clone().map_or(Value::Null, Value::String));
        o.insert("code".into(), self.code.as_str().into());
        o.insert("args".into(), Value::Array(self.args.clone()));
        o.insert("severity".into(), self.severity.as_str().into());
        if let Some(i) = self.value_part_index {
            o.insert("valuePartIndex".into(), i.into());
        }
        if let Some(id) = &self.subject_id {
            o.insert("subjectId".into(), id.as_str().into());
        }
        Value::Object(o)
    }
}
