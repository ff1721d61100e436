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
"""Device health: take failing devices out of scheduling, and return them.

``unhealthy`` and ``driver_error`` devices are reserved (instances keep
what they hold); one healthy again stays ``recovering`` for
``[device_health] hold_down`` seconds or until ``enable``.
"""

import collections
import datetime

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import host as host_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.notifications import device as device_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

_REASON_LENGTH = 255


#: One device's health change, to announce once committed.
Change = collections.namedtuple('Change', 'device old new')


def _next(row, health, reason, hold_down):
    """The (health, reason, entered) a report makes of *row*, or None."""
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
    """Record a report's health in the caller's writer; Changes to announce."""
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
        device_state.set_health(context, row['id'], new, new_reason,
                                  since)
        changes.append(_change(row, new, new_reason, since))
    if changes:
        host_queries.mark_needs_sync(context, host)
    return changes


def _change(row, new, reason, since):
    device = dict(row, health=new, health_reason=reason, health_since=since)
    return Change(device, device_queries.health_of(row),
                  device_queries.health_of(device))


def _healthy(context, row, now):
    device_state.set_health(context, row['id'], None,
                              row['health_reason'], now)
    return _change(row, None, row['health_reason'], now)


@db_api.retrying_writer
def end_hold_down(context, uuid):
    """Return a recovering device now (``enable``); a list of Change."""
    row = device_queries.lock_health(context, uuid)
    changes = end_hold_downs(context, [row])
    if changes:
        host_queries.mark_needs_sync(context, row['hostname'])
    return changes


def end_hold_downs(context, devices):
    """end_hold_down() of rows the caller holds locked (it marks the hosts)."""
    now = timeutils.utcnow()
    return [_healthy(context, row, now) for row in devices
            if row['health'] == health_states.RECOVERING]


@db_api.retrying_writer
def _release(context, before):
    changes = []
    now = timeutils.utcnow()
    for row in device_queries.get_recovered(context, before):
        changes.append(_healthy(context, row, now))
        host_queries.mark_needs_sync(context, row['hostname'])
    return changes


def release_recovered(context):
    """Return the devices whose hold-down is over; their uuids."""
    before = timeutils.utcnow() - datetime.timedelta(
        seconds=CONF.device_health.hold_down)
    changes = _release(context, before)
    announce(context, changes)
    return [c.device['uuid'] for c in changes]


def announce(context, changes):
    """Announce committed changes (device.update, ARQ health events)."""
    if not changes:
        return
    try:
        held = arq_queries.on_devices(
            context, [change.device['id'] for change in changes])
    except Exception:
        LOG.exception('Reading the instances on devices %s failed; their '
                      'health changes are told without them',
                      [change.device['uuid'] for change in changes])
        held = {}
    for change in changes:
        arqs = held.get(change.device['id'])
        try:
            _health_changed(context, change.device, change.old, change.new,
                            None if arqs is None else sorted(
                                {arq['instance_uuid'] for arq in arqs}))
            arq_notify.health(context, change.device, arqs or [])
        except Exception:
            LOG.exception('Announcing the health change of device %s '
                          'failed', change.device['uuid'])


def _health_changed(context, device, old, new, instance_uuids=None):
    """Log a device's health change and send ``device.update``."""
    args = {'uuid': device['uuid'], 'host': device['hostname'],
            'reason': device['health_reason'], 'old': old,
            'hold': CONF.device_health.hold_down,
            'instances': ', '.join(instance_uuids or ()) or 'none bound'}
    if new == health_states.UNHEALTHY:
        LOG.warning('Device %(uuid)s on %(host)s is unhealthy (%(reason)s): '
                    'its inventory is reserved; instances keep it '
                    '(%(instances)s)', args)
    elif new == health_states.DRIVER_ERROR:
        LOG.warning('Device %(uuid)s on %(host)s is held as last known: '
                    'its driver fails (%(reason)s); its inventory is '
                    'reserved until the driver works again; instances keep '
                    'it (%(instances)s)', args)
    elif new == health_states.RECOVERING:
        LOG.info('Device %(uuid)s on %(host)s is healthy again: it stays '
                 'reserved for [device_health] hold_down (%(hold)d s)', args)
    else:
        LOG.info('Device %(uuid)s on %(host)s is healthy (was %(old)s): '
                 'its inventory is offered again', args)
    device_notify.send(context, device_notify.UPDATE, device,
                       changed=('health', 'health_reason', 'health_since'),
                       instance_uuids=instance_uuids)
