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
"""Tests of cyborg.rpc."""

from oslo_config import cfg
from oslo_messaging import opts as messaging_opts

from cyborg import rpc
from cyborg.tests import base


class RetriesWithinTestCase(base.TestCase):

    def _register_rabbit(self):
        for group, opts in messaging_opts.list_opts():
            if group == 'oslo_messaging_rabbit':
                self.conf_fixture.register_opts(opts, group=group)

    def test_without_rabbit_options_one_retry(self):
        conf = cfg.ConfigOpts()
        self.assertEqual(1, rpc.retries_within(conf, 30))

    def test_pauses_fit_in_the_time(self):
        self._register_rabbit()
        # Pauses of 1, 3, 5, 7 s (interval 1, backoff 2).
        self.flags(group='oslo_messaging_rabbit', rabbit_retry_interval=1,
                   rabbit_retry_backoff=2, rabbit_interval_max=30)
        self.assertEqual(3, rpc.retries_within(self.conf_fixture.conf, 10))
        self.assertEqual(4, rpc.retries_within(self.conf_fixture.conf, 16))
        self.assertEqual(1, rpc.retries_within(self.conf_fixture.conf, 0.5))

    def test_pauses_stop_growing_at_the_maximum(self):
        self._register_rabbit()
        self.flags(group='oslo_messaging_rabbit', rabbit_retry_interval=2,
                   rabbit_retry_backoff=10, rabbit_interval_max=5)
        # 2, then 5 each.
        self.assertEqual(4, rpc.retries_within(self.conf_fixture.conf, 17))
