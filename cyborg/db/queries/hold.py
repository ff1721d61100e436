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
"""Why a deployable's inventory is held out of scheduling: the one list
of reasons.

The Placement push reserves a deployable's whole inventory for any of
them (cyborg.conductor.placement.sync.desired(), judging rows in Python:
reasons()); the capacity view and the metrics count the accelerators
held for each (cyborg.db.queries.capacity, judging in SQL: conditions()).
Both read the same columns by the same rules, so that the view's free
accelerators are those Placement offers.
"""

import sqlalchemy as sa

from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.db import models
from cyborg.db.queries import device as device_queries

#: The operator disabled the device (status ``maintaining``).
DISABLED = 'disabled'
#: Of the device's health (cyborg.conductor.devices.health): it failed
#: its checks; it is healthy again but in its hold-down; its driver
#: raised, and it is held as last known.
UNHEALTHY = health_states.UNHEALTHY
RECOVERING = health_states.RECOVERING
DRIVER_ERROR = health_states.DRIVER_ERROR
#: Of the device's desired configuration (cyborg.common.device_config),
#: one per state that reserves it: ``config_draining``,
#: ``config_pending``, ``config_applying``, ``config_failed``.
CONFIG = {state: 'config_' + state for state in device_config.RESERVING}
#: The host's agent is down.
AGENT_DOWN = 'agent_down'
#: The agent no longer reports the deployable; kept while it is held.
GONE = 'gone'

#: Every reason, in the order the view lists them.
REASONS = ((DISABLED,) + health_states.HELD + tuple(CONFIG.values()) +
           (AGENT_DOWN, GONE))

_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
CONFIGS = models.DeviceConfig.__table__


def reasons(device, deployable, agent_up):
    """Why the deployable's inventory is held out (Python).

    :param device: its device's row (a dict, with ``config_state``: the
        state of its desired configuration, or None; as
        cyborg.db.queries.host_inventory.load() reads it).
    :param deployable: the deployable's row (a dict).
    :param agent_up: the host's agent liveness (False: down; None: not
        known, as up).
    :returns: the reasons that hold, in REASONS' order (empty: offered).
    """
    found = []
    if device['status'] == device_queries.MAINTAINING:
        found.append(DISABLED)
    if device_queries.health_of(device) in health_states.HELD:
        found.append(device['health'])
    config = CONFIG.get(device.get('config_state'))
    if config is not None:
        found.append(config)
    if agent_up is False:
        found.append(AGENT_DOWN)
    if deployable['removed_at'] is not None:
        found.append(GONE)
    return found


def conditions(devices=_DEVICES, deployables=_DEPLOYABLES,
               config_state=CONFIGS.c.state):
    """Why a deployable is held out (SQL), but for AGENT_DOWN (the
    agent's liveness is judged by the caller).

    :param devices: the devices table (or an alias, or a subquery with
        its ``status`` and ``health`` columns).
    :param deployables: the same, with ``removed_at``.
    :param config_state: the column of the device's configuration state
        (NULL: none), from an outer join of CONFIGS on the device's uuid
        (join_configs()).
    :returns: ``[(reason, condition)]`` in REASONS' order.
    """
    found = [(DISABLED, _is(devices.c.status, device_queries.MAINTAINING))]
    found.extend((state, _is(devices.c.health, state))
                 for state in health_states.HELD)
    found.extend((reason, _is(config_state, state))
                 for state, reason in CONFIG.items())
    found.append((GONE, deployables.c.removed_at.isnot(None)))
    return found


def _is(column, value):
    """*column* is *value*: false, never NULL, where it is NULL (so that
    NOT of an OR of conditions is what it says).
    """
    return sa.and_(column.isnot(None), column == value)


def join_configs(selectable, devices=_DEVICES):
    """*selectable* with the configuration of each of *devices* (an
    outer join: CONFIGS.c.state is NULL for a device without one).
    """
    return selectable.outerjoin(
        CONFIGS, CONFIGS.c.device_uuid == devices.c.uuid)
