//! The options every export accepts.

use super::ExportError;
use crate::domain::ids::SourceKey;
use serde_json::Value;

/// Options every export accepts: this wiki's source key (default `local`), the registered source
/// keys (`sources`; the wiki's own is always one, and the default), and the clock used to mint
/// relation IDs (default: none given, the caller's current time is used by the adapter).
#[derive(Debug, Clone)]
pub struct Options {
    pub source_key: SourceKey,
    pub sources: Vec<SourceKey>,
    pub now_ms: u64,
}

pub const DEFAULT_SOURCE_KEY: &str = "local";

impl Options {
    pub fn from_json(v: Option<&Value>, now_ms: u64) -> Result<Self, ExportError> {
        let obj = match v {
            None | Some(Value::Null) => None,
            Some(Value::Object(o)) => Some(o),
            Some(_) => return Err(ExportError::invalid_argument("options must be an object")),
        };
        let key = match obj.and_then(|o| o.get("sourceKey")) {
            None | Some(Value::Null) => DEFAULT_SOURCE_KEY,
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(ExportError::invalid_argument("options.sourceKey must be a string")),
        };
        let source_key =
            SourceKey::parse(key).map_err(|e| ExportError::invalid_argument(format!("options.sourceKey: {e}")))?;
        let mut sources = vec![source_key.clone()];
        match obj.and_then(|o| o.get("sources")) {
            None | Some(Value::Null) => {}
            Some(Value::Array(keys)) => {
                for key in keys {
                    let key = key
                        .as_str()
                        .ok_or_else(|| ExportError::invalid_argument("options.sources must hold strings"))?;
                    sources.push(
                        SourceKey::parse(key)
                            .map_err(|e| ExportError::invalid_argument(format!("options.sources: {e}")))?,
                    );
                }
            }
            Some(_) => return Err(ExportError::invalid_argument("options.sources must be an array of source keys")),
        }
        Ok(Options { source_key, sources, now_ms })
    }
}
