//! Reusable answers: what a read's answer depends on, declared by the core with the response, so a
//! host may keep the response and serve it again without asking the core (docs/architecture.md,
//! "Reusable answers"). A reusable answer depends on nothing of the caller but the `read` right and
//! read access to each page it lists: a host serves it again only to a caller who has both, while
//! every listed page is at the same revision (or still absent), every listed request header has the
//! same value, and the host's `config` answer, the request's method, path and query and the module
//! are the same. Anything else is asked of the core, which answers as usual (a read the caller may not
//! make then looks like missing data, as always). A list read from the Subject index declares the
//! pages of the index rows it looked at instead (`index`): it stands while the host's index is
//! unchanged, for a caller who may read each of them.

use crate::app::PageVersion;
use crate::host::PageTitle;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reusable {
    /// Every page the answer was read from, by title, and the titles it found no page at.
    pub pages: Vec<PageVersion>,
    /// Every request header the answer read, by lower-case name, with its value (`None`: absent).
    pub headers: IndexMap<String, Option<String>>,
    /// Set for an answer read from the Subject index: the pages (titles without their namespace's
    /// prefix) of every index row it looked at, each readable when it was read. The answer stands
    /// only while the index is unchanged, and only for a caller who may read every one of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<Vec<PageTitle>>,
}
