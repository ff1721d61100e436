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
"""The attach handle audit on every database backend, healing while
binds, unbinds and deletes run: it repairs the one handle that was wrong
and never touches a handle being bound or released.

Each thread has its own connection, as several conductors and a
``cyborg-manage handle heal`` would.
"""

import threading

from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import states
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.audit import handles as audit_handles
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import models
from cyborg.objects import device_profile as dp_obj
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import nova_boot

AH = models.AttachHandle
ARQ = models.ExtendedAcceleratorRequest
BINDERS = 4
CYCLES = 15
HEALS = 25


class _HandleAuditMixin:

    def setUp(self):
        super().setUp()
        self.busy = inventory.add_device(self.context, 'node-1', handles=3)
        self.mdev = inventory.add_device(
            self.context, 'node-1', dev_type='GPU', address='0000:b0:00.0',
            handles=3, rc='VGPU', traits=(), driver='gpu',
            handle_type='MDEV')
        self.broken = inventory.add_device(
            self.context, 'node-2', address='0000:5e:00.0', handles=2)
        for name, rc in (('fpga', 'FPGA'), ('vgpu', 'VGPU')):
            dp_ops.create(self.context, dp_obj.DeviceProfile(
                uuid=uuidutils.generate_uuid(), name=name,
                description=None, groups=[{'resources:%s' % rc: '1'}]))

    def _sql(self, statement):
        with self.db.engine.begin() as conn:
            conn.execute(statement)

    def _in_use(self, device):
        with self.db.engine.connect() as conn:
            return [h.in_use for h in conn.execute(
                sa.select(AH.in_use).where(
                    AH.deployable_id == device['deployable_id'])
                .order_by(AH.id))]

    def _cycle(self, context, index):
        """Bind an ARQ, then unbind or delete it."""
        profile, device = (('fpga', self.busy) if index % 2 else
                           ('vgpu', self.mdev))
        nova = nova_boot.NovaBoot(context=context)
        arqs = nova.create(profile)
        try:
            nova.bind(arqs, 'node-1', device['rp_uuid'],
                      uuidutils.generate_uuid())
        except exception.BindRefused:
            # Four binders share three handles: all may be taken for a
            # moment.  Nova then deletes the ARQ.
            arq_delete.delete(context, arqs)
            return
        if index % 3:
            arq_delete.delete(context, arqs)
        else:
            arq_release.unbind(context, arqs)
            arq_delete.delete(context, arqs)

    def _threads(self, targets):
        errors = []
        barrier = threading.Barrier(len(targets))

        def run(target):
            context = cyborg_context.get_admin_context()
            barrier.wait()
            try:
                target(context)
            except Exception as exc:
                errors.append(exc)

        threads = [threading.Thread(target=run, args=(t,)) for t in targets]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
        return errors

    def test_heal_while_binding(self):
        # One handle of node-2 in use that nothing holds; one free handle
        # that a Bound ARQ references.
        leaked, held = self.broken['handle_uuids']
        self._sql(sa.update(AH).where(AH.uuid == leaked).values(in_use=True))
        nova_boot.NovaBoot(context=self.context).boot(
            'fpga', 'node-2', self.broken['rp_uuid'])
        self._sql(sa.update(AH).where(AH.uuid == held).values(in_use=False))
        findings = []

        def binder(index):
            def cycles(context):
                for n in range(CYCLES):
                    self._cycle(context, index * CYCLES + n)
            return cycles

        def healer(context):
            for _ in range(HEALS):
                findings.extend(audit_handles.audit(context, heal=True))

        errors = self._threads([binder(i) for i in range(BINDERS)] +
                               [healer])
        self.assertEqual([], errors)
        self.assertEqual(
            sorted([(audit_handles.UNHELD, leaked),
                    (audit_handles.HELD_FREE, held)]),
            sorted((f.kind, f.handle) for f in findings))
        self.assertEqual([True, False], sorted(self._in_use(self.broken),
                                               reverse=True))
        # Every ARQ of the cycles is gone, and so is every handle's use.
        self.assertEqual([False] * 3, self._in_use(self.busy))
        self.assertEqual([False] * 3, self._in_use(self.mdev))
        with self.db.engine.connect() as conn:
            self.assertEqual([states.BOUND], list(conn.execute(
                sa.select(ARQ.state)).scalars()))
        self.assertEqual([], audit_handles.audit(self.context))


class TestHandleAuditSQLite(_HandleAuditMixin, base.DbTestCase):
    BACKEND = 'sqlite'


class TestHandleAuditMySQL(_HandleAuditMixin, base.DbTestCase):
    BACKEND = 'mysql'


class TestHandleAuditPostgreSQL(_HandleAuditMixin, base.DbTestCase):
    BACKEND = 'postgresql'
