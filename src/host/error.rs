//! `HostError`: a host operation that failed (as a rejected `bridge.call` does).

use std::fmt;

/// A Host call that failed in transport or in the host itself (not a refusal, which is data).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError {
    pub op: &'static str,
    pub message: String,
}

impl HostError {
    pub fn new(op: &'static str, message: impl Into<String>) -> Self {
        HostError { op, message: message.into() }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "host operation {} failed: {}", self.op, self.message)
    }
}

impl std::error::Error for HostError {}
