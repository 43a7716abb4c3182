//! Statement values as HTML, by property type: URLs as links, relation targets as links with their
//! display names, numbers with the Schema's precision, dates spelled out in `<time>`, monolingual text
//! with its language, select values with their option labels, booleans as Yes/No.

use super::html::{escape, is_safe_external, Links};
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use crate::domain::temporal::parse_date;
use crate::types::{self, ValueShape};
use serde_json::{Map, Value};

/// What a value needs besides itself: the Subjects of the page and the relation targets elsewhere
/// (read objects by ID, as `GET /page/{id}/subjects?expand=relations` gives them), the page title.
pub struct ValueContext<'a> {
    pub links: &'a Links,
    pub page_title: &'a str,
    pub on_page: &'a Map<String, Value>,
    pub elsewhere: &'a Map<String, Value>,
    /// The language whose monolingual text comes first (a Layout's `preferredLanguage`).
    pub preferred_language: Option<&'a str>,
    /// Relation properties to show beside each target; `None`: all of them.
    pub relation_properties: Option<&'a [String]>,
}

/// The value parts of a Statement (`{propertyType, value, valueLabels?}`) as HTML, one per part.
pub fn parts(statement: &Value, def: Option<&PropertyDefinition>, cx: &ValueContext) -> Vec<String> {
    let value = &statement["value"];
    let strings = || value.as_array().into_iter().flatten().filter_map(Value::as_str);
    let type_name = statement["propertyType"].as_str().unwrap_or_default();
    match type_name {
        "text" => strings().map(escape).collect(),
        "url" => strings().map(url).collect(),
        "date" => strings().map(|d| date(d, cx.links)).collect(),
        "dateTime" => strings().map(|d| date_time(d, cx.links)).collect(),
        "select" => select(statement),
        "number" => value.as_f64().map(|n| number(n, value, def)).into_iter().collect(),
        "boolean" => value
            .as_bool()
            .map(|b| cx.links.msg_html(if b { "strata-yes" } else { "strata-no" }, &[]))
            .into_iter()
            .collect(),
        "monolingualText" => monolingual(value, cx.preferred_language),
        "relation" => value.as_array().into_iter().flatten().map(|r| relation(r, cx)).collect(),
        // Another registered type of string parts (`email`, `phoneNumber`) shows its parts as text.
        _ if value.is_array() && types::lookup(type_name).is_some_and(|t| t.shape() == ValueShape::Strings) => {
            strings().map(escape).collect()
        }
        _ => vec![format!("<code class=\"raw-value\">{}</code>", escape(&value.to_string()))],
    }
}

/// The parts as one HTML value: a single part as is, several as a list.
pub fn joined(parts: &[String]) -> String {
    match parts {
        [one] => one.clone(),
        many => {
            format!("<ul class=\"values\">{}</ul>", many.iter().map(|p| format!("<li>{p}</li>")).collect::<String>())
        }
    }
}

fn url(u: &str) -> String {
    if is_safe_external(u) {
        format!("<a class=\"external\" rel=\"nofollow\" href=\"{0}\">{0}</a>", escape(u))
    } else {
        escape(u)
    }
}

/// `2026-05-14` as `14 May 2026`, the month's name a message (`strata-month-5`).
fn spelled_date(d: &str, links: &Links) -> Option<String> {
    let date = parse_date(d)?;
    Some(format!("{} {} {}", date.day, links.msg(&format!("strata-month-{}", date.month), &[]), date.year))
}

fn date(d: &str, links: &Links) -> String {
    match spelled_date(d, links) {
        Some(text) => format!("<time datetime=\"{}\">{}</time>", escape(d), escape(&text)),
        None => escape(d),
    }
}

/// `2026-05-14T19:30:00+02:00` as `14 May 2026, 19:30 (UTC+02:00)`: the time as written, in its offset.
fn date_time(d: &str, links: &Links) -> String {
    let spelled = d.get(..10).and_then(|day| spelled_date(day, links)).zip(d.get(11..16)).map(|(day, hm)| {
        let offset =
            if d.ends_with('Z') { "UTC".to_owned() } else { format!("UTC{}", &d[d.len().saturating_sub(6)..]) };
        format!("{day}, {hm} ({offset})")
    });
    match spelled {
        Some(text) if d.get(10..11) == Some("T") => {
            format!("<time datetime=\"{}\">{}</time>", escape(d), escape(&text))
        }
        _ => escape(d),
    }
}

/// A number with the Schema's precision (decimal places) when it has one, else as stored.
fn number(n: f64, raw: &Value, def: Option<&PropertyDefinition>) -> String {
    match def.map(|d| &d.kind) {
        Some(PropertyKind::Number { precision: Some(p), .. }) => format!("{n:.*}", *p as usize),
        _ => raw.to_string(),
    }
}

