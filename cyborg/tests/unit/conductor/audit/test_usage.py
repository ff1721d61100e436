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
"""The usage audit (cyborg.conductor.audit.usage): intervals whose ARQ
went away otherwise than through Cyborg's flows, and bindings without
interval.
"""

import datetime

import sqlalchemy as sa

from cyborg import states
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor.audit import usage as usage_audit
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import usage as usage_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import notifications

T0 = datetime.datetime(2026, 11, 3, 9, 0, 0)
ARQS = models.ExtendedAcceleratorRequest


def at(seconds):
    return T0 + datetime.timedelta(seconds=seconds)


@db_api.context_manager.writer
def _edit(context, arq_uuid, delete=False, **values):
    """What an operator's SQL does, behind Cyborg's back."""
    where = ARQS.uuid == arq_uuid
    context.session.execute(sa.delete(ARQS).where(where) if delete else
                            sa.update(ARQS).where(where).values(**values))


class UsageAuditTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture(T0)
        device = inventory.add_device(self.context, 'n1', handles=4)
        self.arqs = inventory.add_bound_arqs(
            self.context, device, ['s1', 's2', 's3', 's4'],
            project_id='p1')
        for arq, instance in zip(self.arqs, ('s1', 's2', 's3')):
            usage_queries.open_interval(self.context, arq, T0, {
                'instance_uuid': instance, 'project_id': 'p1',
                'hostname': 'n1', 'resource_class': 'FPGA'})
        self.kept, self.deleted, self.unbound, self.unrecorded = self.arqs
        # s4's ARQ became Bound at 10 s without its interval (a restore).
        _edit(self.context, self.unrecorded, updated_at=at(10))
        self.clock.advance(100)
        _edit(self.context, self.deleted, delete=True)
        _edit(self.context, self.unbound, state=states.UNBOUND,
              updated_at=at(40))
        self.clock.advance(100)
        self.sent = self.useFixture(notifications.Notifications())

    def _intervals(self):
        return {row['arq_uuid']: row for row in usage_queries.page(
            self.context, T0, self.clock.now)}

    def test_audit_finds_and_changes_nothing(self):
        found = usage_audit.audit(self.context)
        self.assertEqual(
            {(usage_audit.ORPHAN, self.deleted, None),
             (usage_audit.ORPHAN, self.unbound, None),
             (usage_audit.UNRECORDED, self.unrecorded, None)},
            {(f.kind, f.arq, f.repaired) for f in found})
        by_arq = {f.arq: f.detail for f in found}
        self.assertIn('its ARQ is gone, when is not recorded (heal: close '
                      'it at 2026-11-03T09:03:20)', by_arq[self.deleted])
        self.assertIn('its ARQ is Unbound since then (heal: close it at '
                      '2026-11-03T09:00:40)', by_arq[self.unbound])
        self.assertEqual([None, None, None], [
            row['ended_at'] for row in self._intervals().values()])
        self.assertEqual([], usage_audit.audit(self.context, host='n2'))

    def test_heal_closes_at_the_time_the_binding_went_away(self):
        found = usage_audit.audit(self.context, heal=True)
        self.assertEqual({True}, {f.repaired for f in found})
        rows = self._intervals()
        self.assertEqual(
            {self.kept: (None, None), self.deleted: (at(200), 'audit'),
             self.unbound: (at(40), 'audit'),
             self.unrecorded: (None, None)},
            {arq: (row['ended_at'], row['ended_by'])
             for arq, row in rows.items()})
        # The binding without interval has one from its last change.
        self.assertEqual((at(10), 'p1', 's4', 'FPGA'), (
            rows[self.unrecorded]['started_at'],
            rows[self.unrecorded]['project_id'],
            rows[self.unrecorded]['instance_uuid'],
            rows[self.unrecorded]['resource_class']))
        self.assertEqual(
            {(self.deleted, 200, 'audit'), (self.unbound, 40, 'audit')},
            {(data['arq_uuid'], data['seconds'], data['ended_by'])
             for _, data in self.sent.events('accelerator_usage.close')})
        self.assertEqual([], usage_audit.audit(self.context))

    def test_the_conductor_heals_periodically(self):
        self.flags(group='conductor', usage_audit_interval=300)
        mgr = conductor_manager.ConductorManager('c1', 'cyborg-conductor')
        self.addCleanup(mgr.pool.stop)
        self.assertIn((300, usage_audit.periodic), mgr.periodic_tasks())
        found = usage_audit.periodic(self.context)
        self.assertEqual(3, len(found))
        self.assertEqual([], usage_audit.audit(self.context))
        self.flags(group='conductor', usage_audit_interval=0)
        mgr = conductor_manager.ConductorManager('c2', 'cyborg-conductor')
        self.addCleanup(mgr.pool.stop)
        self.assertNotIn(usage_audit.periodic,
                         [task for _, task in mgr.periodic_tasks()])
