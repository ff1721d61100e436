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
"""Device health in the conductor: take failing devices out of
scheduling, and return them.

Agents send each device's health in their report (cyborg.agent.health);
``apply()`` records it in the devices table, in the transaction that
applies the report:

* unhealthy: ``devices.health`` = ``unhealthy`` with the reason and since
  when; the host is marked for a push, and placement_sync reserves the
  whole inventory of the device's providers (reserved = total, as for a
  disabled device or a host whose agent is down), so that nothing new is
  scheduled on it.  Nothing is taken from instances: allocations stay,
  bound ARQs stay Bound, attach handles stay in use.
* healthy again: ``recovering`` for ``[device_health] hold_down`` seconds
  (still reserved), then healthy (``release_recovered()``, from the
  conductor's Placement check), or at once with ``enable`` (end_hold_down).
* ``driver_error``: the device's driver raised (in discovery or its
  health checks) and the agent reports the device as last known
  (cyborg.agent.resource_tracker): reserved as an unhealthy device, with
  the exception as the reason, and healthy at once when the driver works
  again (nothing said the device itself was wrong: no hold-down).

The operator's hold-out is the device's status (``disable``:
``maintaining``), which reserves it whatever its health.

Each change is announced by ``_health_changed()`` after the transaction
is committed.
"""

import datetime

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import host as host_queries
from cyborg.notifications import device as device_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

_REASON_LENGTH = 255


class Change:
    """One device's health change, to announce once committed."""

    def __init__(self, device, old, new):
        self.device = device
        self.old = old
        self.new = new


def _next(row, health, reason, hold_down):
    """The (health column, reason, changed since) a report makes of
    *row*; None when nothing changes.
    """
    old = row['health']
    if health in (health_states.UNHEALTHY, health_states.DRIVER_ERROR):
        reason = (reason or health)[:_REASON_LENGTH]
        if old == health and row['health_reason'] == reason:
            return None
        return health, reason, old != health
    if old == health_states.DRIVER_ERROR:
        # The driver works again.
        return None, row['health_reason'], True
    if old != health_states.UNHEALTHY:
        # Healthy, or recovering: the hold-down runs on.
        return None
    if hold_down > 0:
        return health_states.RECOVERING, row['health_reason'], True
    return None, row['health_reason'], True


def apply(context, host, records):
    """Record the health a host's report says (inside the caller's
    writer transaction: cyborg.conductor.inventory.reports.apply_report).

    :param context: request context.
    :param host: the host.
    :param records: the report's ``hardware.Hardware`` records.
    :returns: a list of Change, for announce() once committed.
    """
    reported = {r.uuid: (r.health, r.health_reason) for r in records}
    rows = device_queries.get_host_health(context, host)
    now = timeutils.utcnow()
    hold_down = CONF.device_health.hold_down
    changes = []
    for uuid, (health, reason) in sorted(reported.items()):
        row = rows.get(uuid)
        if row is None:
            continue
        step = _next(row, health, reason, hold_down)
        if step is None:
            continue
        new, new_reason, entered = step
        since = now if entered else row['health_since']
        device_queries.set_health(context, row['id'], new, new_reason,
                                  since)
        changes.append(_change(row, new, new_reason, since))
    if changes:
        host_queries.mark_needs_sync(context, host)
    return changes


def _change(row, new, reason, since):
    device = dict(row, health=new, health_reason=reason, health_since=since)
    return Change(device, device_queries.health_of(row),
                  device_queries.health_of(device))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def end_hold_down(context, uuid):
    """Return a recovering device now (the operator's ``enable``); an
    unhealthy device stays out: its agent must report it healthy.

    :raises: DeviceNotFound
    :returns: a list of Change (empty when the device was not
        recovering).
    """
    row = device_queries.lock_health(context, uuid)
    if row['health'] != health_states.RECOVERING:
        return []
    now = timeutils.utcnow()
    device_queries.set_health(context, row['id'], None,
                              row['health_reason'], now)
    host_queries.mark_needs_sync(context, row['hostname'])
    return [_change(row, None, row['health_reason'], now)]


