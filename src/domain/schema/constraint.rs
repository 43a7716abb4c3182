//! `Constraint`: a definition rule with its value and the severity of a violation of it.

use super::Severity;

/// A Constraint value together with the severity of violating it.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint<T> {
    pub value: T,
    pub severity: Severity,
}

impl<T> Constraint<T> {
    pub fn warning(value: T) -> Self {
        Constraint { value, severity: Severity::Warning }
    }
}
