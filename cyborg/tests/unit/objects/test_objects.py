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
"""Fingerprints of every registered object: a change of fields must come
with a version bump (and a new fingerprint here).
"""

from oslo_versionedobjects import fixture

from cyborg import objects
from cyborg.objects import base as objects_base
from cyborg.tests import base

EXPECTED = {
    'AccSpecs': '1.0-28473838238aa4e3bcba14e43d342f1b',
    'AccStatus': '1.0-6c339f99da70ed54b8cc46790f3c99c2',
    'DeviceProfile': '1.0-06fe9a26541b08bda344b7b0a65f0b00',
    'Hardware': '1.0-7f7a34eb2ec5af41a859ecdfadfcab47',
    'HardwareAttachHandle': '1.0-e33979a05507959c13c9f452dcb52dac',
    'HardwareDeployable': '1.0-5c0870383d5421c3b14bc58ce09379f1',
    'HardwareList': '1.0-15ecf022a68ddbb8c2a6739cfc9f8f5e',
}


class ObjectVersionTestCase(base.TestCase):

    def test_versions(self):
        objects.register_all()
        checker = fixture.ObjectVersionChecker(
            objects_base.CyborgObjectRegistry.obj_classes())
        expected, actual = checker.test_hashes(EXPECTED)
        self.assertEqual(expected, actual,
                         'Objects changed: bump their version and update '
                         'the fingerprints')
