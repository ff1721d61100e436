# Copyright 2026 The Cyborg Authors
#
# Licensed under the Apache License, Version 2.0 (the "License"); you may
# not use this file except in compliance with the License. You may obtain
# a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
# WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
# License for the specific language governing permissions and limitations
# under the License.
"""Fuzzing driven by the API's OpenAPI description, on MariaDB.

For every microversion, the operations of its document, schemathesis
generates requests that match the description (positive) and requests
that break it (negative), a bounded number of each with a fixed seed, and
sends them to the whole WSGI application in process (conductor on the
fake transport, database on MariaDB).  Between 2.0 and the latest,
which are fuzzed whole, a version's operations are fuzzed where their
description (its references resolved) differs from the version before:
an unchanged one was fuzzed already, with the same examples (of 154
operations of all versions, 78 are fuzzed).
No response may be a 5xx from microversion 2.4 on; below 2.4 the only
5xx allowed are the device-profile 500s of the existing Cyborg that its
tempest tests expect (:data:`LEGACY_500`).  Every response must also
match its description.
"""

import functools
import re

import hypothesis
from oslo_serialization import jsonutils
import pytest
import schemathesis
from schemathesis import GenerationMode

from cyborg.api import microversion
from cyborg.api import openapi
from cyborg.api.controllers import root
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import openapi as openapi_fixture
from cyborg.tests.functional import api_base

pytestmark = pytest.mark.slow(3)

SEED = 19
# Examples per operation, mode and microversion.
# Most examples where the most changed: 2.4, the latest, which has every
# operation (Nova's binds and the operator's resources among them).
EXAMPLES = {(2, 0): 3, (2, 1): 3, (2, 2): 3, (2, 3): 3, (2, 4): 8}
# The versions whose every operation is fuzzed (see the docstring).
WHOLE = {(2, 0), max(EXAMPLES)}
# The parameter every operation has, whose value is the version.
VERSION_PARAMETER = '#/components/parameters/version'

# The only 5xx allowed, below microversion 2.4: POST /v2/device_profiles
# answers these with 500, as the existing Cyborg does (tempest asserts a
# ServerFault).  Named, with the message each is answered with.
LEGACY_500 = {
    'device profile name empty': r'Device profile name is required\.',
    'device profile name too long':
        r'Device profile name is longer than 255 characters\.',
    'device profile server fault (uuid taken)':
        r'A device profile with uuid \S+ already exists\.',
}


def _legacy_500(method, path, response):
    """The name of the LEGACY_500 entry *response* is, or None."""
    if (method, path) != ('POST', '/v2/device_profiles'):
        return None
    fault = jsonutils.loads(
        jsonutils.loads(response.content)['error_message'])
    for name, message in LEGACY_500.items():
        if re.fullmatch(message, fault['faultstring']):
            return name
    return None


