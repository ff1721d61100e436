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
"""Concurrent binds on every database backend: a handle is never given
twice, an instance is bound by one request only.

Each thread is one conductor worker with its own connection, as with
several conductors (or one conductor's RPC thread pool) behind a busy API.
"""

import collections
import threading

from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.db.queries import hold
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot

HANDLES = 10
BINDS = 50
# Delete racing bind: as many races as the fault suite runs per backend.
DELETE_RACES = 30


class _BindRaceMixin:

    def setUp(self):
        super().setUp()
        self.fpga = inventory.add_device(self.context, 'node-1',
                                         handles=HANDLES)
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name='dp', description=None,
            groups=[{'resources:FPGA': '1'}]))

    def _arq(self):
        return nova_boot.NovaBoot(context=self.context).create('dp')[0]

    def _bind(self, context, arq, instance=None):
        """Nova's bind of *arq* on node-1's FPGA; :returns: the states."""
        return nova_boot.NovaBoot(context=context).bind(
            [arq], 'node-1', self.fpga['rp_uuid'],
            instance or uuidutils.generate_uuid())

    def _race(self, calls):
        """Run the calls at once; {index: result or exception}."""
        results = {}
        barrier = threading.Barrier(len(calls))

        def call(index, func):
            context = cyborg_context.get_admin_context()
            context.request_id = 'req-%d' % index
            barrier.wait()
            try:
                results[index] = func(context)
            except Exception as exc:
                results[index] = exc

        threads = [threading.Thread(target=call, args=item)
                   for item in enumerate(calls)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        self.assertEqual(len(calls), len(results))
        return results

    def test_more_binds_than_handles(self):
        arqs = [self._arq() for _ in range(BINDS)]
        results = self._race([
            (lambda ctx, arq=arq: self._bind(ctx, arq)) for arq in arqs])
        # The binds that found no free handle are refused, unchanged.
        refused = [r for r in results.values() if isinstance(r, Exception)]
        self.assertEqual([exception.BindRefused] * (BINDS - HANDLES),
                         [type(r) for r in refused])
        outcome = collections.Counter(
            state for r in results.values() if isinstance(r, dict)
            for state in r.values())
        self.assertEqual({states.BOUND: HANDLES}, outcome)
        self.assertEqual(collections.Counter({
            states.BOUND: HANDLES, states.INITIAL: BINDS - HANDLES}),
            collections.Counter(a['state'] for a in arq_queries.get_all(
                self.context)))
        bound = [a for a in arq_queries.get_all(self.context)
                 if a['state'] == states.BOUND]
        handles = [a['attach_handle_uuid'] for a in bound]
        self.assertEqual(sorted(self.fpga['handle_uuids']), sorted(handles))
        with self.db.engine.connect() as conn:
            in_use = conn.execute(
                sa.select(sa.func.count()).select_from(models.AttachHandle)
                .where(models.AttachHandle.in_use.is_(True))).scalar()
        self.assertEqual(HANDLES, in_use)

    def test_one_instance_is_bound_by_one_request(self):
        instance = uuidutils.generate_uuid()
        arqs = [self._arq() for _ in range(8)]
        results = self._race([
            (lambda ctx, arq=arq: self._bind(ctx, arq, instance))
            for arq in arqs])
        won = [r for r in results.values() if isinstance(r, dict)]
        lost = [r for r in results.values() if not isinstance(r, dict)]
        self.assertEqual(1, len(won))
        self.assertEqual(7, len(lost))
        for error in lost:
            self.assertIsInstance(error, exception.InstanceAlreadyBound)
        self.assertEqual(1, len(arq_queries.get_all(
            self.context, instance_uuid=instance)))

    def test_one_arq_is_bound_once(self):
        arq = self._arq()
        results = self._race([
            (lambda ctx: self._bind(ctx, arq)) for _ in range(8)])
        won = [r for r in results.values() if isinstance(r, dict)]
        self.assertEqual([{arq: states.BOUND}], won)
        for error in results.values():
            if not isinstance(error, dict):
                self.assertIsInstance(
                    error, exception.AcceleratorRequestBadState)
        with self.db.engine.connect() as conn:
            self.assertEqual(1, conn.execute(
                sa.select(sa.func.count())
                .select_from(models.BoundInstance)).scalar())

    def test_binds_unbinds_and_deletes_at_once(self):
        # Half the handles are bound; then those ARQs are unbound or
        # deleted while new ARQs bind: whatever the interleaving, a handle
        # is in use exactly when a Bound ARQ holds it.
        old = [self._arq() for _ in range(HANDLES)]
        for arq in old:
            self._bind(self.context, arq)
        new = [self._arq() for _ in range(2 * HANDLES)]
        calls = [(lambda ctx, arq=arq: self._bind(ctx, arq)) for arq in new]
        calls += [(lambda ctx, arq=arq: arq_release.unbind(ctx, [arq]))
                  for arq in old[:HANDLES // 2]]
        calls += [(lambda ctx, arq=arq: arq_delete.delete(ctx, uuids=[arq]))
                  for arq in old[HANDLES // 2:]]
        results = self._race(calls)
        # A bind that found no free handle is refused.
        self.assertEqual([], [r for r in results.values()
                              if isinstance(r, Exception) and
                              not isinstance(r, exception.BindRefused)])
        arqs = arq_queries.get_all(self.context)
        holders = [a['attach_handle_uuid'] for a in arqs
                   if a['state'] == states.BOUND]
        self.assertEqual(len(holders), len(set(holders)))
        with self.db.engine.connect() as conn:
            in_use = set(conn.execute(
                sa.select(models.AttachHandle.uuid)
                .where(models.AttachHandle.in_use.is_(True))).scalars())
        self.assertEqual(set(holders), in_use)
        # Every new ARQ that lost its race was refused cleanly.
        self.assertLessEqual({a['state'] for a in arqs if a['uuid'] in new},
                             {states.BOUND, states.INITIAL})

    def _leaks(self):
        """Handles in use that no ARQ holds, and ARQs that hold a free
        handle.
        """
        handles = models.AttachHandle
        arqs = models.ExtendedAcceleratorRequest
        with self.db.engine.connect() as conn:
            held = set(conn.execute(
                sa.select(arqs.attach_handle_id)
                .where(arqs.attach_handle_id.is_not(None))).scalars())
            in_use = set(conn.execute(
                sa.select(handles.id)
                .where(handles.in_use.is_(True))).scalars())
        return sorted(in_use - held), sorted(held - in_use)

    def test_delete_racing_bind(self):
        # Nova's PATCH and a DELETE of the same ARQ at the same moment:
        # whichever wins, no handle stays in use without an ARQ (issue
        # 18, defect 1: the delete read the ARQ before the bind committed
        # and freed nothing).
        outcomes = collections.Counter()
        for _ in range(DELETE_RACES):
            arq = self._arq()
            results = self._race([
                lambda ctx: self._bind(ctx, arq),
                lambda ctx: arq_delete.delete(ctx, uuids=[arq])])
            for result in results.values():
                outcomes[type(result).__name__] += 1
                if isinstance(result, Exception):
                    self.assertIsInstance(
                        result, exception.AcceleratorRequestNotFound)
        self.assertEqual(([], []), self._leaks())
        self.assertEqual([], arq_queries.get_all(self.context))
        self.assertEqual(2 * DELETE_RACES, sum(outcomes.values()))

    def test_a_bind_never_takes_a_device_its_last_tenant_left(self):
        # Tenant A's ARQ deleted while B binds onto the same cleaned
        # device (issue 77): B binds before (the delete then leaves the
        # device to B) or is refused; never Bound on a device left to
        # clean, whatever the interleaving.
        device = inventory.add_device(self.context, 'node-1', handles=1,
                                      address='0000:0d:00.0')
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.Device).where(
                models.Device.id == device['device_id']).values(
                    clean_steps='{"steps": [], "only": false}',
                    clean_offer='[{"name": "function_reset", '
                                '"default": true}]'))
        outcomes = collections.Counter()
        for _ in range(DELETE_RACES):
            first, second = self._arq(), self._arq()
            nova_boot.NovaBoot(context=self.context).bind(
                [first], 'node-1', device['rp_uuid'],
                uuidutils.generate_uuid())
            results = self._race([
                lambda ctx: nova_boot.NovaBoot(context=ctx).bind(
                    [second], 'node-1', device['rp_uuid'],
                    uuidutils.generate_uuid()),
                lambda ctx: arq_delete.delete(ctx, uuids=[first])])
            outcomes[type(results[0]).__name__] += 1
            if isinstance(results[0], Exception):
                self.assertIsInstance(results[0], exception.BindRefused)
            with self.db.engine.begin() as conn:
                dirty = conn.execute(
                    sa.select(models.Device.clean_state).where(
                        models.Device.id == device['device_id'])).scalar()
                self.assertEqual(hold.CLEANING, dirty)
                # Cleaned, and the round's ARQs gone.
                conn.execute(sa.update(models.Device).where(
                    models.Device.id == device['device_id']).values(
                        clean_state=None))
            self.assertEqual(
                states.INITIAL, arq_queries.get(self.context,
                                                second)['state'])
            arq_delete.delete(self.context, uuids=[second])
        self.assertEqual({'BindRefused': DELETE_RACES}, dict(outcomes))
        self.assertEqual(([], []), self._leaks())

    def test_the_fpga_lock_reads_the_first_free_handle(self):
        deployable_id = self.fpga['deployable_id']
        first = deployable_queries.lock_fpga(
            self.context, deployable_id, for_bind=True)['free_handle']
        self.assertEqual((self.fpga['handle_uuids'][0], False),
                         (first['uuid'], first['in_use']))
        taken = handle_queries.claim(self.context, deployable_id, first)
        self.assertEqual((first['id'], True), (taken['id'], taken['in_use']))
        second = deployable_queries.lock_fpga(
            self.context, deployable_id, for_bind=True)['free_handle']
        self.assertEqual(self.fpga['handle_uuids'][1], second['uuid'])
        self.assertNotIn('free_handle', deployable_queries.lock_fpga(
            self.context, deployable_id))

    def test_a_candidate_taken_meanwhile_is_not_given_again(self):
        # The FPGA lock's candidate comes from a plain read, which may be
        # older than the lock: another bind took the handle since.
        deployable_id = self.fpga['deployable_id']
        first = handle_queries.claim(self.context, deployable_id)
        stale = dict(first, in_use=False)
        second = handle_queries.claim(self.context, deployable_id, stale)
        self.assertNotEqual(first['id'], second['id'])
        self.assertTrue(handle_queries.get(self.context,
                                           second['id'])['in_use'])
        # No free handle left: the candidate is not taken either.
        for _ in range(HANDLES - 2):
            self.assertIsNotNone(handle_queries.claim(self.context,
                                                      deployable_id))
        self.assertIsNone(handle_queries.claim(self.context, deployable_id,
                                               stale))


class TestBindRaceSQLite(_BindRaceMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestBindRaceMySQL(_BindRaceMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestBindRaceMySQLdb(_BindRaceMixin, base.DbTestCase):
    """MariaDB through mysqlclient (the install guide's driver)."""

    BACKEND = 'mysqldb'


class TestBindRacePostgreSQL(_BindRaceMixin, base.DbTestCase):
    BACKEND = 'postgresql'
