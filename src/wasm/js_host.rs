//! The Host port over a JavaScript `HostBridge`: each operation is one `bridge.call(op, argsJson)`
//! whose promise resolves to the JSON text of the answer.

use crate::host::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// `{ call(op: string, argsJson: string): Promise<string> }`, made by the shim's `makeBridge`.
    #[wasm_bindgen(typescript_type = "HostBridge")]
    pub type HostBridge;

    #[wasm_bindgen(method, catch)]
    fn call(this: &HostBridge, op: &str, args: &str) -> Result<js_sys::Promise, JsValue>;
}

#[wasm_bindgen(typescript_custom_section)]
const HOST_BRIDGE: &'static str = r#"
/** The host's side of the Host port: one method, one JSON message per operation (docs/architecture.md). */
export interface HostBridge {
  call(op: string, argsJson: string): Promise<string>;
}
"#;

pub struct JsHost(pub HostBridge);

fn message(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| e.as_string()).unwrap_or_else(|| "the host call failed".into())
}

impl JsHost {
    async fn call<A: Serialize, R: DeserializeOwned>(&self, op: &'static str, args: &A) -> Result<R, HostError> {
        let args = serde_json::to_string(args).map_err(|e| HostError::new(op, e.to_string()))?;
        let promise = self.0.call(op, &args).map_err(|e| HostError::new(op, message(&e)))?;
        let answer = JsFuture::from(promise).await.map_err(|e| HostError::new(op, message(&e)))?;
        let text = answer.as_string().ok_or_else(|| HostError::new(op, "the host answered with something other than JSON text"))?;
        serde_json::from_str(&text).map_err(|e| HostError::new(op, format!("the host's answer is unreadable: {e}")))
    }
}

#[derive(Serialize)]
struct NoArgs {}

impl Host for JsHost {
    async fn config(&self) -> Result<Settings, HostError> {
        self.call("config", &NoArgs {}).await
    }
    async fn page_by_id(&self, args: PageById) -> Result<Option<PageRecord>, HostError> {
        self.call("pageById", &args).await
    }
    async fn page_by_title(&self, args: PageTitle) -> Result<Option<PageRecord>, HostError> {
        self.call("pageByTitle", &args).await
    }
    async fn revision(&self, args: RevisionById) -> Result<Option<RevisionRecord>, HostError> {
        self.call("revision", &args).await
    }
    async fn subjects_info(&self, args: SubjectIds) -> Result<SubjectsInfo, HostError> {
        self.call("subjectsInfo", &args).await
    }
    async fn can_create(&self, args: PageTitle) -> Result<CanCreate, HostError> {
        self.call("canCreate", &args).await
    }
    async fn save_pages(&self, args: SavePages) -> Result<SaveOutcome, HostError> {
        self.call("savePages", &args).await
    }
    async fn delete_page(&self, args: DeletePage) -> Result<DeleteOutcome, HostError> {
        self.call("deletePage", &args).await
    }
    async fn list_pages(&self, args: ListPages) -> Result<PageList, HostError> {
        self.call("listPages", &args).await
    }
    async fn graph_stores(&self) -> Result<StoreList, HostError> {
        self.call("graphStores", &NoArgs {}).await
    }
    async fn start_rebuild(&self, args: StoreName) -> Result<RebuildStart, HostError> {
        self.call("startRebuild", &args).await
    }
    async fn cancel_rebuild(&self, args: StoreName) -> Result<RebuildCancel, HostError> {
        self.call("cancelRebuild", &args).await
    }
    async fn list_subjects(&self, args: ListSubjects) -> Result<SubjectListing, HostError> {
        self.call("listSubjects", &args).await
    }
    async fn recently_edited(&self, args: RecentlyEdited) -> Result<EditedSubjects, HostError> {
        self.call("recentlyEdited", &args).await
    }
    async fn subject_counts(&self) -> Result<SubjectCounts, HostError> {
        self.call("subjectCounts", &NoArgs {}).await
    }
    async fn subject_labels(&self, args: SubjectLabels) -> Result<SubjectRows, HostError> {
        self.call("subjectLabels", &args).await
    }
    async fn referencing_subjects(&self, args: ReferencingSubjects) -> Result<ReferencingRows, HostError> {
        self.call("referencingSubjects", &args).await
    }
    async fn subject_rows(&self, args: SubjectIds) -> Result<SubjectRows, HostError> {
        self.call("subjectRows", &args).await
    }
    async fn sparql_query(&self, args: SparqlQuery) -> Result<StoreAnswer, HostError> {
        self.call("sparqlQuery", &args).await
    }
    async fn cypher_query(&self, args: CypherQuery) -> Result<CypherAnswer, HostError> {
        self.call("cypherQuery", &args).await
    }
    async fn update_stores(&self, args: UpdateStores) -> Result<(), HostError> {
        self.call("updateStores", &args).await
    }
    async fn hit_rate_limit(&self, args: RateLimitHit) -> Result<RateLimitOutcome, HostError> {
        self.call("hitRateLimit", &args).await
    }
    async fn log(&self, args: LogEntry) -> Result<(), HostError> {
        self.call("log", &args).await
    }
    async fn now(&self) -> Result<Now, HostError> {
        self.call("now", &NoArgs {}).await
    }
}
