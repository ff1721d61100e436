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
"""The audit of devices' desired configurations.

Finds ``drifted``, ``failed``, ``device_gone`` and ``driver_error``.
Healing hands the desired state to the agent again (applied later: it
says ``repaired`` False; the next audit tells); not for a failed device.
"""

import dataclasses

from cyborg import exception
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.conductor.audit import record
from cyborg.conductor.devices import configuration
from cyborg.db.queries import device_config as config_queries

DRIFTED = device_config.DRIFTED
FAILED = device_config.FAILED
DEVICE_GONE = 'device_gone'
DRIVER_ERROR = health_states.DRIVER_ERROR


@dataclasses.dataclass(kw_only=True)
class ConfigFinding(record.Finding):
    """A device whose configuration is not what was asked (*desired*: JSON)."""

    device: str
    desired: str


def audit(context, host=None, heal=False):
    """Find bad configurations; with *heal*, hand drifted and failed again."""
    bad = [(state, config, config['reason'])
           for state in (DRIFTED, FAILED)
           for config in config_queries.in_state(context, state)]
    bad += [(DEVICE_GONE, config, 'the device is no longer reported')
            if config['device_gone'] else
            (DRIVER_ERROR, config, config['device_reason'])
            for config in config_queries.of_failed_devices(context)]
    found = []
    for kind, config, detail in bad:
        if host is not None and config['hostname'] != host:
            continue
        finding = ConfigFinding(
            kind=kind, host=config['hostname'], device=config['device_uuid'],
            desired=device_config.as_text(config['desired']),
            detail=detail or '')
        if heal and kind in (DRIFTED, FAILED):
            _heal(context, finding)
        elif heal:
            finding.settle(False, 'not handed again: repair the driver, or '
                           'forget the configuration (device-configure '
                           '--forget)')
        found.append(finding)
    return found


def _heal(context, finding):
    try:
        config = configuration.heal(context, finding.device)
    except exception.DeviceConfigNotFound:
        finding.settle(True, 'its desired state was forgotten meanwhile')
        return
    finding.settle(False, 'generation %d handed to the agent again (%s); '
                   'the next audit tells how it ended' % (
                       config['generation'], config['state']))
