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
"""The policy table's gabbi files and documentation are its own."""

from cyborg.api import route
from cyborg.api.controllers import root
from cyborg.policies import base as policy_base
from cyborg.tests import base
from cyborg.tests.functional import policy_matrix


class PolicyMatrixTestCase(base.TestCase):

    def test_generated_files_are_current(self):
        for path, text in policy_matrix.outputs().items():
            with open(path) as f:
                self.assertEqual(
                    text, f.read(),
                    '%s is not what the routes give: run "python -m '
                    'cyborg.tests.functional.policy_matrix --write"' % path)

    def test_every_call_is_of_a_route(self):
        routes = {(r.method, r.path) for r in root.ROUTES
                  if r.policy is not route.PUBLIC}
        self.assertLessEqual(set(policy_matrix.CALLS), routes)

    def test_every_check_string_is_known(self):
        # A rule whose check string the table does not know cannot be
        # tabled: say whom it admits in ALLOWED.
        for call in policy_matrix.calls():
            rule = call[3]
            self.assertIn(rule.check_str, policy_matrix.ALLOWED, rule.name)
            if rule.deprecated_rule is not None:
                self.assertIn(rule.deprecated_rule.check_str,
                              policy_matrix.ALLOWED, rule.name)

    def test_every_cell(self):
        # Two modes, every persona, every call.
        calls = policy_matrix.calls()
        cells = [policy_matrix.cell(call, persona, mode)
                 for call in calls
                 for persona in policy_matrix.PERSONAS
                 for mode in policy_matrix.MODES]
        self.assertEqual(len(calls) * len(policy_matrix.PERSONAS) * 2,
                         len(cells))
        self.assertEqual(['project'], policy_base.PROJECT_SCOPE)
