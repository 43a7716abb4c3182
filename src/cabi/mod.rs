//! The C-ABI adapter: the same operations as the wasm-bindgen adapter (`crate::wasm`), exported as
//! plain functions over linear memory for hosts that are not JavaScript (PHP through wasmtime,
//! `host-php/`). No wasm-bindgen and no js-sys: the module imports only the three functions of
//! [`imports`]. The contract is written down in `docs/architecture.md` ("The C ABI").
//!
//! Every operation takes its arguments as UTF-8 buffers (pointer and length; a null pointer is an
//! absent argument) that the host allocated with `strata_alloc` and that the operation frees. It
//! returns 0 and leaves its answer (the text the wasm-bindgen export returns) in the answer buffer,
//! or returns 1 and leaves a StrataError as JSON there. A panic traps (the release profile aborts):
//! the host then discards the instance and makes a new one from the compiled module.

mod buffers;
mod drive;
mod exports;
mod handles;
mod imports;
