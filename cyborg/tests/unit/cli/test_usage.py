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
"""``cyborg usage-list`` and ``usage-show`` against the real API, in
process, on the usage intervals of gabbits/usage.yaml
(APIFixtureWithUsage: 29 h of PROJECT, 2 h of OTHER on 2025-01-01).
"""

import fixtures

from cyborg.api.middleware import noauth
from cyborg.cli import usage as usage_cli
from cyborg.tests.functional.fixtures import gabbits
from cyborg.tests.unit.cli import test_commands

DAY = ('--start', '2025-01-01', '--end', '2025-01-02')
PROJECT = gabbits.APIFixtureWithUsage.PROJECT
OTHER = gabbits.APIFixtureWithUsage.OTHER


class UsageCommandsTestCase(test_commands.CommandTestBase):

    FIXTURE = gabbits.APIFixtureWithUsage

    def test_usage_list(self):
        self.assertEqual(
            [(PROJECT, 'FPGA', 1, 19.0), (PROJECT, 'PGPU', 1, 10.0),
             (OTHER, 'PGPU', 1, 2.0)],
            [(r['project_id'], r['resource_class'], r['intervals'],
              r['device_hours']) for r in self.json('usage-list', *DAY)])
        self.assertEqual(
            [('PGPU', 'host-two', 2.0)],
            [(r['resource_class'], r['host'], r['device_hours'])
             for r in self.json('usage-list', *DAY, '--project', OTHER,
                                '--group-by', 'host')])
        self.assertEqual([['A100']], [
            r['device_class'] for r in self.json(
                'usage-list', *DAY, '--device-class', 'A100',
                '--group-by', 'device_class')])
        _out, err = self.cyborg('usage-list', '--start', '2020-01-01',
                                '--end', '2020-02-01')
        self.assertIn('No accelerator was held between 2020-01-01', err)

    def test_the_intervals_every_page(self):
        self.useFixture(fixtures.MockPatchObject(usage_cli, 'PAGE', 1))
        rows = self.json('usage-list', *DAY, '--intervals')
        self.assertEqual([(PROJECT, 'PGPU', 10.0, 'delete'),
                          (PROJECT, 'FPGA', 19.0, None),
                          (OTHER, 'PGPU', 2.0, 'delete')],
                         [(r['project_id'], r['resource_class'],
                           r['device_hours'], r['ended_by']) for r in rows])

    def test_usage_show(self):
        shown = self.json('usage-show', PROJECT, *DAY)
        self.assertEqual(
            (PROJECT, 29.0, 2, '2025-01-01T00:00:00+00:00',
             ['FPGA: 19.0 h, 1 interval(s)',
              'PGPU: 10.0 h, 1 interval(s)']),
            (shown['project_id'], shown['device_hours'], shown['intervals'],
             shown['start'], shown['usages']))
        self.assertEqual((0.0, 0), (lambda s: (s['device_hours'],
                                                  s['intervals']))(
            self.json('usage-show', 'nobody', *DAY)))
        # Without a token, the project of the API's no-auth identity
        # (issue 64: an administrator's default, every project, failed).
        self.assertEqual(noauth.STANDALONE_PROJECT, usage_cli.NOAUTH_PROJECT)
        self.assertEqual((noauth.STANDALONE_PROJECT, 0.0), (lambda s: (
            s['project_id'], s['device_hours']))(self.json('usage-show',
                                                           *DAY)))

    def test_bad_window(self):
        _out, err = self.cyborg('usage-list', '--start', '2025-01-02',
                                '--end', '2025-01-01', expect=1)
        self.assertIn('is not before end', err)
        # The formats taken, not the regular expression that checks them.
        _out, err = self.cyborg('usage-list', '--start', 'yesterday',
                                expect=1)
        self.assertIn("'yesterday' is not an ISO 8601 date or time "
                      "(2026-11-01, 2026-11-01T00:00:00 or "
                      "2026-11-01T00:00:00+01:00", err)
        self.assertNotIn('[0-9]', err)
