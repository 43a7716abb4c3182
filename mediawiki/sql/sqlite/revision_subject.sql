-- The Subjects each revision changed (created, edited or removed), written with the revision's index
-- rows; recentlyEdited reads the newest revisions' rows. Removed with the page's index rows.
CREATE TABLE /*_*/strata_revision_subject (
  srs_rev_id INTEGER NOT NULL,
  srs_subject_id BLOB NOT NULL,
  srs_page_id INTEGER NOT NULL,
  PRIMARY KEY (srs_rev_id, srs_subject_id)
);
CREATE INDEX srs_page ON /*_*/strata_revision_subject (srs_page_id);
