"""Parallel REST writes to different pages on MediaWiki (docs/mediawiki.md, "The Host operations on
MediaWiki"): creations and replacements of Subjects on pages of their own, many at once, answer only
2xx or 409 `edit-conflict` (a deadlock or lock-wait timeout of the database is a conflict the core
plans again, never a 500), and afterwards every acknowledged write is what the page and the index hold.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import collections
import unittest
import uuid
from concurrent.futures import ThreadPoolExecutor

import requests

from mediawiki_wiki import WikiTest

WRITERS = 24
CRATE = {"propertyDefinitions": {"N": {"type": "number"}}}


class MediaWikiParallelWrites(WikiTest):
    callers = {"Pat": ["sysop"]}

    def parallel(self, method, calls):
        """(status, JSON body) of each call `(path, body)`, all sent at once, each on a connection of its own."""
        def send(call):
            session = requests.Session()
            session.cookies.update(self.pat.site.connection.cookies)
            answer = session.request(method, self.pat.url + call[0], json=call[1], headers={"x-csrf-token": self.pat.csrf})
            return answer.status_code, answer.json() if answer.headers.get("content-type", "").startswith("application/json") else answer.text

        with ThreadPoolExecutor(len(calls)) as pool:
            return list(pool.map(send, calls))

    def assert_only_done_or_conflict(self, answers, done):
        statuses = collections.Counter(status for status, _ in answers)
        self.assertLessEqual(set(statuses), {done, 409}, [a for a in answers if a[0] not in (done, 409)][:2])
        for status, body in answers:
            if status == 409:
                self.assertEqual(body["errorType"], "edit-conflict", body)
        print(f"\n# parallel writes on MediaWiki: {dict(statuses)}")

    def test_parallel_creations_and_replacements_of_different_pages(self):
        schema = f"Crate{uuid.uuid4().hex[:8]}"
        self.pat.ok("PUT", f"/schema/{schema}", {"schema": CRATE})

        created = self.parallel("POST", [("/subjects", {"schema": schema, "label": f"{schema} {i}", "statements": {}})
                                         for i in range(WRITERS)])
        self.assert_only_done_or_conflict(created, 201)
        ids = [body["subjectId"] for status, body in created if status == 201]
        self.assertGreater(len(ids), WRITERS // 2)

        replaced = self.parallel("PUT", [(f"/subject/{id}", {"statements": {"N": {"propertyType": "number", "value": n}}})
                                         for n, id in enumerate(ids)])
        self.assert_only_done_or_conflict(replaced, 200)

        for n, (id, (status, _)) in enumerate(zip(ids, replaced)):
            read = self.pat.ok("GET", f"/subject/{id}?expand=page")["subjects"][id]
            stored = read["statements"].get("N", {}).get("value")
            self.assertEqual(stored, n if status == 200 else None, id)
            listed = self.pat.ok("GET", f"/page/{read['pageId']}/subjects")["subjects"]
            self.assertEqual(list(listed), [id])
        self.assertEqual(self.pat.ok("GET", "/subject-counts")["counts"][schema], len(ids))
        listed = self.pat.ok("GET", f"/subjects?schema={schema}&limit=100")["subjects"]
        self.assertEqual(sorted(s["id"] for s in listed), sorted(ids))


if __name__ == "__main__":
    unittest.main()
