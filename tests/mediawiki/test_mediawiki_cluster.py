"""Strata on a MediaWiki of several servers (`scripts/mediawiki.sh start-cluster`, docs/scale-out.md):
two app servers with one LocalSettings.php, a MariaDB primary and its replica, memcached, FalkorDB
with a replica that answers the Cypher endpoint. A login on one app server writes on the other; 100
parallel writers over both lose nothing; a client reads its own write at once (chronology protection)
while lists are read from the replica; without the replica every request still answers; a save made
through either app server reaches the graph replica.

Run: `scripts/test-mediawiki-cluster.sh`, which starts the cluster and sets STRATA_MEDIAWIKI_CLUSTER_DIR
and STRATA_MEDIAWIKI_CLUSTER_PORT (its first app server); skipped without them."""

import collections
import os
import socket
import subprocess
import time
import unittest
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from mediawiki_wiki import REST, SCRIPT, Caller

CLUSTER_DIR = os.environ.get("STRATA_MEDIAWIKI_CLUSTER_DIR")
PORT = int(os.environ.get("STRATA_MEDIAWIKI_CLUSTER_PORT", "0"))
WRITERS = 100
TAG = uuid.uuid4().hex[:6]  # Schema names of this run, so that the tests may run again on one cluster


class AppServer:
    """One app server of the cluster, in the shape mediawiki_wiki.Caller logs in to."""

    def __init__(self, port):
        self.dir = Path(CLUSTER_DIR)
        self.host_port = f"127.0.0.1:{port}"
        self.script_path = ""
        self.url = f"http://127.0.0.1:{port}"

    def bot_password(self, user, *groups):
        out = subprocess.run([str(SCRIPT), "botpassword", str(self.dir), user, *groups], check=True,
                             capture_output=True, text=True).stdout.split()
        return out[0], out[1]


def replica_status(name):
    """A counter of the MariaDB replica's SHOW GLOBAL STATUS."""
    out = subprocess.run(["mariadb", "--no-defaults", f"--socket={CLUSTER_DIR}/run/mysqld-replica.sock", "--user=root", "-N",
                          "-e", f"SHOW GLOBAL STATUS LIKE '{name}'"], check=True, capture_output=True, text=True).stdout
    return int(out.split()[1])


def replica_sql(statement):
    subprocess.run(["mariadb", "--no-defaults", f"--socket={CLUSTER_DIR}/run/mysqld-replica.sock", "--user=root",
                    "-e", statement], check=True)


def resp(port, *args):
    """One command to a FalkorDB server (RESP2): its reply as text, which is all these tests read."""
    command = f"*{len(args)}\r\n" + "".join(f"${len(a.encode())}\r\n{a}\r\n" for a in args)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(command.encode())
        reply = s.makefile("rb")
        head = reply.readline().decode()
        if head.startswith("$"):
            return reply.read(int(head[1:]) + 2).decode()[:-2]
        return head


def graph_reads(port):
    """How many GRAPH.RO_QUERY calls the FalkorDB server on `port` has answered."""
    for line in resp(port, "INFO", "commandstats").splitlines():
        if line.lower().startswith("cmdstat_graph.ro_query:"):
            return int(line.split("calls=")[1].split(",")[0])
    return 0


