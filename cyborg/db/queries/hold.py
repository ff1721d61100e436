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

The Placement push judges rows in Python (reasons()), the capacity view
and the metrics in SQL (conditions()), by the same rules, so that the
view's free accelerators are those Placement offers.
"""

import sqlalchemy as sa

from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.db import models
from cyborg.db.queries import device as device_queries

#: The operator disabled the device (status ``maintaining``).
DISABLED = 'disabled'
#: Of the device's desired configuration, one per state that reserves
#: it (``config_<state>``).
CONFIG = {state: 'config_' + state for state in device_config.RESERVING}
#: The device is being cleaned between two tenants, or its clean failed
#: (devices.clean_state; cyborg.conductor.devices.cleaning).
CLEANING = 'cleaning'
CLEAN_FAILED = 'clean_failed'
#: The host's agent is down.
AGENT_DOWN = 'agent_down'
#: Another deployable of the device, gone, is still kept (an instance
#: holds it, or its configuration is not applied): the device is offered
#: once, whole or as its parts, never as both.
RESHAPING = 'reshaping'
#: The agent no longer reports the deployable; kept while it is held.
GONE = 'gone'

#: Every reason, in the order the view lists them (health_states.HELD:
#: of the device's health, cyborg.conductor.devices.health).
REASONS = ((DISABLED,) + health_states.HELD + tuple(CONFIG.values()) +
           (CLEANING, CLEAN_FAILED, AGENT_DOWN, RESHAPING, GONE))
#: The devices.clean_state values that hold a device.
CLEAN_STATES = (CLEANING, CLEAN_FAILED)

_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
CONFIGS = models.DeviceConfig.__table__


def units_held(handles):
    """How many of a deployable's handles (rows) their own clean holds:
    its inventory reserves as many, where reasons() finds none.
    """
    return sum(1 for handle in handles if handle.get('clean_state'))


def reasons(device, deployable, agent_up, reshaping=False):
    """Why the deployable's inventory is held out whole (Python), in
    REASONS' order (empty: offered, but for its units held on their own,
    units_held()).

    :param device: its device's row, with ``config_state`` (as
        host_inventory.load() reads it).
    :param agent_up: the host's agent liveness (None: not known, as up).
    :param reshaping: whether the device has a gone deployable still
        kept (host_inventory.Snapshot.reshaping()).
    """
    found = []
    if device['status'] == device_queries.MAINTAINING:
        found.append(DISABLED)
    if device_queries.health_of(device) in health_states.HELD:
        found.append(device['health'])
    config = CONFIG.get(device.get('config_state'))
    if config is not None:
        found.append(config)
    if device.get('clean_state') in CLEAN_STATES:
        found.append(device['clean_state'])
    if agent_up is False:
        found.append(AGENT_DOWN)
    if deployable['removed_at'] is not None:
        found.append(GONE)
    elif reshaping:
        found.append(RESHAPING)
    return found


def conditions(devices=_DEVICES, deployables=_DEPLOYABLES,
               config_state=CONFIGS.c.state, handles=None):
    """``[(reason, condition)]``: why a deployable is held out (SQL), in
    REASONS' order, but for AGENT_DOWN (judged by the caller).

    :param devices: the devices table, or what has its ``status``,
        ``health`` and ``clean_state`` columns; *deployables* the same
        with ``removed_at`` and ``device_id``.
    :param config_state: the device's configuration state (join_configs()).
    :param handles: the attach handles, when the condition judges one
        handle: a unit cleaned on its own is held too.
    """
    found = [(DISABLED, _is(devices.c.status, device_queries.MAINTAINING))]
    found.extend((state, _is(devices.c.health, state))
                 for state in health_states.HELD)
    found.extend((reason, _is(config_state, state))
                 for state, reason in CONFIG.items())
    found.extend((state, _is(devices.c.clean_state, state)
                  if handles is None else
                  sa.or_(_is(devices.c.clean_state, state),
                         _is(handles.c.clean_state, state)))
                 for state in CLEAN_STATES)
    found.append((RESHAPING, sa.and_(deployables.c.removed_at.is_(None),
                                     deployables.c.device_id.in_(
                                         reshaped_devices()))))
    found.append((GONE, deployables.c.removed_at.isnot(None)))
    return found


def reshaped_devices():
    """The ids of the devices that have a gone deployable still kept (a
    subquery): their other deployables are held out (RESHAPING).
    """
    # An alias: never correlated with the deployables of the query.
    former = _DEPLOYABLES.alias('former')
    return (sa.select(former.c.device_id)
            .where(former.c.removed_at.isnot(None)))


def _is(column, value):
    """*column* is *value*: false, never NULL, where it is NULL (so that
    NOT of an OR of conditions is what it says).
    """
    return sa.and_(column.isnot(None), column == value)


def join_configs(selectable):
    """*selectable* with the configuration of each device (an outer join:
    CONFIGS.c.state is NULL for a device without one).
    """
    return selectable.outerjoin(
        CONFIGS, CONFIGS.c.device_uuid == _DEVICES.c.uuid)
