//! Byte comparison eight bytes a step, and the wasm builds' `memcmp` made of it.
//!
//! Rust compares strings and byte slices through `memcmp` (`==` on two `&str` of one length is a
//! `memcmp` call). The wasm targets have no C library: their `memcmp` is the compiler's built-in
//! one, a loop of one byte a step, and validation compares many short keys, property and type
//! names, option ids and IDs of 15 bytes that differ only near their end (`docs/benchmarks-history.md`,
//! session 10). This module's `memcmp` replaces it in the wasm builds; the built-in one is a weak
//! definition, so the linker takes this one, and every comparison of the module goes through it.

/// C's `memcmp` over two slices of one length: zero when they are equal, else the difference of
/// their first differing bytes (negative when `a`'s is the smaller). Whole eight-byte words are
/// compared first; a tail shorter than eight bytes is compared as the last eight bytes (which
/// overlap bytes already found equal), or for fewer than eight bytes as two four-byte words, or
/// byte by byte below four.
pub fn compare(a: &[u8], b: &[u8]) -> i32 {
    let n = a.len().min(b.len());
    let mut at = 0;
    while at + 8 <= n {
        let (x, y) = (word8(a, at), word8(b, at));
        if x != y {
            return first_difference(x, y);
        }
        at += 8;
    }
    if at == n {
        return 0;
    }
    if n >= 8 {
        return first_difference(word8(a, n - 8), word8(b, n - 8));
    }
    if n >= 4 {
        let (x, y) = (word4(a, 0), word4(b, 0));
        return if x != y { first_difference(x, y) } else { first_difference(word4(a, n - 4), word4(b, n - 4)) };
    }
    for i in 0..n {
        if a[i] != b[i] {
            return i32::from(a[i]) - i32::from(b[i]);
        }
    }
    0
}

/// The eight bytes of `s` from `at`, the first in the lowest bits.
fn word8(s: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(s[at..at + 8].try_into().expect("eight bytes"))
}

/// The four bytes of `s` from `at`, the first in the lowest bits.
fn word4(s: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes(s[at..at + 4].try_into().expect("four bytes")))
}

/// The difference of the first differing bytes of two words read by [`word8`] or [`word4`] (the
/// lowest differing byte), zero when the words are equal.
fn first_difference(x: u64, y: u64) -> i32 {
    if x == y {
        return 0;
    }
    let shift = (x ^ y).trailing_zeros() & !7;
    i32::from((x >> shift) as u8) - i32::from((y >> shift) as u8)
}

/// The wasm builds' `memcmp`: [`compare`] of the `n` bytes at `a` and at `b`.
///
/// # Safety
///
/// C's contract of `memcmp`, which every caller (the compiler's own calls for slice and string
/// comparison) keeps: `a` and `b` are each readable for `n` bytes, and nothing writes them during
/// the call. For `n` of zero the pointers may be anything (even null), so they are not read.
#[cfg(target_arch = "wasm32")]
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    if n == 0 {
        return 0;
    }
    // SAFETY: `n` is not zero, so by the contract above `a` and `b` point to `n` readable bytes
    // each (hence are not null, and `u8` needs no alignment); neither is written while the slices
    // live, which is only this call; `n` bytes of one allocation are at most `isize::MAX`.
    let (a, b) = unsafe { (std::slice::from_raw_parts(a, n), std::slice::from_raw_parts(b, n)) };
    compare(a, b)
}

#[cfg(test)]
mod tests {
    use super::compare;

    /// The sign of C's `memcmp` as Rust's own slice order gives it.
    fn sign(a: &[u8], b: &[u8]) -> i32 {
        a.cmp(b) as i32
    }

    /// For every length up to 40 bytes and every position of a difference (each way, and with
    /// bytes above 0x7f), the answer's sign is the slice order's, and equal slices answer zero.
    #[test]
    fn compares_as_the_slice_order_does() {
        for n in 0..=40usize {
            let base: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert_eq!(compare(&base, &base.clone()), 0, "{n}");
            for at in 0..n {
                for (x, y) in [(b'a', b'b'), (b'b', b'a'), (0x00, 0xff), (0xff, 0x00), (0x80, 0x7f), (b'z', b'Z')] {
                    let (mut a, mut b) = (base.clone(), base.clone());
                    a[at] = x;
                    b[at] = y;
                    // A later difference must not change the answer.
                    if at + 1 < n {
                        b[n - 1] = a[n - 1].wrapping_add(1);
                    }
                    let got = compare(&a, &b);
                    assert_eq!(got.signum(), sign(&a, &b), "n {n} at {at}: {x:#x} against {y:#x}");
                    assert_eq!(got, i32::from(x) - i32::from(y), "n {n} at {at}");
                }
            }
        }
    }
}
