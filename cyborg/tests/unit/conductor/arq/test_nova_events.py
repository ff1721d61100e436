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
"""Tests of sending bind events to Nova (conductor.arq.nova_events).

The notifier talks HTTP through a keystoneauth adapter to a recording
stand-in for Nova's os-server-external-events API.
"""

import datetime

import fixtures
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import metrics
from cyborg import states
from cyborg.api.controllers.v2 import accelerator_request as arq_api
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import nova_events
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import nova_event as event_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture


class NotifierTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url, events_max_attempts=3,
                   events_retry_max_interval=4)
        self.notifier = nova_events.Notifier()
        self.clock = self.time_fixture()

    def _event(self, status='completed', request_id=None):
        tag = uuidutils.generate_uuid()
        with db_api.context_manager.writer.using(self.context):
            event_queries.add(self.context,
                              uuidutils.generate_uuid(), tag, status,
                              request_id=request_id)
        return tag

    def _pending(self):
        return {e['tag']: e for e in event_queries.get_all(self.context)}

    def test_events_go_in_one_request_with_microversion_2_82(self):
        tags = [self._event(), self._event('failed')]
        self.assertEqual(2, self.notifier.send_due(self.context))
        [request] = self.nova.requests
        self.assertEqual('compute 2.82',
                         request['headers']['OpenStack-API-Version'])
        events = request['body']['events']
        self.assertEqual(tags, [e['tag'] for e in events])
        self.assertEqual({'accelerator-request-bound'},
                         {e['name'] for e in events})
        self.assertEqual(['completed', 'failed'],
                         [e['status'] for e in events])
        self.assertEqual({}, self._pending())
        # Nothing is sent twice.
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(1, len(self.nova.requests))

    def _taken(self, count):
        """Events of *count* binds, each taken by its bind."""
        events = []
        for _ in range(count):
            with db_api.context_manager.writer.using(self.context):
                events.append(event_queries.add(
                    self.context, uuidutils.generate_uuid(),
                    uuidutils.generate_uuid(), 'completed',
                    claim_seconds=nova_events.CLAIM_SECONDS))
        return events

    def test_the_time_from_the_bind_is_observed_once_nova_took_it(self):
        def count(name, status):
            return metrics.REGISTRY.get_sample_value(
                'cyborg_%s_seconds_%s' % (name, 'count'),
                {'status': status}) or 0.0

        def total(name, status):
            return metrics.REGISTRY.get_sample_value(
                'cyborg_%s_seconds_sum' % name, {'status': status}) or 0.0

        before = {name: (count(name, 'failed'), total(name, 'failed'))
                  for name in ('bind_nova_event', 'nova_event_delay')}
        # A bind that began 5 s before its ARQ was resolved (its device
        # work), and an event of another change (no bind start).
        with db_api.context_manager.writer.using(self.context):
            event_queries.add(
                self.context, uuidutils.generate_uuid(),
                uuidutils.generate_uuid(), 'failed',
                bind_started_at=timeutils.utcnow() -
                datetime.timedelta(seconds=5))
        self._event('failed')
        self.clock.advance(2)
        self.assertEqual(2, self.notifier.send_due(self.context))
        self.assertEqual(
            {'bind_nova_event': (1, 7.0), 'nova_event_delay': (2, 4.0)},
            # The registry's sums are floats that other tests add to: the
            # difference is exact to a microsecond, not to the last bit.
            {name: (count(name, 'failed') - before[name][0],
                    round(total(name, 'failed') - before[name][1], 6))
             for name in before})

    def test_events_queued_by_binds_go_together(self):
        first, second, third = self._taken(3)
        self.notifier.queue([first])
        self.notifier.queue([second, third])
        self.assertEqual(3, self.notifier.send_queued(self.context))
        [request] = self.nova.requests
        self.assertEqual([e['tag'] for e in (first, second, third)],
                         [e['tag'] for e in request['body']['events']])
        self.assertEqual({}, self._pending())
        # A send that finds nothing queued (another took it) sends nothing.
        self.assertEqual(0, self.notifier.send_queued(self.context))
        self.assertEqual(1, len(self.nova.requests))
        # Taken events are not sent again by the periodic sender.
        self.assertEqual(0, self.notifier.send_due(self.context))

    def test_a_request_carries_at_most_a_batch(self):
        self.useFixture(fixtures.MockPatchObject(nova_events, 'BATCH', 2))
        events = self._taken(5)
        self.notifier.queue(events)
        self.assertEqual(5, self.notifier.send_queued(self.context))
        self.assertEqual([[e['tag'] for e in events[:2]],
                          [e['tag'] for e in events[2:4]],
                          [events[4]['tag']]],
                         [[e['tag'] for e in r['body']['events']]
                          for r in self.nova.requests])

    def test_queued_events_nova_fails_stay_for_a_retry(self):
        [event] = self._taken(1)
        self.nova.respond(500)
        self.notifier.queue([event])
        self.assertEqual(0, self.notifier.send_queued(self.context))
        pending = self._pending()[event['tag']]
        self.assertIn('500', pending['last_error'])
        self.nova.respond(200)
        self.clock.advance(2)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual([[event['tag']]] * 2,
                         [[e['tag'] for e in r['body']['events']]
                          for r in self.nova.requests])
        self.assertEqual({}, self._pending())

    def test_207_drops_404_and_422_and_retries_the_rest(self):
        taken, gone, not_yet, busy = (self._event() for _ in range(4))
        self.nova.respond(207, {gone: 404, not_yet: 422, busy: 500})
        self.assertEqual(3, self.notifier.send_due(self.context))
        pending = self._pending()
        self.assertEqual([busy], list(pending))
        self.assertIn('500', pending[busy]['last_error'])
        self.nova.respond(200)
        self.clock.advance(1)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual({}, self._pending())
        self.assertEqual([taken, gone, not_yet, busy, busy],
                         [e['tag'] for e in self.nova.events()])

    def test_refused_requests_are_dropped(self):
        for status in (400, 404):
            self._event()
            self.nova.respond(status)
            self.assertEqual(1, self.notifier.send_due(self.context))
            self.assertEqual({}, self._pending())

    def test_errors_back_off_then_give_up(self):
        tag = self._event()
        self.nova.respond(503)
        self.assertEqual(0, self.notifier.send_due(self.context))
        # Not due again before its back-off (1 s, then 2 s) is over.
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(1, len(self.nova.requests))
        self.clock.advance(1)
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(1, self._pending()[tag]['attempts'] - 1)
        self.clock.advance(1)
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(2, len(self.nova.requests))
        self.clock.advance(1)
        # Third and last attempt ([nova] events_max_attempts = 3).
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(3, len(self.nova.requests))
        self.assertEqual({}, self._pending())

    def test_nova_down_then_back(self):
        tag = self._event()
        self.nova.down()
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertIn('unreachable', self._pending()[tag]['last_error'])
        self.nova.up()
        self.clock.advance(1)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual([tag], [e['tag'] for e in self.nova.events()])
        self.assertEqual({}, self._pending())

    def test_events_of_a_dead_sender_are_sent_after_its_claim(self):
        tag = self._event()
        # Another conductor took the event and died while sending it.
        [event] = event_queries.claim_due(self.context, 10, 120)
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.clock.advance(nova_events.CLAIM_SECONDS + 1)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual([tag], [e['tag'] for e in self.nova.events()])

    def test_without_nova_events_are_dropped(self):
        self.flags(group='nova', auth_type=None, endpoint_override=None)
        self._event()
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual([], self.nova.requests)
        self.assertEqual({}, self._pending())


