//! The wikitext subset a plain wiki page needs, as HTML: headings (`== x ==`), paragraphs separated
//! by blank lines, bulleted (`*`) and numbered (`#`) lists with nesting, horizontal rules (`----`),
//! internal links (`[[Page]]`, `[[Page|label]]`), external links (`[https://... label]`), bold
//! (`'''`) and italic (`''`). Everything else is text, escaped.

use super::html::{escape, is_safe_external, Links};

/// The HTML of a page's wikitext.
pub fn to_html(text: &str, links: &Links) -> String {
    let mut out = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut open_lists: Vec<char> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_end();
        let marker_len = trimmed.chars().take_while(|c| *c == '*' || *c == '#').count();
        if marker_len > 0 {
            flush_paragraph(&mut out, &mut paragraph, links);
            let markers: Vec<char> = trimmed.chars().take(marker_len).collect();
            set_lists(&mut out, &mut open_lists, &markers);
            out.push_str(&format!("<li>{}</li>\n", inline(trimmed[marker_len..].trim(), links)));
            continue;
        }
        set_lists(&mut out, &mut open_lists, &[]);
        if trimmed.trim().is_empty() {
            flush_paragraph(&mut out, &mut paragraph, links);
        } else if let Some((level, heading)) = heading(trimmed) {
            flush_paragraph(&mut out, &mut paragraph, links);
            out.push_str(&format!("<h{level}>{}</h{level}>\n", inline(heading, links)));
        } else if trimmed.trim() == "----" {
            flush_paragraph(&mut out, &mut paragraph, links);
            out.push_str("<hr>\n");
        } else {
            paragraph.push(trimmed.trim());
        }
    }
    set_lists(&mut out, &mut open_lists, &[]);
    flush_paragraph(&mut out, &mut paragraph, links);
    out
}

fn flush_paragraph(out: &mut String, lines: &mut Vec<&str>, links: &Links) {
    if !lines.is_empty() {
        out.push_str(&format!("<p>{}</p>\n", inline(&lines.join(" "), links)));
        lines.clear();
    }
}

/// Opens and closes `<ul>`/`<ol>` so that the open lists match `markers` (`*#` is a numbered list
/// inside a bulleted one).
fn set_lists(out: &mut String, open: &mut Vec<char>, markers: &[char]) {
    let common = open.iter().zip(markers).take_while(|(a, b)| a == b).count();
    while open.len() > common {
        let m = open.pop().unwrap_or('*');
        out.push_str(if m == '#' { "</ol>\n" } else { "</ul>\n" });
    }
    for m in &markers[common..] {
        out.push_str(if *m == '#' { "<ol>\n" } else { "<ul>\n" });
        open.push(*m);
    }
}

/// `(level, text)` of a heading line `== text ==`; level 1 is shown as level 2 (the page title is the
/// only first-level heading).
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|c| *c == '=').count().min(6);
    if level == 0 || !line.ends_with(&"=".repeat(level)) || line.len() < 2 * level + 1 {
        return None;
    }
    let text = line[level..line.len() - level].trim();
    (!text.is_empty()).then_some((level.max(2), text))
}

/// Links, bold and italic inside one block.
fn inline(text: &str, links: &Links) -> String {
    let mut out = String::new();
    let mut bold = false;
    let mut italic = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some((html, used)) = internal_link(rest, links).or_else(|| external_link(rest)) {
            out.push_str(&html);
            rest = &rest[used..];
        } else if rest.starts_with("'''") {
            out.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
            rest = &rest[3..];
        } else if rest.starts_with("''") {
            out.push_str(if italic { "</i>" } else { "<i>" });
            italic = !italic;
            rest = &rest[2..];
        } else {
            out.push_str(&escape(&c.to_string()));
            rest = &rest[c.len_utf8()..];
        }
    }
    if italic {
        out.push_str("</i>");
    }
    if bold {
        out.push_str("</b>");
    }
    out
}

/// `[[Target]]` or `[[Target|label]]` at the start of `text`: its HTML and the bytes it used.
fn internal_link(text: &str, links: &Links) -> Option<(String, usize)> {
    let inner = text.strip_prefix("[[")?;
    let end = inner.find("]]")?;
    let (target, label) = match inner[..end].split_once('|') {
        Some((t, l)) => (t.trim(), l.trim()),
        None => (inner[..end].trim(), inner[..end].trim()),
    };
    if target.is_empty() || target.contains(['[', '<', '>', '{', '}']) {
        return None;
    }
    let label = if label.is_empty() { target } else { label };
    Some((format!("<a href=\"{}\">{}</a>", escape(&links.page(target)), escape(label)), end + 4))
}

/// `[https://url label]` at the start of `text`.
fn external_link(text: &str) -> Option<(String, usize)> {
    let inner = text.strip_prefix('[')?;
    let end = inner.find(']')?;
    let (url, label) = inner[..end].split_once(' ').unwrap_or((&inner[..end], ""));
    if !is_safe_external(url) {
        return None;
    }
    let label = if label.trim().is_empty() { url } else { label.trim() };
    Some((format!("<a class=\"external\" rel=\"nofollow\" href=\"{}\">{}</a>", escape(url), escape(label)), end + 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subset_renders_as_html() {
        let cases = [
            ("Hello\nworld\n\nNext", "<p>Hello world</p>\n<p>Next</p>\n"),
            ("== Books ==\ntext", "<h2>Books</h2>\n<p>text</p>\n"),
            ("= Top =", "<h2>Top</h2>\n"),
            ("=== Sub ===", "<h3>Sub</h3>\n"),
            (
                "* a\n* b\n** c\n# d",
                "<ul>\n<li>a</li>\n<li>b</li>\n<ul>\n<li>c</li>\n</ul>\n</ul>\n<ol>\n<li>d</li>\n</ol>\n",
            ),
            ("----", "<hr>\n"),
            ("See [[Harbour Lights]].", "<p>See <a href=\"/wiki/Harbour_Lights\">Harbour Lights</a>.</p>\n"),
            ("[[Schema:Book|the Book Schema]]", "<p><a href=\"/wiki/Schema:Book\">the Book Schema</a></p>\n"),
            (
                "[https://example.org/ Example]",
                "<p><a class=\"external\" rel=\"nofollow\" href=\"https://example.org/\">Example</a></p>\n",
            ),
            ("'''bold''' and ''italic", "<p><b>bold</b> and <i>italic</i></p>\n"),
        ];
        for (text, want) in cases {
            assert_eq!(to_html(text, &Links::default()), want, "{text}");
        }
    }

    #[test]
    fn markup_and_script_links_stay_text() {
        let cases = [
            ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"),
            ("[javascript:alert(1) click]", "<p>[javascript:alert(1) click]</p>\n"),
            ("[[a<b]]", "<p>[[a&lt;b]]</p>\n"),
            ("[[\" onclick=\"x]]", "<p><a href=\"/wiki/%22_onclick%3D%22x\">&quot; onclick=&quot;x</a></p>\n"),
        ];
        for (text, want) in cases {
            assert_eq!(to_html(text, &Links::default()), want, "{text}");
        }
    }
}
