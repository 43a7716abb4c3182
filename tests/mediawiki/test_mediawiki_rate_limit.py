"""Queries counted by MediaWiki's limiter (`$wgRateLimits['strata-query']`, user: 60 per 60 s): a
logged-in user without `noratelimit` gets 429 `rateLimitExceeded` with `Retry-After` once over the
limit; a sysop (`noratelimit`) is never counted.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (starts its own wiki)."""

import unittest

from mediawiki_wiki import Caller, WikiTest

QUERY = {"cypher": "RETURN 1 AS one"}


class MediaWikiRateLimit(WikiTest):
    def test_a_user_over_the_limit_gets_429_with_retry_after(self):
        uma = Caller(self.wiki, "Uma")
        statuses = [uma.request("POST", "/query/cypher", QUERY).status_code for _ in range(60)]
        self.assertEqual(set(statuses), {200})
        refused = uma.request("POST", "/query/cypher", QUERY)
        self.assertEqual((refused.status_code, refused.json()["errorType"]), (429, "rateLimitExceeded"), refused.text)
        self.assertEqual(refused.headers["retry-after"], "60")

    def test_a_caller_with_noratelimit_is_not_counted(self):
        vic = Caller(self.wiki, "Vic", "sysop")
        statuses = {vic.request("POST", "/query/cypher", QUERY).status_code for _ in range(70)}
        self.assertEqual(statuses, {200})


if __name__ == "__main__":
    unittest.main()
