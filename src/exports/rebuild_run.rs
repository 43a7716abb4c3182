//! The `RebuildRun` export: a store rebuild run the host steps (`docs/stores.md`, "Rebuild runs"),
//! JSON text in and out. Each page's stored Subject slot comes as its own bytes, not inside JSON, so
//! that the core splices it into the batch request as the JSON it is (and as a string when it is not).

use super::{parse_json, ExportError};
use crate::app::projection::rebuild_run::{self, RunSetup};
use serde_json::Value;

pub struct RebuildRun(rebuild_run::RebuildRun);

fn refused(e: impl ToString) -> ExportError {
    ExportError::invalid_argument(e.to_string())
}

impl RebuildRun {
    /// `setup`: `{runId, name, store: {type, projection}, rdfBaseUri, sourceKey, sources, changeMark, batchPages?}`.
    pub fn new(setup_json: &str) -> Result<Self, ExportError> {
        let setup: RunSetup =
            serde_json::from_value(parse_json(setup_json, "setup")?).map_err(|e| refused(format!("setup: {e}")))?;
        rebuild_run::RebuildRun::new(setup).map(RebuildRun).map_err(refused)
    }

    /// The next step, as JSON (`{step: ...}`).
    #[allow(clippy::should_implement_trait)] // the name hosts call; not an Iterator: a step waits for its answer
    pub fn next(&mut self) -> String {
        serde_json::to_string(&self.0.next()).expect("steps serialize")
    }

    /// The answer to the step just taken.
    pub fn answer(&mut self, answer_json: &str) -> Result<(), ExportError> {
        self.0.answer(parse_json(answer_json, "answer")?).map_err(|e| refused(e.0))
    }

    /// The answer to `pages`: a JSON array of page facts, each with `slotBytes` (the length in bytes
    /// of its stored Subject slot in `slots`, or null for a page without one), and the slots one after
    /// the other.
    pub fn answer_pages(&mut self, facts_json: &str, slots: &str) -> Result<(), ExportError> {
        let Value::Array(pages) = parse_json(facts_json, "pages")? else {
            return Err(refused("pages: expected an array"));
        };
        let mut at = 0;
        let mut facts = Vec::with_capacity(pages.len());
        let mut texts = Vec::with_capacity(pages.len());
        for (n, page) in pages.into_iter().enumerate() {
            let Value::Object(mut page) = page else { return Err(refused(format!("pages[{n}]: expected an object"))) };
            let slot = match page.remove("slotBytes") {
                None | Some(Value::Null) => None,
                Some(length) => {
                    let end = length
                        .as_u64()
                        .map(|l| at + l as usize)
                        .filter(|end| *end <= slots.len() && slots.is_char_boundary(*end));
                    let end =
                        end.ok_or_else(|| refused(format!("pages[{n}].slotBytes: not a length of the slots' text")))?;
                    let text = slots[at..end].to_owned();
                    at = end;
                    Some(text)
                }
            };
            facts.push(page);
            texts.push(slot);
        }
        if at != slots.len() {
            return Err(refused("slots: longer than the pages' slotBytes"));
        }
        self.0.answer_pages(facts, texts).map_err(|e| refused(e.0))
    }

    /// The outcome of the oldest write in flight: `{ok: true}` or `{ok: false, kind, detail}`.
    pub fn written(&mut self, outcome_json: &str) -> Result<(), ExportError> {
        self.0.written(&parse_json(outcome_json, "outcome")?).map_err(|e| refused(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETUP: &str = r#"{"runId": 1, "name": "s", "store": {"type": "sparql-http"}, "rdfBaseUri": "https://w.example", "changeMark": null}"#;

    fn at_pages() -> RebuildRun {
        let mut run = RebuildRun::new(SETUP).unwrap();
        for answer in [r#"[{"title": "P", "text": "{\"propertyDefinitions\": {}}"}]"#, "[]", "\"running\""] {
            run.next();
            run.answer(answer).unwrap();
        }
        assert_eq!(run.next(), r#"{"step":"pages","afterId":0,"limit":200}"#);
        run
    }

    #[test]
    fn slots_are_cut_from_their_text_by_byte_lengths() {
        let slot = r#"{"subjects": {"saaaaaaaaaaaaaa": {"label": "Ä", "schema": "P", "statements": {}}}}"#;
        let mut run = at_pages();
        let facts = format!(
            r#"[{{"pageId": 1, "namespace": 0, "title": "A", "slotBytes": {}}}, {{"pageId": 2, "namespace": 0, "title": "B", "slotBytes": null}}]"#,
            slot.len()
        );
        run.answer_pages(&facts, slot).unwrap();
        let write: Value = serde_json::from_str(&run.next()).unwrap();
        assert_eq!(write["step"], "write");
        assert!(write["trig"].as_str().unwrap().contains("saaaaaaaaaaaaaa"));
    }

    #[test]
    fn lengths_that_do_not_cut_the_slots_are_refused() {
        for (facts, slots) in [
            (r#"[{"pageId": 1, "slotBytes": 5}]"#, "abc"),
            (r#"[{"pageId": 1, "slotBytes": 1}]"#, "Äb"),
            (r#"[{"pageId": 1, "slotBytes": 1}]"#, "ab"),
            ("{}", ""),
        ] {
            let error = at_pages().answer_pages(facts, slots).unwrap_err();
            assert_eq!(error.code, "invalid-argument", "{facts}");
        }
        assert_eq!(RebuildRun::new("{}").err().unwrap().code, "invalid-argument");
    }
}
