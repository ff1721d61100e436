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
"""Tests of the agent's last known hardware (cyborg.agent.last_known)."""

import os

import fixtures

from cyborg import conf as cyborg_conf
from cyborg.agent import last_known
from cyborg.drivers import fake
from cyborg.tests import base

CONF = cyborg_conf.CONF


class LastKnownTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.path = self.useFixture(fixtures.TempDir()).join('known.json')
        self.flags(group='fake_driver', devices=['qat=1'])
        [self.record] = fake.FakeDriver(CONF, 'n1').discover()

    def test_kept_as_the_driver_found_it(self):
        # What the agent adds (the health it judged, the outcome of a
        # configuration it applied) is not kept: the next agent judges
        # and applies again.
        self.record.health = 'driver_error'
        self.record.health_reason = 'RuntimeError: x'
        found = dict(self.record.to_dict())
        self.record.configuration = dict(self.record.configuration,
                                         applied={'generation': 1})
        last_known.LastKnown(self.path).save({'fake': [self.record]})
        [loaded] = last_known.LastKnown(self.path).load()['fake']
        expected = {k: v for k, v in found.items()
                    if k not in ('health', 'health_reason')}
        self.assertEqual(expected, loaded.to_dict())

    def test_written_only_when_changed(self):
        known = last_known.LastKnown(self.path)
        known.save({'fake': [self.record]})
        written = os.stat(self.path).st_mtime_ns
        os.utime(self.path, ns=(0, 0))
        known.save({'fake': [self.record]})
        self.assertEqual(0, os.stat(self.path).st_mtime_ns)
        self.assertNotEqual(0, written)

    def test_nothing_kept_or_unreadable_starts_without(self):
        self.assertEqual({}, last_known.LastKnown().load())
        self.assertEqual({}, last_known.LastKnown(self.path).load())
        with open(self.path, 'w') as f:
            f.write('{"fake": [{"uuid": ')
        self.assertEqual({}, last_known.LastKnown(self.path).load())

    def test_a_write_that_fails_is_not_fatal(self):
        blocker = self.useFixture(fixtures.TempDir()).join('file')
        with open(blocker, 'w'):
            pass
        known = last_known.LastKnown(os.path.join(blocker, 'known.json'))
        known.save({'fake': [self.record]})
        self.assertEqual({}, known.load())
