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
"""Devices cleaned between two tenants, as a state machine (hypothesis'
RuleBasedStateMachine, issue 65): random sequences of boot (bind),
delete (unbind), a clean that succeeds, fails or never answers (its
timeout), an operator's retry or release uncleaned, the agent deaf (its
messages lost) or restarted, and the conductor restarted, on the fake
driver's QAT and GPU of one host (fake_host) whose class cleans them.
The conductor's Cleaner runs as on each work poll; its casts to the
agent go through a wire that the agent takes them from (or loses them),
and the agent runs them as AgentManager does (device_work).  After every
step, against the real Placement:

* a device is never offered nor bound while it is cleaning or its clean
  failed;
* every usage interval is closed exactly once, at the unbind;
* a clean that failed says why;
* Placement's reserved is explained by the database: a provider is
  reserved whole exactly when its device has a hold reason.

At the end, with the agent back, every device is offered again or held
``clean_failed`` with its reason.
"""

import itertools
import json
import os

import hypothesis
from hypothesis import stateful
from hypothesis import strategies as st
import pytest
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg.agent import device_work
from cyborg.conductor.devices import cleaning
from cyborg.conductor.devices import device_class
from cyborg.db import models
from cyborg.db.queries import cleaning as cleaning_queries
from cyborg.db.queries import hold
from cyborg.db.queries import host_inventory
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF
SETTINGS = hypothesis.settings(
    derandomize=True, database=None, deadline=None, max_examples=8,
    stateful_step_count=14,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck))
DEVICES = ('qat=1', 'gpu=1')
KINDS = ('qat', 'gpu')
CLASSES = ('CUSTOM_QAT', 'PGPU')
TIMEOUT = 600


class _Wire:
    """The agents' topic: the Cleaner's casts, taken by the agent or lost
    while it is deaf.
    """

    def __init__(self):
        self.casts = []
        self.deaf = False

    def clean(self, context, host, **kwargs):
        if not self.deaf:
            self.casts.append(kwargs)


