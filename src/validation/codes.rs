//! The one table of violation codes. Docs and the REST layer read it; `docs/validation.md` is checked
//! against it by a test.

use crate::domain::schema::Severity;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    Required,
    LabelRequired,
    TypeMismatch,
    InvalidUrl,
    InvalidEmail,
    Unique,
    MinLength,
    MaxLength,
    MinValue,
    MaxValue,
    InvalidOption,
    SingleValueOnly,
    InvalidDatetime,
    InvalidDate,
    UnregisteredType,
    SchemaNotFound,
    RelationTargetSchemaMismatch,
    RelationTargetNotFound,
    RelationTargetUnresolvableSource,
    RelationTargetUnavailable,
    DependentSubjectReferencedTwice,
    DependentTargetNotOnPage,
    RelationToDependentSubject,
    DependentSubjectIsMain,
    DependentSubjectHasLabel,
    DependentSubjectWithoutHost,
}

/// Where a violation's severity comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeverityRule {
    Fixed(Severity),
    /// The severity of the named Constraint of the property definition.
    FromConstraint(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct CodeInfo {
    pub code: Code,
    pub name: &'static str,
    pub severity: SeverityRule,
    /// Whether the violation carries `valuePartIndex`.
    pub part_index: bool,
    /// Whether it is one of the Dependent-Subject rules, checked over a whole page.
    pub dependent_rule: bool,
    pub description: &'static str,
}

use Severity::{Error, Warning};
use SeverityRule::{Fixed, FromConstraint};

const fn info(code: Code, name: &'static str, severity: SeverityRule, part_index: bool, description: &'static str) -> CodeInfo {
    CodeInfo { code, name, severity, part_index, dependent_rule: false, description }
}

const fn page_rule(code: Code, name: &'static str, part_index: bool, description: &'static str) -> CodeInfo {
    CodeInfo { code, name, severity: Fixed(Error), part_index, dependent_rule: true, description }
}

pub const CODES: [CodeInfo; 26] = [
    info(Code::Required, "required", FromConstraint("required"), false, "A required property has no Statement or an empty value."),
    info(Code::LabelRequired, "label-required", Fixed(Warning), false, "A standalone Subject that is not its page's main Subject has no label."),
    info(Code::TypeMismatch, "type-mismatch", Fixed(Error), false, "The Statement's propertyType differs from the Schema's registered type; no other check runs for the property."),
    info(Code::InvalidUrl, "invalid-url", Fixed(Error), true, "A url part fails the URL pattern."),
    info(Code::InvalidEmail, "invalid-email", Fixed(Error), true, "An email part is not a valid e-mail address (the HTML standard's syntax, SMTP's lengths)."),
    info(Code::Unique, "unique", FromConstraint("uniqueItems"), false, "Two parts repeat (monolingualText: text and language both repeat)."),
    info(Code::MinLength, "min-length", FromConstraint("minLength"), true, "A trimmed part has fewer code points than minLength."),
    info(Code::MaxLength, "max-length", FromConstraint("maxLength"), true, "A trimmed part has more code points than maxLength."),
    info(Code::MinValue, "min-value", FromConstraint("minimum"), false, "A number, date or dateTime is below the inclusive minimum."),
    info(Code::MaxValue, "max-value", FromConstraint("maximum"), false, "A number, date or dateTime is above the inclusive maximum."),
    info(Code::InvalidOption, "invalid-option", FromConstraint("options"), true, "A select part is not an option id."),
    info(Code::SingleValueOnly, "single-value-only", FromConstraint("multiple"), false, "A select, relation or monolingualText property without multiple has more than one part."),
    info(Code::InvalidDatetime, "invalid-datetime", Fixed(Error), false, "A dateTime part is not strict ISO 8601 with an explicit offset or Z (one per property)."),
    info(Code::InvalidDate, "invalid-date", Fixed(Error), false, "A date part is not a strict YYYY-MM-DD calendar date (one per property)."),
    info(Code::UnregisteredType, "unregistered-type", Fixed(Warning), false, "The Schema's type has no registered implementation; the value is kept verbatim and not checked."),
    info(Code::SchemaNotFound, "schema-not-found", Fixed(Warning), false, "The Subject's Schema cannot be loaded, or its source is unknown."),
    info(Code::RelationTargetSchemaMismatch, "relation-target-schema-mismatch", Fixed(Error), true, "A relation target exists but its Schema is not among targetSchemas."),
    info(Code::RelationTargetNotFound, "relation-target-not-found", Fixed(Warning), true, "A relation target resolves to no readable Subject."),
    info(Code::RelationTargetUnresolvableSource, "relation-target-unresolvable-source", Fixed(Error), true, "A relation target's source key names no registered source."),
    info(Code::RelationTargetUnavailable, "relation-target-unavailable", Fixed(Warning), true, "A relation target's source did not answer usably (timeout, error, refusal or garbage), so the target was not checked."),
    page_rule(Code::DependentSubjectReferencedTwice, "dependent-subject-referenced-twice", false, "More than one relation on the page targets the Dependent Subject."),
    page_rule(Code::DependentTargetNotOnPage, "dependent-target-not-on-page", true, "A relation of a dependent property targets a Subject not on the holder's page."),
    page_rule(Code::RelationToDependentSubject, "relation-to-dependent-subject", true, "A relation of a non-dependent or undeclared property targets a Dependent Subject."),
    page_rule(Code::DependentSubjectIsMain, "dependent-subject-is-main", false, "A Dependent Subject is the page's main Subject."),
    page_rule(Code::DependentSubjectHasLabel, "dependent-subject-has-label", false, "A Dependent Subject has a label."),
    page_rule(Code::DependentSubjectWithoutHost, "dependent-subject-without-host", false, "No standalone Subject on the page reaches the Dependent Subject."),
];

impl Code {
    pub fn info(self) -> &'static CodeInfo {
        // The table lists the variants in declaration order.
        &CODES[self as usize]
    }

    pub fn as_str(self) -> &'static str {
        self.info().name
    }

    pub fn from_name(name: &str) -> Option<Code> {
        CODES.iter().find(|c| c.name == name).map(|c| c.code)
    }
}
