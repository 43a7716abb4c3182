//! Repeated object keys: found while an object is read, then resolved as `serde_json`'s
//! `preserve_order` map does (the first position, the last value).
//!
//! Most objects have a few distinct keys. Each key sets one bit of a 64-bit filter picked from its
//! length and its first and last bytes; only a key whose bit is already set is compared with the
//! keys before it. An object of more than [`FILTERED_UP_TO`] members is checked once through a set
//! when it closes instead, so hostile input whose keys all share a bit stays linear.

use crate::json::Json;
use std::collections::{HashMap, HashSet};

const FILTERED_UP_TO: usize = 16;

/// The keys of the object being read, so far.
#[derive(Default)]
pub(in crate::json) struct SeenKeys {
    bits: u64,
    repeated: bool,
}

impl SeenKeys {
    /// Notes `key`, about to follow `before` (the object's members so far).
    #[inline]
    pub(in crate::json) fn add(&mut self, key: &str, before: &[(&str, Json<'_>)]) {
        let bit = 1u64 << filter_bit(key);
        if self.bits & bit != 0 && !self.repeated && before.len() < FILTERED_UP_TO {
            self.repeated = before.iter().any(|(seen, _)| *seen == key);
        }
        self.bits |= bit;
    }

    /// Whether a key of the closed object's `members` is there twice.
    pub(in crate::json) fn repeated(&self, members: &[(&str, Json<'_>)]) -> bool {
        if members.len() <= FILTERED_UP_TO {
            return self.repeated;
        }
        let mut set = HashSet::with_capacity(members.len());
        !members.iter().all(|(k, _)| set.insert(*k))
    }
}

fn filter_bit(key: &str) -> u32 {
    let bytes = key.as_bytes();
    let (first, last) = match bytes {
        [] => (0, 0),
        [.., last] => (u32::from(bytes[0]), u32::from(*last)),
    };
    (bytes.len() as u32 ^ first << 1 ^ last << 3) & 63
}

/// Rewrites the members from `base` on so that each key is there once, at its first position, with
/// its last value.
#[cold]
pub(super) fn keep_first_positions<'a>(members: &mut Vec<(&'a str, Json<'a>)>, base: usize) {
    let mut positions: HashMap<&'a str, usize> = HashMap::new();
    let mut kept: Vec<(&'a str, Json<'a>)> = Vec::new();
    for (k, v) in members.drain(base..) {
        match positions.get(k) {
            Some(&i) => kept[i].1 = v,
            None => {
                positions.insert(k, kept.len());
                kept.push((k, v));
            }
        }
    }
    members.extend(kept);
}

#[cfg(test)]
mod tests {
    use crate::json::{Arena, Json};

    /// Each object's keys as read, for objects of up to and beyond the filtered size, with the
    /// repeated key early, late, next to itself, empty, and sharing a filter bit with another key.
    #[test]
    fn a_repeated_key_is_found_wherever_it_is() {
        let many = |n: usize, repeat: Option<(usize, usize)>| {
            let mut keys: Vec<String> = (0..n).map(|i| format!("k{i}")).collect();
            if let Some((from, to)) = repeat {
                keys[to] = keys[from].clone();
            }
            keys
        };
        let cases: Vec<(Vec<String>, bool)> = vec![
            (vec!["a".into(), "b".into()], false),
            (vec!["a".into(), "a".into()], true),
            (vec!["".into(), "".into()], true),
            (vec!["".into(), "x".into()], false),
            (vec!["ab".into(), "bb".into(), "ab".into()], true),
            (vec!["axb".into(), "ayb".into()], false),
            (many(16, None), false),
            (many(16, Some((0, 15))), true),
            (many(17, None), false),
            (many(17, Some((3, 16))), true),
            (many(40, Some((20, 39))), true),
            (many(40, None), false),
        ];
        for (keys, repeated) in cases {
            let text = format!(
                "{{{}}}",
                keys.iter().enumerate().map(|(i, k)| format!("\"{k}\": {i}")).collect::<Vec<_>>().join(", ")
            );
            let arena = Arena::new();
            let doc = Json::parse(&text, &arena).unwrap();
            let read: Vec<&str> = doc.as_object().unwrap().keys().collect();
            let mut expected: Vec<&str> = Vec::new();
            for k in &keys {
                if !expected.contains(&k.as_str()) {
                    expected.push(k);
                }
            }
            assert_eq!(read, expected, "{text}");
            assert_eq!(read.len() < keys.len(), repeated, "{text}");
            let theirs: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(doc.to_value(), theirs, "{text}");
        }
    }
}
