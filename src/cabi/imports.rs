//! What the C-ABI module imports from its host (module `strata_host`): one function for every Host
//! operation, random bytes for getrandom's custom backend, and the clock.

use super::buffers::take;
use crate::host::{HostError, JsonHost};

#[link(wasm_import_module = "strata_host")]
extern "C" {
    /// Runs Host operation `op` with its arguments' JSON text. The host writes the pointer and
    /// length of its answer (a buffer from `strata_alloc`, which the module then owns) as two u32 at
    /// `answer`, and returns 0 when the answer is the operation's JSON result, 1 when it is the
    /// message of a failure.
    #[link_name = "call"]
    fn host_call(op: *const u8, op_len: u32, args: *const u8, args_len: u32, answer: *mut u32) -> u32;

    /// Fills `len` bytes at `dest` with random bytes; returns 0 on success.
    #[link_name = "random"]
    fn host_random(dest: *mut u8, len: u32) -> u32;

    /// Milliseconds since the Unix epoch.
    #[link_name = "nowMs"]
    fn host_now_ms() -> f64;
}

/// The Host port over the `call` import.
pub struct ImportedHost;

impl JsonHost for ImportedHost {
    async fn call(&self, op: &'static str, args_json: String) -> Result<String, HostError> {
        let mut answer = [0u32; 2];
        // SAFETY: both texts outlive the call; the host writes two u32 into `answer`.
        let status = unsafe {
            host_call(op.as_ptr(), op.len() as u32, args_json.as_ptr(), args_json.len() as u32, answer.as_mut_ptr())
        };
        // SAFETY: the contract of `call` hands the answer buffer over to the module.
        let bytes = unsafe { take(answer[0] as *mut u8, answer[1]) }.unwrap_or_default();
        let text = String::from_utf8(bytes)
            .map_err(|_| HostError::new(op, "the host answered with bytes that are not UTF-8"))?;
        match status {
            0 => Ok(text),
            _ => Err(HostError::new(op, text)),
        }
    }
}

/// The host's clock, as the options of every export need it.
pub fn now_ms() -> u64 {
    // SAFETY: a plain import without arguments.
    unsafe { host_now_ms() }.max(0.0) as u64
}

/// getrandom's custom backend (enabled with `--cfg getrandom_backend="custom"` in scripts/build.sh).
///
/// # Safety
/// `dest` must be valid for `len` bytes of writes, as getrandom guarantees.
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    match u32::try_from(len) {
        Ok(len) if host_random(dest, len) == 0 => Ok(()),
        _ => Err(getrandom::Error::UNEXPECTED),
    }
}
