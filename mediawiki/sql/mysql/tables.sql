-- Strata's index rows for MariaDB/MySQL, written in the same transaction as the revision they come
-- from (docs/mediawiki.md). One row per Subject of a page's latest revision, one per relation value.
-- ss_schema_key is the stored Schema reference (a name, or the JSON text of a {source, name} object);
-- ss_name_sort is the display name with ASCII letters lower-cased (the name order); the *_search
-- columns hold the display name and the prefixed page title in Unicode lower case (substring search).
CREATE TABLE /*_*/strata_subject (
  ss_subject_id VARBINARY(255) NOT NULL PRIMARY KEY,
  ss_page_id INT UNSIGNED NOT NULL,
  ss_schema BLOB NOT NULL,
  ss_schema_key VARBINARY(255) NOT NULL,
  ss_label BLOB NULL,
  ss_display_name VARBINARY(767) NOT NULL,
  ss_name_sort VARBINARY(767) NOT NULL,
  ss_name_search VARBINARY(767) NOT NULL,
  ss_page_title VARBINARY(767) NOT NULL,
  ss_title_search VARBINARY(767) NOT NULL,
  ss_display_name_generated TINYINT NOT NULL,
  ss_is_main TINYINT NOT NULL,
  ss_is_dependent TINYINT NOT NULL,
  ss_host_subject_id VARBINARY(255) NULL,
  ss_position INT UNSIGNED NOT NULL,
  ss_created BINARY(14) NOT NULL,
  ss_edited BINARY(14) NOT NULL
) /*$wgDBTableOptions*/;
CREATE INDEX ss_page ON /*_*/strata_subject (ss_page_id, ss_position);
CREATE INDEX ss_schema ON /*_*/strata_subject (ss_schema_key, ss_subject_id);
CREATE INDEX ss_name ON /*_*/strata_subject (ss_name_sort, ss_subject_id);
CREATE INDEX ss_page_title ON /*_*/strata_subject (ss_page_title, ss_subject_id);
CREATE INDEX ss_created ON /*_*/strata_subject (ss_created, ss_subject_id);
CREATE INDEX ss_edited ON /*_*/strata_subject (ss_edited, ss_subject_id);
CREATE INDEX ss_host ON /*_*/strata_subject (ss_host_subject_id);

CREATE TABLE /*_*/strata_relation (
  sr_page_id INT UNSIGNED NOT NULL,
  sr_source_id VARBINARY(255) NOT NULL,
  sr_relation_id VARBINARY(255) NOT NULL,
  sr_property VARBINARY(767) NOT NULL,
  sr_target_id VARBINARY(600) NOT NULL,
  PRIMARY KEY (sr_page_id, sr_relation_id)
) /*$wgDBTableOptions*/;
CREATE INDEX sr_target ON /*_*/strata_relation (sr_target_id, sr_source_id);
