//! The one table of every violation code: validation's own (`checks::codes::CORE_CODES`), then
//! each registered type's, in registry order. Docs, OpenAPI, the violation messages (`exports::messages`) and
//! the tests read it here.

use super::REGISTRY;
use crate::checks::codes::{Code, CORE_CODES};

/// Every violation code, each once.
pub fn all() -> Vec<Code> {
    CORE_CODES.iter().copied().chain(REGISTRY.iter().flat_map(|t| t.codes().iter().copied())).collect()
}

/// The code of that name.
pub fn by_name(name: &str) -> Option<Code> {
    all().into_iter().find(|c| c.as_str() == name)
}
