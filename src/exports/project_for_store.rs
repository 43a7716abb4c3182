//! The `projectForStore` export: one batch of a store rebuild; and `graphIndexes`: the statements a
//! host runs on each new connection to a graph store.

use super::ExportError;
use crate::app::projection::rebuild::{self, project_batch, BatchRequest, BatchRequestError};
use crate::json::Arena;
use serde_json::json;

/// One rebuild batch, JSON text in and out (the batches are large; text avoids a second copy). A
/// request that is not JSON text is `invalid-argument` with `details.notJson` (the reader's line and
/// column): the one refusal a host answers by sending its slots in the other form (`docs/stores.md`).
pub fn project_for_store(request_json: &str) -> Result<String, ExportError> {
    let arena = Arena::new();
    let request = BatchRequest::read(request_json, &arena).map_err(|e| {
        let refused = ExportError::invalid_argument(format!("request: {e}"));
        match e {
            BatchRequestError::NotJson(at) => {
                ExportError { details: json!({"notJson": {"line": at.line(), "column": at.column()}}), ..refused }
            }
            BatchRequestError::NotABatch(_) => refused,
        }
    })?;
    let result = project_batch(&request).map_err(ExportError::invalid_argument)?;
    serde_json::to_string(&result).map_err(|e| ExportError::invalid_argument(e.to_string()))
}

/// The index statements of a graph store: a host runs them once on every connection it opens,
/// before its first write, and ignores the error a store answers for an index it has.
pub fn graph_indexes() -> Vec<String> {
    rebuild::graph_indexes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_indexes_are_the_subject_id_page_id_and_stub_indexes() {
        assert_eq!(
            graph_indexes(),
            [
                "CREATE INDEX FOR (n:Subject) ON (n._id)",
                "CREATE INDEX FOR (n:Page) ON (n.id)",
                "CREATE INDEX FOR (n:Subject) ON (n._stub)"
            ]
        );
    }
}
