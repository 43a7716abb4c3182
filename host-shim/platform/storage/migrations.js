// Schema migrations, applied in order. The database's `PRAGMA user_version` counts those applied.
// Never edit a released entry: append a new one.
export const MIGRATIONS = [
  `
  CREATE TABLE user (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE user_group (
    user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    group_name TEXT NOT NULL,
    PRIMARY KEY (user_id, group_name)
  );
  -- grants: JSON array of rights the bot may use; NULL means all of the user's rights.
  CREATE TABLE bot_password (
    user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    bot_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    grants TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, bot_name)
  );
  -- id is the SHA-256 of the cookie value, so a copy of the database cannot be used to hijack sessions.
  CREATE TABLE session (
    id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES user(id) ON DELETE CASCADE,
    bot_name TEXT,
    csrf_token TEXT NOT NULL,
    login_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX session_expires ON session(expires_at);

  -- AUTOINCREMENT: page and revision ids are never reused, since the core and clients keep them.
  CREATE TABLE page (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace INTEGER NOT NULL,
    title TEXT NOT NULL,
    latest_revision_id INTEGER REFERENCES revision(id),
    content_model TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (namespace, title)
  );
  -- page_id names a live page or an archived one: a revision is visible while its page is live.
  CREATE TABLE revision (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    page_id INTEGER NOT NULL,
    timestamp TEXT NOT NULL,
    user_id INTEGER REFERENCES user(id),
    user_name TEXT NOT NULL,
    comment TEXT NOT NULL,
    content_model TEXT NOT NULL,
    main_slot TEXT,
    subject_slot TEXT
  );
  CREATE INDEX revision_page ON revision(page_id, id);
  CREATE TABLE archived_page (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    page_id INTEGER NOT NULL UNIQUE,
    namespace INTEGER NOT NULL,
    title TEXT NOT NULL,
    content_model TEXT NOT NULL,
    created_at TEXT NOT NULL,
    latest_revision_id INTEGER NOT NULL REFERENCES revision(id),
    deleted_at TEXT NOT NULL,
    deleted_by TEXT NOT NULL,
    reason TEXT NOT NULL
  );
  CREATE INDEX archived_page_title ON archived_page(namespace, title);

  CREATE TABLE subject_index (
    subject_id TEXT PRIMARY KEY,
    page_id INTEGER NOT NULL REFERENCES page(id),
    schema TEXT NOT NULL,
    label TEXT,
    display_name TEXT NOT NULL,
    display_name_generated INTEGER NOT NULL,
    is_main INTEGER NOT NULL,
    is_dependent INTEGER NOT NULL,
    host_subject_id TEXT,
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    edited_at TEXT NOT NULL
  );
  CREATE INDEX subject_index_page ON subject_index(page_id, position);
  CREATE INDEX subject_index_schema ON subject_index(schema, subject_id);
  CREATE INDEX subject_index_name ON subject_index(display_name COLLATE NOCASE, subject_id);
  CREATE INDEX subject_index_edited ON subject_index(edited_at, subject_id);
  CREATE TABLE relation_index (
    source_id TEXT NOT NULL,
    relation_id TEXT NOT NULL,
    property TEXT NOT NULL,
    target_id TEXT NOT NULL,
    page_id INTEGER NOT NULL REFERENCES page(id)
  );
  CREATE INDEX relation_index_target ON relation_index(target_id, source_id);
  CREATE INDEX relation_index_page ON relation_index(page_id);
  CREATE TABLE revision_subject (
    revision_id INTEGER NOT NULL REFERENCES revision(id),
    subject_id TEXT NOT NULL,
    PRIMARY KEY (revision_id, subject_id)
  );
  CREATE INDEX revision_subject_subject ON revision_subject(subject_id, revision_id);
  `,
  // Graph and SPARQL stores (docs/stores.md): each configured store's state, and the rebuild runs.
  `
  CREATE TABLE store_state (
    name TEXT PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('in-sync', 'stale', 'never-built')),
    reason TEXT,
    changed_at TEXT NOT NULL
  );
  CREATE TABLE rebuild_run (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    requested_by TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT,
    total INTEGER,
    processed INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    error TEXT
  );
  CREATE INDEX rebuild_run_store ON rebuild_run(store, state, id);
  `,
];
