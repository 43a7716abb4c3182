//! The wasm-bindgen adapter: converts JavaScript values and calls `crate::exports` (and, for
//! `handleRoute`, the REST layer through a JS-backed Host). No rule of the domain lives here.
//! `editor` is in every wasm-bindgen build; `host_exports` and the JS-backed Host only in the full
//! one (feature `js`), so the slim browser module (feature `web` alone) leaves them out.

mod editor;
#[cfg(feature = "js")]
mod host_exports;
mod interop;
#[cfg(feature = "js")]
mod js_host;
mod objects_in;
mod text_in;
mod types;