/// Option labels; an id the Schema no longer offers is shown as the id.
fn select(statement: &Value) -> Vec<String> {
    let labels = statement["valueLabels"].as_array();
    let ids = statement["value"].as_array().into_iter().flatten().filter_map(Value::as_str);
    ids.enumerate()
        .map(|(i, id)| match labels.and_then(|l| l.get(i)).and_then(Value::as_str) {
            Some(label) => escape(label),
            None => format!("<span class=\"unknown-option\">{}</span>", escape(id)),
        })
        .collect()
}

/// Each text with its language; the preferred language first.
fn monolingual(value: &Value, preferred: Option<&str>) -> Vec<String> {
    let mut parts: Vec<(&str, &str)> = value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p["text"].as_str()?, p["language"].as_str()?)))
        .collect();
    parts.sort_by_key(|(_, lang)| Some(*lang) != preferred);
    parts
        .into_iter()
        .map(|(text, lang)| {
            format!("<span lang=\"{0}\">{1}</span> <span class=\"lang\">{0}</span>", escape(lang), escape(text))
        })
        .collect()
}

/// A relation target with the relation's properties: a Subject of this wiki as a link to it on its
/// page, one of another source by its display name, or the ID when the target is unknown or unreadable
/// (or its source unavailable).
fn relation(r: &Value, cx: &ValueContext) -> String {
    let target = r["target"].as_str().unwrap_or_default();
    let shown = match cx.elsewhere.get(target).filter(|s| s["source"].is_string()) {
        Some(s) => foreign_target(target, s, cx.links),
        None => local_target(target, cx),
    };
    shown + &relation_properties(r, cx)
}

fn local_target(target: &str, cx: &ValueContext) -> String {
    let link = if let Some(s) = cx.on_page.get(target) {
        Some((format!("#subject-{target}"), s["displayName"].as_str().unwrap_or(target)))
    } else if let Some(s) = cx.elsewhere.get(target) {
        let title = s["pageTitle"].as_str().unwrap_or(cx.page_title);
        Some((format!("{}#subject-{target}", cx.links.page(title)), s["displayName"].as_str().unwrap_or(target)))
    } else {
        None
    };
    match link {
        Some((href, name)) => format!("<a class=\"relation\" href=\"{}\">{}</a>", escape(&href), escape(name)),
        None => format!(
            "<span class=\"missing-target\" title=\"{}\">{}</span>",
            cx.links.msg_html("strata-missing-target", &[]),
            escape(target)
        ),
    }
}

/// A Subject of another source: its pages are not this wiki's, so it is named, not linked.
fn foreign_target(target: &str, s: &Value, links: &Links) -> String {
    let source = s["source"].as_str().unwrap_or_default();
    match s["displayName"].as_str().filter(|_| s["unavailable"] != true) {
        Some(name) => format!(
            "<span class=\"foreign-target\" title=\"{}\">{}</span>",
            links.msg_html("strata-foreign-target", &[target, source]),
            escape(name)
        ),
        None => format!(
            "<span class=\"foreign-target unavailable\" title=\"{}\">{}</span>",
            links.msg_html("strata-source-unavailable", &[source]),
            escape(target)
        ),
    }
}

