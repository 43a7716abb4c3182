"""A real MediaWiki client, mwclient, logs in with a bot password through api.php; its session and
CSRF token then drive REST writes."""

import unittest

from strata_server import REST, BotPasswordTest


class MwclientSessionDrivesRest(BotPasswordTest):
    user = "Alice"

    def site(self):
        return self.login()

    def rest(self, site, method, path, **kwargs):
        return site.connection.request(method, self.server.url + REST + path, **kwargs)

    def test_login_reports_the_bot_session(self):
        site = self.site()
        self.assertEqual(site.username, "Alice")
        self.assertTrue(site.logged_in)
        self.assertEqual(sorted(site.rights), ["createpage", "edit", "read"])

    def test_rest_writes_with_the_session_and_csrf_token(self):
        site = self.site()
        token = site.get_token("csrf")
        self.assertRegex(token, r"^[0-9a-f]{32}\+\\$")
        headers = {"X-CSRF-TOKEN": token}

        schema = self.rest(site, "PUT", "/schema/Book", headers=headers,
                           json={"schema": {"propertyDefinitions": {"Title": {"type": "text"}}}})
        self.assertEqual(schema.status_code, 201, schema.text)
        created = self.rest(site, "POST", "/subjects", headers=headers,
                            json={"schema": "Book", "label": "Dune",
                                  "statements": {"Title": {"propertyType": "text", "value": ["Dune"]}}})
        self.assertEqual(created.status_code, 201, created.text)
        subject_id = created.json()["subjectId"]
        updated = self.rest(site, "PUT", f"/subject/{subject_id}", headers=headers,
                            json={"label": "Dune", "statements": {"Title": {"propertyType": "text", "value": ["Dune (1965)"]}}})
        self.assertEqual(updated.json()["status"], "updated")

        read = self.rest(site, "GET", f"/subject/{subject_id}?expand=page").json()["subjects"][subject_id]
        self.assertEqual(read["statements"]["Title"]["value"], ["Dune (1965)"])
        self.assertEqual(read["pageTitle"], "Dune")
        self.assertEqual(site.connection.get(self.server.url + "/wiki/Dune").status_code, 200)

    def test_the_session_without_its_token_is_refused(self):
        site = self.site()
        for headers in ({}, {"X-CSRF-TOKEN": "+\\"}):
            answer = self.rest(site, "POST", "/subjects", headers=headers, json={"schema": "Book", "statements": {}})
            self.assertEqual(answer.status_code, 403)
            self.assertEqual(answer.json()["errorType"], "badtoken")

    def test_logout_ends_the_rest_session(self):
        site = self.site()
        token = site.get_token("csrf")
        site.post("logout", token=token)
        answer = self.rest(site, "POST", "/subjects", headers={"X-CSRF-TOKEN": token},
                           json={"schema": "Book", "statements": {}})
        self.assertEqual(answer.status_code, 403)


if __name__ == "__main__":
    unittest.main()