class CleaningStates(stateful.RuleBasedStateMachine):

    def __init__(self, test, name):
        super().__init__()
        self.test = test
        self.host = test.host(name, devices=DEVICES)
        self.wire = _Wire()
        self.cleaner = cleaning.Cleaner(self.wire, test.client,
                                        clean_fixture.InPlacePool())
        self.cleans = device_work.Cleans()
        # The faults file's clean faults, by kind.
        self.faults = {}
        self.servers = set()
        self.arqs = set()
        self._settle()

    def _write_faults(self):
        with open(self.test.faults, 'w') as f:
            json.dump({fake_host.ADDRESSES[kind]: fault
                       for kind, fault in self.faults.items()}, f)

    def _settle(self):
        """The conductor's work poll, the agent taking its messages, a
        report interval.
        """
        self.cleaner.run(self.test.context)
        casts, self.wire.casts = self.wire.casts, []
        for cast in casts:
            known = self.cleans.take(cast['device_uuid'], cast['started_at'])
            if known is False:
                continue
            outcome = known or device_work.clean(
                self.host.tracker, cast['device_uuid'], cast['steps'],
                cast['timeout'])
            self.cleans.done(cast['device_uuid'], cast['started_at'],
                             outcome)
            self.cleaner.finish(self.test.context, cast['device_uuid'],
                                cast['started_at'],
                                steps=outcome.get('steps'),
                                reason=outcome.get('error'))
        self.host.cycle()

    def _devices(self):
        snap = host_inventory.load(self.test.context, self.host.name)
        return snap.devices.values(), snap.deployables.values()

    # Nova -------------------------------------------------------------------

    @stateful.rule(action=st.sampled_from(['boot', 'boot', 'delete']),
                   data=st.data())
    def nova(self, action, data):
        offered = sorted((rc, rp) for rc in CLASSES
                         for rp in self.host.offered(rc))
        if action == 'boot' and offered:
            rc, rp = data.draw(st.sampled_from(offered))
            arq, server = self.host.boot(rc, rp)
            self.servers.add(server)
            self.arqs.add(arq)
        elif action == 'delete' and self.servers:
            server = data.draw(st.sampled_from(sorted(self.servers)))
            self.host.delete(server)
            self.servers.discard(server)
        self._settle()

    # The device, the agent, the conductor -----------------------------------

    @stateful.rule(kind=st.sampled_from(KINDS),
                   fault=st.sampled_from(['ok', 'ok', 'error']))
    def device(self, kind, fault):
        """The next cleans of a device succeed or fail."""
        self.faults[kind] = ({'clean_error': 'verification read 0xff'}
                             if fault == 'error' else {})
        self._write_faults()
        self._settle()

    @stateful.rule(event=st.sampled_from(['deaf', 'back', 'restart',
                                          'conductor restart', 'late']))
    def services(self, event):
        """The agent deaf (its messages lost) or back, restarted (it
        forgot the cleans it ran), the conductor restarted, or the time
        past every clean's timeout.
        """
        if event == 'deaf':
            self.wire.deaf = True
        elif event == 'back':
            self.wire.deaf = False
            # A while later: its cleans are handed again.
            self.test.clock.advance(CONF.report_interval)
        elif event == 'restart':
            self.cleans = device_work.Cleans()
            self.host.start_agent()
        elif event == 'conductor restart':
            self.cleaner = cleaning.Cleaner(self.wire, self.test.client,
                                            clean_fixture.InPlacePool())
        else:
            self.test.clock.advance(TIMEOUT + 1)
        self._settle()

    @stateful.rule(kind=st.sampled_from(KINDS),
                   release=st.booleans())
    def operator(self, kind, release):
        """``cyborg device-clean`` (retry), or with
        ``--release-uncleaned``.
        """
        fake_host.refused(cleaning.clean, self.test.context,
                          self.host.uuid(kind), 'admin',
                          release_uncleaned=release,
                          reason='released' if release else None)
        self._settle()

    # What must hold ---------------------------------------------------------

    @stateful.invariant()
    def never_offered_nor_bound_while_dirty(self):
        devices, deployables = self._devices()
        held = {d['id'] for d in devices if d['clean_state']}
        offered = set()
        for rc in CLASSES:
            offered |= self.host.offered(rc)
        for dep in deployables:
            if dep['device_id'] in held:
                self.test.assertNotIn(dep['rp_uuid'], offered, dep['name'])
        with self.test.db.engine.begin() as conn:
            bound = conn.execute(
                sa.select(models.Device.uuid).select_from(
                    models.ExtendedAcceleratorRequest.__table__.join(
                        models.Deployable.__table__).join(
                            models.Device.__table__))
                .where(models.Device.clean_state.is_not(None),
                       models.ExtendedAcceleratorRequest.state.in_(
                           ('Bound', 'BindStarted')))).all()
        self.test.assertEqual([], bound)

    @stateful.invariant()
    def each_interval_closed_once(self):
        if not self.arqs:
            return
        with self.test.db.engine.begin() as conn:
            rows = conn.execute(sa.select(
                models.UsageInterval.arq_uuid,
                models.UsageInterval.ended_at).where(
                    models.UsageInterval.arq_uuid.in_(
                        sorted(self.arqs)))).all()
        self.test.assertEqual(len(self.arqs), len(rows), rows)
        with self.test.db.engine.begin() as conn:
            live = {r.uuid for r in conn.execute(sa.select(
                models.ExtendedAcceleratorRequest.uuid).where(
                    models.ExtendedAcceleratorRequest.uuid.in_(
                        sorted(self.arqs))))}
        for row in rows:
            self.test.assertEqual(row.arq_uuid not in live,
                                  row.ended_at is not None, row)

    @stateful.invariant()
    def a_failed_clean_says_why(self):
        devices, _ = self._devices()
        for device in devices:
            if device['clean_state'] == hold.CLEAN_FAILED:
                self.test.assertTrue(device['clean_reason'], device)

    @stateful.invariant()
    def placement_reserved_is_explained(self):
        devices, deployables = self._devices()
        by_id = {d['id']: d for d in devices}
        tree = {rp['uuid']: rp for rp in
                self.test.placement.tree(self.host.name,
                                         traits=False).values()}
        for dep in deployables:
            rp = tree.get(dep['rp_uuid'])
            if rp is None or dep['removed_at'] is not None:
                continue
            reasons = hold.reasons(by_id[dep['device_id']], dep, True)
            for rc, inventory in rp['inventories'].items():
                self.test.assertEqual(
                    bool(reasons),
                    inventory['reserved'] >= inventory['total'],
                    (dep['name'], rc, inventory, reasons))

    def teardown(self):
        """With the agent back and every clean answered, each device is
        offered again or held clean_failed with its reason.
        """
        self.wire.deaf = False
        for _ in range(3):
            self.test.clock.advance(CONF.report_interval)
            self._settle()
        devices, _ = self._devices()
        for device in devices:
            self.test.assertIn(device['clean_state'],
                               (None, hold.CLEAN_FAILED), device)


