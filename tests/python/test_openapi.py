"""The OpenAPI document the server publishes validates as OpenAPI 3.0, and it lists exactly the
routes the server answers."""

import re
import unittest

import requests
from openapi_spec_validator import OpenAPIV30SpecValidator, validate

from strata_server import StrataServer

SPEC_PATH = "/rest.php/specs/v0/module/-"
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"]
# The Subject, Page and Schema endpoints of the issue that brought the REST API.
ISSUE_ROUTES = [
    ("get", "/strata/v0/subject/{subjectId}"), ("put", "/strata/v0/subject/{subjectId}"),
    ("delete", "/strata/v0/subject/{subjectId}"), ("post", "/strata/v0/subject/{subjectId}/move"),
    ("put", "/strata/v0/subject/{subjectId}/statements/{propertyName}"),
    ("delete", "/strata/v0/subject/{subjectId}/statements/{propertyName}"),
    ("post", "/strata/v0/subject/validate"), ("post", "/strata/v0/subject/{subjectId}/validate"),
    ("post", "/strata/v0/subject-ids"), ("post", "/strata/v0/subjects"),
    ("get", "/strata/v0/page/{pageId}/mainSubject"), ("post", "/strata/v0/page/{pageId}/mainSubject"),
    ("put", "/strata/v0/page/{pageId}/mainSubject"), ("get", "/strata/v0/page/{pageId}/subjects"),
    ("post", "/strata/v0/page/{pageId}/subjects"), ("put", "/strata/v0/page/{pageId}/subjectsOrdering"),
    ("get", "/strata/v0/schemas"), ("get", "/strata/v0/schema/{schemaName}"), ("put", "/strata/v0/schema/{schemaName}"),
    ("delete", "/strata/v0/schema/{schemaName}"), ("get", "/strata/v0/schema/{schemaName}/json-schema"),
    ("get", "/strata/v0/schema-names/{search}"),
]


class OpenApiDocument(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = StrataServer().start()
        answer = requests.get(cls.server.url + SPEC_PATH, timeout=10)
        assert answer.status_code == 200, answer.text
        cls.spec = answer.json()

    @classmethod
    def tearDownClass(cls):
        cls.server.remove()

    def test_validates_as_openapi_3_0(self):
        self.assertRegex(self.spec["openapi"], r"^3\.0\.\d+$")
        validate(self.spec, cls=OpenAPIV30SpecValidator)

    def test_the_validator_is_not_a_rubber_stamp(self):
        broken = {**self.spec, "paths": {"/x": {"get": {"responses": {"200": {}}}}}}
        with self.assertRaises(Exception):
            validate(broken, cls=OpenAPIV30SpecValidator)

    def test_lists_every_endpoint_of_the_issue(self):
        listed = {(method, path) for path, operations in self.spec["paths"].items() for method in operations}
        self.assertEqual([route for route in ISSUE_ROUTES if route not in listed], [])

    def documented(self, method, concrete):
        """Whether the document has a path matching `concrete` with `method`, and whether any path
        matches. The paths with the most literal segments answer alone (`/subject/validate` is not a
        Subject ID)."""
        matching = [(path.count("/") - path.count("{"), operations) for path, operations in self.spec["paths"].items()
                    if re.fullmatch(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(path)), concrete)]
        most = max((literals for literals, _ in matching), default=0)
        return any(method.lower() in operations for literals, operations in matching if literals == most), bool(matching)

    def test_the_server_answers_exactly_the_documented_methods_of_each_path(self):
        for path in self.spec["paths"]:
            concrete = re.sub(r"\{\w+\}", "x", path)
            for method in METHODS:
                answer = requests.request(method, self.server.url + "/rest.php" + concrete, json={}, timeout=10)
                error = answer.json().get("errorType") if answer.status_code >= 400 else None
                has_method, _ = self.documented(method, concrete)
                with self.subTest(method=method, path=concrete):
                    if has_method:
                        self.assertNotIn(error, ("rest-no-match", "rest-wrong-method"))
                    else:
                        self.assertEqual((answer.status_code, error), (405, "rest-wrong-method"))

    def test_paths_outside_the_document_are_not_answered(self):
        for path in ("/strata/v0/subject", "/strata/v0/pages", "/strata/v0/subject/x/y/z", "/strata/v1/schemas"):
            answer = requests.get(self.server.url + "/rest.php" + path, timeout=10)
            self.assertEqual(self.documented("GET", path), (False, False), path)
            self.assertEqual((answer.status_code, answer.json()["errorType"]), (404, "rest-no-match"), path)


if __name__ == "__main__":
    unittest.main()
