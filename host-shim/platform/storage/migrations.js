// Schema migrations, applied in order. The database's `PRAGMA user_version` counts those applied.
// Never edit a released entry: append a new one.

// The columns of a Subject's index row that migration 1 created and migration 2 copied into the
// rebuilt subject_index. Both entries are released: never change this text, add a migration instead.
const SUBJECT_ROW_COLUMNS = `schema TEXT NOT NULL,
    label TEXT,
    display_name TEXT NOT NULL,
    display_name_generated INTEGER NOT NULL,
    is_main INTEGER NOT NULL,
    is_dependent INTEGER NOT NULL,
    host_subject_id TEXT,
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    edited_at TEXT NOT NULL`;

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
    ${SUBJECT_ROW_COLUMNS}
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
  // 2: the list and search indexes. subject_index gets a stable integer key (VACUUM keeps it) for
  // the trigram full-text table, and the prefixed page title for sorting and searching by page.
  // Every sort has a keyset index without the Schema filter (partial: the default list leaves
  // Dependent Subjects out) and one with it. Counts per Schema are kept by triggers, so they never lag.
  `
  CREATE TABLE subject_index_v2 (
    row_id INTEGER PRIMARY KEY,
    subject_id TEXT NOT NULL UNIQUE,
    page_id INTEGER NOT NULL REFERENCES page(id),
    page_title TEXT NOT NULL,
    ${SUBJECT_ROW_COLUMNS}
  );
  INSERT INTO subject_index_v2 (subject_id, page_id, page_title, schema, label, display_name,
    display_name_generated, is_main, is_dependent, host_subject_id, position, created_at, edited_at)
  SELECT s.subject_id, s.page_id,
    CASE p.namespace WHEN 0 THEN '' WHEN 8 THEN 'MediaWiki:' WHEN 7474 THEN 'Schema:' WHEN 7476 THEN 'Layout:'
      WHEN 7478 THEN 'Mapping:' WHEN 7480 THEN 'Subject:' ELSE '' END || p.title,
    s.schema, s.label, s.display_name, s.display_name_generated, s.is_main, s.is_dependent,
    s.host_subject_id, s.position, s.created_at, s.edited_at
  FROM subject_index s JOIN page p ON p.id = s.page_id;
  DROP TABLE subject_index;
  ALTER TABLE subject_index_v2 RENAME TO subject_index;

  CREATE INDEX subject_index_page ON subject_index(page_id, position);
  CREATE INDEX subject_index_host ON subject_index(host_subject_id) WHERE host_subject_id IS NOT NULL;
  CREATE INDEX list_newest ON subject_index(created_at, subject_id) WHERE is_dependent = 0;
  CREATE INDEX list_name ON subject_index(display_name COLLATE NOCASE, subject_id) WHERE is_dependent = 0;
  CREATE INDEX list_schema ON subject_index(schema, subject_id) WHERE is_dependent = 0;
  CREATE INDEX list_page ON subject_index(page_title, subject_id) WHERE is_dependent = 0;
  CREATE INDEX list_edited ON subject_index(edited_at, subject_id) WHERE is_dependent = 0;
  CREATE INDEX list_in_schema ON subject_index(schema, subject_id);
  CREATE INDEX list_in_schema_newest ON subject_index(schema, created_at, subject_id);
  CREATE INDEX list_in_schema_name ON subject_index(schema, display_name COLLATE NOCASE, subject_id);
  CREATE INDEX list_in_schema_page ON subject_index(schema, page_title, subject_id);
  CREATE INDEX list_in_schema_edited ON subject_index(schema, edited_at, subject_id);
  CREATE INDEX list_labels ON subject_index(display_name COLLATE NOCASE, subject_id)
    WHERE display_name_generated = 0 AND is_dependent = 0;

  CREATE VIRTUAL TABLE subject_search USING fts5(
    display_name, page_title, content = 'subject_index', content_rowid = 'row_id', tokenize = 'trigram'
  );
  INSERT INTO subject_search(subject_search) VALUES ('rebuild');

  CREATE TABLE subject_count (schema TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO subject_count (schema, n) SELECT schema, COUNT(*) FROM subject_index GROUP BY schema;

  CREATE TRIGGER subject_index_insert AFTER INSERT ON subject_index BEGIN
    INSERT INTO subject_search (rowid, display_name, page_title) VALUES (new.row_id, new.display_name, new.page_title);
    INSERT INTO subject_count (schema, n) VALUES (new.schema, 1) ON CONFLICT (schema) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER subject_index_delete AFTER DELETE ON subject_index BEGIN
    INSERT INTO subject_search (subject_search, rowid, display_name, page_title)
      VALUES ('delete', old.row_id, old.display_name, old.page_title);
    UPDATE subject_count SET n = n - 1 WHERE schema = old.schema;
  END;
  CREATE TRIGGER subject_index_update AFTER UPDATE ON subject_index BEGIN
    INSERT INTO subject_search (subject_search, rowid, display_name, page_title)
      VALUES ('delete', old.row_id, old.display_name, old.page_title);
    INSERT INTO subject_search (rowid, display_name, page_title) VALUES (new.row_id, new.display_name, new.page_title);
    UPDATE subject_count SET n = n - 1 WHERE schema = old.schema;
    INSERT INTO subject_count (schema, n) VALUES (new.schema, 1) ON CONFLICT (schema) DO UPDATE SET n = n + 1;
  END;
  `,
  // 3: graph and SPARQL stores (docs/stores.md): each configured store's state, and the rebuild runs.
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
  // 4: pending projections (docs/stores.md): a row per store and page whose save committed and whose
  // projection that store has not yet acknowledged. Written in the save's transaction.
  `
  CREATE TABLE projection_pending (
    store TEXT NOT NULL,
    page_id INTEGER NOT NULL,
    revision_id INTEGER NOT NULL,
    PRIMARY KEY (store, page_id)
  ) WITHOUT ROWID;
  `,
  // 5: substring search of any length (docs/lists.md). The trigram table becomes contentless and
  // indexes each value followed by two U+0001 characters, so every position of a value starts a
  // trigram: a one- or two-character search is a range of trigrams in `subject_search_terms`.
  `
  DROP TRIGGER subject_index_insert;
  DROP TRIGGER subject_index_delete;
  DROP TRIGGER subject_index_update;
  DROP TABLE subject_search;
  CREATE VIRTUAL TABLE subject_search USING fts5(
    display_name, page_title, content = '', contentless_delete = 1, tokenize = 'trigram'
  );
  INSERT INTO subject_search (rowid, display_name, page_title)
    SELECT row_id, display_name || char(1, 1), page_title || char(1, 1) FROM subject_index;
  CREATE VIRTUAL TABLE subject_search_terms USING fts5vocab(subject_search, 'row');

  CREATE TRIGGER subject_index_insert AFTER INSERT ON subject_index BEGIN
    INSERT INTO subject_search (rowid, display_name, page_title)
      VALUES (new.row_id, new.display_name || char(1, 1), new.page_title || char(1, 1));
    INSERT INTO subject_count (schema, n) VALUES (new.schema, 1) ON CONFLICT (schema) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER subject_index_delete AFTER DELETE ON subject_index BEGIN
    DELETE FROM subject_search WHERE rowid = old.row_id;
    UPDATE subject_count SET n = n - 1 WHERE schema = old.schema;
  END;
  CREATE TRIGGER subject_index_update AFTER UPDATE ON subject_index BEGIN
    DELETE FROM subject_search WHERE rowid = old.row_id;
    INSERT INTO subject_search (rowid, display_name, page_title)
      VALUES (new.row_id, new.display_name || char(1, 1), new.page_title || char(1, 1));
    UPDATE subject_count SET n = n - 1 WHERE schema = old.schema;
    INSERT INTO subject_count (schema, n) VALUES (new.schema, 1) ON CONFLICT (schema) DO UPDATE SET n = n + 1;
  END;
  `,
  // 6: the content marker of a store (docs/stores.md): the id of the last build written into it, to
  // tell at start-up and on reconnect whether the store still holds what the wiki wrote.
  `
  ALTER TABLE store_state ADD COLUMN content_marker TEXT;
  `,
  // 7: index upkeep deferred over a bulk import into an empty wiki (storage/deferred-indexes.js): the
  // indexes and triggers dropped for the load, with the SQL that recreates them.
  `
  CREATE TABLE deferred_index (
    position INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('index', 'trigger')),
    name TEXT NOT NULL,
    sql TEXT NOT NULL
  );
  `,
  // 8: the bound of a walk for a common Subject-ID prefix in the newest and edited orders
  // (docs/lists.md, "Where a search is slow"): each ID with its two times, read without the table.
  `
  CREATE INDEX list_id_time ON subject_index(subject_id, created_at, edited_at);
  `,
  // 9: a search walks the name and page orders reading their index alone (docs/lists.md, "How SQLite
  // answers a search"): each index also holds the other of the two values a search tests. In those
  // orders the table rows lie at random, and reading one for every index entry walked cost five times
  // the entry itself. The trigrams a short search stands for are listed from the vocabulary's instance
  // table, one seek each; the row table counted every posting of every trigram it listed.
  `
  DROP TABLE subject_search_terms;
  CREATE VIRTUAL TABLE subject_search_instances USING fts5vocab(subject_search, 'instance');
  DROP INDEX list_name;
  CREATE INDEX list_name ON subject_index(display_name COLLATE NOCASE, subject_id, page_title) WHERE is_dependent = 0;
  DROP INDEX list_page;
  CREATE INDEX list_page ON subject_index(page_title, subject_id, display_name) WHERE is_dependent = 0;
  `,
];
