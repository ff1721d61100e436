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
"""``cyborg rollout-*`` against the real API and conductor, in process,
on the configurable GPU of class GPUS (APIFixtureWithRollout).
"""

import os

from cyborg.tests.functional.fixtures import gabbits
from cyborg.tests.unit.cli import test_commands


class RolloutCommandsTestCase(test_commands.CommandTestBase):

    FIXTURE = gabbits.APIFixtureWithRollout

    def test_create_pause_resume_abort(self):
        created = self.json('rollout-create', 'gpus', '--set', 'num_vfs=8',
                            '--max-unavailable', '50%', '--drain')
        self.assertEqual(('GPUS', 'running', 1, True),
                         (created['device_class'], created['state'],
                          created['max_unavailable_devices'],
                          created['drain']))
        # The budget is labelled so: "unavailable 1" read as one device
        # out of service, on a rollout that had completed.
        self.assertNotIn('unavailable', created)
        uuid = created['uuid']
        self.assertEqual([uuid], [r['uuid'] for r in self.json(
            'rollout-list', '--state', 'running')])
        self.assertEqual([], self.json('rollout-list', '--state', 'paused'))
        self.assertEqual('paused', self.json('rollout-pause', uuid)['state'])
        self.assertEqual('running',
                         self.json('rollout-resume', uuid)['state'])
        self.assertEqual(uuid, self.json('rollout-show', uuid)['uuid'])
        aborted = self.json('rollout-abort', uuid)
        self.assertEqual('aborted', aborted['state'])
        self.assertIn('changed', aborted)
        _out, err = self.cyborg('rollout-abort', uuid, expect=1)
        self.assertIn('cyborg.configuration_rollout.bad_state', err)

    def test_refused_naming_the_device(self):
        _out, err = self.cyborg('rollout-create', 'gpus', '--set',
                                'num_vfs=17', '--max-unavailable', '1',
                                expect=1)
        self.assertIn(os.environ['DEVICE2_UUID'], err)
        _out, err = self.cyborg('rollout-forget',
                                os.environ['INSTANCE_UUID'],
                                os.environ['DEVICE2_UUID'], expect=1)
        self.assertIn('cyborg.configuration_rollout.not_found', err)

    def test_max_unavailable_as_the_api_takes_it(self):
        # Issue 78: 1.0 was refused with another code than the API's.
        for text, count in (('1.0', 1), ('1e0', 1), ('2.0', 2)):
            created = self.json('rollout-create', 'gpus', '--set',
                                'num_vfs=8', '--max-unavailable', text)
            self.assertEqual((str(count), count), (
                created['max_unavailable'],
                created['max_unavailable_devices']))
            self.json('rollout-abort', created['uuid'])
        for text in ('0', '1.5', '150%', 'one', '1e400'):
            _out, err = self.cyborg('rollout-create', 'gpus', '--set',
                                    'num_vfs=8', '--max-unavailable', text,
                                    expect=1)
            self.assertIn('cyborg.request.invalid_input', err)
