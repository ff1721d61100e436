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
"""Tests of the conditions of ``cyborg device-class-create``."""

from oslotest import base

from cyborg.cli import common
from cyborg.cli import device_class


class ParseConditionTestCase(base.BaseTestCase):

    def test_conditions(self):
        for text, expected in (
                ('memory_mb>=40960', ('memory_mb', '>=', 40960)),
                (' memory_mb >= 40960 ', ('memory_mb', '>=', 40960)),
                ('memory_mb<40960', ('memory_mb', '<', 40960)),
                ('compute_capability>8.0', ('compute_capability', '>', 8.0)),
                ('driver_version>=535.104.05',
                 ('driver_version', '>=', '535.104.05')),
                ('type==GPU', ('type', '==', 'GPU')),
                ('health!=unhealthy', ('health', '!=', 'unhealthy')),
                ('ecc==true', ('ecc', '==', True)),
                ('mig_profile in 1g.10gb, 2g.20gb',
                 ('mig_profile', 'in', ['1g.10gb', '2g.20gb'])),
                ('numa_node in 0,1', ('numa_node', 'in', [0, 1]))):
            key, op, value = expected
            self.assertEqual({'key': key, 'op': op, 'value': value},
                             device_class.parse_condition(text), text)

    def test_bad_conditions(self):
        for text in ('memory_mb', 'memory_mb>=', 'memory_mb => 1',
                     'memory mb>=1', 'a ~ b', 'vendorin 10de', ''):
            self.assertRaises(common.CommandError,
                              device_class.parse_condition, text)
