//! A host that counts the operations it is asked for and passes each to the host it wraps: how tests
//! and benchmarks see what a request costs in host calls.

use std::cell::RefCell;

pub struct Counted<H> {
    inner: H,
    calls: RefCell<Vec<&'static str>>,
}

impl<H> Counted<H> {
    pub fn new(inner: H) -> Self {
        Counted { inner, calls: RefCell::new(Vec::new()) }
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    /// The op names asked for since the last [`Counted::take`], in order.
    pub fn take(&self) -> Vec<&'static str> {
        std::mem::take(&mut self.calls.borrow_mut())
    }

    pub(super) fn count(&self, op: &'static str) {
        self.calls.borrow_mut().push(op);
    }
}
