//! Which Layout displays a Subject, and what its settings ask for. The renderer types are `infobox`
//! (a table of property rows), `card` (a heading and a list, full-width properties below) and `table`
//! (one row under column headers); an unknown type is shown as an infobox. A Subject whose Schema no
//! Layout names gets the default infobox: every Statement, in Schema order.

use crate::domain::layout::Layout;
use serde_json::{Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Infobox,
    Card,
    Table,
}

/// A Layout's settings as the renderers use them.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutView {
    /// The Layout's page name; `None` for the default infobox.
    pub name: Option<String>,
    pub shape: Shape,
    /// The properties shown, in order (`properties` or `columns`); `None`: every Statement.
    pub properties: Option<Vec<String>>,
    /// Card properties shown below the list, across the card.
    pub full_width: Vec<String>,
    /// The property whose value is the card's heading.
    pub title_property: Option<String>,
    pub preferred_language: Option<String>,
    /// Listed properties without a Statement are left out (else shown as empty).
    pub hide_empty: bool,
    pub show_dependent_subjects: bool,
    pub relation_properties: Option<Vec<String>>,
}

impl LayoutView {
    pub fn default_infobox() -> Self {
        LayoutView {
            name: None,
            shape: Shape::Infobox,
            properties: None,
            full_width: Vec::new(),
            title_property: None,
            preferred_language: None,
            hide_empty: true,
            show_dependent_subjects: true,
            relation_properties: None,
        }
    }

    fn from_layout(name: &str, layout: &Layout) -> Self {
        let empty = Map::new();
        let settings = layout.settings.as_ref().unwrap_or(&empty);
        let names = |key: &str| {
            settings
                .get(key)
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect::<Vec<_>>())
        };
        let text = |key: &str| settings.get(key).and_then(Value::as_str).map(str::to_owned);
        let flag = |key: &str, default: bool| settings.get(key).and_then(Value::as_bool).unwrap_or(default);
        let shape = match layout.layout_type.as_str() {
            "card" => Shape::Card,
            "table" => Shape::Table,
            _ => Shape::Infobox,
        };
        LayoutView {
            name: Some(name.to_owned()),
            shape,
            properties: names("properties").or_else(|| names("columns")),
            full_width: names("fullWidthProperties").unwrap_or_default(),
            title_property: text("titleProperty"),
            preferred_language: text("preferredLanguage"),
            hide_empty: flag("hideEmpty", true),
            show_dependent_subjects: flag("showDependentSubjects", true),
            relation_properties: names("showRelationProperties"),
        }
    }
}

/// The Layouts of a wiki (`[{name, schema, type, ...}]`, as `GET /layouts` lists them), found by
/// Schema name: the first Layout by name wins when several name the same Schema.
#[derive(Debug, Clone, Default)]
pub struct Layouts(Vec<(String, LayoutView)>);

impl Layouts {
    /// Reads the list; an item that is not a valid Layout is skipped.
    pub fn from_json(items: Option<&Value>) -> Self {
        let mut found: Vec<(String, String, LayoutView)> = items
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|item| {
                let name = item["name"].as_str()?;
                let layout = Layout::save_check(item, |_| true).ok()?;
                Some((name.to_owned(), layout.schema.as_str().to_owned(), LayoutView::from_layout(name, &layout)))
            })
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        Layouts(found.into_iter().map(|(_, schema, view)| (schema, view)).collect())
    }

    /// The Layout for a Schema name, or the default infobox.
    pub fn for_schema(&self, schema: &str) -> LayoutView {
        self.0.iter().find(|(s, _)| s == schema).map_or_else(LayoutView::default_infobox, |(_, v)| v.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_layout_by_name_applies_and_settings_are_read() {
        let layouts = Layouts::from_json(Some(&json!([
            {"name": "Zeta", "schema": "Book", "type": "table", "settings": {"columns": ["A"]}},
            {"name": "Alpha", "schema": "Book", "type": "card", "settings": {"properties": ["Title"], "titleProperty": "Title",
                "fullWidthProperties": ["Summary"], "hideEmpty": false, "preferredLanguage": "en"}},
            {"name": "Broken", "schema": "Map"},
        ])));
        let book = layouts.for_schema("Book");
        assert_eq!(book.name.as_deref(), Some("Alpha"));
        assert_eq!(book.shape, Shape::Card);
        assert_eq!(book.properties, Some(vec!["Title".to_owned()]));
        assert_eq!(book.full_width, vec!["Summary".to_owned()]);
        assert!(!book.hide_empty);
        assert_eq!(book.preferred_language.as_deref(), Some("en"));
        assert_eq!(layouts.for_schema("Map"), LayoutView::default_infobox());
    }
}
