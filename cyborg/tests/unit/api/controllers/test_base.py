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
"""Tests of cyborg.api.controllers.base."""

import datetime

from oslotest import base as test_base

from cyborg.api.controllers import base

UTC = datetime.timezone.utc


class UTCTestCase(test_base.BaseTestCase):

    def test_naive_datetime_from_the_database(self):
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 16, 38, 48, tzinfo=UTC),
            base.utc(datetime.datetime(2026, 11, 21, 16, 38, 48)))

    def test_text_from_rpc(self):
        # What a conductor's answer carries once serialised over RPC.
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 16, 38, 48, 5, tzinfo=UTC),
            base.utc('2026-11-21T16:38:48.000005'))
        self.assertEqual(
            datetime.datetime(2026, 11, 21, 15, 38, 48, tzinfo=UTC),
            base.utc('2026-11-21T16:38:48+01:00'))

    def test_none(self):
        self.assertIsNone(base.utc(None))