/// The relation's properties the Layout shows, in parentheses; empty when none.
fn relation_properties(r: &Value, cx: &ValueContext) -> String {
    let shown: Vec<String> = r["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| cx.relation_properties.is_none_or(|only| only.iter().any(|o| o == *k)))
        .map(|(k, v)| format!("{}: {}", escape(k), escape(&v.as_str().map_or_else(|| v.to_string(), str::to_owned))))
        .collect();
    if shown.is_empty() {
        String::new()
    } else {
        format!(" <span class=\"relation-properties\">({})</span>", shown.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::SourceKey;
    use crate::domain::schema::Schema;
    use crate::types::ReadSchema;
    use serde_json::json;

    fn render(statement: Value, def: Option<&PropertyDefinition>) -> Vec<String> {
        let on_page = json!({"s1adr1aaaaaaa02": {"displayName": "Address of <Harbour>"}});
        let elsewhere = json!({"s1lib1aaaaaaa01": {"displayName": "Central Library", "pageTitle": "Central Library"},
            "alpha:s1x": {"id": "alpha:s1x", "source": "alpha", "displayName": "Ada <A>"},
            "alpha:s1y": {"id": "alpha:s1y", "source": "alpha", "unavailable": true}});
        let links = Links::default();
        let cx = ValueContext {
            links: &links,
            page_title: "Harbour",
            on_page: on_page.as_object().unwrap(),
            elsewhere: elsewhere.as_object().unwrap(),
            preferred_language: Some("en"),
            relation_properties: None,
        };
        parts(&statement, def, &cx)
    }

    #[test]
    fn values_render_by_type() {
        let cases = [
            (json!({"propertyType": "text", "value": ["a <b>", "c"]}), vec!["a &lt;b&gt;", "c"]),
            (
                json!({"propertyType": "url", "value": ["https://x.example/?a=1&b=2", "javascript:alert(1)"]}),
                vec![
                    "<a class=\"external\" rel=\"nofollow\" href=\"https://x.example/?a=1&amp;b=2\">https://x.example/?a=1&amp;b=2</a>",
                    "javascript:alert(1)",
                ],
            ),
            (json!({"propertyType": "date", "value": ["1978-03-01", "1978"]}), vec!["<time datetime=\"1978-03-01\">1 March 1978</time>", "1978"]),
            (
                json!({"propertyType": "dateTime", "value": ["2026-05-14T19:30:00+02:00", "2026-05-14T08:00:00Z"]}),
                vec![
                    "<time datetime=\"2026-05-14T19:30:00+02:00\">14 May 2026, 19:30 (UTC+02:00)</time>",
                    "<time datetime=\"2026-05-14T08:00:00Z\">14 May 2026, 08:00 (UTC)</time>",
                ],
            ),
            (json!({"propertyType": "boolean", "value": false}), vec!["No"]),
            (json!({"propertyType": "number", "value": 48}), vec!["48"]),
            (
                json!({"propertyType": "select", "value": ["o1", "o2"], "valueLabels": ["Lending", null]}),
                vec!["Lending", "<span class=\"unknown-option\">o2</span>"],
            ),
            (
                json!({"propertyType": "monolingualText", "value": [{"text": "Haven", "language": "nl"}, {"text": "Harbour", "language": "en"}]}),
                vec!["<span lang=\"en\">Harbour</span> <span class=\"lang\">en</span>", "<span lang=\"nl\">Haven</span> <span class=\"lang\">nl</span>"],
            ),
            (
                json!({"propertyType": "relation", "value": [
                    {"id": "r1", "target": "s1lib1aaaaaaa01", "properties": {"role": "author"}},
                    {"id": "r2", "target": "s1adr1aaaaaaa02"},
                    {"id": "r3", "target": "s1zzz1aaaaaaa09"},
                    {"id": "r4", "target": "alpha:s1x", "properties": {"role": "peer"}},
                    {"id": "r5", "target": "alpha:s1y"}]}),
                vec![
                    "<a class=\"relation\" href=\"/wiki/Central_Library#subject-s1lib1aaaaaaa01\">Central Library</a> <span class=\"relation-properties\">(role: author)</span>",
                    "<a class=\"relation\" href=\"#subject-s1adr1aaaaaaa02\">Address of &lt;Harbour&gt;</a>",
                    "<span class=\"missing-target\" title=\"No readable Subject has this ID\">s1zzz1aaaaaaa09</span>",
                    "<span class=\"foreign-target\" title=\"alpha:s1x, from the source alpha\">Ada &lt;A&gt;</span> <span class=\"relation-properties\">(role: peer)</span>",
                    "<span class=\"foreign-target unavailable\" title=\"The source alpha is unavailable\">alpha:s1y</span>",
                ],
            ),
            (json!({"propertyType": "email", "value": "<x>"}), vec!["<code class=\"raw-value\">&quot;&lt;x&gt;&quot;</code>"]),
            (json!({"propertyType": "email", "value": ["a&b@x.org"]}), vec!["a&amp;b@x.org"]),
            (json!({"propertyType": "phoneNumber-of-a-later-version", "value": ["+43"]}), vec!["<code class=\"raw-value\">[&quot;+43&quot;]</code>"]),
        ];
        for (statement, want) in cases {
            assert_eq!(render(statement.clone(), None), want, "{statement}");
        }
    }

    #[test]
    fn numbers_use_the_schemas_precision() {
        let schema = Schema::from_json(
            &json!({"propertyDefinitions": {"Area": {"type": "number", "precision": 2}}}),
            &SourceKey::parse("local").unwrap(),
        )
        .unwrap();
        let def = schema.property("Area");
        assert_eq!(render(json!({"propertyType": "number", "value": 642.5}), def), vec!["642.50"]);
        assert_eq!(render(json!({"propertyType": "number", "value": 1.005e3}), def), vec!["1005.00"]);
    }
}
