//! Drives the core's async Host calls to completion without an event loop. Over the C ABI the host
//! answers every call synchronously (`imports::ImportedHost`), so the futures never pend: one poll
//! finishes them. A future that pends anyway is answered as an error rather than spun on forever.

use crate::exports::ExportError;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};

/// Polls a few times before giving up, which covers a combinator that yields once.
const POLLS: usize = 16;

/// The output of `future`, which must not wait on anything but the host's synchronous answers.
pub fn block_on<F: Future>(future: F) -> Result<F::Output, ExportError> {
    let mut future = pin!(future);
    // SAFETY: the vtable's functions do nothing and never touch the data pointer.
    let waker = unsafe { Waker::from_raw(noop_raw_waker()) };
    let mut cx = Context::from_waker(&waker);
    for _ in 0..POLLS {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return Ok(out);
        }
    }
    Err(ExportError {
        code: "internal",
        message: "the core waited on something the host never answered".into(),
        details: serde_json::Value::Null,
    })
}

fn noop_raw_waker() -> RawWaker {
    fn clone(_: *const ()) -> RawWaker {
        noop_raw_waker()
    }
    fn noop(_: *const ()) {}
    static VTABLE: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
    RawWaker::new(std::ptr::null(), &VTABLE)
}
