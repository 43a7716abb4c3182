//! Linear-memory buffers across the C ABI: `strata_alloc` and `strata_free` for the host, argument
//! buffers an operation takes over, and the one answer buffer the host reads with `strata_answer`.

use crate::exports::ExportError;
use std::alloc::{alloc, dealloc, Layout};
use std::cell::RefCell;

thread_local! {
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Every buffer has byte alignment and at least one byte, so that an empty text still has a
/// pointer. `None` for a length no allocation can have.
fn layout(len: u32) -> Option<Layout> {
    Layout::from_size_align((len as usize).max(1), 1).ok()
}

/// A buffer of `len` bytes for the host to write into, or 0 when memory is exhausted.
#[export_name = "strata_alloc"]
pub extern "C" fn strata_alloc(len: u32) -> *mut u8 {
    // SAFETY: the layout has a non-zero size.
    layout(len).map_or(std::ptr::null_mut(), |l| unsafe { alloc(l) })
}

/// Frees a buffer from `strata_alloc` that the host did not hand to an operation.
///
/// # Safety
/// `ptr` must come from `strata_alloc(len)` and not have been freed or handed over.
#[export_name = "strata_free"]
pub unsafe extern "C" fn strata_free(ptr: *mut u8, len: u32) {
    if let (false, Some(l)) = (ptr.is_null(), layout(len)) {
        dealloc(ptr, l);
    }
}

/// The answer of the last operation: its pointer in the high 32 bits, its length in the low 32.
/// It stays valid until the next operation.
#[export_name = "strata_answer"]
pub extern "C" fn strata_answer() -> u64 {
    ANSWER.with(|a| {
        let a = a.borrow();
        ((a.as_ptr() as u64) << 32) | a.len() as u64
    })
}

/// Takes over a buffer from `strata_alloc` holding `len` bytes; `None` for a null pointer.
///
/// # Safety
/// A non-null `ptr` must come from `strata_alloc(len)` and not be used by the host afterwards.
pub unsafe fn take(ptr: *mut u8, len: u32) -> Option<Vec<u8>> {
    // SAFETY: `strata_alloc` allocated `max(len, 1)` bytes with byte alignment, as a Vec<u8> does.
    (!ptr.is_null()).then(|| Vec::from_raw_parts(ptr, len as usize, (len as usize).max(1)))
}

/// An argument buffer as text; an absent argument is `None`, bytes that are not UTF-8 are refused.
///
/// # Safety
/// As [`take`].
pub unsafe fn text(ptr: *mut u8, len: u32, what: &str) -> Result<Option<String>, ExportError> {
    take(ptr, len)
        .map(|bytes| {
            String::from_utf8(bytes).map_err(|_| ExportError::invalid_argument(format!("{what} is not UTF-8 text")))
        })
        .transpose()
}

/// Runs an operation and stores its answer: 0 and the text, or 1 and the StrataError as JSON.
pub fn answer(run: impl FnOnce() -> Result<String, ExportError>) -> u32 {
    let (status, bytes) = match run() {
        Ok(text) => (0, text.into_bytes()),
        Err(e) => (1, e.to_json().to_string().into_bytes()),
    };
    ANSWER.with(|a| *a.borrow_mut() = bytes);
    status
}
