//! Reading the Constraint fields of one property definition: the toolkit every property type's
//! `parse` uses (`crate::types`).

use super::{Constraint, SchemaErrors, SchemaRef, SchemaRefusal, SelectOption, Severity, TextRules};
use crate::domain::ids::SourceKey;
use crate::domain::temporal;
use serde_json::{Map, Number, Value};
use std::collections::HashSet;

/// Reads the Constraint fields of one property definition.
pub struct Fields<'a> {
    pub(super) obj: &'a Map<String, Value>,
    pub(super) path: &'a str,
    pub(super) own: &'a SourceKey,
    pub(super) errs: &'a mut SchemaErrors,
}

impl<'a> Fields<'a> {
    /// The fields of the definition `obj` at `path`; problems go to `errs`.
    pub fn new(obj: &'a Map<String, Value>, path: &'a str, own: &'a SourceKey, errs: &'a mut SchemaErrors) -> Self {
        Fields { obj, path, own, errs }
    }

    /// The field as written, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.obj.get(key)
    }

    /// Reports a problem with the field `key` (the whole definition for `None`).
    pub fn error(&mut self, key: Option<&str>, refusal: SchemaRefusal) {
        let path = key.map_or_else(|| self.path.to_owned(), |k| self.at(k));
        self.errs.push(path, refusal);
    }

    fn at(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// The object form's `severity`, and its `value` if any. `None` for the bare form.
    fn object_form<'v>(&mut self, key: &str, v: &'v Value) -> Option<(Option<&'v Value>, Severity)> {
        let o = v.as_object()?;
        let severity = match o.get("severity") {
            None | Some(Value::Null) => Severity::Warning,
            Some(s) => s.as_str().and_then(Severity::parse).unwrap_or_else(|| {
                self.errs.push(format!("{}.severity", self.at(key)), SchemaRefusal::BadSeverity);
                Severity::Warning
            }),
        };
        if let Some(k) = o.keys().find(|k| *k != "severity" && *k != "value") {
            self.errs.push(self.at(key), SchemaRefusal::UnexpectedKey(k.clone()));
        }
        Some((o.get("value"), severity))
    }

    /// `required` and `uniqueItems`: `true`/`false`, or an object (which implies true).
    pub fn flag(&mut self, key: &str) -> Option<Constraint<()>> {
        let v = self.obj.get(key)?;
        match v {
            Value::Bool(true) => Some(Constraint::warning(())),
            Value::Bool(false) | Value::Null => None,
            Value::Object(_) => {
                let (value, severity) = self.object_form(key, v)?;
                if value.is_some() {
                    self.errs.push(self.at(key), SchemaRefusal::FlagTakesNoValue);
                }
                Some(Constraint { value: (), severity })
            }
            _ => {
                self.errs.push(self.at(key), SchemaRefusal::NotAFlag);
                None
            }
        }
    }

    /// `multiple`: a boolean, or `{value: false, severity}`; it constrains when false.
    pub fn multiple(&mut self) -> Constraint<bool> {
        let Some(v) = self.obj.get("multiple") else { return Constraint::warning(false) };
        match v {
            Value::Bool(b) => Constraint::warning(*b),
            Value::Null => Constraint::warning(false),
            Value::Object(_) => match self.object_form("multiple", v) {
                Some((None | Some(Value::Bool(false)), severity)) => Constraint { value: false, severity },
                Some((Some(Value::Bool(true)), severity)) => Constraint { value: true, severity },
                _ => {
                    self.errs.push(self.at("multiple"), SchemaRefusal::MultipleValueNotBoolean);
                    Constraint::warning(false)
                }
            },
            _ => {
                self.errs.push(self.at("multiple"), SchemaRefusal::NotAMultiple);
                Constraint::warning(false)
            }
        }
    }

    /// A Constraint with a value: bare, or `{value, severity}`.
    fn valued<T>(
        &mut self,
        key: &str,
        read: impl Fn(&Value) -> Option<T>,
        wrong: SchemaRefusal,
    ) -> Option<Constraint<T>> {
        let v = self.obj.get(key).filter(|v| !v.is_null())?;
        let (raw, severity) = match self.object_form(key, v) {
            Some((Some(raw), severity)) => (raw, severity),
            Some((None, _)) => {
                self.errs.push(self.at(key), SchemaRefusal::ObjectFormNeedsValue);
                return None;
            }
            None => (v, Severity::Warning),
        };
        let value = read(raw);
        if value.is_none() {
            self.errs.push(self.at(key), wrong);
        }
        value.map(|value| Constraint { value, severity })
    }

    pub fn number(&mut self, key: &str) -> Option<Constraint<Number>> {
        self.valued(key, |v| v.as_number().cloned(), SchemaRefusal::NotANumber)
    }

    fn length(&mut self, key: &str) -> Option<Constraint<u64>> {
        self.valued(key, Value::as_u64, SchemaRefusal::NotANonNegativeInteger)
    }

    pub fn bound(&mut self, key: &str, date_only: bool) -> Option<Constraint<String>> {
        let (wrong, parses): (SchemaRefusal, fn(&str) -> bool) = if date_only {
            (SchemaRefusal::NotADate, |s| temporal::parse_date(s).is_some())
        } else {
            (SchemaRefusal::NotADateTime, |s| temporal::parse_date_time(s).is_some())
        };
        let c = self.valued(key, |v| v.as_str().filter(|s| parses(s)).map(str::to_owned), wrong);
        if date_only && key == "maximum" {
            self.check_order(c.as_ref(), |s| {
                temporal::parse_date(s).map(|d| (d.year as i64, d.month as u32 * 100 + d.day as u32))
            });
        } else if key == "maximum" {
            self.check_order(c.as_ref(), |s| temporal::parse_date_time(s).map(|i| (i.seconds, i.nanos)));
        }
        c
    }

    fn check_order<K: PartialOrd>(&mut self, max: Option<&Constraint<String>>, key: impl Fn(&str) -> Option<K>) {
        let min = self.obj.get("minimum").and_then(|v| v.get("value").unwrap_or(v).as_str()).and_then(&key);
        if let (Some(lo), Some(hi)) = (min, max.and_then(|m| key(&m.value))) {
            if lo > hi {
                self.errs.push(self.path, SchemaRefusal::MinimumLaterThanMaximum);
            }
        }
    }

    /// `precision` is a Display Attribute: a severity written on it is discarded.
    pub fn precision(&mut self) -> Option<u32> {
        let v = self.obj.get("precision").filter(|v| !v.is_null())?;
        let raw = v.as_object().and_then(|o| o.get("value")).unwrap_or(v);
        let p = raw.as_u64().filter(|p| *p <= 20).map(|p| p as u32);
        if p.is_none() {
            self.errs.push(self.at("precision"), SchemaRefusal::BadPrecision);
        }
        p
    }

    pub fn text_rules(&mut self) -> TextRules {
        let rules = TextRules {
            multiple: self.multiple(),
            unique_items: self.flag("uniqueItems"),
            min_length: self.length("minLength"),
            max_length: self.length("maxLength"),
        };
        if let (Some(lo), Some(hi)) = (&rules.min_length, &rules.max_length) {
            if lo.value > hi.value {
                self.errs.push(self.path, SchemaRefusal::MinLengthAboveMaxLength);
            }
        }
        rules
    }

    pub fn options(&mut self) -> Constraint<Vec<SelectOption>> {
        let c = self.valued("options", |v| v.as_array().cloned(), SchemaRefusal::NotAnOptionList);
        let Some(Constraint { value: raw, severity }) = c else { return Constraint::warning(vec![]) };
        let mut ids = HashSet::new();
        let mut labels = HashSet::new();
        let mut options = Vec::with_capacity(raw.len());
        for (i, o) in raw.iter().enumerate() {
            let at = format!("{}[{i}]", self.at("options"));
            let id = o.get("id").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
            let label = o.get("label").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
            let (Some(id), Some(label)) = (id, label) else {
                self.errs.push(at, SchemaRefusal::BadOption);
                continue;
            };
            if !ids.insert(id.to_owned()) {
                self.errs.push(&at, SchemaRefusal::DuplicateOptionId(id.to_owned()));
            }
            if !labels.insert(label.trim().to_lowercase()) {
                self.errs.push(&at, SchemaRefusal::DuplicateOptionLabel(label.to_owned()));
            }
            options.push(SelectOption { id: id.to_owned(), label: label.to_owned() });
        }
        Constraint { value: options, severity }
    }

    pub fn target_schemas(&mut self) -> Vec<SchemaRef> {
        let raw: Vec<&Value> = match (self.obj.get("targetSchemas"), self.obj.get("targetSchema")) {
            (Some(Value::Array(a)), None) => a.iter().collect(),
            (None, Some(single)) => vec![single],
            (Some(Value::Object(_)), _) => {
                self.errs.push(self.at("targetSchemas"), SchemaRefusal::SeverityNotAccepted("targetSchemas"));
                return vec![];
            }
            (Some(_), Some(_)) => {
                self.errs.push(self.path, SchemaRefusal::TargetSchemaAndTargetSchemas);
                return vec![];
            }
            (Some(_), None) => {
                self.errs.push(self.at("targetSchemas"), SchemaRefusal::TargetSchemasNotAnArray);
                return vec![];
            }
            (None, None) => {
                self.errs.push(self.at("targetSchemas"), SchemaRefusal::NoTargetSchemas);
                return vec![];
            }
        };
        if raw.is_empty() {
            self.errs.push(self.at("targetSchemas"), SchemaRefusal::NoTargetSchemas);
        }
        let mut out: Vec<SchemaRef> = Vec::with_capacity(raw.len());
        for (i, v) in raw.into_iter().enumerate() {
            match SchemaRef::from_json(v, self.own) {
                Ok(r) if out.contains(&r) => self.errs.push(
                    format!("{}[{i}]", self.at("targetSchemas")),
                    SchemaRefusal::DuplicateTargetSchema(r.to_string()),
                ),
                Ok(r) => out.push(r),
                Err(e) => {
                    self.errs.push(format!("{}[{i}]", self.at("targetSchemas")), SchemaRefusal::BadTargetSchema(e))
                }
            }
        }
        out
    }

    pub fn relation_name(&mut self) -> Option<String> {
        match self.obj.get("relation") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            Some(_) => {
                self.errs.push(self.at("relation"), SchemaRefusal::BadRelationName);
                None
            }
        }
    }
}
