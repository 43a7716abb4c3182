//! Reusable answers: what a read's answer depends on, declared by the core with the response, so a
//! host may keep the response and serve it again without asking the core (docs/architecture.md,
//! "Reusable answers"). A reusable answer depends on nothing of the caller but the `read` right and
//! read access to each page it lists: a host serves it again only to a caller who has both, while
//! every listed page is at the same revision (or still absent), every listed request header has the
//! same value, and the host's `config` answer, the request's method, path and query and the module
//! are the same. Anything else is asked of the core, which answers as usual (a read the caller may not
//! make then looks like missing data, as always).

use crate::app::PageVersion;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reusable {
    /// Every page the answer was read from, by title, and the titles it found no page at.
    pub pages: Vec<PageVersion>,
    /// Every request header the answer read, by lower-case name, with its value (`None`: absent).
    pub headers: IndexMap<String, Option<String>>,
}