def _resolved(document, node, refs=()):
    """*node* of *document* with its references replaced by what they
    name (a reference within itself left as it is), and the version
    parameter by its name.
    """
    if isinstance(node, list):
        return [_resolved(document, item, refs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get('$ref')
    if ref is None:
        return {key: _resolved(document, value, refs)
                for key, value in node.items()}
    if ref == VERSION_PARAMETER or ref in refs:
        return ref
    target = document
    for part in ref[2:].split('/'):
        target = target[part]
    return _resolved(document, target, refs + (ref,))


@functools.lru_cache(maxsize=None)
def _descriptions(version):
    document = root.OPENAPI.document(version)
    return {(method.upper(), path): jsonutils.dumps(
                _resolved(document, operation), sort_keys=True)
            for path, item in document['paths'].items()
            for method, operation in item.items()
            if method in ('get', 'put', 'post', 'patch', 'delete')}


def descriptions(version):
    """Each operation of *version*'s document, ``(METHOD, path)``, as
    canonical JSON with its references resolved.
    """
    return _descriptions(tuple(version))


def to_fuzz():
    """``{version: operations}``: what each version fuzzes, every
    operation of the WHOLE versions, the new and changed ones of the
    others.
    """
    plan, before = {}, {}
    for version in openapi.versions():
        now = descriptions(version)
        plan[tuple(version)] = {
            key for key, text in now.items()
            if tuple(version) in WHOLE or before.get(key) != text}
        before = now
    return plan


class FuzzTestCase(api_base.APITestCase):

    BACKEND = 'mysql'

    def configure(self):
        # No agent answers here: calls to one fail fast.
        self.flags(bind_timeout=2)

    def setUp(self):
        super().setUp()
        inventory.add_device(self.context, 'host-one', handles=4)
        inventory.add_device(self.context, 'host-two', dev_type='GPU',
                             rc='PGPU', address='0000:af:00.0')
        self.checker = openapi_fixture.ResponseChecker(self.app.app)
        self.app.post_json('/v2/device_profiles', [{
            'name': 'dp', 'groups': [{'resources:FPGA': '1'}]}])
        self.app.post_json('/v2/accelerator_requests',
                           {'device_profile_name': 'dp'})
        self.seen = {}
        self.server_errors = []
        self.legacy = set()
        self.unsatisfiable = []

    def _send(self, case, version):
        response = case.call(app=self.checker)
        method, path = case.method.upper(), case.operation.path
        key = (str(version), method, path, response.status_code)
        self.seen[key] = self.seen.get(key, 0) + 1
        if response.status_code < 500:
            return
        name = None
        if not microversion.allow_operator_api(version):
            name = _legacy_500(method, path, response)
        if name is not None:
            self.legacy.add(name)
            return
        self.server_errors.append('%s %s at %s -> %s: %s\n%s' % (
            method, path, version, response.status_code,
            response.content[:500].decode('utf-8', 'replace'),
            case.as_curl_command()))

    def _fuzz(self, version, operations):
        schema = schemathesis.openapi.from_dict(root.OPENAPI.document(version))
        for result in schema.get_all_operations():
            operation = result.ok()
            if (operation.method.upper(), operation.path) not in operations:
                continue
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                strategy = operation.as_strategy(generation_mode=mode)

                @hypothesis.seed(SEED)
                @hypothesis.settings(
                    max_examples=EXAMPLES[tuple(version)], deadline=None,
                    database=None, derandomize=False,
                    phases=[hypothesis.Phase.generate],
                    suppress_health_check=list(hypothesis.HealthCheck))
                @hypothesis.given(case=strategy)
                def run(case):
                    self._send(case, version)

                try:
                    run()
                except hypothesis.errors.Unsatisfiable:
                    # Nothing of the operation can be made invalid (GET /
                    # takes no input).
                    self.assertEqual(GenerationMode.NEGATIVE, mode)
                    self.unsatisfiable.append((str(version), operation.path))

    def test_no_server_errors(self):
        plan = to_fuzz()
        for version in openapi.versions():
            self._fuzz(version, plan[tuple(version)])
        self.assertEqual([], self.server_errors)
        self.assertEqual({'/'}, {path for _, path in self.unsatisfiable})
        self.assertEqual([], self.checker.problems)
        # The run reached every operation it was to fuzz, and every
        # operation of every version was fuzzed at it or at the version
        # where it got its present description.
        reached = {(v, m, p) for v, m, p, _ in self.seen}
        planned = {(str(microversion.Version(*v)), m, p)
                   for v, keys in plan.items() for m, p in keys}
        self.assertEqual(set(), planned - reached)
        for version in openapi.versions():
            for operation in root.OPENAPI.operations_at(version):
                key = (operation.method, operation.path)
                fuzzed_at = max(v for v, keys in plan.items()
                                if v <= tuple(version) and key in keys)
                self.assertEqual(
                    descriptions(fuzzed_at)[key],
                    descriptions(version)[key], (version, key))

    def test_unchanged_operations_are_fuzzed_once(self):
        plan = to_fuzz()
        self.assertEqual(set(descriptions((2, 0))), plan[(2, 0)])
        # 2.1 and 2.2 changed no description; 2.3 the devices' two.
        self.assertEqual(set(), plan[(2, 1)] | plan[(2, 2)])
        self.assertEqual({('GET', '/v2/devices'),
                          ('GET', '/v2/devices/{uuid}')}, plan[(2, 3)])
        latest = max(plan)
        self.assertEqual(set(descriptions(latest)), plan[latest])
