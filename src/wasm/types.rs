//! The TypeScript declarations of the wasm module's exports.

use wasm_bindgen::prelude::*;

/// TypeScript declarations for the JSON shapes the exports take and return.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A Schema reference: a Schema title, or a Schema of another source. */
export type SchemaReference = string | { source: string; name: string };

/** Options every export accepts. */
export interface StrataOptions {
  /** This wiki's own source key (default "local"). */
  sourceKey?: string;
  /** The registered source keys; the wiki's own is always one (and the default). A relation target of
   * any other source is reported as relation-target-unresolvable-source. */
  sources?: string[];
}

/** A Schema in the Schema format (see docs/decisions.md and the interface spec). */
export interface Schema {
  description?: string;
  subjectsAreDependent?: boolean;
  propertyDefinitions: Record<string, Record<string, unknown> & { type: string }>;
}

export interface Statement {
  propertyType?: string;
  value: unknown;
}

/** The writable part of a Subject. */
export interface SubjectBody {
  label?: string | null;
  schema?: SchemaReference;
  statements: Record<string, Statement | null>;
}

export interface PageContent {
  mainSubject?: string | null;
  subjects?: Record<string, SubjectBody & { schema: SchemaReference }>;
}

export interface ValidationContext {
  /** The Subject's ID; a relation to itself resolves to its own Schema. */
  subjectId?: string;
  /** Whether it is its page's main Subject (default true): other Subjects need a label. */
  isMain?: boolean;
  /** Relation targets known to exist, each with its Schema. Others report relation-target-not-found. */
  knownSubjects?: Record<string, SchemaReference>;
}

export interface ValidateRequest extends ValidationContext {
  subject: SubjectBody & { schema: SchemaReference };
  /** The Schema the Subject names; null when it does not exist. */
  schema: Schema | null;
}

export interface Violation {
  propertyName: string | null;
  code: string;
  args: unknown[];
  severity: "error" | "warning";
  valuePartIndex?: number;
  subjectId?: string;
}

export interface ValidateResult {
  violations: Violation[];
}

/** Schemas by name, as a `BatchValidator` compiles them. */
export type SchemaMap = Record<string, Schema>;

/** One Subject of a `BatchValidator` call; `subject.schema` picks the Schema. */
export interface BatchItem {
  subject: SubjectBody & { schema: SchemaReference };
  context?: ValidationContext;
}

/** Per item, in order: its violations, or null when the item could not be validated (see `errors`). */
export interface BatchValidateResult {
  violations: (Violation[] | null)[];
  errors: { index: number; code: string; message: string }[];
}

/** The facts of a page that the RDF projections read (a host's PageRecord has them all). */
export interface RdfPageFacts {
  pageId: number;
  /** Title without namespace prefix. */
  title?: string;
  /** Full title with namespace prefix, with spaces. */
  prefixedTitle?: string;
  /** ISO 8601 timestamps; one that does not parse is not projected. */
  created?: string;
  modified?: string;
  lastEditor?: string;
  categories?: string[];
}

export interface ProjectRdfRequest extends RdfProjectorSetup {
  page: RdfPageFacts;
  /** The page's Subject slot, as an object or as its JSON text. */
  content?: PageContent | string | null;
  /** Whether to start with the @prefix lines (default true); a dump declares them once. */
  prefixes?: boolean;
}

/** What `new RdfProjector(setup)` parses once for many `projectPage(page, contentJson, prefixes)` calls. */
export interface RdfProjectorSetup {
  /** Schema name to Schema, for the Schemas the page's Subjects use; invalid ones count as absent. */
  schemas?: Record<string, Schema>;
  /** Mapping page title to Mapping: the readable Mappings, needed for an ontology projection. */
  mappings?: Record<string, unknown>;
  /** "native" (default) or a Mapping target; an unknown one throws code "unknown-projection" with details.knownProjections. */
  projection?: string;
  /** "trig" (default) or "turtle". */
  format?: "trig" | "turtle";
  /** The rdfBaseUri setting. */
  baseUri: string;
  /** Registered sources' rdfBaseUri by source key: their Subjects get their own IRIs (docs/federation.md). */
  sourceIris?: Record<string, string>;
}

/** The store lifecycle's table (`storeLifecycle()`, docs/stores.md "Store states and rebuild runs"). */
export interface StoreLifecycle {
  /** What a store with no row reads as. */
  neverBuilt: { state: "never-built"; reason: null; marker: null };
  /** The states in which a new graph store connection reads the graph's content marker (`contentChecked`). */
  checkContentIn: string[];
  /** The states in which a store needs a rebuild (`rebuild --unless-in-sync` runs only in these). */
  needsRebuild: string[];
  /** The states of an active run: one a store at a time. */
  activeRuns: string[];
  /** Each move of a run's record: made only from a state of `from`, to `to` (`queue`: a new record, while none is active). */
  runMoves: Record<"queue" | "start" | "progress" | "succeed" | "fail" | "cancel" | "interrupt", { from: string[]; to: string }>;
  /** The error of a run a stopped process left running. */
  interrupted: string;
  /** A pending marker, or a running run's last progress, older than this was left by a process that ended (hosts with many processes). */
  abandonedAfterSeconds: number;
  /** How long a store query and the stores' listing wait for the store writes pending when they arrive (`awaitProjection`). */
  queryWaitSeconds: number;
  /** What such a request does when writes are still pending at that bound: it answers with what the store holds. */
  atQueryWaitBound: "answer";
}

/** One property of a Schema as a Subject editor shows it (`editorFields`). */
export interface EditorField {
  name: string;
  type: string;
  input: "text" | "monolingualText" | "url" | "number" | "select" | "relation" | "boolean" | "date" | "dateTime" | "raw";
  shape: "strings" | "number" | "boolean" | "relations" | "monolingual" | "raw";
  description: string;
  required: "error" | "warning" | null;
  multiple: boolean;
  minimum?: number | string;
  maximum?: number | string;
  precision?: number;
  minLength?: number;
  maxLength?: number;
  options?: { id: string; label: string }[];
  targetSchemas?: string[];
  relation?: string;
  default?: unknown;
}

/** Errors thrown by the exports are Errors named "StrataError" with a stable code. */
export interface StrataError extends Error {
  code: string;
  details?: unknown;
}
"#;
