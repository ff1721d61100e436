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
"""Tests of the device profile group rules."""

from cyborg import exception
from cyborg.api.schemas import device_profile as schema
from cyborg.tests import base


class NormalizeGroupsTestCase(base.TestCase):

    def test_valid_groups(self):
        groups = [{'resources:FPGA': '1', 'trait:CUSTOM_A': 'required',
                   'accel:bitstream_id': 'x'},
                  {'resources:CUSTOM_QAT': '2', 'resources:PGPU': '1',
                   'trait:HW_GPU_API_VULKAN': 'forbidden'}]
        self.assertEqual(groups, schema.normalize_groups(groups))

    def test_spaces_are_dropped(self):
        self.assertEqual(
            [{'resources:FPGA': '2', 'trait:CUSTOM_A': 'required'}],
            schema.normalize_groups([{'resources: FPGA ': ' 2 ',
                                      'trait:  CUSTOM_A': 'required'}]))

    def test_standard_resource_classes(self):
        for rc in ('PCI_DEVICE', 'SRIOV_NET_VF', 'VGPU', 'GPU', 'FPGA',
                   'CUSTOM_ANYTHING_1'):
            schema.normalize_groups([{'resources:%s' % rc: '1'}])

    def test_invalid(self):
        for group in ({'resource:FPGA': '1'}, {'resources1:FPGA': '1'},
                      {'resources:WIDGET': '1'},
                      {'resources:custom_lower': '1'},
                      {'resources:FPGA': '0'}, {'resources:FPGA': '-1'},
                      {'resources:FPGA': 'x'}, {'trait:CUSTOM_X': 'yes'},
                      {'trait:NOT_A_STANDARD_TRAIT': 'required'},
                      {'trait:CUSTOM_lower': 'required'}):
            self.assertRaises(exception.Invalid, schema.normalize_groups,
                              [group])

    def test_resources_required_when_asked(self):
        group = [{'trait:CUSTOM_X': 'required'}]
        self.assertEqual(group, schema.normalize_groups(group))
        self.assertRaises(exception.Invalid, schema.normalize_groups,
                          group, require_resources=True)
