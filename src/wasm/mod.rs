//! The wasm-bindgen adapter: converts JavaScript values and calls `crate::exports` (and, for
//! `handleRoute`, the REST layer through a JS-backed Host). No rule of the domain lives here.

mod exports;
mod interop;
mod js_host;
mod types;

