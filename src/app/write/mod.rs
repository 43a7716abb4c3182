//! What every Subject write shares: minting, reading request bodies into Subjects, applying the
//! Dependent-Subject lifecycle, checking (validation, Dependent-Subject rules, enforcement), the
//! page save with its index rows, and the write response.

mod body;
mod check;
mod dependent_rules;
pub mod edit;
mod lookup;
mod response;
mod save;
pub mod title;

pub use body::{body_relation_targets, dependent_items, dependent_schema_refs, normalize_error, subject_body};
pub use check::{check, drop_unreached_dependents, validate_one};
pub use dependent_rules::{dependent_rules, DependentRules};
pub use response::write_response;
pub use save::{edit_save, new_page_save};

use super::clock::clock_ms;
use super::error::ApiError;
use crate::app::Scope;
use crate::domain::ids::IdMinter;
use crate::domain::page_content::PageContent;
use crate::host::Host;

/// The outcome words of the write responses.
pub mod status {
    pub const CREATED: &str = "created";
    pub const UPDATED: &str = "updated";
    pub const UNCHANGED: &str = "unchanged";
    pub const DELETED: &str = "deleted";
    pub const MOVED: &str = "moved";
}

/// Whether a write leaves the page as it was, Subject order included (map equality ignores order).
pub fn unchanged(before: &PageContent, after: &PageContent) -> bool {
    before == after && before.subjects.keys().eq(after.subjects.keys())
}

/// An ID minter and the host's clock in milliseconds, for one request.
pub struct Minting {
    pub minter: IdMinter,
    pub now_ms: u64,
}

impl Minting {
    pub async fn start<H: Host>(ctx: &Scope<'_, H>) -> Result<Self, ApiError> {
        Ok(Minting { minter: IdMinter::new(), now_ms: clock_ms(ctx).await? })
    }

    /// A minter without the clock, for a first try at a change that may not mint at all: when it
    /// has minted ([`IdMinter::has_minted`]), the change is made again with [`Minting::start`].
    pub fn without_clock() -> Self {
        Minting { minter: IdMinter::new(), now_ms: 0 }
    }
}
