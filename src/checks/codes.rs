//! The violation codes of validation itself: rules that hold for every Subject or several types
//! (required, lengths, bounds, relations, Dependent Subjects). A code that only one property type
//! reports is declared in that type's file (`crate::types`, `PropertyType::codes`); the one table of
//! all codes, which docs, OpenAPI and tests read, is `types::codes::all`.

use crate::domain::schema::Severity;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Where a violation's severity comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeverityRule {
    Fixed(Severity),
    /// The severity of the named Constraint of the property definition.
    FromConstraint(&'static str),
}

/// What a code means: its name, severity, and the sentence that explains it.
#[derive(Debug)]
pub struct CodeInfo {
    pub name: &'static str,
    pub severity: SeverityRule,
    /// Whether the violation carries `valuePartIndex`.
    pub part_index: bool,
    /// Whether it is one of the Dependent-Subject rules, checked over a whole page.
    pub dependent_rule: bool,
    pub description: &'static str,
}

/// A violation code: a handle on its declaration. Two codes are equal when their names are.
#[derive(Clone, Copy)]
pub struct Code(&'static CodeInfo);

use Severity::{Error, Warning};
use SeverityRule::{Fixed, FromConstraint};

impl CodeInfo {
    /// A Subject-level code.
    pub const fn subject(
        name: &'static str,
        severity: SeverityRule,
        part_index: bool,
        description: &'static str,
    ) -> CodeInfo {
        CodeInfo { name, severity, part_index, dependent_rule: false, description }
    }

    /// An error about one value part ("this part is not a valid ..."): what most codes of a single
    /// type are.
    pub const fn invalid_part(name: &'static str, description: &'static str) -> CodeInfo {
        CodeInfo::subject(name, Fixed(Error), true, description)
    }

    /// An error of the Dependent-Subject rules, checked over a whole page.
    const fn page_rule(name: &'static str, part_index: bool, description: &'static str) -> CodeInfo {
        CodeInfo { name, severity: Fixed(Error), part_index, dependent_rule: true, description }
    }
}

impl Code {
    pub const REQUIRED: Code = Code(&CodeInfo::subject(
        "required",
        FromConstraint("required"),
        false,
        "A required property has no Statement or an empty value.",
    ));
    pub const LABEL_REQUIRED: Code = Code(&CodeInfo::subject(
        "label-required",
        Fixed(Warning),
        false,
        "A standalone Subject that is not its page's main Subject has no label.",
    ));
    pub const TYPE_MISMATCH: Code = Code(&CodeInfo::subject(
        "type-mismatch",
        Fixed(Error),
        false,
        "The Statement's propertyType differs from the Schema's registered type; no other check runs for the property.",
    ));
    pub const UNIQUE: Code = Code(&CodeInfo::subject(
        "unique",
        FromConstraint("uniqueItems"),
        false,
        "Two parts repeat (monolingualText: text and language both repeat).",
    ));
    pub const MIN_LENGTH: Code = Code(&CodeInfo::subject(
        "min-length",
        FromConstraint("minLength"),
        true,
        "A trimmed part has fewer code points than minLength.",
    ));
    pub const MAX_LENGTH: Code = Code(&CodeInfo::subject(
        "max-length",
        FromConstraint("maxLength"),
        true,
        "A trimmed part has more code points than maxLength.",
    ));
    pub const MIN_VALUE: Code = Code(&CodeInfo::subject(
        "min-value",
        FromConstraint("minimum"),
        false,
        "A number, date or dateTime is below the inclusive minimum.",
    ));
    pub const MAX_VALUE: Code = Code(&CodeInfo::subject(
        "max-value",
        FromConstraint("maximum"),
        false,
        "A number, date or dateTime is above the inclusive maximum.",
    ));
    pub const SINGLE_VALUE_ONLY: Code = Code(&CodeInfo::subject(
        "single-value-only",
        FromConstraint("multiple"),
        false,
        "A select, relation or monolingualText property without multiple has more than one part.",
    ));
    pub const UNREGISTERED_TYPE: Code = Code(&CodeInfo::subject(
        "unregistered-type",
        Fixed(Warning),
        false,
        "The Schema's type has no registered implementation; the value is kept verbatim and not checked.",
    ));
    pub const SCHEMA_NOT_FOUND: Code = Code(&CodeInfo::subject(
        "schema-not-found",
        Fixed(Warning),
        false,
        "The Subject's Schema cannot be loaded, or its source is unknown.",
    ));
    pub const RELATION_TARGET_SCHEMA_MISMATCH: Code = Code(&CodeInfo::subject(
        "relation-target-schema-mismatch",
        Fixed(Error),
        true,
        "A relation target exists but its Schema is not among targetSchemas.",
    ));
    pub const RELATION_TARGET_NOT_FOUND: Code = Code(&CodeInfo::subject(
        "relation-target-not-found",
        Fixed(Warning),
        true,
        "A relation target resolves to no readable Subject.",
    ));
    pub const RELATION_TARGET_UNRESOLVABLE_SOURCE: Code = Code(&CodeInfo::subject(
        "relation-target-unresolvable-source",
        Fixed(Error),
        true,
        "A relation target's source key names no registered source.",
    ));
    pub const RELATION_TARGET_UNAVAILABLE: Code = Code(&CodeInfo::subject("relation-target-unavailable", Fixed(Warning), true, "A relation target's source did not answer usably (timeout, error, refusal or garbage), so the target was not checked."));
    pub const DEPENDENT_SUBJECT_REFERENCED_TWICE: Code = Code(&CodeInfo::page_rule(
        "dependent-subject-referenced-twice",
        false,
        "More than one relation on the page targets the Dependent Subject.",
    ));
    pub const DEPENDENT_TARGET_NOT_ON_PAGE: Code = Code(&CodeInfo::page_rule(
        "dependent-target-not-on-page",
        true,
        "A relation of a dependent property targets a Subject not on the holder's page.",
    ));
    pub const RELATION_TO_DEPENDENT_SUBJECT: Code = Code(&CodeInfo::page_rule(
        "relation-to-dependent-subject",
        true,
        "A relation of a non-dependent or undeclared property targets a Dependent Subject.",
    ));
    pub const DEPENDENT_SUBJECT_IS_MAIN: Code = Code(&CodeInfo::page_rule(
        "dependent-subject-is-main",
        false,
        "A Dependent Subject is the page's main Subject.",
    ));
    pub const DEPENDENT_SUBJECT_HAS_LABEL: Code =
        Code(&CodeInfo::page_rule("dependent-subject-has-label", false, "A Dependent Subject has a label."));
    pub const DEPENDENT_SUBJECT_WITHOUT_HOST: Code = Code(&CodeInfo::page_rule(
        "dependent-subject-without-host",
        false,
        "No standalone Subject on the page reaches the Dependent Subject.",
    ));
}

/// Validation's own codes, in the order the docs list them.
pub const CORE_CODES: [Code; 21] = [
    Code::REQUIRED,
    Code::LABEL_REQUIRED,
    Code::TYPE_MISMATCH,
    Code::UNIQUE,
    Code::MIN_LENGTH,
    Code::MAX_LENGTH,
    Code::MIN_VALUE,
    Code::MAX_VALUE,
    Code::SINGLE_VALUE_ONLY,
    Code::UNREGISTERED_TYPE,
    Code::SCHEMA_NOT_FOUND,
    Code::RELATION_TARGET_SCHEMA_MISMATCH,
    Code::RELATION_TARGET_NOT_FOUND,
    Code::RELATION_TARGET_UNRESOLVABLE_SOURCE,
    Code::RELATION_TARGET_UNAVAILABLE,
    Code::DEPENDENT_SUBJECT_REFERENCED_TWICE,
    Code::DEPENDENT_TARGET_NOT_ON_PAGE,
    Code::RELATION_TO_DEPENDENT_SUBJECT,
    Code::DEPENDENT_SUBJECT_IS_MAIN,
    Code::DEPENDENT_SUBJECT_HAS_LABEL,
    Code::DEPENDENT_SUBJECT_WITHOUT_HOST,
];

impl Code {
    /// The code of a declaration (`const INVALID_X: Code = Code::new(&CodeInfo::invalid_part(..))`).
    pub const fn new(info: &'static CodeInfo) -> Code {
        Code(info)
    }

    pub fn info(self) -> &'static CodeInfo {
        self.0
    }

    pub fn as_str(self) -> &'static str {
        self.0.name
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Code {}

impl Hash for Code {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name.hash(state)
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}
