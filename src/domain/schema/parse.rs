//! Reading the Schema format. Every problem is collected, so a refused save lists all its reasons.

use super::{Constraint, PropertyDefinition, PropertyKind, Schema, SchemaRef, SelectOption, Severity, TextRules};
use crate::domain::ids::SourceKey;
use crate::domain::property_type::PropertyType;
use crate::domain::temporal;
use serde_json::{Map, Number, Value};
use std::collections::HashSet;
use std::fmt;

/// One reason a Schema is invalid, with the JSON path it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    pub path: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SchemaErrors(pub Vec<SchemaError>);

impl fmt::Display for SchemaErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|e| format!("{}: {}", e.path, e.message)).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for SchemaErrors {}

impl SchemaErrors {
    pub(super) fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(SchemaError { path: path.into(), message: message.into() });
    }
}

const TEXT_KEYS: &[&str] = &["multiple", "uniqueItems", "minLength", "maxLength"];
const COMMON_KEYS: &[&str] = &["type", "description", "required", "default"];

impl Schema {
    pub fn parse_str(text: &str, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let v: Value = serde_json::from_str(text).map_err(|e| {
            let mut errs = SchemaErrors::default();
            errs.push("", format!("not valid JSON: {e}"));
            errs
        })?;
        Schema::from_json(&v, own_source)
    }

    pub fn from_json(v: &Value, own_source: &SourceKey) -> Result<Schema, SchemaErrors> {
        let mut errs = SchemaErrors::default();
        let Some(obj) = v.as_object() else {
            errs.push("", "a Schema is a JSON object");
            return Err(errs);
        };
        let description = string_field(obj, "description", "description", &mut errs);
        let subjects_are_dependent = match obj.get("subjectsAreDependent") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                errs.push("subjectsAreDependent", "must be a boolean");
                false
            }
        };
        let mut property_definitions = indexmap::IndexMap::new();
        match obj.get("propertyDefinitions") {
            Some(Value::Object(defs)) => {
                for (name, def) in defs {
                    let path = format!("propertyDefinitions.{name}");
                    if name.trim().is_empty() || name.chars().any(char::is_control) {
                        errs.push(&path, "a property name must not be blank or contain control characters");
                        continue;
                    }
                    if let Some(d) = parse_definition(def, &path, own_source, &mut errs) {
                        property_definitions.insert(name.clone(), d);
                    }
                }
            }
            Some(_) => errs.push("propertyDefinitions", "must be an object"),
            None => errs.push("propertyDefinitions", "is required"),
        }
        let extra = rest(obj, &["description", "subjectsAreDependent", "propertyDefinitions"]);
        if errs.0.is_empty() {
            Ok(Schema { description, subjects_are_dependent, property_definitions, extra })
        } else {
            Err(errs)
        }
    }
}

fn parse_definition(v: &Value, path: &str, own: &SourceKey, errs: &mut SchemaErrors) -> Option<PropertyDefinition> {
    let Some(obj) = v.as_object() else {
        errs.push(path, "a property definition is a JSON object");
        return None;
    };
    let type_name = match obj.get("type") {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        Some(Value::Object(_)) => {
            errs.push(format!("{path}.type"), "severity is not accepted on \"type\"");
            return None;
        }
        _ => {
            errs.push(format!("{path}.type"), "is required and must be a non-empty string");
            return None;
        }
    };
    let before = errs.0.len();
    let mut f = Fields { obj, path, errs };
    let description = string_field(obj, "description", &format!("{path}.description"), f.errs);
    let required = f.flag("required");
    let default = obj.get("default").filter(|d| !d.is_null()).cloned();
    let (kind, keys): (PropertyKind, &[&str]) = match PropertyType::from_name(&type_name) {
        Some(PropertyType::Text) => (PropertyKind::Text(f.text_rules()), TEXT_KEYS),
        Some(PropertyType::MonolingualText) => (PropertyKind::MonolingualText(f.text_rules()), TEXT_KEYS),
        Some(PropertyType::Url) => (PropertyKind::Url { multiple: f.multiple(), unique_items: f.flag("uniqueItems") }, &["multiple", "uniqueItems"]),
        Some(PropertyType::Number) => {
            let (minimum, maximum) = (f.number("minimum"), f.number("maximum"));
            if let (Some(lo), Some(hi)) = (&minimum, &maximum) {
                if lo.value.as_f64() > hi.value.as_f64() {
                    f.errs.push(path, "minimum is greater than maximum");
                }
            }
            (PropertyKind::Number { precision: f.precision(), minimum, maximum }, &["precision", "minimum", "maximum"])
        }
        Some(PropertyType::Select) => (PropertyKind::Select { options: f.options(), multiple: f.multiple() }, &["options", "multiple"]),
        Some(PropertyType::Relation) => (
            PropertyKind::Relation { target_schemas: f.target_schemas(own), relation: f.relation_name(), multiple: f.multiple() },
            &["targetSchemas", "targetSchema", "relation", "multiple"],
        ),
        Some(PropertyType::Boolean) => {
            if !matches!(default, None | Some(Value::Bool(_))) {
                f.errs.push(format!("{path}.default"), "a boolean default is true, false or null");
            }
            (PropertyKind::Boolean, &[])
        }
        Some(PropertyType::Date) => {
            let (minimum, maximum) = (f.bound("minimum", true), f.bound("maximum", true));
            (PropertyKind::Date { minimum, maximum }, &["minimum", "maximum"])
        }
        Some(PropertyType::DateTime) => {
            let (minimum, maximum) = (f.bound("minimum", false), f.bound("maximum", false));
            (PropertyKind::DateTime { minimum, maximum }, &["minimum", "maximum"])
        }
        None => (PropertyKind::Unregistered, &[]),
    };
    let known: Vec<&str> = COMMON_KEYS.iter().chain(keys.iter()).copied().collect();
    let extra = rest(obj, &known);
    (errs.0.len() == before).then_some(PropertyDefinition { type_name, description, required, default, kind, extra })
}

