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
"""A device's clean between two tenants, the conductor's side.

A device whose last binding ended is ``cleaning`` (marked in the
unbind's transaction).  Cleaner.run(), on each work poll, marks its host
for a push and pushes it (the reservation is written then, not at the
periodic push), and hands its clean to the agent with a cast once the
push wrote it reserved, no handle of it is in use, no configuration of it
applies and its agent is up; the hand-off stamps clean_started_at once,
so that neither a re-hand nor an agent's hello restarts the timeout.
The agent runs the driver's clean on its work thread and casts the
outcome back (finish()); a clean not reported within ``[conductor]
clean_timeout`` is ``clean_failed``.  Handed cleans are cast again now
and then (an agent or a conductor restarted): the agent ignores a clean
it runs and reports again one it ran.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_serialization import jsonutils
from oslo_utils import timeutils

from cyborg import exception
from cyborg import metrics
from cyborg.common import device_config
from cyborg.conductor.devices import configuration
from cyborg.conductor.placement import push as placement_push
from cyborg.db.queries import cleaning as cleaning_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import hold
from cyborg.db.queries import host as host_queries
from cyborg.notifications import device_clean as clean_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# The outcomes of a clean (metrics.DEVICE_CLEAN).
CLEAN = 'clean'
FAILED = 'failed'
TIMEOUT = 'timeout'


def _waits(row, placement, context):
    """What the hand-off of a cleaning device waits for, or None."""
    if row['agent_up'] is False:
        return 'its agent'
    if row['in_use']:
        return 'its handles'
    if row['config_state'] == device_config.APPLYING:
        return 'its configuration'
    if not configuration.ready(context, row['uuid'], placement,
                               clean=True):
        return 'the push'
    return None


class Cleaner:
    """Hands the cleans over and ends them (see the module docstring)."""

    def __init__(self, agent_api, placement, pool):
        self._agent_api = agent_api
        self._placement = placement
        self._pool = pool
        # {(device uuid, stamp): when it was last cast}
        self._cast = {}

    def run(self, context):
        """Fail the cleans past their timeout; hand over the others whose
        device is ready, or push its host.
        """
        now = timeutils.utcnow().replace(microsecond=0)
        timeout = CONF.conductor.clean_timeout
        push, handed = set(), set()
        for row in cleaning_queries.cleaning(context):
            started = row['clean_started_at']
            if started is not None and (now - started).total_seconds() > \
                    timeout:
                self.finish(context, row['uuid'], started, reason=(
                    'not reported done within %d s ([conductor] '
                    'clean_timeout) of its hand-off to the agent of %s'
                    % (timeout, row['hostname'])), outcome=TIMEOUT)
                continue
            waits = _waits(row, self._placement, context)
            if waits == 'the push':
                push.add((row['hostname'], bool(row['needs_sync'])))
            if waits is None:
                handed.add(self._hand(context, row, now))
        self._cast = {key: at for key, at in self._cast.items()
                      if key in handed}
        if push and self._placement is not None:
            host_queries.mark_hosts_need_sync(
                context, [host for host, marked in push if not marked])
            placement_push.push_soon(self._pool, self._placement,
                                     {host for host, _marked in push})

    def _hand(self, context, row, now):
        """Cast the clean to the agent, stamped on its first hand-off, and
        again every ``report_interval``; :returns: its key.
        """
        started = row['clean_started_at'] or cleaning_queries.stamp(
            context, row['uuid'], now)
        key = (row['uuid'], started)
        last = self._cast.get(key)
        if started is None or (last is not None and (
                now - last).total_seconds() < CONF.report_interval):
            return key
        left = CONF.conductor.clean_timeout - (now - started).total_seconds()
        try:
            self._agent_api.clean(
                context, row['hostname'], device_uuid=row['uuid'],
                steps=jsonutils.loads(row['clean_steps'] or '[]'),
                started_at=started.isoformat(), timeout=max(1, int(left)))
        except messaging.MessagingException as exc:
            LOG.warning('Could not hand the clean of device %(uuid)s to '
                        'the agent of %(host)s (tried again later): '
                        '%(error)s', {'uuid': row['uuid'],
                                      'host': row['hostname'], 'error': exc})
            return key
        self._cast[key] = now
        if row['clean_started_at'] is None:
            LOG.info('Device %(uuid)s of host %(host)s: clean handed to its '
                     'agent', {'uuid': row['uuid'], 'host': row['hostname']})
            clean_notify.send(context, clean_notify.START, dict(
                row, device_uuid=row['uuid'], state=hold.CLEANING,
                started_at=started))
        return key

    def finish(self, context, device_uuid, started_at, steps=None,
               reason=None, outcome=None):
        """finish(), its host pushed after; :returns: whether it ended
        the device's clean.
        """
        device = finish(context, device_uuid, started_at, steps, reason,
                        outcome)
        if device is not None:
            placement_push.push_soon(self._pool, self._placement,
                                     [device['hostname']])
        return device is not None


def finish(context, device_uuid, started_at, steps=None, reason=None,
           outcome=None):
    """End the clean handed at *started_at* (a datetime, or ISO 8601
    text): clean, or ``clean_failed`` for *reason*; its host is marked for
    a push.  An outcome of another clean than the device's is ignored.

    :param steps: what the agent says each step did.
    :param outcome: the metric's label (default: CLEAN or FAILED).
    :returns: ``{hostname, driver_name...}`` of the device, or None.
    """
    if isinstance(started_at, str):
        started_at = timeutils.normalize_time(
            timeutils.parse_isotime(started_at))
    device = cleaning_queries.finish(context, device_uuid, started_at,
                                     reason)
    if device is None:
        LOG.info('Device %s: an outcome of a clean it no longer has '
                 'ignored', device_uuid)
        return None
    if reason is None:
        LOG.info('Device %(uuid)s of host %(host)s: clean, offered again '
                 '(%(steps)s)', {'uuid': device_uuid,
                                 'host': device['hostname'], 'steps': steps})
    else:
        LOG.warning('Device %(uuid)s of host %(host)s: clean failed, held: '
                    '%(reason)s', {'uuid': device_uuid,
                                   'host': device['hostname'],
                                   'reason': reason})
    outcome = outcome or (CLEAN if reason is None else FAILED)
    metrics.DEVICE_CLEAN.labels(
        driver=device['driver_name'] or '', outcome=outcome).observe(
            (timeutils.utcnow() - started_at).total_seconds())
    if reason is not None:
        metrics.DEVICE_CLEAN_FAILURES.inc()
    clean_notify.send(
        context, clean_notify.END if reason is None else clean_notify.ERROR,
        dict(device, device_uuid=device_uuid, reason=reason,
             started_at=started_at,
             state=None if reason is None else hold.CLEAN_FAILED))
    return device


def clean(context, device_uuid, by, release_uncleaned=False, reason=None):
    """An administrator's clean of a device (POST
    /v2/devices/{uuid}/clean): a failed clean retried, a device no ARQ
    holds cleaned, or with *release_uncleaned* a held device offered
    again uncleaned, recorded on it (*by*, when, *reason*).

    :raises: DeviceNotFound, DeviceCleaning, DeviceNotHeld,
        DeviceCleanInUse
    :returns: the device's host.
    """
    device = device_queries.get(context, device_uuid)
    state = device['clean_state']
    if release_uncleaned:
        done = cleaning_queries.release(context, device_uuid, by, reason)
        if done is None:
            raise exception.DeviceNotHeld(uuid=device_uuid)
        LOG.warning('Device %(uuid)s of host %(host)s (%(state)s) released '
                    'uncleaned by %(by)s: %(reason)s', {
                        'uuid': device_uuid, 'host': done['hostname'],
                        'state': done['clean_state'], 'by': by,
                        'reason': reason})
        return done['hostname']
    if state == hold.CLEANING:
        raise exception.DeviceCleaning(uuid=device_uuid)
    if state == hold.CLEAN_FAILED:
        done = cleaning_queries.retry(context, device_uuid)
    else:
        done = cleaning_queries.start(context, device_uuid)
    if done is None:
        # Changed since it was read: held, or bound now.
        if device_queries.get(context, device_uuid)['clean_state']:
            raise exception.DeviceCleaning(uuid=device_uuid)
        raise exception.DeviceCleanInUse(uuid=device_uuid)
    LOG.info('Device %(uuid)s of host %(host)s: cleaned by %(by)s',
             {'uuid': device_uuid, 'host': done['hostname'], 'by': by})
    return done['hostname']
