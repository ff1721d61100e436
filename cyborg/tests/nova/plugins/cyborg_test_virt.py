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
"""Nova's fake virt driver, recording the accelerators Nova gives it.

Loaded by the real nova-compute of the real-Nova suite (``[DEFAULT]
compute_driver = cyborg_test_virt.RecordingDriver``, this folder on its
``PYTHONPATH``; it runs in Nova's virtualenv and imports nothing of
Cyborg).  Every spawn, hard or soft reboot and power-on appends one JSON
line to the file named by ``CYBORG_TEST_ACCEL_LOG``: the call, the
instance and the ``accel_info`` (the ARQs) Nova passed, then lets Nova's
``FakeDriver`` do the rest.
"""

import contextlib
import json
import os
import threading

from nova.virt import fake

LOG_ENV = 'CYBORG_TEST_ACCEL_LOG'


class RecordingDriver(fake.FakeDriverWithoutFakeNodes):
    """Nova's fake driver that writes down each ``accel_info`` it is
    given.

    Its base is the fake driver with a stable node identity (the
    ``compute_id`` file in ``[DEFAULT] state_path``, as a real driver
    keeps it), so that a nova-compute restarted on the same host (the
    evacuation's source coming back) finds its compute node again.
    Only Nova's calls are written down: FakeDriver's hard reboot powers
    the guest on (or spawns it) itself, without ``accel_info``.
    """

    _calls = threading.local()

    @contextlib.contextmanager
    def _record(self, call, instance, accel_info):
        depth = getattr(self._calls, 'depth', 0)
        if depth == 0:
            line = json.dumps({'call': call, 'instance': instance.uuid,
                               'host': self._host,
                               'accel_info': list(accel_info or [])})
            # One write of one line in append mode: whole lines, in order.
            with open(os.environ[LOG_ENV], 'a') as f:
                f.write(line + '\n')
        self._calls.depth = depth + 1
        try:
            yield
        finally:
            self._calls.depth = depth

    def spawn(self, context, instance, image_meta, injected_files,
              admin_password, allocations, network_info=None,
              block_device_info=None, power_on=True, accel_info=None):
        with self._record('spawn', instance, accel_info):
            return super().spawn(
                context, instance, image_meta, injected_files, admin_password,
                allocations, network_info=network_info,
                block_device_info=block_device_info, power_on=power_on,
                accel_info=accel_info)

    def reboot(self, context, instance, network_info, reboot_type,
               block_device_info=None, bad_volumes_callback=None,
               accel_info=None, share_info=None):
        with self._record('reboot-' + reboot_type.lower(), instance,
                          accel_info):
            return super().reboot(
                context, instance, network_info, reboot_type,
                block_device_info=block_device_info,
                bad_volumes_callback=bad_volumes_callback,
                accel_info=accel_info, share_info=share_info)

    def power_on(self, context, instance, network_info,
                 block_device_info=None, accel_info=None, share_info=None):
        with self._record('power-on', instance, accel_info):
            return super().power_on(
                context, instance, network_info,
                block_device_info=block_device_info, accel_info=accel_info,
                share_info=share_info)