class FailedEventTestCase(base.DbTestCase):
    """A failed event of an ARQ Nova bound goes until Nova acts on it
    (issue 38): nova-compute reads a BindFailed ARQ as resolved and would
    start the server without its device, so the ARQ reads BindStarted
    while the event is in the outbox.
    """

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url, failed_event_interval=5,
                   failed_event_window=60)
        self.notifier = nova_events.Notifier()
        self.clock = self.time_fixture()
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))

    def _failed(self, attachment=None):
        """A BindFailed ARQ of a new instance and its failed event."""
        [arq] = arq_create.create(self.context, 'dp', 'p1')
        instance = uuidutils.generate_uuid()
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.ExtendedAcceleratorRequest)
                         .where(models.ExtendedAcceleratorRequest.uuid ==
                                arq['uuid'])
                         .values(state=states.BIND_FAILED,
                                 instance_uuid=instance,
                                 attachment_uuid=attachment))
        with db_api.context_manager.writer.using(self.context):
            event_queries.add(self.context, instance, arq['uuid'], 'failed')
        return arq['uuid']

    def _sent(self, tag):
        return sum(1 for e in self.nova.events() if e['tag'] == tag)

    def _shown(self, tag):
        [arq] = arq_queries.get_all(self.context, uuids=[tag])
        return arq_api.as_nova_sees(self.context, [arq])[0]['state']

    def test_it_goes_until_nova_deletes_the_arq(self):
        tag = self._failed()
        self.assertEqual(states.BIND_STARTED, self._shown(tag))
        # Taken by Nova (nova-compute may have had nobody waiting): kept.
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(1, self._sent(tag))
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(1, self._sent(tag))
        # 422 (no host yet) is no reason to stop either.
        self.nova.respond(207, {tag: 422})
        self.clock.advance(5)
        self.assertEqual(0, self.notifier.send_due(self.context))
        self.assertEqual(2, self._sent(tag))
        self.nova.respond(200)
        self.clock.advance(5)
        self.notifier.send_due(self.context)
        self.assertEqual(3, self._sent(tag))
        self.assertEqual(states.BIND_STARTED, self._shown(tag))
        # nova-compute got it and aborted the build: the ARQ is deleted.
        arq_delete.delete(self.context, uuids=[tag])
        self.clock.advance(5)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(3, self._sent(tag))
        self.assertEqual([], event_queries.get_all(self.context))

    def test_it_stops_when_the_window_passed(self):
        tag = self._failed()
        for second in range(0, 60, 5):
            self.notifier.send_due(self.context)
            self.clock.advance(5)
        self.assertEqual(12, self._sent(tag))
        self.assertEqual(states.BIND_STARTED, self._shown(tag))
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(13, self._sent(tag))
        self.assertEqual([], event_queries.get_all(self.context))
        self.assertEqual(states.BIND_FAILED, self._shown(tag))

    def test_an_unbound_arq_stops_it(self):
        tag = self._failed()
        self.notifier.send_due(self.context)
        arq_release.unbind(self.context, [tag])
        self.clock.advance(5)
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(1, self._sent(tag))

    def test_attach_instance_failures_go_once(self):
        # Nobody waits for an attach's events: Cyborg handles its failure.
        tag = self._failed(attachment=uuidutils.generate_uuid())
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual([], event_queries.get_all(self.context))
        self.assertEqual(states.BIND_FAILED, self._shown(tag))

    def test_a_window_of_zero_sends_it_once(self):
        self.flags(group='nova', failed_event_window=0)
        tag = self._failed()
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(1, self._sent(tag))
        self.assertEqual(states.BIND_FAILED, self._shown(tag))

    def test_other_failed_events_go_once(self):
        # A forced driver uninstall unbinds the ARQ and tells Nova.
        tag = self._event_without_arq()
        self.assertEqual(1, self.notifier.send_due(self.context))
        self.assertEqual(1, self._sent(tag))

    def _event_without_arq(self):
        tag = uuidutils.generate_uuid()
        with db_api.context_manager.writer.using(self.context):
            event_queries.add(self.context, uuidutils.generate_uuid(), tag,
                              'failed')
        return tag
