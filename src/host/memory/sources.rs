//! Subject sources in the memory host: a test decides how each `fetchSource` is answered (often by
//! running the core on a second `MemoryHost`), and can read which fetches the core made.

use super::{FetchAnswer, FetchFailure, FetchSource, MemoryHost};
use std::fmt;
use std::rc::Rc;

/// Answers `fetchSource`; without one, every source is unreachable.
#[derive(Clone)]
pub struct Responder(Rc<dyn Fn(&FetchSource) -> FetchAnswer>);

impl fmt::Debug for Responder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Responder")
    }
}

impl MemoryHost {
    /// How `fetchSource` is answered from now on.
    pub fn answer_fetches(&self, responder: impl Fn(&FetchSource) -> FetchAnswer + 'static) {
        self.store.borrow_mut().responder = Some(Responder(Rc::new(responder)));
    }

    /// Every `fetchSource` call so far.
    pub fn fetches(&self) -> Vec<FetchSource> {
        self.store.borrow().fetches.clone()
    }

    pub(super) fn fetch(&self, args: FetchSource) -> FetchAnswer {
        let responder = {
            let mut store = self.store.borrow_mut();
            store.fetches.push(args.clone());
            if !store.settings.sources.contains_key(&args.source) {
                return FetchAnswer::failed(FetchFailure::UnknownSource);
            }
            store.responder.clone()
        };
        // The store is not borrowed while the responder runs: it may call back into this host.
        responder.map_or_else(|| FetchAnswer::failed(FetchFailure::Unreachable), |r| (r.0)(&args))
    }
}
