-- The stores' states, rebuild runs and pending-projection markers of the MediaWiki host
-- (docs/stores.md, "Store states and rebuild runs"; docs/mediawiki.md).
CREATE TABLE /*_*/strata_store_state (
  sst_name BLOB NOT NULL PRIMARY KEY,
  sst_state BLOB NOT NULL,
  sst_reason BLOB NULL,
  sst_changed BLOB NOT NULL,
  sst_marker BLOB NULL
);

CREATE TABLE /*_*/strata_rebuild_run (
  srr_id INTEGER PRIMARY KEY AUTOINCREMENT,
  srr_store BLOB NOT NULL,
  srr_state BLOB NOT NULL,
  srr_requested_by BLOB NOT NULL,
  srr_queued BLOB NOT NULL,
  srr_started BLOB NULL,
  srr_finished BLOB NULL,
  srr_total INTEGER NULL,
  srr_processed INTEGER NOT NULL DEFAULT 0,
  srr_failed INTEGER NOT NULL DEFAULT 0,
  srr_error BLOB NULL
);
CREATE INDEX srr_store_state ON /*_*/strata_rebuild_run (srr_store, srr_state);

CREATE TABLE /*_*/strata_projection_pending (
  spp_store BLOB NOT NULL,
  spp_page_id INTEGER NOT NULL,
  spp_rev_id INTEGER NOT NULL,
  spp_marked BLOB NOT NULL,
  PRIMARY KEY (spp_store, spp_page_id)
);
