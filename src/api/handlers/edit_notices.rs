//! `GET /page/{pageId}/editNotices`: notices that operators write on MediaWiki-namespace pages,
//! shown above the Subject editor. The page text is wikitext, drawn by the host's parser where it has
//! one (MediaWiki's, `parseWikitext`), else by the core's wikitext subset; the HTML is then
//! sanitized with an allow-list.

use super::Reply;
use crate::api::context::Ctx;
use crate::api::ids::page_param;
use crate::app::error::page_not_found;
use crate::app::error::ApiError;
use crate::app::load::schema_title;
use crate::app::view::readable_page;
use crate::domain::title::Title;
use crate::host::{namespace, Host, WikitextToParse};
use crate::render::html::Links;
use crate::render::wikitext;
use serde_json::{json, Value};

/// The notice for every Subject edit; `-<Schema>` is appended for a Schema's own notice.
pub const NOTICE_PAGE: &str = "Strata-editnotice";

pub async fn list<H: Host>(ctx: &Ctx<'_, H>) -> Result<Reply, ApiError> {
    let page_id = page_param(ctx)?;
    readable_page(ctx, page_id).await?.ok_or_else(|| page_not_found(page_id))?;
    let mut titles = vec![NOTICE_PAGE.to_owned()];
    if let Some(schema) = ctx.query("schema").filter(|s| !s.trim().is_empty()) {
        titles.push(format!("{NOTICE_PAGE}-{}", schema_title(schema)?));
    }
    let mut notices = Vec::new();
    for title in titles {
        let Ok(title) = Title::new(&title) else { continue };
        let page = ctx.page_by_title(namespace::MEDIAWIKI, &title.to_string()).await?;
        let Some(text) = page.filter(|p| p.access.read).and_then(|p| p.main_slot) else { continue };
        let parsed = ctx
            .host
            .parse_wikitext(WikitextToParse { title: format!("MediaWiki:{title}"), text: text.clone() })
            .await?;
        let html = sanitize(&parsed.map(|p| p.html).unwrap_or_else(|| wikitext::to_html(&text, &Links::default())));
        if !html.trim().is_empty() {
            notices.push(json!({"key": title.as_str().to_lowercase(), "html": html}));
        }
    }
    Ok(Reply::ok(json!({"notices": Value::Array(notices)})))
}

/// ammonia's default allow-list: formatting, links (with `rel="noopener noreferrer"`), lists,
/// tables and images; scripts, styles, event handlers and `javascript:` URLs are removed.
pub fn sanitize(html: &str) -> String {
    ammonia::clean(html)
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn notices_keep_formatting_and_lose_anything_active() {
        let cases = [
            ("<b>Please</b> cite sources.", "<b>Please</b> cite sources."),
            ("<script>alert(1)</script>Hi", "Hi"),
            ("<a href=\"javascript:alert(1)\">x</a>", "<a rel=\"noopener noreferrer\">x</a>"),
            (
                "<p onclick=\"x()\" style=\"color:red\">Read <a href=\"https://example.org/help\">the help</a></p>",
                "<p>Read <a href=\"https://example.org/help\" rel=\"noopener noreferrer\">the help</a></p>",
            ),
            ("<iframe src=\"https://evil\"></iframe><img src=\"a.png\" onerror=\"x()\">", "<img src=\"a.png\">"),
            ("plain text & more", "plain text &amp; more"),
        ];
        for (input, want) in cases {
            assert_eq!(sanitize(input), want, "{input}");
        }
    }
}
