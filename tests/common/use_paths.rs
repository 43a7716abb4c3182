//! The reading of a `use` tree both architecture tests share (`tests/architecture.rs`,
//! `tests/architecture_types.rs`): `a::{b, c::{d, e}, f::*}` into the paths it names.

/// Whether `c` can be part of an identifier.
pub fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths a use-tree starting at `text` names, each as segments after `prefix`: `a::{b, c::d}`
/// gives `[a, b]` and `[a, c, d]`. `*`, `self` and anything that is not a segment end a path at
/// their module.
pub fn expand(text: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    let mut rest = text.trim_start();
    loop {
        if let Some(inner) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices().chain([(inner.len(), '}')]) {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 0 => {
                        if !inner[start..i].trim().is_empty() {
                            expand(&inner[start..i], path.clone(), out);
                        }
                        if c == '}' {
                            return;
                        }
                        start = i + 1;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            return;
        }
        let name: String = rest.chars().take_while(|&c| ident_char(c)).collect();
        if name.is_empty() || name == "self" {
            out.push(path);
            return;
        }
        path.push(name.clone());
        rest = &rest[name.len()..];
        match rest.trim_start().strip_prefix("::") {
            Some(r) => rest = r.trim_start(),
            None => {
                out.push(path);
                return;
            }
        }
    }
}
