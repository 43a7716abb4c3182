//! The URL pattern of `invalid-url`: `http://`, `https://` or no scheme; a domain-like host, an IPv4
//! literal or `localhost`; an optional port; then path, query and fragment.

/// Characters never allowed anywhere in a URL, besides white space and control characters.
const DISALLOWED: &[u8] = b"<>\"{}|\\^`";

/// Which ASCII bytes a URL may not hold: [`DISALLOWED`], and the bytes up to the space and DEL (there
/// white space and control characters are exactly those). No byte from 0x80 up is marked.
const DISALLOWED_ASCII: [bool; 256] = disallowed_ascii();

const fn disallowed_ascii() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b <= b' ' as usize {
        table[b] = true;
        b += 1;
    }
    table[0x7f] = true;
    let mut i = 0;
    while i < DISALLOWED.len() {
        table[DISALLOWED[i] as usize] = true;
        i += 1;
    }
    table
}

pub fn is_valid_url(s: &str) -> bool {
    if has_disallowed(s) {
        return false;
    }
    let Some(rest) = strip_scheme(s) else { return false };
    // The delimiters are ASCII, so a byte search finds what a character search would.
    let end = rest.bytes().position(|b| matches!(b, b'/' | b'?' | b'#')).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let (host, port) = match authority.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (authority, None),
    };
    port.map_or(true, is_port) && is_host(host) && escapes_are_valid(tail)
}

/// Whether a character is white space, a control character or [`DISALLOWED`]. ASCII text, the
/// common case, is checked byte by byte in [`DISALLOWED_ASCII`].
fn has_disallowed(s: &str) -> bool {
    if s.is_ascii() {
        s.bytes().any(|b| DISALLOWED_ASCII[b as usize])
    } else {
        s.chars().any(|c| c.is_whitespace() || c.is_control() || (c.is_ascii() && DISALLOWED_ASCII[c as usize]))
    }
}

/// The text after `http://` or `https://` (any case), or all of it when it names no scheme.
fn strip_scheme(s: &str) -> Option<&str> {
    for scheme in ["http://", "https://"] {
        if s.get(..scheme.len()).is_some_and(|p| p.eq_ignore_ascii_case(scheme)) {
            return Some(&s[scheme.len()..]);
        }
    }
    (!s.contains("://")).then_some(s)
}

fn is_port(p: &str) -> bool {
    (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|n| n <= 65_535)
}

fn is_host(h: &str) -> bool {
    h.eq_ignore_ascii_case("localhost") || is_ipv4(h) || is_domain(h)
}

/// Four dot-separated decimal octets. A host holding anything but digits and dots (any domain name)
/// is refused before it is split.
fn is_ipv4(h: &str) -> bool {
    if !h.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return false;
    }
    let octet_ok = |p: &str| (1..=3).contains(&p.len()) && p.parse::<u16>().is_ok_and(|n| n <= 255);
    let mut count = 0;
    h.split('.').all(|p| {
        count += 1;
        count <= 4 && octet_ok(p)
    }) && count == 4
}

/// Two or more labels of letters, digits and inner hyphens; the last is alphabetic or punycode.
/// Lengths count characters; a label of at most 63 bytes has at most 63, so only a longer one is
/// counted.
fn is_domain(h: &str) -> bool {
    let label_ok = |l: &str| {
        !l.is_empty()
            && (l.len() <= 63 || l.chars().count() <= 63)
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    let tld_ok = |t: &str| {
        let mut n = 0;
        (t.chars().all(|c| {
            n += 1;
            c.is_alphabetic()
        }) && n >= 2)
            || t.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    };
    let (mut count, mut last) = (0, "");
    h.split('.').all(|l| {
        (count, last) = (count + 1, l);
        label_ok(l)
    }) && count >= 2
        && tld_ok(last)
}

/// Every `%` starts a two-digit hexadecimal escape.
fn escapes_are_valid(tail: &str) -> bool {
    let b = tail.as_bytes();
    (0..b.len()).all(|i| b[i] != b'%' || b.get(i + 1..i + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)))
}

#[cfg(test)]
mod tests {
    use super::{is_valid_url, DISALLOWED, DISALLOWED_ASCII};

    /// The byte table marks exactly the ASCII characters the character test refuses, and no byte
    /// from 0x80 up.
    #[test]
    fn byte_table_matches_the_characters() {
        for b in 0..=255u8 {
            let c = char::from(b);
            let refused = b.is_ascii() && (c.is_whitespace() || c.is_control() || DISALLOWED.contains(&b));
            assert_eq!(DISALLOWED_ASCII[b as usize], refused, "byte {b:#x}");
        }
    }

    /// Each disallowed character is refused in ASCII text and beside a non-ASCII character.
    #[test]
    fn each_disallowed_character() {
        for &b in DISALLOWED {
            let c = char::from(b);
            assert!(!is_valid_url(&format!("https://example.com/a{c}b")), "{c}");
            assert!(!is_valid_url(&format!("https://münchen.de/a{c}b")), "{c}");
        }
    }

    #[test]
    fn accepted() {
        for ok in [
            "https://acme.example",
            "http://example.com",
            "HTTPS://Example.COM/Path",
            "example.com",
            "www.example.co.uk/a/b?c=d&e=f#frag",
            "sub-domain.example.org:8080/x",
            "http://localhost",
            "localhost:3000/api",
            "http://127.0.0.1:8080/",
            "192.168.0.1",
            "https://münchen.de/straße",
            "https://xn--mnchen-3ya.de",
            "https://example.XN--p1ai",
            "https://1.2.3.4.example",
            "https://example.com/a%20b?q=%C3%A9",
            "https://example.com/path(1);x=y,z@w!$'*+",
            "https://example.com?only=query",
            "https://example.com#only-fragment",
            "https://en.wikipedia.org/wiki/Johann_Sebastian_Bach",
            "https://ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé.example",
            "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example",
            "https://example.éé",
            "http://255.255.255.255",
            "http://1.2.3.4.example",
        ] {
            assert!(is_valid_url(ok), "{ok}");
        }
    }

    #[test]
    fn rejected() {
        for bad in [
            "",
            "ftp://example.com",
            "mailto:someone@example.com",
            "javascript:alert(1)",
            "file:///etc/passwd",
            "http://",
            "http:///path",
            "https://example",
            "example",
            "https://exa mple.com",
            "https://example.com/a b",
            "https://example.com/<script>",
            "https://example.com/\"q\"",
            "https://example.com/{x}",
            "https://example.com/a|b",
            "https://example.com/a\\b",
            "https://example.com/a^b",
            "https://example.com/`",
            "https://example.com:99999",
            "https://example.com:",
            "https://example.com:80a",
            "https://user@example.com",
            "https://-example.com",
            "https://example-.com",
            "https://example..com",
            "https://example.c0m",
            "https://example.c",
            "http://256.1.1.1",
            "http://1.2.3",
            "https://example.com/%zz",
            "https://example.com/%4",
            "https://example.com/\u{7}",
            "http://example.com\t",
            "https://example.com/\u{7f}",
            "https://example.com/a\u{a0}b",
            "https://münchen.de/a\u{85}b",
            "https://münchen.de/a\u{3000}b",
            "https://münchen.de/<",
            "http://1.2.3.4.5",
            "http://1.2.3.",
            "https://example.xn-",
            "http://1.2.3.4a",
            "https://example.é",
            "https://ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé.example",
            "https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example",
        ] {
            assert!(!is_valid_url(bad), "{bad}");
        }
    }
}
