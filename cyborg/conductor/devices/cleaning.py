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
"""Cleaning devices between two tenants, the conductor's side.

A clean starts in the transaction that ends a binding
(cyborg.db.queries.device_state.ended(); its host pushed reserved before
the call answers).  Cleaner.run(), on each work poll, hands each pending
clean to its agent (a cast carrying its generation) once the push wrote
it reserved, no handle of it is in use, no configuration of it applies
and its agent is up; the agent says when each step starts (progress())
and how the clean ended (finish()).  A step not done within ``[conductor]
clean_timeout`` of its start is aborted: the agent is told to stop it,
and the device stays held until the agent says it did.  Cleans handed,
and aborts asked, are cast again now and then (an agent or a conductor
restarted): the agent runs a generation once, and answers again for one
it ran.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import metrics
from cyborg.common import cleaning as common_cleaning
from cyborg.common import device_config
from cyborg.conductor.devices import configuration
from cyborg.conductor.placement import push as placement_push
from cyborg.db.queries import device_state
from cyborg.db.queries import host as host_queries
from cyborg.notifications import device_clean as clean_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# The agent's methods.
CLEAN_CAST = 'clean'
ABORT_CAST = 'clean_abort'
# The outcomes of a clean (metrics.DEVICE_CLEAN).
CLEAN = 'clean'
FAILED = 'failed'
TIMEOUT = 'timeout'
ABORTED = 'aborted'


def _waits(clean, placement, context):
    """What the hand-off of a pending clean waits for, or None."""
    if clean['device_id'] is None:
        return 'its device'
    if not clean['steps'] and clean['clean_offer'] is None:
        return 'its report of the steps its driver offers'
    if clean['agent_up'] is False:
        return 'its agent'
    if clean['in_use']:
        return 'its handles'
    if clean['config_state'] == device_config.APPLYING:
        return 'its configuration'
    if clean['unit'] is not None:
        if placement and not device_state.unit_published(context,
                                                         clean['id']):
            return 'the push'
    elif not configuration.ready(context, clean['device_uuid'], placement,
                                 clean=True):
        return 'the push'
    return None


class Cleaner:
    """Hands the cleans over and ends them (see the module docstring)."""

    def __init__(self, agent_api, placement, pool):
        self._agent_api = agent_api
        self._placement = placement
        self._pool = pool
        # {(generation, what was cast): when}
        self._cast = {}

    def run(self, context):
        """Time out the steps past ``clean_timeout``; hand over the
        pending cleans whose device is ready, or push its host; cast
        again what an agent may have missed.
        """
        now = timeutils.utcnow().replace(microsecond=0)
        push, live = set(), set()
        for clean in device_state.active(context):
            live.add(clean['id'])
            if clean['state'] == common_cleaning.PENDING:
                waits = _waits(clean, self._placement, context)
                if waits == 'the push':
                    push.add((clean['hostname'], bool(clean['needs_sync'])))
                if waits is None:
                    self._hand(context, clean, now)
            elif clean['state'] == common_cleaning.RUNNING:
                if not self._timed_out(context, clean, now):
                    self._cast_again(context, clean, now, CLEAN_CAST)
            else:
                self._cast_again(context, clean, now, ABORT_CAST)
        self._cast = {key: at for key, at in self._cast.items()
                      if key[0] in live}
        if push and self._placement is not None:
            host_queries.mark_hosts_need_sync(
                context, [host for host, marked in push if not marked])
            placement_push.push_soon(self._pool, self._placement,
                                     {host for host, _marked in push})

    def _timed_out(self, context, clean, now):
        started = clean['step_started_at']
        timeout = CONF.conductor.clean_timeout
        if started is None or (now - started).total_seconds() <= timeout:
            return False
        reason = ('step %s not done within %d s ([conductor] clean_timeout) '
                  'of its start on host %s' % (clean['step'], timeout,
                                               clean['hostname']))
        aborting = device_state.time_out(context, clean['id'], reason)
        if aborting is not None:
            LOG.warning('Device %(uuid)s: %(reason)s; stopping it',
                        {'uuid': clean['device_uuid'], 'reason': reason})
            self._cast_to_agent(context, aborting, now, ABORT_CAST)
        return True

    def _hand(self, context, clean, now):
        """Hand a pending clean to its agent (running)."""
        handed = device_state.hand(context, clean['id'], now,
                                   clean['policy'], clean['clean_offer'])
        if handed is None:
            return
        if handed['state'] != common_cleaning.RUNNING:
            finish_logged(context, handed)
            return
        LOG.info('Device %(uuid)s of host %(host)s: clean %(gen)d of '
                 '%(what)s handed to its agent (%(steps)s)',
                 {'uuid': clean['device_uuid'], 'host': clean['hostname'],
                  'gen': clean['id'],
                  'what': common_cleaning.unit_address(clean) or
                  'the device', 'steps': [s['name'] for s in
                                          clean['steps']]})
        clean_notify.send(context, clean_notify.START, handed)
        self._send_clean(context, handed, now)

    def _cast_again(self, context, clean, now, what):
        """Cast *what* (clean or clean_abort) again every
        ``report_interval``; a clean another conductor handed, from its
        hand-off.
        """
        last = self._cast.get((clean['id'], what))
        if last is None and what == CLEAN_CAST:
            last = clean['handed_at']
        if last is not None and (
                now - last).total_seconds() < CONF.report_interval:
            return
        if what == CLEAN_CAST:
            self._send_clean(context, clean, now)
        else:
            self._cast_to_agent(context, clean, now, ABORT_CAST)

    def _send_clean(self, context, clean, now):
        self._cast_to_agent(
            context, clean, now, CLEAN_CAST, steps=clean['steps'],
            done=[d['step'] for d in clean.get('done') or ()],
            timeout=CONF.conductor.clean_timeout)

    def _cast_to_agent(self, context, clean, now, what, **kwargs):
        """Cast *what* (clean or clean_abort) about *clean* to its agent."""
        try:
            getattr(self._agent_api, what)(
                context, clean['hostname'], device_uuid=clean['device_uuid'],
                unit=common_cleaning.unit_address(clean),
                generation=clean['id'], **kwargs)
        except messaging.MessagingException as exc:
            LOG.warning('Could not reach the agent of %(host)s about clean '
                        '%(gen)d of device %(uuid)s (tried again later): '
                        '%(error)s', {'host': clean['hostname'],
                                      'gen': clean['id'],
                                      'uuid': clean['device_uuid'],
                                      'error': exc})
            return
        self._cast[(clean['id'], what)] = now

    def progress(self, context, host, device_uuid, generation, step, done):
        """The agent of *host* starts *step* (AgentAPI.clean)."""
        if not device_state.progress(context, host, device_uuid,
                                     generation, step, done):
            LOG.info('Device %(uuid)s: a step of clean %(gen)s it no '
                     'longer runs, from %(host)s, ignored',
                     {'uuid': device_uuid, 'gen': generation,
                      'host': host})

    def finish(self, context, host, device_uuid, generation, done=None,
               error=None):
        """The agent of *host* ended the clean *generation*; its host is
        pushed after.  :returns: whether it ended the device's clean.
        """
        clean = finish(context, host, device_uuid, generation, done, error)
        if clean is not None:
            placement_push.push_soon(self._pool, self._placement,
                                     [clean['hostname']])
        return clean is not None


def finish(context, host, device_uuid, generation, done=None, error=None):
    """End the clean *generation* as the agent of *host* says: clean, or
    ``clean_failed`` for *error*; aborted or timed out when it was asked
    to stop.  An outcome of another clean, or another host's, is ignored.

    :param done: ``[{step, detail, seconds}]`` of the steps done.
    :returns: the clean as it ended, or None.
    """
    clean = device_state.finish(context, host, device_uuid, generation,
                                done, error)
    if clean is None:
        LOG.info('Device %(uuid)s: an outcome of clean %(gen)s, which it '
                 'no longer runs, from %(host)s, ignored',
                 {'uuid': device_uuid, 'gen': generation, 'host': host})
        return None
    return finish_logged(context, clean)


def finish_logged(context, clean):
    """Log, count and notify how a clean ended; :returns: it."""
    device_uuid, host = clean['device_uuid'], clean['hostname']
    state = clean['state']
    what = common_cleaning.unit_address(clean) or 'the device'
    if state == common_cleaning.CLEAN:
        LOG.info('Device %(uuid)s of host %(host)s: %(what)s clean, offered '
                 'again (%(done)s)', {'uuid': device_uuid, 'host': host,
                                      'what': what, 'done': clean['done']})
        outcome, event = CLEAN, clean_notify.END
    else:
        LOG.warning('Device %(uuid)s of host %(host)s: the clean of '
                    '%(what)s %(state)s, held: %(reason)s',
                    {'uuid': device_uuid, 'host': host, 'what': what,
                     'state': state, 'reason': clean['reason']})
        metrics.DEVICE_CLEAN_FAILURES.inc()
        if state == common_cleaning.ABORTED:
            outcome, event = ABORTED, clean_notify.ABORT
        else:
            outcome = TIMEOUT if clean.get('stopped') else FAILED
            event = clean_notify.ERROR
    started = clean['handed_at'] or clean['ended_at']
    metrics.DEVICE_CLEAN.labels(driver=clean['driver_name'] or '',
                                outcome=outcome).observe(
        (timeutils.utcnow() - started).total_seconds())
    clean_notify.send(context, event, clean)
    return clean


def clean(context, device_uuid, by, release_uncleaned=False, abort=False,
          reason=None):
    """An administrator's verb on a device's cleaning (POST
    /v2/devices/{uuid}/clean): a failed clean retried, a device no ARQ
    holds cleaned; with *abort* the cleans under way stopped (the device
    stays held); with *release_uncleaned* what its cleans hold offered
    again uncleaned, recorded (*by*, when, *reason*).

    :raises: DeviceNotFound, DeviceCleaning, DeviceNotHeld,
        DeviceCleanInUse, DeviceNotCleaning, DeviceCleanNotAbortable,
        DeviceCleanRunning
    :returns: the device's host.
    """
    if release_uncleaned:
        cleans = device_state.release(context, device_uuid, by, reason)
        for released in cleans:
            LOG.warning('Device %(uuid)s of host %(host)s: %(what)s '
                        'released uncleaned by %(by)s: %(reason)s',
                        {'uuid': device_uuid, 'host': released['hostname'],
                         'what': common_cleaning.unit_address(released) or
                         'the device',
                         'by': by, 'reason': reason})
            clean_notify.send(context, clean_notify.RELEASE, released)
        return cleans[0]['hostname']
    if abort:
        cleans = device_state.abort(context, device_uuid, by, reason)
        for stopped in cleans:
            LOG.warning('Device %(uuid)s of host %(host)s: clean %(gen)d '
                        'aborted by %(by)s', {'uuid': device_uuid,
                                              'host': stopped['hostname'],
                                              'gen': stopped['id'],
                                              'by': by})
            if stopped['state'] == common_cleaning.ABORTED:
                clean_notify.send(context, clean_notify.ABORT, stopped)
        return cleans[0]['hostname']
    cleans = device_state.retry(context, device_uuid)
    if not cleans:
        cleans = [device_state.start(context, device_uuid)]
    LOG.info('Device %(uuid)s of host %(host)s: cleaned by %(by)s',
             {'uuid': device_uuid, 'host': cleans[0]['hostname'],
              'by': by})
    return cleans[0]['hostname']
