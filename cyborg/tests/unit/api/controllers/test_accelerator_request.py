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
"""Tests of how an ARQ is shown (what Nova reads of it)."""

from unittest import mock

from oslotest import base as test_base

from cyborg.api import microversion
from cyborg.api.controllers.v2 import accelerator_request

# The attach handle of an Intel NIC function mapped to no physical
# network (cyborg.drivers.nic.intel): the key is there, null.
NIC_INFO = {'domain': '0000', 'bus': '18', 'device': '02',
            'function': '1', 'physical_network': None}
ARQ = {'uuid': '5b2ef6e4-a2a8-4a5a-9a3e-2f4b0e1c2d3a', 'state': 'Bound',
       'device_profile_name': 'vf', 'device_profile_group_id': 0,
       'hostname': 'node1', 'device_rp_uuid': None, 'instance_uuid': None,
       'project_id': None, 'attach_handle_type': 'PCI',
       'attach_handle_uuid': None, 'attach_handle_info': NIC_INFO,
       'created_at': None, 'updated_at': None}


class SerializeTestCase(test_base.BaseTestCase):
    """Nova copies ``physical_network`` of a bound ARQ into the binding
    profile of a Neutron port with a device profile (``pci_slot``,
    ``physical_network``, ``arq_uuid``), reading the key with no default:
    a NIC without a physical network must give null there, never the
    text "None".
    """

    def setUp(self):
        super().setUp()
        request = mock.Mock(version=microversion.MAX_VERSION, environ={},
                            application_url='http://cyborg')
        patcher = mock.patch('pecan.request', request)
        patcher.start()
        self.addCleanup(patcher.stop)

    def test_null_physical_network_stays_null(self):
        shown = accelerator_request.serialize(dict(ARQ))
        self.assertIsNone(shown['attach_handle_info']['physical_network'])
        self.assertEqual('18', shown['attach_handle_info']['bus'])

    def test_values_are_text(self):
        info = dict(NIC_INFO, physical_network='physnet1', function=1)
        shown = accelerator_request.serialize(
            dict(ARQ, attach_handle_info=info))
        self.assertEqual('physnet1',
                         shown['attach_handle_info']['physical_network'])
        self.assertEqual('1', shown['attach_handle_info']['function'])

def _device(health, reason, utilization=None):
    """arq_queries.device_health()'s columns of a device."""
    return {'health': health, 'health_reason': reason,
            'health_since': None, 'utilization': utilization,
            'idle_since': None}


class DeviceHealthTestCase(test_base.BaseTestCase):
    """From 2.4 an ARQ shows its device's health; never before."""

    def _serialize(self, version, health=None):
        request = mock.Mock(version=microversion.Version(2, version),
                            environ={}, application_url='http://cyborg')
        with mock.patch('pecan.request', request):
            return accelerator_request.serialize(dict(ARQ), health)

    def test_absent_before_2_4(self):
        health = {ARQ['uuid']: _device('unhealthy', 'on fire')}
        for minor in (0, 3):
            shown = self._serialize(minor, health)
            self.assertFalse({'device_health', 'device_health_reason',
                              'device_health_since', 'device_utilization',
                              'device_idle_since'} & set(shown), minor)

    def test_the_device_columns_at_2_4(self):
        shown = self._serialize(4, {ARQ['uuid']: _device(
            None, 'was on fire', utilization=0.25)})
        self.assertEqual(('healthy', 'was on fire', 0.25),
                         (shown['device_health'],
                          shown['device_health_reason'],
                          shown['device_utilization']))
        shown = self._serialize(4, {ARQ['uuid']: _device(
            'unhealthy', 'on fire')})
        self.assertEqual(('unhealthy', None),
                         (shown['device_health'],
                          shown['device_utilization']))

    def test_null_without_a_device(self):
        shown = self._serialize(4, {})
        self.assertEqual((None, None, None),
                         (shown['device_health'],
                          shown['device_health_reason'],
                          shown['device_health_since']))
