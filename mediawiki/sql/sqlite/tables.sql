-- Strata's index rows for SQLite, written in the same transaction as the revision they come from
-- (docs/mediawiki.md). One row per Subject of a page's latest revision, one per relation value.
-- ss_schema_key is the stored Schema reference (a name, or the JSON text of a {source, name} object);
-- ss_name_sort is the display name with ASCII letters lower-cased (the name order); the *_search
-- columns hold the display name and the prefixed page title in Unicode lower case (substring search).
-- ss_schema_key is the stored Schema reference (a name, or the JSON text of a {source, name} object);
-- ss_name_sort is the display name with ASCII letters lower-cased (the name order); the two *_search
-- columns are the display name and the prefixed page title in Unicode lower case (substring search).
CREATE TABLE /*_*/strata_subject (
  ss_subject_id BLOB NOT NULL PRIMARY KEY,
  ss_page_id INTEGER NOT NULL,
  ss_schema BLOB NOT NULL,
  ss_schema_key BLOB NOT NULL,
  ss_label BLOB NULL,
  ss_display_name BLOB NOT NULL,
  ss_name_sort BLOB NOT NULL,
  ss_name_search BLOB NOT NULL,
  ss_page_title BLOB NOT NULL,
  ss_title_search BLOB NOT NULL,
  ss_display_name_generated INTEGER NOT NULL,
  ss_is_main INTEGER NOT NULL,
  ss_is_dependent INTEGER NOT NULL,
  ss_host_subject_id BLOB NULL,
  ss_position INTEGER NOT NULL,
  ss_created BLOB NOT NULL,
  ss_edited BLOB NOT NULL
);
CREATE INDEX ss_page ON /*_*/strata_subject (ss_page_id, ss_position);
CREATE INDEX ss_schema ON /*_*/strata_subject (ss_schema_key, ss_subject_id);
CREATE INDEX ss_name ON /*_*/strata_subject (ss_name_sort, ss_subject_id);
CREATE INDEX ss_page_title ON /*_*/strata_subject (ss_page_title, ss_subject_id);
CREATE INDEX ss_created ON /*_*/strata_subject (ss_created, ss_subject_id);
CREATE INDEX ss_edited ON /*_*/strata_subject (ss_edited, ss_subject_id);
CREATE INDEX ss_host ON /*_*/strata_subject (ss_host_subject_id);

CREATE TABLE /*_*/strata_relation (
  sr_page_id INTEGER NOT NULL,
  sr_source_id BLOB NOT NULL,
  sr_relation_id BLOB NOT NULL,
  sr_property BLOB NOT NULL,
  sr_target_id BLOB NOT NULL,
  PRIMARY KEY (sr_page_id, sr_relation_id)
);
CREATE INDEX sr_target ON /*_*/strata_relation (sr_target_id, sr_source_id);