class CleaningStatesTestCase(fake_host.ConfigHostTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.flags(clean_timeout=TIMEOUT, group='conductor')
        self.faults = os.path.join(self.state_dir, 'faults.json')
        self.flags(faults_file=self.faults, group='fake_driver')
        device_class.create(self.context, 'CLEANED', [
            {'key': 'driver', 'op': '==', 'value': 'fake'}],
            cleaning_policy='on')

    def test_cleaning_states(self):
        names = ('s%d' % i for i in itertools.count())
        stateful.run_state_machine_as_test(
            lambda: CleaningStates(self, next(names)), settings=SETTINGS)

    def test_reserved_before_the_delete_answers(self):
        # Nova removes a server's allocation once Cyborg answered the
        # delete of its ARQs, and schedules the next server at once
        # (issue 77: the reservation waited for the conductor's next work
        # poll, and Nova's next server got the dirty device).
        machine = CleaningStates(self, 'reserve')
        [rp] = sorted(machine.host.offered('PGPU'))
        _arq, server = machine.host.boot('PGPU', rp)
        self.assertEqual({}, cleaning_queries.held(self.context))
        machine.host.delete(server)
        gpu = machine.host.uuid('gpu')
        self.assertEqual(hold.CLEANING,
                         cleaning_queries.held(self.context)[gpu])
        self.assertEqual(set(), machine.host.offered('PGPU'))
        inventory = self.client.get_inventories(rp)[1]['PGPU']
        self.assertEqual(inventory['total'], inventory['reserved'])
        # Cleaned: offered again.
        machine._settle()
        machine._settle()
        self.assertEqual({rp}, machine.host.offered('PGPU'))

    def test_a_clean_never_answered_times_out(self):
        machine = CleaningStates(self, 'timeout')
        [rp] = sorted(machine.host.offered('PGPU'))
        _arq, server = machine.host.boot('PGPU', rp)
        machine.wire.deaf = True
        machine.host.delete(server)
        # A work poll pushes the host, the next hands the clean over (its
        # cast lost): its timeout runs from then.
        machine._settle()
        machine._settle()
        gpu = machine.host.uuid('gpu')
        self.assertEqual(hold.CLEANING,
                         cleaning_queries.held(self.context)[gpu])
        self.assertEqual(set(), machine.host.offered('PGPU'))
        machine.services('late')
        self.assertEqual(hold.CLEAN_FAILED,
                         cleaning_queries.held(self.context)[gpu])
        machine.placement_reserved_is_explained()
        machine.services('back')
        # The operator's retry: cleaned this time, offered again.
        machine.operator('gpu', False)
        self.assertNotIn(gpu, cleaning_queries.held(self.context))
        self.assertEqual({rp}, machine.host.offered('PGPU'))
        machine.placement_reserved_is_explained()
