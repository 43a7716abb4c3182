//! The index queries of the list endpoints, answered by filtering and sorting every Subject row,
//! with the orders and matching rules the SQLite host gets from its indexes.

use super::*;
use std::cmp::Ordering;

pub(super) struct Row {
    pub row: IndexedSubject,
    created: String,
    edited: String,
}

/// The stored text of a Schema reference: the name, or the JSON text of a `{source, name}` object.
fn stored_schema(schema: &serde_json::Value) -> String {
    schema.as_str().map_or_else(|| schema.to_string(), str::to_owned)
}

/// A case-insensitive substring of the display name or page title, whatever its length, or a
/// case-sensitive prefix of the Subject ID (`tests/conformance/lists.json` states the rules).
fn matches_search(row: &IndexedSubject, q: &str) -> bool {
    let folded = q.to_lowercase();
    let has = |text: &str| text.to_lowercase().contains(&folded);
    has(&row.facts.display_name) || has(&row.page_title) || row.facts.subject_id.starts_with(q)
}

/// Display names compare ignoring ASCII case, like SQLite's `NOCASE`; ties fall to the ID.
fn by_name(a: &str, a_id: &str, b: &str, b_id: &str) -> Ordering {
    a.to_ascii_lowercase().cmp(&b.to_ascii_lowercase()).then_with(|| a_id.cmp(b_id))
}

/// Compares two (sort key, Subject ID) positions in ascending order.
fn compare(sort: SubjectSort, a: (&str, &str), b: (&str, &str)) -> Ordering {
    match sort {
        SubjectSort::Name => by_name(a.0, a.1, b.0, b.1),
        _ => a.cmp(&b),
    }
}

impl MemoryHost {
    pub(super) fn indexed(&self) -> Vec<Row> {
        let store = self.store.borrow();
        let mut out = Vec::new();
        for (page_id, p) in &store.pages {
            let readable = self.access(&store, p.namespace, &p.title).read;
            let page_title = format!("{}{}", namespace::prefix(p.namespace), p.title);
            for s in &p.index.subjects {
                let (created, edited) = store.subject_times.get(&s.facts.subject_id).cloned().unwrap_or_default();
                let row = IndexedSubject {
                    facts: s.facts.clone(),
                    page_id: *page_id,
                    page_namespace: p.namespace,
                    page_title: page_title.clone(),
                    readable,
                };
                out.push(Row { row, created, edited });
            }
        }
        out
    }

    pub(super) fn listing(&self, args: &ListSubjects) -> SubjectListing {
        let key = |r: &Row| match args.sort {
            SubjectSort::Newest => r.created.clone(),
            SubjectSort::Name => r.row.facts.display_name.clone(),
            SubjectSort::Schema => stored_schema(&r.row.facts.schema),
            SubjectSort::Page => r.row.page_title.clone(),
            SubjectSort::Edited => r.edited.clone(),
        };
        let mut rows: Vec<(String, IndexedSubject)> = self
            .indexed()
            .into_iter()
            .filter(|r| args.include_dependent || !r.row.facts.is_dependent)
            .filter(|r| args.schema.as_ref().is_none_or(|s| stored_schema(&r.row.facts.schema) == *s))
            .filter(|r| args.search.as_deref().is_none_or(|q| matches_search(&r.row, q)))
            .map(|r| (key(&r), r.row))
            .collect();
        let ordered = |a: (&str, &str), b: (&str, &str)| match args.direction {
            Direction::Asc => compare(args.sort, a, b),
            Direction::Desc => compare(args.sort, b, a),
        };
        rows.sort_by(|a, b| ordered((&a.0, &a.1.facts.subject_id), (&b.0, &b.1.facts.subject_id)));
        if let Some(after) = &args.after {
            rows.retain(|r| ordered((&r.0, &r.1.facts.subject_id), (&after.key, &after.id)) == Ordering::Greater);
        }
        let rows = rows
            .into_iter()
            .take(args.limit as usize)
            .map(|(sort_key, subject)| ListedSubject { subject, sort_key })
            .collect();
        SubjectListing { rows, timed_out: false }
    }

