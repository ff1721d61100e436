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
"""The payloads' schemas: fingerprints, and the samples of the docs."""

import os

from oslo_versionedobjects import fixture

from cyborg.tests import base
from cyborg.tests.fixtures import notifications as notify_fixture

# A change of a payload's fields bumps its VERSION and its fingerprint
# here, and updates its samples in doc/notification_samples/.
EXPECTED = {
    'AcceleratorRequestPayload': '1.0-c449c6473b7300557f02fdec81300d48',
    'AcceleratorRequestHealthPayload':
        '1.0-3e18ee6807a06af315dacc0608814217',
    'ConfigurationRolloutPayload': '1.0-5885f1713d112d4bbe7774a447c0c712',
    'DeployablePayload': '1.0-49d0c8ee17146327463252111f88a920',
    'DeployableProgramPayload': '1.0-f3129eed8d4a444cf1ff6075f94cdada',
    'DevicePayload': '1.2-8f99ca22eab6e47d2cedc2ea1c6a2fbb',
    'DeviceCleanPayload': '1.0-b1fa021144a239280f4798ea939cca17',
    'DeviceConfigPayload': '1.0-ab90d92805e8830bc97fa0847b47a4c2',
    'DriverPayload': '1.0-e6abdffc3a82ffe0fb113655d23ba3b4',
    'ServiceStatusPayload': '1.0-8bf739587386d3f4e1c0df1effd0d8b7',
    'UsagePayload': '1.0-1f0b05951d5a1e9a2ff8442c3f975247',
}


class PayloadTestCase(base.TestCase):

    def test_fingerprints(self):
        checker = fixture.ObjectVersionChecker(
            {cls.__name__: [cls] for cls in notify_fixture.PAYLOADS})
        expected, actual = checker.test_hashes(EXPECTED)
        self.assertEqual(expected, actual,
                         'Payloads changed: bump their version, update '
                         'the fingerprints and the samples')

    def test_every_sample_is_what_its_payload_sends(self):
        events = notify_fixture.events()
        for event_type, (cls, priority, name) in events.items():
            sample = notify_fixture.load_sample(name)
            self.assertEqual(event_type, sample['event_type'], name)
            self.assertEqual(priority or 'INFO', sample['priority'], name)
            data = sample['payload']['cyborg_object.data']
            # The payload built from the sample's values sends the sample.
            sent = {'event_type': event_type,
                    'priority': priority or 'INFO',
                    'publisher_id': 'cyborg-conductor:h1',
                    'payload': cls(**data).obj_to_primitive()}
            self.assertEqual(sample['payload'], sent['payload'], name)
            self.assertIsNone(notify_fixture.shape_mismatch(sample, sent))

    def test_no_sample_without_a_notification(self):
        names = {name for _, _, name in notify_fixture.events().values()}
        self.assertEqual(names, set(os.listdir(notify_fixture.SAMPLES_DIR)))

    def test_shape_mismatch_sees_a_new_key_and_a_new_type(self):
        sample = notify_fixture.load_sample('device-create.json')
        other = {k: v for k, v in sample.items()}
        data = dict(sample['payload']['cyborg_object.data'],
                    num_accelerators='1', extra=1)
        other['payload'] = dict(sample['payload'],
                                **{'cyborg_object.data': data})
        self.assertIsNone(notify_fixture.shape_mismatch(sample, sample))
        self.assertIn('data keys',
                      notify_fixture.shape_mismatch(sample, other))
        data = dict(sample['payload']['cyborg_object.data'], vendor=8086)
        other['payload'] = dict(sample['payload'],
                                **{'cyborg_object.data': data})
        self.assertIn('data vendor',
                      notify_fixture.shape_mismatch(sample, other))
