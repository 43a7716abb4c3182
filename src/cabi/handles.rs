//! Objects that outlive one call (a compiled `Validator`, an `RdfProjector`, a `RebuildRun`), kept by the module and
//! named to the host by a number: the C-ABI form of the wasm-bindgen classes.

use crate::exports::ExportError;
use std::cell::RefCell;
use std::thread::LocalKey;

/// Live objects of one kind; a handle is its slot's index plus one, so 0 is never a handle.
pub struct Handles<T>(Vec<Option<T>>);

impl<T> Handles<T> {
    pub const fn new() -> Self {
        Handles(Vec::new())
    }
}

/// Keeps `value` and answers its handle.
pub fn insert<T: 'static>(table: &'static LocalKey<RefCell<Handles<T>>>, value: T) -> u32 {
    table.with(|t| {
        let slots = &mut t.borrow_mut().0;
        let index = slots.iter().position(Option::is_none).unwrap_or_else(|| {
            slots.push(None);
            slots.len() - 1
        });
        slots[index] = Some(value);
        index as u32 + 1
    })
}

/// Runs `f` on the object behind `handle`; an unknown handle is an `invalid-argument` error.
pub fn with<T: 'static, R>(
    table: &'static LocalKey<RefCell<Handles<T>>>,
    handle: u32,
    f: impl FnOnce(&T) -> Result<R, ExportError>,
) -> Result<R, ExportError> {
    table.with(|t| {
        let t = t.borrow();
        let value = (handle as usize).checked_sub(1).and_then(|i| t.0.get(i)).and_then(Option::as_ref);
        f(value.ok_or_else(|| ExportError::invalid_argument(format!("no live object has handle {handle}")))?)
    })
}

/// Runs `f` on the object behind `handle`, which it may change (a rebuild run stepping on).
pub fn with_mut<T: 'static, R>(
    table: &'static LocalKey<RefCell<Handles<T>>>,
    handle: u32,
    f: impl FnOnce(&mut T) -> Result<R, ExportError>,
) -> Result<R, ExportError> {
    table.with(|t| {
        let mut t = t.borrow_mut();
        let value = (handle as usize).checked_sub(1).and_then(|i| t.0.get_mut(i)).and_then(Option::as_mut);
        f(value.ok_or_else(|| ExportError::invalid_argument(format!("no live object has handle {handle}")))?)
    })
}

/// Drops the object behind `handle`; an unknown handle is ignored, as freeing twice is harmless.
pub fn remove<T: 'static>(table: &'static LocalKey<RefCell<Handles<T>>>, handle: u32) {
    table.with(|t| {
        let slots = &mut t.borrow_mut().0;
        if let Some(slot) = (handle as usize).checked_sub(1).and_then(|i| slots.get_mut(i)) {
            *slot = None;
        }
    })
}
