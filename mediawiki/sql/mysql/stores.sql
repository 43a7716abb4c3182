-- The stores' states, rebuild runs and pending-projection markers of the MediaWiki host
-- (docs/stores.md, "Store states and rebuild runs"; docs/mediawiki.md).
CREATE TABLE /*_*/strata_store_state (
  sst_name VARBINARY(255) NOT NULL PRIMARY KEY,
  sst_state VARBINARY(32) NOT NULL,
  sst_reason BLOB NULL,
  sst_changed BINARY(14) NOT NULL,
  sst_marker VARBINARY(64) NULL
) /*$wgDBTableOptions*/;

CREATE TABLE /*_*/strata_rebuild_run (
  srr_id INT UNSIGNED NOT NULL PRIMARY KEY AUTO_INCREMENT,
  srr_store VARBINARY(255) NOT NULL,
  srr_state VARBINARY(32) NOT NULL,
  srr_requested_by VARBINARY(255) NOT NULL,
  srr_queued BINARY(14) NOT NULL,
  srr_started BINARY(14) NULL,
  srr_finished BINARY(14) NULL,
  srr_total INT UNSIGNED NULL,
  srr_processed INT UNSIGNED NOT NULL DEFAULT 0,
  srr_failed INT UNSIGNED NOT NULL DEFAULT 0,
  srr_error BLOB NULL
) /*$wgDBTableOptions*/;
CREATE INDEX srr_store_state ON /*_*/strata_rebuild_run (srr_store, srr_state);

CREATE TABLE /*_*/strata_projection_pending (
  spp_store VARBINARY(255) NOT NULL,
  spp_page_id INT UNSIGNED NOT NULL,
  spp_rev_id INT UNSIGNED NOT NULL,
  spp_marked BINARY(14) NOT NULL,
  PRIMARY KEY (spp_store, spp_page_id)
) /*$wgDBTableOptions*/;