/// Reads the Constraint fields of one property definition.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    path: &'a str,
    errs: &'a mut SchemaErrors,
}

impl Fields<'_> {
    fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// The object form's `severity`, and its `value` if any. `None` for the bare form.
    fn object_form<'v>(&mut self, key: &str, v: &'v Value) -> Option<(Option<&'v Value>, Severity)> {
        let o = v.as_object()?;
        let severity = match o.get("severity") {
            None | Some(Value::Null) => Severity::Warning,
            Some(s) => s.as_str().and_then(Severity::parse).unwrap_or_else(|| {
                self.errs.push(format!("{}.severity", self.at(key)), "must be \"error\" or \"warning\"");
                Severity::Warning
            }),
        };
        if let Some(k) = o.keys().find(|k| *k != "severity" && *k != "value") {
            self.errs.push(self.at(key), format!("unexpected key \"{k}\" in the object form"));
        }
        Some((o.get("value"), severity))
    }

    /// `required` and `uniqueItems`: `true`/`false`, or an object (which implies true).
    fn flag(&mut self, key: &str) -> Option<Constraint<()>> {
        let v = self.obj.get(key)?;
        match v {
            Value::Bool(true) => Some(Constraint::warning(())),
            Value::Bool(false) | Value::Null => None,
            Value::Object(_) => {
                let (value, severity) = self.object_form(key, v)?;
                if value.is_some() {
                    self.errs.push(self.at(key), "a boolean Constraint takes no \"value\" in object form");
                }
                Some(Constraint { value: (), severity })
            }
            _ => {
                self.errs.push(self.at(key), "must be a boolean or an object with \"severity\"");
                None
            }
        }
    }

    /// `multiple`: a boolean, or `{value: false, severity}`; it constrains when false.
    fn multiple(&mut self) -> Constraint<bool> {
        let Some(v) = self.obj.get("multiple") else { return Constraint::warning(false) };
        match v {
            Value::Bool(b) => Constraint::warning(*b),
            Value::Null => Constraint::warning(false),
            Value::Object(_) => match self.object_form("multiple", v) {
                Some((None | Some(Value::Bool(false)), severity)) => Constraint { value: false, severity },
                Some((Some(Value::Bool(true)), severity)) => Constraint { value: true, severity },
                _ => {
                    self.errs.push(self.at("multiple"), "\"value\" must be a boolean");
                    Constraint::warning(false)
                }
            },
            _ => {
                self.errs.push(self.at("multiple"), "must be a boolean or an object with \"value\" and \"severity\"");
                Constraint::warning(false)
            }
        }
    }

    /// A Constraint with a value: bare, or `{value, severity}`.
    fn valued<T>(&mut self, key: &str, read: impl Fn(&Value) -> Option<T>, expected: &str) -> Option<Constraint<T>> {
        let v = self.obj.get(key).filter(|v| !v.is_null())?;
        let (raw, severity) = match self.object_form(key, v) {
            Some((Some(raw), severity)) => (raw, severity),
            Some((None, _)) => {
                self.errs.push(self.at(key), "the object form needs a \"value\"");
                return None;
            }
            None => (v, Severity::Warning),
        };
        let value = read(raw);
        if value.is_none() {
            self.errs.push(self.at(key), format!("must be {expected}"));
        }
        value.map(|value| Constraint { value, severity })
    }

    fn number(&mut self, key: &str) -> Option<Constraint<Number>> {
        self.valued(key, |v| v.as_number().cloned(), "a number")
    }

    fn length(&mut self, key: &str) -> Option<Constraint<u64>> {
        self.valued(key, Value::as_u64, "a non-negative integer")
    }

    fn bound(&mut self, key: &str, date_only: bool) -> Option<Constraint<String>> {
        let (expected, parses): (&str, fn(&str) -> bool) = if date_only {
            ("a YYYY-MM-DD date", |s| temporal::parse_date(s).is_some())
        } else {
            ("an ISO 8601 date-time with offset", |s| temporal::parse_date_time(s).is_some())
        };
        let c = self.valued(key, |v| v.as_str().filter(|s| parses(s)).map(str::to_owned), expected);
        if date_only && key == "maximum" {
            self.check_order(c.as_ref(), |s| temporal::parse_date(s).map(|d| (d.year as i64, d.month as u32 * 100 + d.day as u32)));
        } else if key == "maximum" {
            self.check_order(c.as_ref(), |s| temporal::parse_date_time(s).map(|i| (i.seconds, i.nanos)));
        }
        c
    }

    fn check_order<K: PartialOrd>(&mut self, max: Option<&Constraint<String>>, key: impl Fn(&str) -> Option<K>) {
        let min = self.obj.get("minimum").and_then(|v| v.get("value").unwrap_or(v).as_str()).and_then(&key);
        if let (Some(lo), Some(hi)) = (min, max.and_then(|m| key(&m.value))) {
            if lo > hi {
                self.errs.push(self.path, "minimum is later than maximum");
            }
        }
    }

    /// `precision` is a Display Attribute: a severity written on it is discarded.
    fn precision(&mut self) -> Option<u32> {
        let v = self.obj.get("precision").filter(|v| !v.is_null())?;
        let raw = v.as_object().and_then(|o| o.get("value")).unwrap_or(v);
        let p = raw.as_u64().filter(|p| *p <= 20).map(|p| p as u32);
        if p.is_none() {
            self.errs.push(self.at("precision"), "must be an integer from 0 to 20");
        }
        p
    }

    fn text_rules(&mut self) -> TextRules {
        let rules = TextRules {
            multiple: self.multiple(),
            unique_items: self.flag("uniqueItems"),
            min_length: self.length("minLength"),
            max_length: self.length("maxLength"),
        };
        if let (Some(lo), Some(hi)) = (&rules.min_length, &rules.max_length) {
            if lo.value > hi.value {
                self.errs.push(self.path, "minLength is greater than maxLength");
            }
        }
        rules
    }

    fn options(&mut self) -> Constraint<Vec<SelectOption>> {
        let c = self.valued("options", |v| v.as_array().cloned(), "an array of options");
        let Some(Constraint { value: raw, severity }) = c else { return Constraint::warning(vec![]) };
        let mut ids = HashSet::new();
        let mut labels = HashSet::new();
        let mut options = Vec::with_capacity(raw.len());
        for (i, o) in raw.iter().enumerate() {
            let at = format!("{}[{i}]", self.at("options"));
            let id = o.get("id").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
            let label = o.get("label").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
            let (Some(id), Some(label)) = (id, label) else {
                self.errs.push(at, "an option needs a non-empty string \"id\" and \"label\"");
                continue;
            };
            if !ids.insert(id.to_owned()) {
                self.errs.push(&at, format!("option id \"{id}\" is used twice"));
            }
            if !labels.insert(label.trim().to_lowercase()) {
                self.errs.push(&at, format!("option label \"{label}\" is used twice (labels compare case-insensitively)"));
            }
            options.push(SelectOption { id: id.to_owned(), label: label.to_owned() });
        }
        Constraint { value: options, severity }
    }

    fn target_schemas(&mut self, own: &SourceKey) -> Vec<SchemaRef> {
        let raw: Vec<&Value> = match (self.obj.get("targetSchemas"), self.obj.get("targetSchema")) {
            (Some(Value::Array(a)), None) => a.iter().collect(),
            (None, Some(single)) => vec![single],
            (Some(Value::Object(_)), _) => {
                self.errs.push(self.at("targetSchemas"), "severity is not accepted on \"targetSchemas\"");
                return vec![];
            }
            (Some(_), Some(_)) => {
                self.errs.push(self.path, "give \"targetSchemas\" only; \"targetSchema\" is its earlier single form");
                return vec![];
            }
            (Some(_), None) => {
                self.errs.push(self.at("targetSchemas"), "must be an array of Schema references");
                return vec![];
            }
            (None, None) => {
                self.errs.push(self.at("targetSchemas"), "a relation needs one or more target Schemas");
                return vec![];
            }
        };
        if raw.is_empty() {
            self.errs.push(self.at("targetSchemas"), "a relation needs one or more target Schemas");
        }
        let mut out: Vec<SchemaRef> = Vec::with_capacity(raw.len());
        for (i, v) in raw.into_iter().enumerate() {
            match SchemaRef::from_json(v, own) {
                Ok(r) if out.contains(&r) => self.errs.push(format!("{}[{i}]", self.at("targetSchemas")), format!("target Schema \"{r}\" is listed twice")),
                Ok(r) => out.push(r),
                Err(e) => self.errs.push(format!("{}[{i}]", self.at("targetSchemas")), e),
            }
        }
        out
    }

    fn relation_name(&mut self) -> Option<String> {
        match self.obj.get("relation") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            Some(_) => {
                self.errs.push(self.at("relation"), "the relation type name must be a non-empty string");
                None
            }
        }
    }
}

fn string_field(obj: &Map<String, Value>, key: &str, path: &str, errs: &mut SchemaErrors) -> String {
    match obj.get(key) {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => {
            errs.push(path, "must be a string");
            String::new()
        }
    }
}

fn rest(obj: &Map<String, Value>, known: &[&str]) -> Map<String, Value> {
    obj.iter().filter(|(k, _)| !known.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()
}
