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
                    '%s is not what the table in '
                    'cyborg/tests/functional/policy_matrix.py gives: run '
                    '"python -m cyborg.tests.functional.policy_matrix '
                    '--write"' % path)

    def test_every_route_is_in_the_table(self):
        def shape(method, path):
            path = path.split('?')[0].replace(policy_matrix.U, '{}')
            for name in ('no-such-host', 'NO_SUCH'):
                path = path.replace(name, '{}')
            return method, '/'.join('{}' if part.startswith('{') else part
                                    for part in path.split('/'))
        documented = {shape(r.method, r.path) for r in root.ROUTES
                      if r.path not in ('/', '/v2', '/v2/openapi.json')}
        tabled = {shape(route[0], route[1])
                  for route in policy_matrix.ROUTES}
        self.assertEqual(documented, tabled)

    def test_every_cell(self):
        # Two modes, every persona, every route.
        cells = [policy_matrix.cell(route, persona, mode)
                 for route in policy_matrix.ROUTES
                 for persona in policy_matrix.PERSONAS
                 for mode in policy_matrix.MODES]
        self.assertEqual(len(policy_matrix.ROUTES) *
                         len(policy_matrix.PERSONAS) * 2, len(cells))
        self.assertEqual(['project'], policy_base.PROJECT_SCOPE)