@unittest.skipUnless(CLUSTER_DIR, "needs a cluster: scripts/test-mediawiki-cluster.sh")
class MediaWikiCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.a, cls.b = AppServer(PORT), AppServer(PORT + 1)
        cls.falkordb_replica = PORT + 3
        cls.pat = Caller(cls.a, "Pat", "sysop")

    def on(self, server, method, path, body=None, session=None):
        """(status, JSON body) of a REST route of `server`, with Pat's session (logged in on the first)."""
        if session is None:
            session = requests.Session()
            session.cookies.update(self.pat.site.connection.cookies)
        body = {} if body is None and method == "POST" else body
        answer = session.request(method, server.url + REST + path, json=body, headers={"x-csrf-token": self.pat.csrf})
        json = answer.headers.get("content-type", "").startswith("application/json")
        return answer.status_code, answer.json() if json else answer.text

    def ok(self, server, method, path, body=None):
        status, answer = self.on(server, method, path, body)
        self.assertLess(status, 300, f"{method} {server.url}{path}: {status} {answer}")
        return answer

    def listed(self, server, schema):
        """The IDs of every Subject of `schema`, page after page."""
        ids, cursor = [], ""
        while True:
            page = self.ok(server, "GET", f"/subjects?schema={schema}&limit=50{cursor}")
            ids += [s["id"] for s in page["subjects"]]
            if not page.get("nextCursor"):
                return ids
            cursor = f"&cursor={page['nextCursor']}"

    def schema(self, name):
        self.ok(self.a, "PUT", f"/schema/{name}", {"schema": {"propertyDefinitions": {"N": {"type": "number"}}}})
        return name

    def test_a_login_on_one_app_server_writes_on_the_other(self):
        session = requests.Session()
        session.cookies.update(self.pat.site.connection.cookies)
        me = session.get(f"{self.b.url}/api.php", params={"action": "query", "meta": "userinfo", "format": "json"}).json()
        self.assertEqual(me["query"]["userinfo"]["name"], "Pat")

        schema = self.schema(f"Login{TAG}")
        made = self.ok(self.b, "POST", "/subjects", {"schema": schema, "label": f"Made on b {TAG}", "statements": {}})
        read = self.ok(self.a, "GET", f"/subject/{made['subjectId']}?expand=page")["subjects"][made["subjectId"]]
        self.assertEqual(read["label"], f"Made on b {TAG}")
        history = session.get(f"{self.a.url}/api.php", params={"action": "query", "prop": "revisions", "rvprop": "user",
                                                               "pageids": read["pageId"], "format": "json"}).json()
        self.assertEqual(history["query"]["pages"][str(read["pageId"])]["revisions"][0]["user"], "Pat")

    def test_parallel_writers_over_both_app_servers_lose_nothing(self):
        schema = self.schema(f"Crowd{TAG}")

        def create(i):
            server = (self.a, self.b)[i % 2]
            return self.on(server, "POST", "/subjects", {"schema": schema, "label": f"{schema} {i}",
                                                         "statements": {"N": {"propertyType": "number", "value": i}}})

        with ThreadPoolExecutor(WRITERS) as pool:
            answers = list(pool.map(create, range(WRITERS)))
        statuses = collections.Counter(status for status, _ in answers)
        print(f"\n# {WRITERS} parallel writers over two app servers: {dict(statuses)}")
        self.assertLessEqual(set(statuses), {201, 409}, [a for a in answers if a[0] not in (201, 409)][:2])
        for status, body in answers:
            if status == 409:
                self.assertEqual(body["errorType"], "edit-conflict", body)
        made = {body["subjectId"]: n for n, (status, body) in enumerate(answers) if status == 201}
        self.assertGreater(len(made), WRITERS // 2)

        self.assertEqual(sorted(self.listed(self.b, schema)), sorted(made))
        self.assertEqual(self.ok(self.a, "GET", "/subject-counts")["counts"][schema], len(made))
        for subject_id, n in made.items():
            read = self.ok(self.a, "GET", f"/subject/{subject_id}")["subjects"][subject_id]
            self.assertEqual(read["statements"]["N"]["value"], n, subject_id)

    def test_a_client_reads_its_own_write_at_once_while_lists_come_from_the_replica(self):
        schema = self.schema(f"Own{TAG}")
        subject_id = self.ok(self.a, "POST", "/subjects", {"schema": schema, "label": f"Own {TAG}", "statements": {}})["subjectId"]
        # The replica applies each change two seconds late: a read on the other app server that did
        # not wait for the client's own write would see the value before it.
        replica_sql("STOP SLAVE; CHANGE MASTER TO MASTER_DELAY=2; START SLAVE;")
        try:
            for n in range(3):
                self.ok(self.a, "PUT", f"/subject/{subject_id}", {"label": f"Own {n} {TAG}",
                                                                   "statements": {"N": {"propertyType": "number", "value": n}}})
                read = self.ok(self.b, "GET", f"/subject/{subject_id}")["subjects"][subject_id]
                self.assertEqual(read["statements"]["N"]["value"], n)
                listed = self.ok(self.b, "GET", f"/subjects?schema={schema}")["subjects"]
                self.assertEqual([s["label"] for s in listed], [f"Own {n} {TAG}"])
        finally:
            replica_sql("STOP SLAVE; CHANGE MASTER TO MASTER_DELAY=0; START SLAVE;")

        reads = 20
        before = replica_status("Com_select")
        for i in range(reads):
            self.ok((self.a, self.b)[i % 2], "GET", f"/subjects?schema={schema}")
        self.assertGreaterEqual(replica_status("Com_select") - before, reads)

    def test_without_the_replica_reads_go_to_the_primary_and_no_request_fails(self):
        schema = self.schema(f"Outage{TAG}")
        subprocess.run([str(SCRIPT), "replica", CLUSTER_DIR, "stop"], check=True, capture_output=True)
        try:
            made = []
            for i in range(6):
                server = (self.a, self.b)[i % 2]
                made.append(self.ok(server, "POST", "/subjects", {"schema": schema, "label": f"Outage {i} {TAG}", "statements": {}})["subjectId"])
                listed = self.ok(server, "GET", f"/subjects?schema={schema}")["subjects"]
                self.assertEqual(sorted(s["id"] for s in listed), sorted(made))
                self.ok(server, "GET", f"/subject/{made[-1]}")
                self.assertEqual(requests.get(f"{server.url}/index.php/Main_Page").status_code, 200)
        finally:
            subprocess.run([str(SCRIPT), "replica", CLUSTER_DIR, "start"], check=True, capture_output=True)
        listed = self.ok(self.b, "GET", f"/subjects?schema={schema}")["subjects"]
        self.assertEqual(sorted(s["id"] for s in listed), sorted(made))

    def test_the_graph_replica_answers_cypher_with_saves_made_through_either_app_server(self):
        self.assertIn("role:slave", resp(self.falkordb_replica, "INFO", "replication"))
        schema = self.schema(f"Graph{TAG}")
        made = [self.ok(server, "POST", "/subjects", {"schema": schema, "label": f"Graph {n} {TAG}", "statements": {}})["subjectId"]
                for n, server in enumerate((self.a, self.b))]
        before = graph_reads(self.falkordb_replica)
        query = {"cypher": f"MATCH (s:`{schema}`) RETURN s._id AS id ORDER BY id"}
        # Replication is asynchronous: poll until the replica has both saves (no time limit is asserted).
        for i in range(600):
            rows = self.ok((self.a, self.b)[i % 2], "POST", "/query/cypher", query)["rows"]
            if [r["id"] for r in rows] == sorted(made):
                break
            time.sleep(0.1)
        self.assertEqual([r["id"] for r in rows], sorted(made))
        self.assertGreater(graph_reads(self.falkordb_replica), before)


if __name__ == "__main__":
    unittest.main()