    pub(super) fn recent(&self, args: RecentlyEdited) -> EditedSubjects {
        let all = self.indexed();
        let store = self.store.borrow();
        let oldest = store
            .revisions
            .keys()
            .rev()
            .nth(args.lookback.saturating_sub(1) as usize)
            .or(store.revisions.keys().next())
            .copied()
            .unwrap_or(0);
        let mut newest: BTreeMap<&str, u64> = BTreeMap::new();
        for (rev, _, id) in store.revision_subjects.iter().filter(|(rev, _, _)| *rev >= oldest) {
            let slot = newest.entry(id.as_str()).or_default();
            *slot = (*slot).max(*rev);
        }
        let mut hits: Vec<(u64, &Row)> = newest
            .iter()
            .filter_map(|(id, rev)| all.iter().find(|r| r.row.facts.subject_id == *id).map(|r| (*rev, r)))
            .collect();
        hits.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.row.facts.subject_id.cmp(&b.1.row.facts.subject_id)));
        let rows = hits
            .into_iter()
            .take(args.limit as usize)
            .map(|(rev, r)| EditedSubject {
                subject: r.row.clone(),
                last_edited: store.revisions.get(&rev).map(|x| x.timestamp.clone()).unwrap_or_default(),
            })
            .collect();
        EditedSubjects { rows }
    }

    pub(super) fn counts(&self) -> SubjectCounts {
        let mut by_schema: BTreeMap<String, (serde_json::Value, u64)> = BTreeMap::new();
        for r in self.indexed() {
            by_schema.entry(stored_schema(&r.row.facts.schema)).or_insert((r.row.facts.schema.clone(), 0)).1 += 1;
        }
        SubjectCounts { counts: by_schema.into_values().map(|(schema, count)| SchemaCount { schema, count }).collect() }
    }

    pub(super) fn labels(&self, args: &SubjectLabels) -> SubjectRows {
        let prefix = args.prefix.as_deref().unwrap_or_default().to_ascii_lowercase();
        let mut rows: Vec<IndexedSubject> = self
            .indexed()
            .into_iter()
            .map(|r| r.row)
            .filter(|r| !r.facts.display_name_is_generated && !r.facts.is_dependent)
            .filter(|r| args.schemas.is_empty() || args.schemas.contains(&stored_schema(&r.facts.schema)))
            .filter(|r| r.facts.display_name.to_ascii_lowercase().starts_with(&prefix))
            .collect();
        rows.sort_by(|a, b| {
            by_name(&a.facts.display_name, &a.facts.subject_id, &b.facts.display_name, &b.facts.subject_id)
        });
        rows.truncate(args.limit as usize);
        SubjectRows { rows }
    }

    pub(super) fn referencing(&self, args: &ReferencingSubjects) -> ReferencingRows {
        let all = self.indexed();
        let mut relations: Vec<(String, String)> = {
            let store = self.store.borrow();
            let pages = store.pages.values();
            pages
                .flat_map(|p| p.index.relations.iter())
                .filter(|r| r.target_id == args.target_id && r.source_id != args.target_id)
                .map(|r| (r.source_id.clone(), r.property.clone()))
                .collect()
        };
        relations.sort();
        let mut truncated = relations.len() > args.inspect as usize;
        relations.truncate(args.inspect as usize);
        let mut sources: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (source, property) in relations {
            let names = sources.entry(source).or_default();
            if !names.contains(&property) {
                names.push(property);
            }
        }
        let mut rows: Vec<Referencing> = sources
            .into_iter()
            .filter_map(|(id, mut property_names)| {
                property_names.sort();
                all.iter()
                    .find(|r| r.row.facts.subject_id == id)
                    .map(|r| Referencing { subject: r.row.clone(), property_names })
            })
            .collect();
        rows.sort_by(|a, b| {
            let (a, b) = (&a.subject, &b.subject);
            a.facts.display_name_is_generated.cmp(&b.facts.display_name_is_generated).then_with(|| {
                by_name(&a.facts.display_name, &a.facts.subject_id, &b.facts.display_name, &b.facts.subject_id)
            })
        });
        truncated |= rows.len() > args.limit as usize;
        rows.truncate(args.limit as usize);
        ReferencingRows { rows, truncated }
    }
}
