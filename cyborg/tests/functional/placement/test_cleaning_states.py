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
RuleBasedStateMachine, issues 65 and 77): random sequences of boot
(through Placement's candidates), binds made directly onto any unit
(offered or not, as a caller that skips Placement does), delete, a
clean that succeeds, fails or never answers (its timeout), an
operator's retry, abort or release uncleaned, the agent deaf (its
messages lost) or restarted, the conductor restarted, and the device
gone from the agent's report and back, on the fake driver's QAT (four
VFs: each cleaned on its own) and GPU (cleaned whole) of one host whose
class cleans them.  The conductor's Cleaner runs as on each work poll;
its casts reach the agent through a wire that the agent takes them from
(or loses them), and the agent runs them as cyborg.agent.cleaning does.
After every step, against the real Placement:

* nothing held by a clean (a device, or one unit of it) is offered, nor
  bound;
* every usage interval is closed exactly once, at the unbind;
* a clean that failed says why;
* Placement's reserved is explained by the database: a provider is
  reserved whole when its device has a hold reason, else one per unit
  its own clean holds.

The sequences are new at each run (hypothesis' seed is printed with a
failure: ``--hypothesis-seed`` replays it).  At the end, with the agent
back, each clean has ended: offered again, or held with its reason.
"""

import datetime
import itertools
import json
import os

import hypothesis
from hypothesis import stateful
from hypothesis import strategies as st
import pytest
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg.common import cleaning as common_cleaning
from cyborg.conductor.devices import cleaning
from cyborg.conductor.devices import device_class
from cyborg.db import models
from cyborg.db.queries import device_state
from cyborg.db.queries import hold
from cyborg.db.queries import host_inventory
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF
SETTINGS = hypothesis.settings(
    derandomize=False, database=None, deadline=None, max_examples=12,
    stateful_step_count=16, print_blob=True,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck))
DEVICES = ('qat=1', 'gpu=1')
KINDS = ('qat', 'gpu')
CLASSES = ('CUSTOM_QAT', 'PGPU')
TIMEOUT = 600
_BOUND = ('Bound', 'BindStarted')


class CleaningStates(stateful.RuleBasedStateMachine):

    def __init__(self, test, name):
        super().__init__()
        self.test = test
        self.host = test.host(name, devices=DEVICES)
        self.wire = clean_fixture.Wire()
        self.cleaner = cleaning.Cleaner(self.wire, test.client,
                                        clean_fixture.InPlacePool())
        self.faults = {}
        self.servers = set()
        self.arqs = set()
        self.gone = False
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
            if cast['kind'] == 'clean_abort':
                outcome = {'done': [], 'error': 'aborted'}
            else:
                self.cleaner.progress(
                    self.test.context, self.host.name, cast['device_uuid'],
                    cast['generation'], cast['steps'][0]['name'], [])
                outcome = clean_fixture.run_steps(
                    self.host.tracker, cast['device_uuid'], cast['unit'],
                    cast['steps'], cast['timeout'], cast['done'])
            self.cleaner.finish(self.test.context, self.host.name,
                                cast['device_uuid'], cast['generation'],
                                **outcome)
        self.host.cycle()

    def _snapshot(self):
        return host_inventory.load(self.test.context, self.host.name)

    def _providers(self):
        snap = self._snapshot()
        return sorted(d['rp_uuid'] for d in snap.deployables.values()
                      if d['rp_uuid'] and d['removed_at'] is None)

    # Nova -------------------------------------------------------------------

    @stateful.rule(action=st.sampled_from(['boot', 'boot', 'bind',
                                           'delete']),
                   data=st.data())
    def nova(self, action, data):
        """Boot through Placement's candidates, bind directly onto any
        unit (a caller that skips Placement), or delete a server.
        """
        if action == 'boot':
            items = sorted((rc, rp) for rc in CLASSES
                           for rp in self.host.offered(rc))
        elif action == 'bind':
            items = self._providers()
        else:
            items = sorted(self.servers)
        chosen = fake_host.pick(data, items)
        if chosen is None:
            pass
        elif action == 'boot':
            arq, server = self.host.boot(*chosen)
            self.servers.add(server)
            self.arqs.add(arq)
        elif action == 'bind':
            rc = next(rc for rc in CLASSES
                      if rc in self.test.client.get_inventories(chosen)[1])
            try:
                arq, server = self.host.boot(rc, chosen, allocate=False)
            except fake_host.BOOT_REFUSED:
                pass
            else:
                self.servers.add(server)
                self.arqs.add(arq)
        else:
            self.host.delete(chosen)
            self.servers.discard(chosen)
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

    @stateful.rule()
    def gone_and_back(self):
        """The GPU leaves the agent's report (off the bus) or comes
        back: what its clean holds stays held.
        """
        self.gone = not self.gone
        self.host.reload_driver(['qat=1'] if self.gone else DEVICES)
        self._settle()

    @stateful.rule(event=st.sampled_from(['deaf', 'back', 'restart',
                                          'conductor restart', 'late']))
    def services(self, event):
        """The agent deaf (its messages lost) or back, restarted, the
        conductor restarted, or the time past every step's timeout.
        """
        if event == 'deaf':
            self.wire.deaf = True
        elif event == 'back':
            self.wire.deaf = False
            # A while later: its cleans are handed again.
            self.test.clock.advance(CONF.report_interval)
        elif event == 'restart':
            self.host.start_agent()
        elif event == 'conductor restart':
            self.cleaner = cleaning.Cleaner(self.wire, self.test.client,
                                            clean_fixture.InPlacePool())
        else:
            self._late()
        self._settle()

    def _late(self):
        """Every running clean's step started past its timeout."""
        with self.test.db.engine.begin() as conn:
            conn.execute(sa.update(models.DeviceCleaning).where(
                models.DeviceCleaning.state == common_cleaning.RUNNING)
                .values(step='function_reset',
                        step_started_at=self.test.clock.now -
                        datetime.timedelta(seconds=TIMEOUT + 1)))

    @stateful.rule(kind=st.sampled_from(KINDS),
                   verb=st.sampled_from(['retry', 'release', 'abort']))
    def operator(self, kind, verb):
        """``cyborg device-clean`` (retry), with ``--abort`` or with
        ``--release-uncleaned``.
        """
        fake_host.refused(cleaning.clean, self.test.context,
                          self.host.uuid(kind), 'admin',
                          release_uncleaned=verb == 'release',
                          abort=verb == 'abort',
                          reason=verb if verb != 'retry' else None)
        self._settle()

    # What must hold ---------------------------------------------------------

    @stateful.invariant()
    def never_offered_nor_bound_while_dirty(self):
        snap = self._snapshot()
        whole = {d['id'] for d in snap.devices.values() if d['clean_state']}
        units = {h['id']: h['deployable_id']
                 for handles in snap.handles.values() for h in handles
                 if h['clean_state']}
        offered = set()
        for rc in CLASSES:
            offered |= self.host.offered(rc)
        for dep in snap.deployables.values():
            if dep['device_id'] in whole:
                self.test.assertNotIn(dep['rp_uuid'], offered, dep['name'])
            held = sum(1 for d in units.values() if d == dep['id'])
            if held and held >= dep['num_accelerators']:
                self.test.assertNotIn(dep['rp_uuid'], offered, dep['name'])
        arq = models.ExtendedAcceleratorRequest.__table__
        handle = models.AttachHandle.__table__
        deployable = models.Deployable.__table__
        device = models.Device.__table__
        with self.test.db.engine.begin() as conn:
            bound = conn.execute(
                sa.select(arq.c.uuid, handle.c.clean_state,
                          device.c.clean_state)
                .select_from(arq.join(handle, arq.c.attach_handle_id ==
                                      handle.c.id)
                             .join(deployable, handle.c.deployable_id ==
                                   deployable.c.id)
                             .join(device, deployable.c.device_id ==
                                   device.c.id))
                .where(arq.c.state.in_(_BOUND),
                       sa.or_(handle.c.clean_state.is_not(None),
                              device.c.clean_state.is_not(None)))).all()
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
            live = {r.uuid for r in conn.execute(sa.select(
                models.ExtendedAcceleratorRequest.uuid).where(
                    models.ExtendedAcceleratorRequest.uuid.in_(
                        sorted(self.arqs))))}
        self.test.assertEqual(len(self.arqs), len(rows), rows)
        for row in rows:
            self.test.assertEqual(row.arq_uuid not in live,
                                  row.ended_at is not None, row)

    @stateful.invariant()
    def a_failed_clean_says_why(self):
        for kind in KINDS:
            for clean in device_state.history(self.test.context,
                                              self.host.uuid(kind)):
                if clean['state'] in common_cleaning.HELD_FAILED:
                    self.test.assertTrue(clean['reason'], clean)

    @stateful.invariant()
    def placement_reserved_is_explained(self):
        snap = self._snapshot()
        by_id = snap.devices_by_id()
        tree = {rp['uuid']: rp for rp in
                self.test.placement.tree(self.host.name,
                                         traits=False).values()}
        for dep in snap.deployables.values():
            rp = tree.get(dep['rp_uuid'])
            if rp is None:
                continue
            reasons = hold.reasons(by_id[dep['device_id']], dep, True,
                                   snap.reshaping(dep['device_id']))
            units = hold.units_held(snap.handles.get(dep['id'], ()))
            for rc, inventory in rp['inventories'].items():
                want = inventory['total'] if reasons else min(
                    units, inventory['total'])
                self.test.assertEqual(
                    want, inventory['reserved'],
                    (dep['name'], rc, inventory, reasons, units))

    def teardown(self):
        """With the agent back (its devices too) and every clean
        answered, each clean has ended: offered again, or held with its
        reason.
        """
        self.wire.deaf = False
        if self.gone:
            self.gone_and_back()
        for _ in range(3):
            self.test.clock.advance(CONF.report_interval)
            self._settle()
        self.test.assertEqual(
            [], [c for c in device_state.active(self.test.context)
                 if c['state'] != common_cleaning.PENDING or
                 not c['in_use']])


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
        self.assertEqual({}, device_state.held(self.context))
        machine.host.delete(server)
        gpu = machine.host.uuid('gpu')
        self.assertEqual(hold.CLEANING,
                         device_state.held(self.context)[gpu]['state'])
        self.assertEqual(set(), machine.host.offered('PGPU'))
        inventory = self.client.get_inventories(rp)[1]['PGPU']
        self.assertEqual(inventory['total'], inventory['reserved'])
        # A bind made directly is refused too.
        self.assertRaises(fake_host.BOOT_REFUSED, machine.host.boot, 'PGPU',
                          rp, allocate=False)
        # Cleaned: offered again.
        machine._settle()
        machine._settle()
        self.assertEqual({rp}, machine.host.offered('PGPU'))

    def test_tenants_rotating_through_vfs_get_each_vf_cleaned(self):
        # Issue 77: A on vf0 and B on vf1; A leaves, C takes a VF; B
        # leaves... got no clean at all: the device was cleaned only when
        # no ARQ held any VF.
        machine = CleaningStates(self, 'rotate')
        servers = []
        for _ in range(2):
            rp = sorted(machine.host.offered('CUSTOM_QAT'))[0]
            servers.append(machine.host.boot('CUSTOM_QAT', rp)[1])
        cleans = 0
        for _ in range(6):
            machine.host.delete(servers.pop(0))
            cleans += 1
            # The VF it had is held, the others are offered.
            self.assertEqual(2, len(machine.host.offered('CUSTOM_QAT')))
            rp = sorted(machine.host.offered('CUSTOM_QAT'))[0]
            servers.append(machine.host.boot('CUSTOM_QAT', rp)[1])
            machine._settle()
        history = device_state.history(self.context,
                                       machine.host.uuid('qat'))
        self.assertEqual(cleans, len(history))
        self.assertEqual({common_cleaning.CLEAN},
                         {c['state'] for c in history})
        self.assertEqual(cleans, len({c['id'] for c in history}))
        self.assertTrue(all(c['unit'] for c in history))

    def test_a_failed_clean_outlives_the_device_leaving_the_report(self):
        # Issue 77: a device that fell off the bus came back as a new
        # device, offered, its clean_failed forgotten.
        machine = CleaningStates(self, 'gone')
        machine.device('gpu', 'error')
        [rp] = sorted(machine.host.offered('PGPU'))
        _arq, server = machine.host.boot('PGPU', rp)
        machine.host.delete(server)
        machine._settle()
        gpu = machine.host.uuid('gpu')
        self.assertEqual(hold.CLEAN_FAILED,
                         device_state.held(self.context)[gpu]['state'])
        machine.gone_and_back()
        self.assertEqual(hold.CLEAN_FAILED,
                         device_state.held(self.context)[gpu]['state'])
        machine.gone_and_back()
        self.assertEqual(hold.CLEAN_FAILED,
                         device_state.held(self.context)[gpu]['state'])
        self.assertEqual(set(), machine.host.offered('PGPU'))
        machine.placement_reserved_is_explained()

    def test_a_step_past_its_timeout_is_stopped(self):
        machine = CleaningStates(self, 'timeout')
        [rp] = sorted(machine.host.offered('PGPU'))
        _arq, server = machine.host.boot('PGPU', rp)
        machine.wire.deaf = True
        machine.host.delete(server)
        # Handed (its cast lost); its step's start heard, long ago.
        machine._settle()
        machine._late()
        machine.services('back')
        gpu = machine.host.uuid('gpu')
        [clean] = device_state.history(self.context, gpu)
        self.assertEqual(common_cleaning.FAILED, clean['state'])
        self.assertIn('clean_timeout', clean['reason'])
        self.assertEqual(set(), machine.host.offered('PGPU'))
        machine.placement_reserved_is_explained()
        # The operator's retry: cleaned this time, offered again.
        machine.operator('gpu', 'retry')
        machine._settle()
        self.assertNotIn(gpu, device_state.held(self.context))
        self.assertEqual({rp}, machine.host.offered('PGPU'))
