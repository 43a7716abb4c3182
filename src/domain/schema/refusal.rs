//! Why a Schema text is refused, one kind per reason, each with its parameters and the key of its
//! message in the core's table (`crate::messages`, `strata-schema-refusal-*`): the REST answer's
//! `reasons` carry the key and parameters beside the English, and MediaWiki shows the message in the
//! reader's language.

use crate::messages;

/// One kind of refusal of the Schema checker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaRefusal {
    /// The text is not JSON; the parser's reason.
    NotJson(String),
    NotAnObject,
    NotABoolean,
    NotAString,
    FieldNotAnObject,
    Missing,
    BadPropertyName,
    DefinitionNotAnObject,
    TypeMissing,
    /// `severity` given on a field that takes none; the field's name.
    SeverityNotAccepted(&'static str),
    BadSeverity,
    /// A key other than `value` and `severity` in a Constraint's object form.
    UnexpectedKey(String),
    FlagTakesNoValue,
    NotAFlag,
    MultipleValueNotBoolean,
    NotAMultiple,
    ObjectFormNeedsValue,
    NotANumber,
    NotANonNegativeInteger,
    NotADate,
    NotADateTime,
    NotAnOptionList,
    MinimumAboveMaximum,
    MinimumLaterThanMaximum,
    BadPrecision,
    MinLengthAboveMaxLength,
    BadOption,
    DuplicateOptionId(String),
    DuplicateOptionLabel(String),
    TargetSchemaAndTargetSchemas,
    TargetSchemasNotAnArray,
    NoTargetSchemas,
    DuplicateTargetSchema(String),
    /// A target that is no Schema reference; the reference reader's reason.
    BadTargetSchema(String),
    BadRelationName,
    BadBooleanDefault,
    DependentFixed,
    MixedDependentTargets,
    /// A type's own rule (a registered type's field); the type's reason, in English.
    TypeRule(String),
}

impl SchemaRefusal {
    /// The key of this kind's message in the core's table.
    pub fn key(&self) -> &'static str {
        use SchemaRefusal::*;
        match self {
            NotJson(_) => "strata-schema-refusal-not-json",
            NotAnObject => "strata-schema-refusal-not-an-object",
            NotABoolean => "strata-schema-refusal-not-a-boolean",
            NotAString => "strata-schema-refusal-not-a-string",
            FieldNotAnObject => "strata-schema-refusal-field-not-an-object",
            Missing => "strata-schema-refusal-missing",
            BadPropertyName => "strata-schema-refusal-bad-property-name",
            DefinitionNotAnObject => "strata-schema-refusal-definition-not-an-object",
            TypeMissing => "strata-schema-refusal-type-missing",
            SeverityNotAccepted(_) => "strata-schema-refusal-severity-not-accepted",
            BadSeverity => "strata-schema-refusal-bad-severity",
            UnexpectedKey(_) => "strata-schema-refusal-unexpected-key",
            FlagTakesNoValue => "strata-schema-refusal-flag-takes-no-value",
            NotAFlag => "strata-schema-refusal-not-a-flag",
            MultipleValueNotBoolean => "strata-schema-refusal-multiple-value-not-boolean",
            NotAMultiple => "strata-schema-refusal-not-a-multiple",
            ObjectFormNeedsValue => "strata-schema-refusal-object-form-needs-value",
            NotANumber => "strata-schema-refusal-not-a-number",
            NotANonNegativeInteger => "strata-schema-refusal-not-a-non-negative-integer",
            NotADate => "strata-schema-refusal-not-a-date",
            NotADateTime => "strata-schema-refusal-not-a-date-time",
            NotAnOptionList => "strata-schema-refusal-not-an-option-list",
            MinimumAboveMaximum => "strata-schema-refusal-minimum-above-maximum",
            MinimumLaterThanMaximum => "strata-schema-refusal-minimum-later-than-maximum",
            BadPrecision => "strata-schema-refusal-bad-precision",
            MinLengthAboveMaxLength => "strata-schema-refusal-min-length-above-max-length",
            BadOption => "strata-schema-refusal-bad-option",
            DuplicateOptionId(_) => "strata-schema-refusal-duplicate-option-id",
            DuplicateOptionLabel(_) => "strata-schema-refusal-duplicate-option-label",
            TargetSchemaAndTargetSchemas => "strata-schema-refusal-target-schema-and-target-schemas",
            TargetSchemasNotAnArray => "strata-schema-refusal-target-schemas-not-an-array",
            NoTargetSchemas => "strata-schema-refusal-no-target-schemas",
            DuplicateTargetSchema(_) => "strata-schema-refusal-duplicate-target-schema",
            BadTargetSchema(_) => "strata-schema-refusal-bad-target-schema",
            BadRelationName => "strata-schema-refusal-bad-relation-name",
            BadBooleanDefault => "strata-schema-refusal-bad-boolean-default",
            DependentFixed => "strata-schema-refusal-dependent-fixed",
            MixedDependentTargets => "strata-schema-refusal-mixed-dependent-targets",
            TypeRule(_) => "strata-schema-refusal-type-rule",
        }
    }

    /// The message's parameters, `$1` first.
    pub fn params(&self) -> Vec<String> {
        use SchemaRefusal::*;
        match self {
            SeverityNotAccepted(field) => vec![(*field).to_owned()],
            NotJson(p)
            | UnexpectedKey(p)
            | DuplicateOptionId(p)
            | DuplicateOptionLabel(p)
            | DuplicateTargetSchema(p)
            | BadTargetSchema(p)
            | TypeRule(p) => vec![p.clone()],
            _ => Vec::new(),
        }
    }

    /// The English sentence, from the core's message table.
    pub fn english(&self) -> String {
        let params = self.params();
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        messages::Words::English.text(self.key(), &params)
    }
}

#[cfg(test)]
mod tests {
    use super::SchemaRefusal::*;
    use super::*;

    #[test]
    fn every_kind_has_its_message_with_its_parameters() {
        let cases = [
            (NotJson("EOF".into()), "not valid JSON: EOF"),
            (SeverityNotAccepted("type"), "severity is not accepted on \"type\""),
            (UnexpectedKey("x".into()), "unexpected key \"x\" in the object form"),
            (DuplicateOptionId("o1".into()), "option id \"o1\" is used twice"),
            (DuplicateTargetSchema("Book".into()), "target Schema \"Book\" is listed twice"),
            (BadTargetSchema("a reason".into()), "a reason"),
            (TypeRule("must be a region".into()), "must be a region"),
            (NotANumber, "must be a number"),
            (DependentFixed, "is fixed when the Schema is created and cannot be changed"),
        ];
        for (refusal, english) in cases {
            assert_eq!(refusal.english(), english, "{refusal:?}");
        }
        // `key` names a key for every kind (the match is exhaustive): each is in the table, and each
        // refusal key of the table is some kind's.
        let source = include_str!("refusal.rs");
        let prefix = "strata-schema-refusal-";
        let named: Vec<&str> = source.split('"').filter(|p| p.starts_with(prefix) && p.len() > prefix.len()).collect();
        for key in &named {
            assert!(messages::english(key).is_some(), "{key} has no message");
        }
        for m in messages::TABLE.iter().filter(|m| m.key.starts_with(prefix)) {
            assert!(named.contains(&m.key), "{} is no kind's message", m.key);
        }
    }
}
