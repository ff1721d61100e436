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
"""Configuration rollouts: the vocabulary of the API and the conductor.

A rollout stores one desired configuration (cyborg.common.device_config)
for every device a device class selects, a few at a time: never more
than ``max_unavailable`` of them out of service at once
(cyborg.conductor.devices.configuration_rollout).  Nothing here touches
the database.
"""

import math
import re

from cyborg import exception
from cyborg.common import device_config

# The states of a rollout (configuration_rollouts.state).
#: Starting devices as its budget allows.
RUNNING = 'running'
#: Starts nothing (asked, or too many devices failed: ``reason``); the
#: devices it started go on.
PAUSED = 'paused'
#: Stopped by the operator: starts nothing again.
ABORTED = 'aborted'
#: Every device is done, failed or skipped for good.
COMPLETED = 'completed'
STATES = (RUNNING, PAUSED, ABORTED, COMPLETED)
#: The states of a rollout that holds its devices.
ACTIVE = (RUNNING, PAUSED)

# The states of a device of a rollout (rollout_devices.state).
#: Not started yet.
WAITING = 'waiting'
#: Its desired configuration is stored: draining, pending or applying.
IN_PROGRESS = 'in_progress'
#: Its device reports the configuration applied.
DONE = 'done'
#: Not changed (``reason``): bound, without drain (tried again later),
#: or gone from the class (for good).
SKIPPED = 'skipped'
#: The change failed (``reason``); the device stays out of service
#: until its configuration is forgotten or set again.
FAILED = 'failed'
#: Forgotten by the operator: the rollout no longer holds it.
FORGOTTEN = 'forgotten'
DEVICE_STATES = (WAITING, IN_PROGRESS, DONE, SKIPPED, FAILED, FORGOTTEN)
#: What the progress of a rollout counts.
PROGRESS = (DONE, IN_PROGRESS, WAITING, SKIPPED, FAILED)
#: The devices that count against ``max_unavailable``: their inventory
#: is reserved by their configuration (device_config.RESERVING).
UNAVAILABLE = (IN_PROGRESS, FAILED)

#: ``max_unavailable``: a number of devices, or a percentage of them (at
#: most 100).
MAX_UNAVAILABLE_PATTERN = r'^(?:([1-9][0-9]{0,5})|([1-9][0-9]?|100)%)$'
_MAX_UNAVAILABLE = re.compile(MAX_UNAVAILABLE_PATTERN)


def as_text(max_unavailable):
    """``max_unavailable`` as stored ("5" or "5%"): JSON's 1.0 is 1."""
    if isinstance(max_unavailable, float) and max_unavailable.is_integer():
        max_unavailable = int(max_unavailable)
    return str(max_unavailable)


def unavailable(max_unavailable, selected):
    """How many of *selected* devices may be out of service at once:
    ``max_unavailable`` ("5" or "5%"; a percentage rounds down, but never
    below one device).

    :raises: ConfigurationRolloutInvalid
    """
    match = _MAX_UNAVAILABLE.match(as_text(max_unavailable))
    if match is None:
        raise exception.ConfigurationRolloutInvalid(
            reason='max_unavailable is a number of devices (5) or a '
                   'percentage of them up to 100%%, not %r' %
                   (max_unavailable,))
    if match.group(1):
        return int(match.group(1))
    return max(1, math.floor(selected * int(match.group(2)) / 100))


def judge(devices, configs, desired):
    """Refuse *desired* unless every device takes it, as one device's
    configuration is judged (device_config.refuse()).

    :param devices: the devices rows (dicts), in order.
    :param configs: ``{device uuid: configuration}`` stored before.
    :raises: DeviceNotConfigurable, DeviceConfigInvalid,
        DeviceDriverFailing, naming the first device that does not take
        it.
    """
    for device in devices:
        device_config.refuse(device, desired, configs.get(device['uuid']))
