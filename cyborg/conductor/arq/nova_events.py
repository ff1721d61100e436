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
"""Sending the events of the outbox to Nova.

Due events go in one ``POST /os-server-external-events``.  200 is taken;
404, 400 and a 207's 404 and 422 (no host yet) are dropped; the rest is
retried with back-off, up to ``events_max_attempts``.  A ``failed`` event
is resent every ``failed_event_interval`` within ``failed_event_window``
until the ARQ changes: nova-compute hears it only while it waits.
"""

import datetime
import threading

from keystoneauth1 import exceptions as ks_exc
from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import metrics
from cyborg.clients import nova as nova_client
from cyborg.conductor import backoff
from cyborg.db.queries import nova_event as event_queries

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BATCH = 100
# How long a conductor owns the events it took, should it die sending them.
CLAIM_SECONDS = 120


class Notifier:
    """Sends due events; one per conductor, safe from any thread."""

    def __init__(self):
        self._client = None
        self._lock = threading.Lock()
        # Events binds took (queue()), not sent yet, oldest first.
        self._queued = []
        self._queue_lock = threading.Lock()

    def send_due(self, context):
        """Send every due event; return how many are done with."""
        done = 0
        # One sender at a time per conductor: a second caller would only
        # find the events the first one took.
        if not self._lock.acquire(blocking=False):
            return 0
        try:
            while True:
                events = event_queries.claim_due(context, BATCH,
                                                 CLAIM_SECONDS)
                if not events:
                    return done
                done += self._send(context, events)
        finally:
            self._lock.release()

    def queue(self, events):
        """Queue events a bind took (claimed), for the next send_queued()."""
        with self._queue_lock:
            self._queued.extend(events)

    def send_queued(self, context):
        """Send queued events, BATCH per request; how many Nova settled.

        Under load the events of many binds go together.
        """
        done = 0
        while True:
            with self._queue_lock:
                events = self._queued[:BATCH]
                del self._queued[:BATCH]
            if not events:
                return done
            done += self._send(context, events)

    def _send(self, context, events):
        if not nova_client.is_configured(CONF):
            return self._done(context, events,
                              'not sent ([nova] is not configured)')
        # The failed events of ARQs Nova bound go again after Nova took
        # them, while the ARQ still failed (not deleted, unbound or bound
        # again meanwhile).
        failing = event_queries.still_failed(context, events)
        gone = [e for e in events if e.get('again') and
                e['id'] not in failing]
        done = 0
        if gone:
            done = self._done(context, gone, 'not sent again: the ARQ was '
                              'deleted, unbound or bound again')
            events = [e for e in events if e not in gone]
            if not events:
                return done
        # Those still within failed_event_window.
        window = timeutils.utcnow() - datetime.timedelta(
            seconds=CONF.nova.failed_event_window)
        again = {e['id'] for e in events
                 if failing.get(e['id']) and e['created_at'] > window}
        body = [{'name': e['name'], 'server_uuid': e['server_uuid'],
                 'tag': e['tag'], 'status': e['status']} for e in events]
        if self._client is None:
            self._client = nova_client.from_conf(CONF)
        try:
            response = self._client.external_events(body)
        except ks_exc.ClientException as exc:
            return done + self._retry(context, events,
                                      'Nova unreachable: %s' % exc)
        status = response.status_code
        if status == 200:
            return done + self._taken(context, events, again)
        if status == 207:
            return done + self._per_event(context, events, again,
                                          response.json())
        if status in (400, 404):
            LOG.error('Nova refused events %(tags)s with %(status)d: '
                      '%(body)s; they are dropped',
                      {'tags': [e['tag'] for e in events],
                       'status': status, 'body': response.text[:500]})
            return done + self._done(context, events, 'refused by Nova')
        return done + self._retry(
            context, events, 'Nova answered %d: %s' % (
                status, response.text[:500]))

    def _per_event(self, context, events, again, body):
        codes = {(e.get('server_uuid'), e.get('tag')): e.get('code')
                 for e in body.get('events', [])}
        taken, dropped, retried = [], [], []
        for event in events:
            code = codes.get((event['server_uuid'], event['tag']))
            if code in (200, 422):
                # 422: the server has no host yet; a failed event that
                # goes again reaches it once it has one.
                taken.append(event)
            elif code == 404:
                dropped.append(event)
            else:
                retried.append(event)
            if code in (404, 422) and event['id'] not in again:
                LOG.info('Nova answered %(code)s to the event of ARQ '
                         '%(tag)s for instance %(server)s; dropped',
                         {'code': code, 'tag': event['tag'],
                          'server': event['server_uuid']})
        done = self._taken(context, taken, again)
        done += self._done(context, dropped, 'dropped: no such server')
        if retried:
            self._retry(context, retried, 'Nova answered 207 with codes %s'
                        % sorted({str(codes.get((e['server_uuid'],
                                                 e['tag'])))
                                  for e in retried}))
        return done

    def _taken(self, context, events, again):
        """Nova took the events; a failed one in *again* goes again later."""
        repeat = [e for e in events if e['id'] in again]
        if repeat:
            event_queries.send_again(
                context, [e['id'] for e in repeat],
                timeutils.utcnow() + datetime.timedelta(
                    seconds=CONF.nova.failed_event_interval))
            LOG.debug('Failed events of ARQs %s go again until Nova acts '
                      'on them', [e['tag'] for e in repeat])
        for event in events:
            if not event.get('again'):
                # Its first delivery (not a failed event sent again).
                metrics.nova_event_taken(event['status'],
                                         event['created_at'],
                                         event.get('bind_started_at'))
        return self._done(context, [e for e in events
                                    if e['id'] not in again],
                          'taken by Nova')

    def _done(self, context, events, how):
        event_queries.delete(context, [e['id'] for e in events])
        for event in events:
            LOG.info('Event %(name)s %(status)s of ARQ %(tag)s for '
                     'instance %(server_uuid)s %(how)s',
                     dict(event, how=how))
        return len(events)

    def _retry(self, context, events, error):
        now = timeutils.utcnow()
        keep, drop = [], []
        for event in events:
            (drop if event['attempts'] >= CONF.nova.events_max_attempts
             else keep).append(event)
        if drop:
            LOG.error('Giving up sending events %(tags)s to Nova after '
                      '%(n)d attempts: %(error)s',
                      {'tags': [e['tag'] for e in drop],
                       'n': CONF.nova.events_max_attempts, 'error': error})
            event_queries.delete(context, [e['id'] for e in drop])
        if keep:
            attempts = max(e['attempts'] for e in keep)
            delay = backoff.delay(attempts)
            LOG.warning('Sending %(n)d event(s) to Nova failed (%(error)s); '
                        'retrying in %(delay)s s',
                        {'n': len(keep), 'error': error, 'delay': delay})
            event_queries.retry_later(
                context, [e['id'] for e in keep],
                now + datetime.timedelta(seconds=delay), error)
        return len(drop)
