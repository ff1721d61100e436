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
"""Every reason a device is held out of scheduling, walked on the fake
driver's devices through the agent's resource tracker, the conductor's
flows and the real Placement: at each step the capacity view (GET
/v2/capacity's query) and the metric ``cyborg_accelerators`` count, per
resource class, what Placement offers.

Placement's ``reserved`` counts a held provider's whole inventory, its
allocations too; the view counts each accelerator once, bound first.  So
for each resource class: the view's ``total`` is Placement's, ``bound``
its usage, ``free`` what Placement can still allocate (per provider,
``total - reserved - used``, never below 0), and ``reserved`` the rest.
"""

from oslo_utils import timeutils
from oslo_utils import uuidutils
import pytest

from cyborg import conf as cyborg_conf
from cyborg import servicegroup
from cyborg.agent import resource_tracker
from cyborg.api import capacity
from cyborg.api import metrics as api_metrics
from cyborg.clients import placement as placement_client
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.devices import cleaning
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import device as device_ops
from cyborg.conductor.devices import device_class
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db.queries import capacity as capacity_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import cleaning as clean_fixture
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.fixtures import reporting

pytestmark = pytest.mark.slow(3)

CONF = cyborg_conf.CONF
HOST = 'n1'
# The fake driver's addresses of qat=1,gpu=1,npu=1 (one bus each, in the
# order of fake.TYPES).
QAT, GPU, NPU = '0000:0c:00.0', '0000:0d:00.0', '0000:0e:00.0'


class HoldReasonsTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.clock = self.time_fixture()
        self.flags(service_down_time=60)
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            compute_nodes=[HOST]))
        self.flags(group='placement', **self.placement.cyborg_options())
        self.client = placement_client.from_conf(CONF)
        self.flags(group='fake_driver', devices=['qat=1', 'gpu=1', 'npu=1'])
        self.driver = fake.FakeDriver(CONF, HOST)
        service_queries.heartbeat(self.context, HOST, servicegroup.AGENT)
        self.tracker = resource_tracker.ResourceTracker(
            HOST, {'fake': self.driver}, {'fake': 'fake'},
            reporting.InProcessConductor(self.client))
        self.tracker.update(self.context)
        self.revision = None

    # Helpers ---------------------------------------------------------------

    def _uuid(self, address):
        return hardware.device_uuid(HOST, 'fake', address)

    def _rp(self, suffix):
        return placement_sync.rp_uuid('%s_FakeDevice_%s' % (HOST, suffix))

    def _push(self):
        push.push(self.context, self.client, HOST)

    def _discover(self):
        self.tracker.update(self.context)

    def _placement(self):
        """{resource class: counts} as Placement offers them."""
        counts = {}
        for rp in self.placement.tree(HOST).values():
            usages = self.placement.adapter.get(
                '/resource_providers/%s/usages' % rp['uuid'],
                microversion='1.36').json()['usages']
            for rc, inventory in rp['inventories'].items():
                used = usages.get(rc, 0)
                mine = counts.setdefault(rc, dict.fromkeys(
                    ('total', 'free', 'bound', 'reserved'), 0))
                mine['total'] += inventory['total']
                mine['bound'] += used
                mine['free'] += max(0, inventory['total'] -
                                    inventory['reserved'] - used)
        for mine in counts.values():
            mine['reserved'] = mine['total'] - mine['free'] - mine['bound']
        return counts

    def _view(self):
        """{resource class: entry} of the capacity view of the host."""
        hosts, totals = capacity_queries.view(
            self.context, servicegroup.up_since(), host=HOST)
        [host] = capacity.render(hosts, totals)['hosts']
        return {e['resource_class']: e for e in host['resource_classes']}

    def _metric(self):
        """{resource class: {state: value}} of cyborg_accelerators, and
        {resource class: {reason: value}} of cyborg_accelerators_reserved.
        """
        self.flags(group='metrics', cache_seconds=0)
        found = {'cyborg_accelerators': {},
                 'cyborg_accelerators_reserved': {}}
        for family in api_metrics.FleetCollector(CONF).collect():
            if family.name not in found:
                continue
            for sample in family.samples:
                counts = found[family.name].setdefault(
                    sample.labels['resource_class'], {})
                key = sample.labels.get('state') or sample.labels['reason']
                counts[key] = counts.get(key, 0) + sample.value
        return (found['cyborg_accelerators'],
                found['cyborg_accelerators_reserved'])

    def _check(self, held=None, reason=None):
        """The view and the metric count what Placement offers; with
        *held* ({resource class: count}), that many accelerators of each
        class are reserved for *reason*.
        """
        self._push()
        placement, view = self._placement(), self._view()
        metric, reasons = self._metric()
        counts = {rc: {k: entry[k] for k in capacity.COUNTS}
                  for rc, entry in view.items()}
        self.assertEqual(placement, counts, reason)
        for rc, entry in counts.items():
            self.assertEqual(
                (entry['free'], entry['bound'], entry['reserved']),
                (metric[rc]['free'], metric[rc]['bound'],
                 metric[rc]['reserved'] + metric[rc]['unhealthy']),
                (rc, reason))
            self.assertEqual(view[rc]['reserved_because'], {
                why: reasons[rc][why] for why in capacity.REASONS},
                (rc, reason))
        for rc, count in (held or {}).items():
            self.assertEqual(count, view[rc]['reserved_because'][reason],
                             (rc, reason, view[rc]))
        return view

    def _bind(self, suffix, rc):
        """Nova's boot on the provider of deployable *suffix*: its
        allocation, an ARQ bound.  :returns: (arq uuid, instance uuid).
        """
        name = 'dp-' + uuidutils.generate_uuid()[:8]
        dp_ops.create(self.context, dp_obj.DeviceProfile(
            uuid=uuidutils.generate_uuid(), name=name, description=None,
            groups=[{'resources:%s' % rc: '1'}]))
        [arq], instance = nova_boot.NovaBoot(
            context=self.context, placement=self.placement).boot(
                name, HOST, self._rp(suffix), claim={rc: 1})
        return arq, instance

    def _unbind(self, arq, instance):
        arq_delete.delete(self.context, uuids=[arq])
        self.placement.deallocate(instance)

    def _agent_applies(self):
        """The agent's heartbeat, its configure() and discovery."""
        answer = configuration.for_agent(self.context, HOST, self.revision)
        self.assertIsNotNone(answer, 'nothing handed to the agent')
        configs, self.revision = answer
        done = agent_config.configure(self.tracker, configs)
        self._discover()
        return done

    def _state(self, address):
        return config_queries.get(self.context, self._uuid(address))['state']

    # The walk ----------------------------------------------------------------

    def test_every_hold_reason_as_placement_has_it(self):
        self._check()
        arq, instance = self._bind('qat0_vf0', 'CUSTOM_QAT')
        self._check()

        # Disabled, and enabled again.
        device_ops.set_status(self.context, self.client, self._uuid(NPU),
                              device_queries.MAINTAINING)
        self._check({'CUSTOM_NPU': 1}, 'disabled')
        device_ops.set_status(self.context, self.client, self._uuid(NPU),
                              device_queries.ENABLED)
        self._check()

        # Unhealthy, recovering in its hold-down, returned by enable.
        fake_faults.health(self.driver, NPU, 'on fire')
        self._discover()
        self._check({'CUSTOM_NPU': 1}, 'unhealthy')
        fake_faults.health(self.driver, NPU)
        self._discover()
        self._check({'CUSTOM_NPU': 1}, 'recovering')
        device_ops.set_status(self.context, self.client, self._uuid(NPU),
                              device_queries.ENABLED)
        self._check()

        # The driver raises: every device held as last known, the bound
        # VF's allocation intact; back when the driver works again.
        self.flags(group='fake_driver', raise_in=['discover'])
        self._discover()
        self._check({'CUSTOM_QAT': 3, 'PGPU': 1, 'CUSTOM_NPU': 1},
                    'driver_error')
        self.flags(group='fake_driver', raise_in=[])
        self._discover()
        self._check()

        # The QAT drained to fewer VFs while one is bound: all reserved.
        configuration.configure(self.context, self._uuid(QAT),
                                {'num_vfs': 2}, drain=True)
        self.assertEqual('draining', self._state(QAT))
        self._check({'CUSTOM_QAT': 3}, 'config_draining')
        self._unbind(arq, instance)
        self.assertEqual([HOST], configuration.release_drained(
            self.context))
        self._check({'CUSTOM_QAT': 4}, 'config_pending')
        configs, self.revision = configuration.for_agent(
            self.context, HOST, self.revision)
        self.assertEqual('applying', self._state(QAT))
        self._check({'CUSTOM_QAT': 4}, 'config_applying')
        agent_config.configure(self.tracker, configs)
        self._discover()
        self.assertEqual('applied', self._state(QAT))
        self._check()

        # A MIG layout the GPU refuses: failed, the GPU reserved.
        fake_faults.config_failure(self.driver, GPU, 'MIG mode not supported')
        configuration.configure(self.context, self._uuid(GPU),
                                {'mode': 'mig', 'mig_layout': '1g.10gb'})
        self._push()
        self._agent_applies()
        self.assertEqual('failed', self._state(GPU))
        self._check({'PGPU': 1}, 'config_failed')
        configuration.forget(self.context, self._uuid(GPU))
        self._check()

        # The agent down, and back.
        self.clock.advance(61)
        reports.check_liveness(self.context, self.client)
        self._check({'CUSTOM_QAT': 2, 'PGPU': 1, 'CUSTOM_NPU': 1},
                    'agent_down')
        service_queries.heartbeat(self.context, HOST, servicegroup.AGENT)
        reports.record_agent_back(self.context, self.client, HOST)
        self._check()

        # The GPU carved by hand while a server holds it whole: the whole
        # GPU kept (gone), its MIG instances reserved until it is free.
        arq, instance = self._bind('gpu0', 'PGPU')
        self.driver.configure(GPU, {'mode': 'mig',
                                    'mig_layout': '3g.40gb,3g.40gb'})
        self._discover()
        self._check({'CUSTOM_MIG_3G_40GB': 2}, 'reshaping')
        self._unbind(arq, instance)
        self._check()
        self.assertNotIn('PGPU', self._placement())

        # The NPU gone while bound: kept, reserved, until released.
        arq, instance = self._bind('npu0', 'CUSTOM_NPU')
        self.driver.counts['npu'] = 0
        self._discover()
        view = self._check()
        self.assertEqual(1, view['CUSTOM_NPU']['bound'])
        self._unbind(arq, instance)
        self._push()
        self.assertNotIn('CUSTOM_NPU', self._placement())

    def test_a_device_cleaned_between_two_tenants_is_not_offered(self):
        """Cleaning and clean_failed as Placement has them: no allocation
        candidate is the device until its clean succeeds.
        """
        created, _hosts = device_class.create(
            self.context, 'NPUS', [{'key': 'type', 'op': '==',
                                    'value': 'AICHIP'}],
            cleaning_policy='on')
        self.assertEqual('on', created['cleaning'])
        self._push()
        cleaner = cleaning.Cleaner(None, self.client,
                                   clean_fixture.InPlacePool())
        npu = {'resources': {'CUSTOM_NPU': 1}}
        root = self.placement.compute_nodes[HOST]
        arq, instance = self._bind('npu0', 'CUSTOM_NPU')
        self._unbind(arq, instance)
        # The conductor's next work poll marks the host and pushes it.
        self.assertFalse(host_queries.needs_sync(self.context, HOST))
        cleaner.run(self.context)
        self.assertEqual({'CUSTOM_NPU': 1}, {
            rc: entry['reserved_because']['cleaning']
            for rc, entry in self._view().items()
            if entry['reserved_because']['cleaning']})
        self._check({'CUSTOM_NPU': 1}, 'cleaning')
        self.assertEqual([], self.client.allocation_candidates([npu], root))
        # A configuration of a device being cleaned waits for the clean.
        self.assertFalse(configuration.ready(self.context, self._uuid(NPU),
                                             self.client))
        self.assertTrue(configuration.ready(self.context, self._uuid(NPU),
                                            self.client, clean=True))
        [clean] = device_state.active(self.context)
        device_state.hand(self.context, clean['id'], timeutils.utcnow())
        cleaner.finish(self.context, HOST, self._uuid(NPU), clean['id'],
                       error='verification read 0xff')
        self._check({'CUSTOM_NPU': 1}, 'clean_failed')
        self.assertEqual([], self.client.allocation_candidates([npu], root))
        # Cleaned anew (an operator's retry), and clean.
        [clean] = device_state.retry(self.context, self._uuid(NPU))
        device_state.hand(self.context, clean['id'], timeutils.utcnow())
        cleaner.finish(self.context, HOST, self._uuid(NPU), clean['id'],
                       done=[])
        self._check()
        self.assertEqual(1, len(self.client.allocation_candidates(
            [npu], root)))
