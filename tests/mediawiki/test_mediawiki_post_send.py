"""A Strata save on MediaWiki answers before MediaWiki's own post-send updates (links tables, recent
changes, search index) run: the REST answer of a save carries Content-Length and Connection: close,
as api.php's edit does, so the client has the whole answer once the body is sent
(mediawiki/src/Rest/CoreRouteHandler.php, docs/mediawiki.md "Stores"). A read, which leaves no such
work, keeps its connection. The stores were written before the answer: a query made right after it
finds the save. The save's pending markers are cleared after the answer (a commit less before it),
and the graph's index statements run once per server, not in every saving request
(`Stores/GraphIndexMemo`).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import socket
import time
import unittest
import uuid

from mediawiki_wiki import WikiTest

GADGET = {"propertyDefinitions": {"Name": {"type": "text"}}}
TAG = uuid.uuid4().hex[:6]


class MediaWikiPostSend(WikiTest):
    callers = {"Lou": ["sysop"]}

    def test_a_save_answers_with_its_length_and_closes_and_a_read_keeps_its_connection(self):
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": f"Gadget {TAG}", "statements": {}})
        name = {"Name": {"propertyType": "text", "value": [f"Sprocket {TAG}"]}}
        saved = self.lou.request("PUT", f"/subject/{made['subjectId']}", {"label": f"Gadget {TAG}", "statements": name})
        self.assertEqual(saved.status_code, 200, saved.text)
        self.assertEqual(saved.headers.get("Connection", "").lower(), "close", saved.headers)
        self.assertEqual(saved.headers.get("Content-Length"), str(len(saved.content)), saved.headers)
        self.assertEqual(saved.json()["subject"]["statements"], name)

        read = self.lou.request("GET", f"/subject/{made['subjectId']}")
        self.assertEqual(read.status_code, 200, read.text)
        self.assertNotEqual(read.headers.get("Connection", "").lower(), "close", read.headers)

        cypher = "MATCH (s:Subject {_id: $id}) RETURN s.Name AS name"
        rows = self.lou.ok("POST", "/query/cypher", {"cypher": cypher, "parameters": {"id": made["subjectId"]}})["rows"]
        self.assertEqual(rows, [{"name": f"Sprocket {TAG}"}])

    def test_a_saves_markers_go_after_its_answer(self):
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": f"Gadget marked {TAG}", "statements": {}})
        page = made["subject"]["pageId"]
        saved = self.lou.request("PUT", f"/subject/{made['subjectId']}", {"label": f"Gadget marked {TAG}", "statements": {}})
        self.assertEqual(saved.status_code, 200, saved.text)
        # The deferred update runs once the answer is sent; the test waits for it, however slow the machine.
        for _ in range(150):
            if self.markers(page) == 0:
                break
            time.sleep(0.2)
        self.assertEqual(self.markers(page), 0)

    def test_saves_after_the_first_send_no_index_statements(self):
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": f"Gadget indexed {TAG}", "statements": {}})
        # Index statements for indexes the graph has fail ("already indexed"): none may be sent now.
        before = self.failed_graph_writes()
        for n in range(2):
            name = {"Name": {"propertyType": "text", "value": [f"Cog {n} {TAG}"]}}
            self.lou.ok("PUT", f"/subject/{made['subjectId']}", {"label": f"Gadget indexed {TAG}", "statements": name})
        self.assertEqual(self.failed_graph_writes(), before)

    def markers(self, page):
        out = self.wiki.maintenance("sql", "--json", "--query",
                                    f"SELECT COUNT(*) AS n FROM /*_*/strata_projection_pending WHERE spp_page_id = {int(page)}")
        return int(json.loads(out)[0]["n"])

    def failed_graph_writes(self):
        """How many GRAPH.QUERY calls the wiki's FalkorDB answered with an error (INFO commandstats)."""
        with socket.create_connection(("127.0.0.1", int(self.wiki.recorded("falkordb_port"))), timeout=10) as s:
            s.sendall(b"*2\r\n$4\r\nINFO\r\n$12\r\ncommandstats\r\n")
            reply = s.makefile("rb")
            size = int(reply.readline().decode()[1:])
            stats = reply.read(size).decode()
        for line in stats.splitlines():
            if line.lower().startswith("cmdstat_graph.query:"):
                return int(line.split("failed_calls=")[1].split(",")[0])
        return 0


if __name__ == "__main__":
    unittest.main()
