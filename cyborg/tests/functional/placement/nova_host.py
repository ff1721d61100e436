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
"""One compute node, n1, with the fake driver's devices in the real
Placement and the stand-in for Nova: the set-up of the tests of Nova's
servers (test_instance, test_instance_audit; NovaTestCase without the
devices: fake_host).
"""

from cyborg import conf as cyborg_conf
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.conductor.inventory import reports
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture

CONF = cyborg_conf.CONF


class NovaTestCase(base.DbTestCase):
    """Sets ``placement`` (with the compute nodes ``COMPUTE_NODES``),
    ``client``, ``nova``, ``nova_client`` and ``nova_boot`` (Nova's boot,
    in process).
    """

    COMPUTE_NODES = ()

    def setUp(self):
        super().setUp()
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=self.COMPUTE_NODES))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=self.nova.url)
        self.nova_client = nova_client.from_conf(CONF)
        self.nova_boot = nova_boot.NovaBoot(context=self.context)


class NovaHostTestCase(NovaTestCase):
    """A NovaTestCase that reports n1's ``DEVICES`` (fake driver) from a
    live agent.
    """

    COMPUTE_NODES = ['n1']
    DEVICES = ['fpga=1', 'vgpu=1']

    def setUp(self):
        super().setUp()
        # The agent's liveness is not what these tests are about: its one
        # heartbeat must not run out while a loaded machine binds.
        self.flags(service_down_time=600)
        service_queries.heartbeat(self.context, 'n1', 'cyborg-agent')
        self.flags(group='fake_driver', devices=self.DEVICES)
        records = fake.FakeDriver(CONF, 'n1').discover()
        reports.report(self.context, self.client, 'n1', 1, 'h',
                         hardware.HardwareList(objects=records))
