//! JS strings into wasm memory in one bulk copy. wasm-bindgen's own string passing writes an ASCII
//! string one character at a time from a JavaScript loop (`passStringToWasm0`), which costs more
//! than the parse of a batch's text; `TextEncoder.encodeInto` writes the UTF-8 bytes straight into
//! a buffer in wasm memory instead (a few times faster on the batch benchmark, docs/benchmarks-history.md).

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    type TextEncoder;

    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;

    /// `destination` is a view of wasm memory; the answer is `{read, written}`.
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &TextEncoder, source: &JsString, destination: &Uint8Array) -> EncodeResult;

    type EncodeResult;

    #[wasm_bindgen(method, getter)]
    fn written(this: &EncodeResult) -> u32;
}

thread_local! {
    static ENCODER: TextEncoder = TextEncoder::new();
}

/// The text of a JS string as UTF-8 (a lone surrogate becomes U+FFFD, as `TextEncoder` writes it).
pub fn utf8_of(s: &JsString) -> String {
    // A UTF-16 code unit is at most three bytes of UTF-8.
    let room = s.length() as usize * 3;
    let mut buf: Vec<u8> = Vec::with_capacity(room);
    // The view is used before anything else can allocate (and so move or grow wasm memory).
    let view = unsafe { Uint8Array::view_mut_raw(buf.as_mut_ptr(), room) };
    let written = ENCODER.with(|e| e.encode_into(s, &view).written()) as usize;
    // SAFETY: `encodeInto` initialized the first `written` bytes, within the capacity. They are
    // valid UTF-8: the Encoding Standard's UTF-8 encoder writes each scalar value of the string as
    // one whole UTF-8 sequence (a lone surrogate as U+FFFD's), and `encodeInto` stops before a
    // character that would not fit rather than writing part of it (none is cut here: the room is
    // three bytes a code unit, the most UTF-8 needs). JavaScript can write any bytes into wasm
    // memory anyway, so trusting the host's `TextEncoder` adds nothing to what the module trusts.
    unsafe {
        buf.set_len(written.min(room));
        String::from_utf8_unchecked(buf)
    }
}

/// The text of a JS value that must be a string; `None` for any other value.
pub fn string_arg(v: &JsValue) -> Option<String> {
    v.dyn_ref::<JsString>().map(utf8_of)
}
