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
"""A host of fake devices whose configurations the tests change."""

from unittest import mock

from oslo_serialization import jsonutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import states
from cyborg.agent import resource_tracker
from cyborg.conductor.devices import configuration
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_class as dc_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import notifications as notify_fixture

CONF = cyborg_conf.CONF
HOST = 'n1'


class ConfigHostTestCase(base.DbTestCase):
    """One host of the fake driver's devices (DEVICES), its agent's
    tracker reporting to the conductor's report handling, and what the
    Placement push would record, on SQLite and without Placement.
    """

    DEVICES = ['fpga=1', 'qat=1', 'gpu=1']

    def setUp(self):
        super().setUp()
        self.notes = self.useFixture(notify_fixture.Notifications())
        self.flags(devices=self.DEVICES, group='fake_driver')
        # The agent is heard of once: no test here takes it down, and a
        # loaded machine (a report of 3 to 6 s under starve beside a
        # second suite) must not either, which the tests' 3 s would.
        self.flags(service_down_time=3600)
        service_queries.heartbeat(self.context, HOST, 'cyborg-agent')
        self.driver = fake.FakeDriver(CONF, HOST)
        self.tracker = resource_tracker.ResourceTracker(
            HOST, {'fake': self.driver}, {'fake': 'fake'}, mock.Mock())
        self.generation = 0
        self._report()

    def _report(self):
        """The agent discovers (its tracker) and reports (to the
        conductor's report handling).
        """
        self.tracker._discover(['fake'])
        records = self.tracker._records
        self.generation += 1
        reports.report(self.context, None, HOST, self.generation,
                         hardware.inventory_hash(records),
                         hardware.HardwareList(objects=records))
        self._pushed()

    def _pushed(self):
        """What the Placement push would do: clear the host's mark, delete
        the gone deployables nothing holds (their providers deleted) and
        record each other provider as written (desired()).
        """
        host_queries.claim_sync(self.context, HOST, 't', 60)
        snap = host_inventory.load(self.context, HOST)
        for dep in list(snap.deployables.values()):
            if (dep['removed_at'] is not None and
                    host_inventory.delete_deployable(self.context,
                                                     dep['id'])):
                snap.drop(dep['name'])
        reported = {r.uuid for r in self.tracker._records}
        kept = {d['device_id'] for d in snap.deployables.values()}
        for device in snap.devices.values():
            if device['uuid'] not in reported and device['id'] not in kept:
                host_inventory.delete_device(self.context, device['id'])
        classes = dc_queries.get_selectors(self.context)
        # One transaction for the host's providers, as a push's round.
        with db_api.context_manager.writer.using(self.context):
            for dep in snap.deployables.values():
                want = placement_sync.desired(snap, dep, True, 'cn',
                                              classes)
                host_inventory.update(
                    self.context, 'deployables', dep['id'],
                    {'rp_state': jsonutils.dumps(dict(want, generation=1))})
        host_queries.release_sync(self.context, HOST, 't', False)

    def _bind(self, device, instance):
        """An ARQ of *instance* bound to a deployable of *device*."""
        dp = dp_queries.create(self.context, 'dp-' + instance,
                               'dp-' + instance,
                               [{'resources:CUSTOM_QAT': '1'}])
        [arq] = arq_queries.create(self.context, dp, 'p1', [1])
        snap = host_inventory.load(self.context, HOST)
        deployable = next(d for d in snap.deployables.values()
                          if d['device_id'] == device['id'] and
                          any(not h['in_use'] for h in
                              snap.handles.get(d['id'], ())))
        handle = next(h for h in snap.handles[deployable['id']]
                      if not h['in_use'])
        with self.db.engine.begin() as conn:
            conn.execute(sa.update(models.AttachHandle).where(
                models.AttachHandle.id == handle['id']).values(in_use=True))
            conn.execute(sa.update(models.ExtendedAcceleratorRequest)
                         .where(models.ExtendedAcceleratorRequest.uuid ==
                                arq['uuid'])
                         .values(instance_uuid=instance, state=states.BOUND,
                                 deployable_id=deployable['id'],
                                 attach_handle_id=handle['id']))
        return arq

    def _unbind(self, arq):
        with self.db.engine.begin() as conn:
            handle = conn.execute(sa.select(
                models.ExtendedAcceleratorRequest.attach_handle_id).where(
                    models.ExtendedAcceleratorRequest.uuid ==
                    arq['uuid'])).scalar()
            conn.execute(sa.delete(models.ExtendedAcceleratorRequest).where(
                models.ExtendedAcceleratorRequest.uuid == arq['uuid']))
            conn.execute(sa.update(models.AttachHandle).where(
                models.AttachHandle.id == handle).values(in_use=False))

    def _state(self, device):
        return config_queries.get(self.context, device['uuid'])['state']

    def _agent_takes(self, revision=''):
        """The agent's heartbeat: what the conductor hands, applied."""
        answer = configuration.for_agent(self.context, HOST, revision)
        if answer is None:
            return None
        configs, revision = answer
        done = agent_config.configure(self.tracker, configs)
        self._report()
        return done, revision
