//! The wasm-bindgen adapter: converts JavaScript values and calls `crate::exports` (and, for
//! `handleRoute`, the REST layer through a JS-backed Host). No rule of the domain lives here.

mod exports;
mod interop;
mod js_host;
mod types;

/// Talc instead of the default dlmalloc: validation and content parsing allocate many small,
/// short-lived blocks, and Talc serves those markedly faster (`docs/benchmarks.md`).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
