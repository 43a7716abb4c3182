import { prepared } from '../../src/prepared.js';
import { encodeSchema } from './pages.js';

/**
 * Replaces a page's index rows with those of its new revision. Runs inside the save's transaction.
 * `pageTitle` is the page's prefixed title, which the index keeps for sorting and searching.
 * A Subject keeps the `created_at` it had anywhere before (a moved Subject keeps its age); `edited_at`
 * moves to `timestamp` for the changed Subjects, which also get a `revision_subject` row.
 */
export function replacePageIndex(db, { pageId, pageTitle, revisionId, timestamp, index, newPage = false }) {
  const subjects = index.subjects ?? [];
  const changed = new Set(index.changedSubjectIds ?? []);
  const ids = JSON.stringify(subjects.map((subject) => subject.subjectId));
  // A page created in this save has no rows of its own yet (page ids are never reused), so only
  // Subjects moving in from other pages are looked up: that needs no page index, which a bulk
  // import may have deferred (deferred-indexes.js).
  const onPage = newPage ? 'subject_id' : 'page_id = ? OR subject_id';
  const keys = newPage ? [ids] : [pageId, ids];
  const previous = new Map(prepared(db, `
    SELECT subject_id, created_at, edited_at FROM subject_index
    WHERE ${onPage} IN (SELECT value FROM json_each(?))`).all(...keys)
    .map((row) => [row.subject_id, row]));

  if (previous.size > 0) {
    prepared(db, `DELETE FROM subject_index WHERE ${onPage} IN (SELECT value FROM json_each(?))`).run(...keys);
  }
  if (!newPage) prepared(db, 'DELETE FROM relation_index WHERE page_id = ?').run(pageId);

  const insertSubject = prepared(db, `
    INSERT INTO subject_index (subject_id, page_id, page_title, schema, label, display_name, display_name_generated,
      is_main, is_dependent, host_subject_id, position, created_at, edited_at)
    VALUES (@subjectId, @pageId, @pageTitle, @schema, @label, @displayName, @generated, @isMain, @isDependent,
      @hostSubjectId, @position, @createdAt, @editedAt)`);
  subjects.forEach((subject, order) => {
    const before = previous.get(subject.subjectId);
    insertSubject.run({
      subjectId: subject.subjectId,
      pageId,
      pageTitle,
      schema: encodeSchema(subject.schema),
      label: subject.label ?? null,
      displayName: subject.displayName,
      generated: subject.displayNameIsGenerated ? 1 : 0,
      isMain: subject.isMain ? 1 : 0,
      isDependent: subject.isDependent ? 1 : 0,
      hostSubjectId: subject.hostSubjectId ?? null,
      position: subject.position ?? order,
      createdAt: before?.created_at ?? timestamp,
      editedAt: changed.has(subject.subjectId) ? timestamp : before?.edited_at ?? timestamp,
    });
  });

  const insertRelation = prepared(db, `
    INSERT INTO relation_index (source_id, relation_id, property, target_id, page_id)
    VALUES (@sourceId, @relationId, @property, @targetId, @pageId)`);
  for (const relation of index.relations ?? []) insertRelation.run({ ...pickRelation(relation), pageId });

  const insertChange = prepared(db, 'INSERT OR IGNORE INTO revision_subject (revision_id, subject_id) VALUES (?, ?)');
  for (const subjectId of changed) insertChange.run(revisionId, subjectId);
}

function pickRelation({ sourceId, relationId, property, targetId }) {
  return { sourceId, relationId, property, targetId };
}

/** Drops every index row of a page, for its deletion. */
export function clearPageIndex(db, pageId) {
  prepared(db, 'DELETE FROM revision_subject WHERE revision_id IN (SELECT id FROM revision WHERE page_id = ?)').run(pageId);
  prepared(db, 'DELETE FROM subject_index WHERE page_id = ?').run(pageId);
  prepared(db, 'DELETE FROM relation_index WHERE page_id = ?').run(pageId);
}
