//! The Host port over a JavaScript `HostBridge`: each operation is one `bridge.call(op, argsJson)`
//! whose promise resolves to the JSON text of the answer. The operations themselves, and their JSON,
//! come from the table in `crate::host`.

use crate::host::{HostError, JsonHost};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// `{ call(op: string, argsJson: string): Promise<string> }`, made by the shim's `makeBridge`.
    #[wasm_bindgen(typescript_type = "HostBridge")]
    pub type HostBridge;

    #[wasm_bindgen(method, catch)]
    fn call(this: &HostBridge, op: &str, args: &str) -> Result<js_sys::Promise, JsValue>;
}

#[wasm_bindgen(typescript_custom_section)]
const HOST_BRIDGE: &'static str = r#"
/** The host's side of the Host port: one method, one JSON message per operation (docs/architecture.md). */
export interface HostBridge {
  call(op: string, argsJson: string): Promise<string>;
}
"#;

pub struct JsHost(pub HostBridge);

fn message(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the host call failed".into())
}

impl JsonHost for JsHost {
    async fn call(&self, op: &'static str, args_json: String) -> Result<String, HostError> {
        let promise = self.0.call(op, &args_json).map_err(|e| HostError::new(op, message(&e)))?;
        let answer = JsFuture::from(promise).await.map_err(|e| HostError::new(op, message(&e)))?;
        answer.as_string().ok_or_else(|| HostError::new(op, "the host answered with something other than JSON text"))
    }
}
