//! JS objects into wasm memory without JSON text: `js/encode-json.js` (a wasm-bindgen snippet, so
//! every module built from this crate ships it) writes an object argument in `src/json`'s encoded
//! form into a reused JS buffer, and one copy moves it into wasm memory. A value the walker cannot
//! write exactly as `JSON.stringify` would comes back as `None`, and the caller takes it through
//! `JSON.stringify` as before.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/encode-json.js")]
extern "C" {
    /// The encoded form of an object or array, or undefined (docs/validation.md). It catches what
    /// it calls; `catch` here makes any throw that escapes it a fall-back too.
    #[wasm_bindgen(js_name = encodeJson, catch)]
    fn encode_json(value: &JsValue) -> Result<Option<Uint8Array>, JsValue>;
}

/// The encoded form of `value`, copied into wasm memory in one move; `None` when it must go as JSON
/// text.
pub fn encoded(value: &JsValue) -> Option<Vec<u8>> {
    encode_json(value).ok().flatten().map(|bytes| bytes.to_vec())
}