def end_hold_downs(context, devices):
    """end_hold_down() of several devices whose rows the caller's writer
    transaction holds locked (cyborg.conductor.devices.device's enable by
    selector); only the recovering ones change.  The caller marks their
    hosts for a push.

    :param devices: devices rows (dicts with id, uuid, hostname, health,
        health_reason, ...).
    :returns: a list of Change.
    """
    now = timeutils.utcnow()
    changes = []
    for row in devices:
        if row['health'] != health_states.RECOVERING:
            continue
        device_queries.set_health(context, row['id'], None,
                                  row['health_reason'], now)
        changes.append(_change(row, None, row['health_reason'], now))
    return changes


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _release(context, before):
    changes = []
    now = timeutils.utcnow()
    for row in device_queries.get_recovered(context, before):
        device_queries.set_health(context, row['id'], None,
                                  row['health_reason'], now)
        host_queries.mark_needs_sync(context, row['hostname'])
        changes.append(_change(row, None, row['health_reason'], now))
    return changes


def release_recovered(context):
    """Return the devices whose hold-down is over (they are offered again
    at the push of their host, which this marks).

    :returns: the uuids returned.
    """
    before = timeutils.utcnow() - datetime.timedelta(
        seconds=CONF.device_health.hold_down)
    changes = _release(context, before)
    announce(context, changes)
    return [c.device['uuid'] for c in changes]


def announce(context, changes):
    """Announce committed changes (never inside a transaction), with the
    instances bound to each device (read in one query for them all).
    """
    if not changes:
        return
    try:
        bound = arq_queries.instances_on_devices(
            context, [change.device['id'] for change in changes])
    except Exception:
        LOG.exception('Reading the instances on devices %s failed; their '
                      'health changes are told without them',
                      [change.device['uuid'] for change in changes])
        bound = {}
    for change in changes:
        try:
            _health_changed(context, change.device, change.old, change.new,
                            bound.get(change.device['id']))
        except Exception:
            LOG.exception('Announcing the health change of device %s '
                          'failed', change.device['uuid'])


def _health_changed(context, device, old, new, instance_uuids=None):
    """A device's health changed (committed): say so.

    The one place a device's health change is told: the log, and the
    versioned notification ``device.update`` whose ``changed`` names the
    health fields (when notifications are enabled).

    :param context: request context.
    :param device: the device's row (a dict: uuid, hostname, type,
        vendor, model, driver_name, health, health_reason, health_since).
    :param old: healthy, unhealthy, recovering or driver_error, before.
    :param new: the same, now.
    :param instance_uuids: the instances bound to the device (None: not
        known).
    """
    if new == health_states.UNHEALTHY:
        LOG.warning('Device %(uuid)s on %(host)s is unhealthy (%(reason)s): '
                    'its inventory is reserved; instances keep it '
                    '(%(instances)s)',
                    {'uuid': device['uuid'], 'host': device['hostname'],
                     'reason': device['health_reason'],
                     'instances': ', '.join(instance_uuids or ()) or
                     'none bound'})
    elif new == health_states.DRIVER_ERROR:
        LOG.warning('Device %(uuid)s on %(host)s is held as last known: '
                    'its driver fails (%(reason)s); its inventory is '
                    'reserved until the driver works again; instances keep '
                    'it (%(instances)s)',
                    {'uuid': device['uuid'], 'host': device['hostname'],
                     'reason': device['health_reason'],
                     'instances': ', '.join(instance_uuids or ()) or
                     'none bound'})
    elif new == health_states.RECOVERING:
        LOG.info('Device %(uuid)s on %(host)s is healthy again: it stays '
                 'reserved for [device_health] hold_down (%(hold)d s)',
                 {'uuid': device['uuid'], 'host': device['hostname'],
                  'hold': CONF.device_health.hold_down})
    else:
        LOG.info('Device %(uuid)s on %(host)s is healthy (was %(old)s): '
                 'its inventory is offered again',
                 {'uuid': device['uuid'], 'host': device['hostname'],
                  'old': old})
    device_notify.send(context, device_notify.UPDATE, device,
                       changed=('health', 'health_reason', 'health_since'),
                       instance_uuids=instance_uuids)
