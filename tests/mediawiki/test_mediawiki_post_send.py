"""A Strata save on MediaWiki answers before MediaWiki's own post-send updates (links tables, recent
changes, search index) and before its store writes run: the REST answer of a save carries
Content-Length and Connection: close, as api.php's edit does, so the client has the whole answer
once the body is sent (mediawiki/src/Rest/CoreRouteHandler.php, docs/mediawiki.md "Stores"). A read,
which leaves no such work, keeps its connection. A store query made right after a save waits for
the save's store writes (its pending markers), within the core's bound, and then finds the save: the
tests hold FalkorDB's writes with `CLIENT PAUSE ... WRITE`, which leaves its reads (`GRAPH.RO_QUERY`,
what the Cypher route sends) alone. At the bound a query answers with what the store holds; a worker
killed before its store writes leaves the markers, which make the store stale once they are older
than the core's `abandonedAfterSeconds`. The graph's index statements run once per server, not in
every saving request (`Stores/GraphIndexMemo`).

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import json
import socket
import subprocess
import threading
import time
import unittest
import uuid

from mediawiki_wiki import SCRIPT, WikiTest

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
        self.settled(page)

    def test_saves_after_the_first_send_no_index_statements(self):
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": f"Gadget indexed {TAG}", "statements": {}})
        # Index statements for indexes the graph has fail ("already indexed"): none may be sent now.
        before = self.failed_graph_writes()
        for n in range(2):
            name = {"Name": {"propertyType": "text", "value": [f"Cog {n} {TAG}"]}}
            self.lou.ok("PUT", f"/subject/{made['subjectId']}", {"label": f"Gadget indexed {TAG}", "statements": name})
        self.assertEqual(self.failed_graph_writes(), before)

    def test_a_store_query_waits_for_the_store_writes_of_a_save_answered_before_it(self):
        made, page = self.gadget(f"Gadget waited {TAG}")
        self.falkordb("CLIENT", "PAUSE", "60000", "WRITE")
        found = {}
        waits = self.waits_logged()
        try:
            self.rename(made, f"Gadget waited {TAG}", f"Held {TAG}")
            self.assertGreater(self.markers(page), 0, "answered before the store took the save")
            query = threading.Thread(target=lambda: found.update(rows=self.names(made)))
            query.start()
            time.sleep(0.5)  # the query is sent while the write is held; it waits for the write
        finally:
            self.falkordb("CLIENT", "UNPAUSE")
        query.join(120)
        self.assertEqual(found["rows"], [{"name": f"Held {TAG}"}])
        self.assertEqual(self.waits_logged(), waits, "the wait ended when the markers went, not at the bound")

    def test_a_store_query_answers_at_its_bound_with_what_the_store_holds(self):
        made, page = self.gadget(f"Gadget bound {TAG}")
        self.rename(made, f"Gadget bound {TAG}", f"Before {TAG}")
        self.settled(page)
        self.falkordb("CLIENT", "PAUSE", "60000", "WRITE")
        waits = self.waits_logged()
        try:
            self.rename(made, f"Gadget bound {TAG}", f"After {TAG}")
            # The write is held for a minute, far past the core's bound (queryWaitSeconds): the query
            # answers with what the store holds, and so does the stores' listing.
            self.assertEqual(self.names(made), [{"name": f"Before {TAG}"}])
            self.assertEqual(self.waits_logged(), waits + 1, "the core logs the wait that reached the bound")
            # The listing waits only for markers younger than the bound, which this one may no longer
            # be (marker times are whole seconds): it answers, whether or not it waited.
            self.assertEqual(self.lou.call("GET", "/graph-stores")[0], 200)
        finally:
            self.falkordb("CLIENT", "UNPAUSE")
        self.settled(page)
        self.assertEqual(self.names(made), [{"name": f"After {TAG}"}])

    def test_a_worker_killed_before_its_store_writes_leaves_markers_that_make_the_store_stale(self):
        made, page = self.gadget(f"Gadget killed {TAG}")
        self.wiki.rebuild("graph")
        self.falkordb("CLIENT", "PAUSE", "60000", "WRITE")
        try:
            self.rename(made, f"Gadget killed {TAG}", f"Killed {TAG}")
            subprocess.run([str(SCRIPT), "kill", str(self.wiki.dir)], check=True, capture_output=True)
        finally:
            self.falkordb("CLIENT", "UNPAUSE")
        subprocess.run([str(SCRIPT), "start", str(self.wiki.dir), str(self.wiki.port)], check=True, capture_output=True)
        self.assertGreater(self.markers(page), 0, "the killed worker never cleared its markers")
        self.assertEqual(self.lou.call("POST", "/query/cypher", {"cypher": "RETURN 1 AS one"})[0], 200,
                         "a query waits no longer than the bound for markers nobody will clear")
        self.wiki.maintenance("sql", "--query", "UPDATE /*_*/strata_projection_pending SET spp_marked = '20000101000000'"
                              f" WHERE spp_page_id = {int(page)}")
        graph = {s["name"]: s for s in self.lou.ok("GET", "/graph-stores")["stores"]}["graph"]
        self.assertEqual((graph["state"], graph["stateReason"]),
                         ("stale", "1 saved page was not acknowledged by the store before the saving request ended"))
        self.wiki.rebuild("graph")
        self.wiki.rebuild("sparql")
        # A save after the restart, taken by the store: the server's index memo is back for the tests after this one.
        self.rename(made, f"Gadget killed {TAG}", f"Restarted {TAG}")
        self.settled(page)

    def gadget(self, label):
        """A new Gadget Subject whose creation the stores took: (its answer, its page id)."""
        self.lou.ok("PUT", "/schema/Gadget", {"schema": GADGET})
        made = self.lou.ok("POST", "/subjects", {"schema": "Gadget", "label": label, "statements": {}})
        self.settled(made["subject"]["pageId"])
        return made, made["subject"]["pageId"]

    def rename(self, made, label, name):
        value = {"Name": {"propertyType": "text", "value": [name]}}
        saved = self.lou.request("PUT", f"/subject/{made['subjectId']}", {"label": label, "statements": value})
        self.assertEqual(saved.status_code, 200, saved.text)

    def names(self, made):
        cypher = "MATCH (s:Subject {_id: $id}) RETURN s.Name AS name"
        return self.lou.ok("POST", "/query/cypher", {"cypher": cypher, "parameters": {"id": made["subjectId"]}})["rows"]

    def settled(self, page):
        """Waits until the stores took the page's writes (its markers are gone), however slow the machine."""
        for _ in range(300):
            if self.markers(page) == 0:
                return
            time.sleep(0.2)
        self.assertEqual(self.markers(page), 0)

    def waits_logged(self):
        """How many waits for pending store writes reached the bound: the core logs each (the wiki's
        `Strata` log, scripts/mediawiki/wiki.sh)."""
        log = self.wiki.dir / "logs" / "strata.log"
        return log.read_text().count("still pending after") if log.exists() else 0

    def falkordb(self, *command):
        """Sends one command to the wiki's FalkorDB; answers its status reply."""
        request = f"*{len(command)}\r\n" + "".join(f"${len(c.encode())}\r\n{c}\r\n" for c in command)
        with socket.create_connection(("127.0.0.1", int(self.wiki.recorded("falkordb_port"))), timeout=10) as s:
            s.sendall(request.encode())
            reply = s.makefile("rb").readline().decode().strip()
        self.assertEqual(reply, "+OK", command)

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
