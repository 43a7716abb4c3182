//! Trimming the whitespace around a text part, as `str::trim` does, with an answer at once for the
//! common part that already starts and ends with a visible ASCII character. Validation and
//! normalization trim each part several times, and `str::trim` decodes characters from both ends.

/// `s` without leading and trailing whitespace (Unicode `White_Space`), exactly as `str::trim`.
pub fn trim(s: &str) -> &str {
    match s.as_bytes() {
        [first, .., last] if plain(*first) && plain(*last) => s,
        [only] if plain(*only) => s,
        _ => s.trim(),
    }
}

/// An ASCII byte that is not whitespace: it is a whole character, and `str::trim` keeps it.
fn plain(b: u8) -> bool {
    b > b' ' && b < 0x80
}

#[cfg(test)]
mod tests {
    use super::trim;

    #[test]
    fn trims_as_str_trim_does() {
        let cases = [
            "",
            " ",
            "a",
            " a",
            "a ",
            "\ta\n",
            "\u{b}a\u{c}",
            "\u{1c}a\u{1f}",
            "a b",
            "\u{a0}a\u{a0}",
            "\u{3000}日本\u{2029}",
            "é",
            " é ",
            "\u{85}x",
            "x\u{85}",
            "\u{7f}",
            "\r\n",
            "\u{200b}x\u{200b}",
            "🚀",
            " 🚀 ",
        ];
        for s in cases {
            assert_eq!(trim(s), s.trim(), "{s:?}");
        }
    }
}
