//! The `projectForStore` export: one batch of a store rebuild.

use super::ExportError;
use crate::app::projection::rebuild::{project_batch, BatchRequest};

/// One rebuild batch, JSON text in and out (the batches are large; text avoids a second copy).
pub fn project_for_store(request_json: &str) -> Result<String, ExportError> {
    let request: BatchRequest = serde_json::from_str(request_json).map_err(|e| ExportError::invalid_argument(format!("request: {e}")))?;
    let result = project_batch(&request).map_err(ExportError::invalid_argument)?;
    serde_json::to_string(&result).map_err(|e| ExportError::invalid_argument(e.to_string()))
}
