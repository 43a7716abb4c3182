"""MediaWiki's checks of an edit hold for every Strata write (docs/mediawiki.md, "What MediaWiki checks
of a Strata write"), each shown side by side with `api.php action=edit` by the same user:
- a sitewide block, a partial block of a page and of a namespace: 403 `blocked` with api.php's message;
- an edit filter hooked into `EditFilterMergedContent` (the test wikis' marker-word filter,
  tests/mediawiki/support/test_wiki_settings.php): 422 `edit-filtered` with the filter's message;
- the `edit` rate limit (a newbie's 8 per minute): 429 `rateLimitExceeded` with `Retry-After`;
- a user with the `bot` right: its edits are bot edits, hidden from recent changes' default view.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -p test_mediawiki_edit_checks.py -v`."""

import secrets
import time
import unittest

from mwclient.errors import APIError

from mediawiki_wiki import Caller, WikiTest

GADGET = {"propertyDefinitions": {"Name": {"type": "text"}}}
# Names of this run's users and pages, so that the tests run again on the same wiki.
RUN = secrets.token_hex(3)


class MediaWikiEditChecks(WikiTest):
    callers = {"Bea": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        answer = cls.bea.request("PUT", "/schema/Gadget", {"schema": GADGET})
        assert answer.status_code in (200, 201), answer.text

    def subject(self, title):
        """A new Gadget Subject on a new page `title` (by Bea), its ID."""
        body = {"schema": "Gadget", "label": title, "pageTitle": title, "statements": {}}
        answer = self.bea.request("POST", "/subjects", body)
        self.assertEqual(answer.status_code, 201, answer.text)
        return answer.json()["subjectId"]

    def block(self, user, **restrictions):
        """Blocks `user` through api.php as Bea, sitewide or with `partial=1` restrictions."""
        self.bea.site.post("block", user=user, expiry="infinite", reason="test", token=self.bea.csrf, **restrictions)

    @staticmethod
    def api_edit(caller, title, text, **params):
        """(code, info) of api.php's refusal of an edit, or ("ok", None)."""
        try:
            caller.site.post("edit", title=title, text=text, summary="side by side", token=caller.csrf, **params)
            return "ok", None
        except APIError as e:
            return e.code, e.info

    @staticmethod
    def relabel(caller, subject_id, label):
        return caller.request("PUT", f"/subject/{subject_id}", {"label": label, "statements": {}})

    def assert_refused(self, answer, status, code):
        self.assertEqual((answer.status_code, answer.json()["errorType"]), (status, code), answer.text)
        return answer.json()["message"]

    def test_a_sitewide_block_refuses_every_write_as_api_php_does(self):
        blake = Caller(self.wiki, f"Blake{RUN}")
        subject_id = self.subject(f"Gadget of Blake {RUN}")
        self.assertEqual(self.relabel(blake, subject_id, "Before the block").status_code, 200)
        self.block(f"Blake{RUN}")
        message = self.assert_refused(self.relabel(blake, subject_id, "Blocked"), 403, "blocked")
        created = blake.request("POST", "/subjects", {"schema": "Gadget", "label": "Blake's new", "statements": {}})
        self.assertEqual(self.assert_refused(created, 403, "blocked"), message)
        self.assert_refused(blake.request("PUT", f"/schema/Blakes{RUN}", {"schema": GADGET}), 403, "blocked")
        self.assertEqual(self.api_edit(blake, f"Gadget of Blake {RUN}", "text"), ("blocked", message))
        self.assertEqual(message, "You have been blocked from editing.")
        self.assertEqual(self.bea.request("GET", f"/schema/Blakes{RUN}").json(), {"schema": None})
        read = self.bea.request("GET", f"/subject/{subject_id}").json()["subjects"][subject_id]
        self.assertEqual(read["label"], "Before the block")

    def test_a_partial_block_of_a_page_refuses_writes_to_that_page_only(self):
        pia = Caller(self.wiki, f"Pia{RUN}")
        blocked_id, free_id = self.subject(f"Gadget blocked for Pia {RUN}"), self.subject(f"Gadget free for Pia {RUN}")
        self.block(f"Pia{RUN}", partial=1, allowusertalk=1, pagerestrictions=f"Gadget blocked for Pia {RUN}")
        message = self.assert_refused(self.relabel(pia, blocked_id, "Blocked"), 403, "blocked")
        self.assertEqual(self.api_edit(pia, f"Gadget blocked for Pia {RUN}", "text"), ("blocked", message))
        self.assertEqual(message, "You have been blocked from editing this page.")
        self.assertEqual(self.relabel(pia, free_id, "Edited").status_code, 200)
        self.assertEqual(self.api_edit(pia, f"Gadget free for Pia {RUN}", "text")[0], "ok")

    def test_a_partial_block_of_a_namespace_refuses_writes_in_it_only(self):
        nia = Caller(self.wiki, f"Nia{RUN}")
        free_id = self.subject(f"Gadget free for Nia {RUN}")
        self.block(f"Nia{RUN}", partial=1, allowusertalk=1, namespacerestrictions=7474)
        message = self.assert_refused(nia.request("PUT", f"/schema/NiaGadget{RUN}", {"schema": GADGET}), 403, "blocked")
        self.assertEqual(self.api_edit(nia, f"Schema:NiaGadget{RUN}", '{"propertyDefinitions": {}}'), ("blocked", message))
        self.assertEqual(self.bea.request("GET", f"/schema/NiaGadget{RUN}").json(), {"schema": None})
        self.assertEqual(self.relabel(nia, free_id, "Edited").status_code, 200)

    def test_an_edit_filter_refuses_a_write_with_its_own_message(self):
        fred = Caller(self.wiki, f"Fred{RUN}")
        subject_id = self.subject(f"Gadget of Fred {RUN}")
        message = self.assert_refused(self.relabel(fred, subject_id, "A ZAPWORD gadget"), 422, "edit-filtered")
        self.assertEqual(message, f"The test filter refuses the word ZAPWORD on Gadget of Fred {RUN}.")
        code, info = self.api_edit(fred, f"Gadget of Fred {RUN}", "A ZAPWORD gadget")
        self.assertNotEqual(code, "ok")
        self.assertEqual(info, message)
        created = fred.request("POST", "/subjects", {"schema": "Gadget", "label": "ZAPWORD", "pageTitle": f"Fred's zap {RUN}", "statements": {}})
        self.assert_refused(created, 422, "edit-filtered")
        self.assertEqual(self.relabel(fred, subject_id, "A fine gadget").status_code, 200)
        self.assertFalse(fred.site.pages[f"Fred's zap {RUN}"].exists)

    def test_the_edit_rate_limit_applies_to_rest_writes_and_api_edits_alike(self):
        newt = Caller(self.wiki, f"Newt{RUN}", "strata-newbie")
        subject_id = self.subject(f"Gadget of Newt {RUN}")
        statuses = [self.relabel(newt, subject_id, f"Edit {n}").status_code for n in range(8)]
        self.assertEqual(statuses, [200] * 8)
        refused = self.relabel(newt, subject_id, "One too many")
        self.assert_refused(refused, 429, "rateLimitExceeded")
        self.assertEqual(refused.headers["retry-after"], "60")
        self.assertEqual(self.api_edit(newt, f"Gadget of Newt {RUN}", "text")[0], "ratelimited")
        self.assertEqual(self.relabel(self.bea, subject_id, "By a sysop").status_code, 200, "noratelimit is not counted")

    def recent_changes(self, title, show):
        answer = self.bea.site.get("query", list="recentchanges", rctitle=title, rcshow=show, rcprop="ids|user", rclimit=50)
        return [(change["user"], change["revid"]) for change in answer["query"]["recentchanges"]]

    def wait_for_change(self, title, revision):
        """Recent changes are written after the response; waits until the revision's entry is there."""
        for _ in range(100):
            answer = self.bea.site.get("query", list="recentchanges", rctitle=title, rcprop="ids", rclimit=50)
            if revision in [c["revid"] for c in answer["query"]["recentchanges"]]:
                return
            time.sleep(0.1)
        self.fail(f"revision {revision} never reached recent changes")

    def test_a_bots_edits_are_bot_edits_hidden_from_recent_changes_by_default(self):
        bo = Caller(self.wiki, f"Bo{RUN}", "bot")
        subject_id = self.subject(f"Gadget of Bo {RUN}")
        self.assertEqual(self.relabel(bo, subject_id, "By a bot").status_code, 200)
        rest_revision = bo.site.pages[f"Gadget of Bo {RUN}"].revision
        api = bo.site.post("edit", title=f"Gadget of Bo {RUN}", appendtext="\n\nby api.php", bot=1, summary="bot", token=bo.csrf)
        api_revision = api["edit"]["newrevid"]
        self.assertEqual(self.relabel(self.bea, subject_id, "By a person").status_code, 200)
        person_revision = self.bea.site.pages[f"Gadget of Bo {RUN}"].revision
        for revision in (rest_revision, api_revision, person_revision):
            self.wait_for_change(f"Gadget of Bo {RUN}", revision)
        self.assertEqual(self.recent_changes(f"Gadget of Bo {RUN}", "bot"), [(f"Bo{RUN}", api_revision), (f"Bo{RUN}", rest_revision)])
        shown = [revision for _, revision in self.recent_changes(f"Gadget of Bo {RUN}", "!bot")]
        self.assertIn(person_revision, shown)
        self.assertNotIn(rest_revision, shown)
        self.assertNotIn(api_revision, shown)


if __name__ == "__main__":
    unittest.main()
