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
"""Whether and how a device is cleaned between two tenants: the policy
of its device classes (``cleaning``) and its driver's default.
"""

from oslo_config import cfg
from oslo_serialization import jsonutils

from cyborg import exception

CONF = cfg.CONF

OFF = 'off'
ON = 'on'
#: The driver whose devices are cleaned only when a class asks.
_OFF_BY_DEFAULT = ('fake',)


def normalize(value):
    """A class's ``cleaning`` as stored: None (the drivers' default),
    'off', 'on' or step names comma-separated.

    :raises: DeviceClassInvalid
    """
    if value is None or value in (OFF, ON):
        return value
    steps = [step.strip() for step in str(value).split(',')]
    if not all(steps) or len(value) > 255:
        raise exception.DeviceClassInvalid(
            reason='cleaning is off, on or step names separated by '
                   'commas, not %r' % (value,))
    return ','.join(steps)


def steps(driver_name, policies):
    """The clean a device gets: None (not cleaned), [] (its driver's
    default steps) or the steps named, as JSON text (devices.clean_steps).

    :param policies: the ``cleaning`` of the classes it matches.  A class
        that asks for cleaning wins over one that turns it off: the steps
        named by any, else the driver's defaults when one says on.
    """
    named, found = [], set(policies) - {None}
    for policy in sorted(found - {OFF, ON}):
        named.extend(s for s in policy.split(',') if s not in named)
    if named:
        return jsonutils.dumps(named)
    if ON in found or (not found and driver_name not in _OFF_BY_DEFAULT and
                       CONF.conductor.clean_devices_by_default):
        return '[]'
    return None
