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
"""Tests of discovery, driver isolation and hash-gated reports (against
the real conductor on the fake transport).
"""

from concurrent import futures
from unittest import mock

import fixtures

from cyborg import conf as cyborg_conf
from cyborg.agent import last_known
from cyborg.agent import resource_tracker
from cyborg.common import device_config
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.conductor.devices import configuration
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import host as host_queries
from cyborg.drivers import base as driver_base
from cyborg.drivers import fake
from cyborg.drivers.crypto import qat
from cyborg.tests import base
from cyborg.tests.fixtures import agent_config
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.fixtures import fake_kernel
from cyborg.tests.fixtures import fakesys
from cyborg.tests.fixtures import sysfs

CONF = cyborg_conf.CONF


class _Broken(driver_base.AcceleratorDriver):
    name = 'broken'

    def discover(self):
        raise RuntimeError('the card is on fire')


class _Recording:
    """The conductor client, recording whether full inventories went."""

    def __init__(self, real):
        self.real = real
        self.sent = []

    def __getattr__(self, name):
        return getattr(self.real, name)

    def report(self, context, **kwargs):
        self.sent.append('full' if kwargs['hardware'] is not None
                         else 'hash')
        return self.real.report(context, **kwargs)


class MergeTestCase(base.TestCase):

    def test_specific_drivers_win(self):
        generic_fake = fake.FakeDriver(CONF, 'h')
        generic_fake.catch_all = True
        generic_fake.name = 'generic'
        specific = fake.FakeDriver(CONF, 'h')
        records = resource_tracker.merge([
            (generic_fake, generic_fake.discover()),
            (specific, specific.discover())])
        self.assertEqual(['fake'], [r.driver for r in records])


class ResourceTrackerTestCase(base.DbTestCase):

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()
        self.api = _Recording(conductor_rpcapi.ConductorAPI())

    def _tracker(self, *extra, rp_name=None, known=None):
        drivers = {'fake': fake.FakeDriver(CONF, 'n1')}
        drivers.update((d.name, d) for d in extra)
        return resource_tracker.ResourceTracker(
            'n1', drivers, {n: n for n in drivers}, self.api,
            rp_name=rp_name, last_known=known)

    def _health(self):
        """{device uuid: (health, reason)} of the conductor's rows."""
        return {d['uuid']: (device_queries.health_of(d), d['health_reason'])
                for d in device_queries.get_all(self.context)}

    def test_reports_name_the_compute_node(self):
        self._tracker(rp_name='n1.example.org').update(self.context)
        self.assertEqual('n1.example.org', host_queries.get_all(
            self.context, host='n1')[0]['rp_name'])

    def test_unchanged_inventory_sends_its_hash_only(self):
        tracker = self._tracker()
        first = tracker.update(self.context)
        second = tracker.update(self.context)
        self.assertEqual(['full', 'hash'], self.api.sent)
        self.assertEqual(('stored', 'unchanged'),
                         (first['report'], second['report']))
        self.assertEqual(first['generation'], second['generation'])
        self.assertFalse(second['changed'])

    def test_changed_inventory_is_sent(self):
        tracker = self._tracker()
        tracker.update(self.context)
        self.flags(group='fake_driver', devices=['fpga=1', 'gpu=1'])
        tracker.drivers['fake'] = fake.FakeDriver(CONF, 'n1')
        summary = tracker.update(self.context, driver='fake')
        self.assertEqual(['full', 'full'], self.api.sent)
        self.assertEqual((2, True), (summary['generation'],
                                     summary['changed']))
        [host] = host_queries.get_all(self.context)
        self.assertEqual(2, len(host['hardware']))
        self.assertEqual(2, host['generation'])

    def test_conductor_without_the_hash_asks_for_the_inventory(self):
        tracker = self._tracker()
        tracker.update(self.context)
        # The conductor's database lost the report.
        with self.db.engine.begin() as conn:
            conn.exec_driver_sql('DELETE FROM hosts')
        summary = tracker.update(self.context)
        self.assertEqual(['full', 'hash', 'full'], self.api.sent)
        self.assertEqual('stored', summary['report'])
        self.assertEqual(1, len(host_queries.get_all(self.context)))

    def test_health_change_is_reported_once(self):
        tracker = self._tracker()
        tracker.update(self.context)
        fake_faults.health(tracker.drivers['fake'], '0000:0c:00.0',
                           'on fire')
        changed = tracker.update(self.context)
        tracker.update(self.context)
        self.assertEqual(['full', 'full', 'hash'], self.api.sent)
        self.assertTrue(changed['changed'])
        [host] = host_queries.get_all(self.context)
        [record] = host['hardware']
        self.assertEqual(('unhealthy', 'on fire'),
                         (record['health'], record['health_reason']))
        # Healthy again: reported, and the record is as before.
        fake_faults.health(tracker.drivers['fake'], '0000:0c:00.0')
        tracker.update(self.context)
        self.assertEqual('full', self.api.sent[-1])
        [host] = host_queries.get_all(self.context)
        self.assertNotIn('health', host['hardware'][0])

    def test_broken_driver_is_isolated(self):
        tracker = self._tracker(_Broken(CONF, 'n1'))
        summary = tracker.update(self.context)
        by_name = {d['name']: d for d in summary['drivers']}
        self.assertEqual(('READY', 1), (by_name['fake']['status'],
                                        by_name['fake']['devices']))
        self.assertEqual('ERROR', by_name['broken']['status'])
        self.assertIn('the card is on fire', by_name['broken']['detail'])
        self.assertEqual('stored', summary['report'])
        hellos = {h['name']: h['status'] for h in tracker.hellos()}
        self.assertEqual({'fake': 'READY', 'broken': 'ERROR'}, hellos)

    def test_a_failing_driver_keeps_its_devices_held(self):
        # A driver that raises is not an absence: its devices stay as last
        # known, held with the exception, and return when it works again.
        self.flags(group='fake_driver', devices=['fpga=1', 'qat=1'])
        tracker = self._tracker()
        tracker.update(self.context)
        healthy = self._health()
        self.assertEqual(2, len(healthy))
        self.flags(group='fake_driver', raise_in=['discover'])
        summary = tracker.update(self.context)
        self.assertEqual(('ERROR', 2), (summary['drivers'][0]['status'],
                                        summary['drivers'][0]['devices']))
        held = self._health()
        self.assertEqual(set(healthy), set(held))
        for health, reason in held.values():
            self.assertEqual('driver_error', health)
            self.assertIn('RuntimeError: the fake driver fails in discover',
                          reason)
        self.flags(group='fake_driver', raise_in=[])
        tracker.update(self.context)
        # Healthy at once (the last reason is kept, as after a hold-down).
        self.assertEqual({uuid: 'healthy' for uuid in healthy},
                         {uuid: h for uuid, (h, _) in self._health().items()})

    def test_a_failing_health_check_holds_the_devices(self):
        tracker = self._tracker()
        tracker.update(self.context)
        self.flags(group='fake_driver', raise_in=['check_health'])
        summary = tracker.update(self.context)
        self.assertEqual('ERROR', summary['drivers'][0]['status'])
        [(health, reason)] = self._health().values()
        self.assertEqual('driver_error', health)
        self.assertIn('fails in check_health', reason)
        self.flags(group='fake_driver', raise_in=[])
        tracker.update(self.context)
        self.assertEqual(['healthy'], [h for h, _ in self._health().values()])

    def test_last_known_devices_outlive_a_restart(self):
        # The agent restarted while its driver fails: the devices it last
        # reported are held, not deleted.
        path = self.useFixture(fixtures.TempDir()).join('last-known.json')
        self._tracker(known=last_known.LastKnown(path)).update(self.context)
        [uuid] = self._health()
        self.flags(group='fake_driver', raise_in=['discover'])
        # Restarted twice: what it knew is kept while the driver fails.
        for _restart in range(2):
            restarted = self._tracker(known=last_known.LastKnown(path))
            restarted.update(self.context)
            [(health, reason)] = self._health().values()
            self.assertEqual('driver_error', health)
            self.assertEqual([uuid], [r['uuid'] for r in
                                      restarted.hardware()['hardware']])

    def test_an_installed_driver_that_will_not_load_keeps_its_devices(self):
        # The agent restarted, and the driver installed through the API
        # no longer loads (here its configuration is refused; a library
        # gone would do the same): the devices it last reported are held
        # with the reason, not deleted, until it loads again.
        path = self.useFixture(fixtures.TempDir()).join('last-known.json')
        works = [{'name': 'fake',
                  'config': {'fake_driver': {'devices': 'fpga=1'}}}]
        broken = [{'name': 'fake',
                   'config': {'fake_driver': {'devices': 'x'}}}]

        def start():
            return resource_tracker.ResourceTracker(
                'n1', {}, {}, self.api,
                last_known=last_known.LastKnown(path))
        tracker = start()
        self.assertEqual({}, tracker.apply_installs(CONF, works))
        tracker.update(self.context)
        [uuid] = self._health()
        for _restart in range(2):
            tracker = start()
            self.assertIn('fake', tracker.apply_installs(CONF, broken))
            tracker.update(self.context)
            [(health, reason)] = self._health().values()
            self.assertEqual('driver_error', health)
            self.assertIn('could not be loaded', reason)
            self.assertEqual([uuid], [r['uuid'] for r in
                                      tracker.hardware()['hardware']])
        self.assertEqual({}, tracker.apply_installs(CONF, works))
        tracker.update(self.context)
        self.assertEqual({uuid: 'healthy'},
                         {u: h for u, (h, _) in self._health().items()})

    def test_a_configuration_that_breaks_the_driver_fails(self):
        # The configuration applies, then the driver's discovery raises:
        # it is failed, with the exception, and not handed again (as at
        # the agent's next start).
        self.flags(group='fake_driver', devices=['qat=1'])
        tracker = self._tracker()
        tracker.update(self.context)
        [uuid] = self._health()
        configuration.configure(self.context, uuid, {'num_vfs': 2})
        configs, _revision = configuration.for_agent(
            self.context, 'n1', None, placement=False)
        self.assertEqual('applied', agent_config.configure(
            tracker, configs)[uuid]['state'])
        self.flags(group='fake_driver', raise_in=['discover'])
        tracker.update(self.context)
        config = config_queries.get(self.context, uuid)
        self.assertEqual('failed', config['state'])
        self.assertIn('fails in discover', config['reason'])
        self.assertEqual([], configuration.for_agent(
            self.context, 'n1', None, placement=False)[0])

    def test_a_device_is_held_until_its_configuration_is_back(self):
        # Taken, the QAT reports its configuration applying (the
        # conductor holds it), then applied; the driver works without
        # the drivers' lock: the metrics are served meanwhile.
        self.flags(group='fake_driver', devices=['qat=1', 'gpu=1'])
        tracker = self._tracker()
        tracker.update(self.context)
        [uuid] = [r.uuid for r in tracker._records if r.type == 'QAT']
        config = {'device_uuid': uuid, 'generation': 1,
                  'desired': {'num_vfs': 2}}
        self.assertTrue(tracker.expect([config]))
        tracker.update(self.context)
        self.assertEqual({uuid: 'applying'}, self._applied(tracker))
        driver = tracker.drivers['fake']
        real = driver.configure
        served = []

        def configure(address, desired):
            pool = futures.ThreadPoolExecutor(1)
            try:
                served.append(pool.submit(tracker.telemetry_series).result(
                    timeout=30))
            finally:
                # Not waited for: the read waits for the lock if held.
                pool.shutdown(wait=False)
            return real(address, desired)

        with mock.patch.object(driver, 'configure', autospec=True,
                               side_effect=configure):
            self.assertEqual({uuid: {'generation': 1, 'state': 'applied',
                                     'reason': None}},
                             tracker.configure_next())
        self.assertEqual(1, len(served))
        self.assertEqual({}, tracker.configure_next())
        tracker.update(self.context)
        self.assertEqual({uuid: 'applied'}, self._applied(tracker))
        self.assertFalse(tracker.expect([config]))

    def _applied(self, tracker):
        return {r['uuid']: r['configuration']['applied']['state']
                for r in tracker.hardware()['hardware']
                if 'applied' in (r['configuration'] or {})}

    def test_unreachable_conductor_is_retried_with_the_inventory(self):
        tracker = self._tracker()
        self.api.real = conductor_rpcapi.ConductorAPI(topic='nobody')
        self.flags(rpc_response_timeout=1)
        self.assertEqual('failed', tracker.update(self.context)['report'])
        # The conductor that answers gets time, however busy the machine.
        self.flags(rpc_response_timeout=60)
        self.api.real = conductor_rpcapi.ConductorAPI()
        self.assertEqual('stored', tracker.update(self.context)['report'])
        self.assertEqual(['full', 'full'], self.api.sent)

    def test_hardware(self):
        tracker = self._tracker()
        self.assertEqual([], tracker.hardware()['hardware'])
        tracker.update(self.context)
        result = tracker.hardware()
        self.assertEqual(('n1', 1), (result['host'], result['generation']))
        self.assertEqual('READY', result['drivers'][0]['status'])
        self.assertEqual(16, result['hardware'][0]['acc_specs']['num'])


class SriovConfigureTestCase(base.DbTestCase):
    """A real driver's SR-IOV configuration through the agent: what the
    next report shows is what was asked (no drift).
    """

    def setUp(self):
        super().setUp()
        self.rpc_servers.start_conductor()
        host = self.useFixture(sysfs.FakeHost(sysfs.SYSFS_ROOT,
                                              fakesys.sriov_host))
        self.kernel = self.useFixture(fake_kernel.FakeKernel(host.fs))
        driver = qat.QatDriver(CONF, 'n1', pci_host=host.pci_host)
        self.tracker = resource_tracker.ResourceTracker(
            'n1', {'crypto': driver}, {'crypto': 'crypto'},
            conductor_rpcapi.ConductorAPI())

    def _qat(self):
        [record] = [r for r in self.tracker.hardware()['hardware']
                    if r['address'] == fakesys.SRIOV_QAT]
        return record

    def test_applied_and_reported_as_asked(self):
        self.tracker.update(self.context)
        desired = {'num_vfs': 4, 'vf_driver': 'vfio-pci'}
        config = {'device_uuid': self._qat()['uuid'], 'generation': 1,
                  'desired': desired}
        outcome = agent_config.configure(self.tracker, [config])
        self.assertEqual({'generation': 1, 'state': 'applied',
                          'reason': None}, outcome[config['device_uuid']])
        self.tracker.update(self.context, driver='crypto')
        record = self._qat()
        self.assertEqual({}, device_config.differences(
            desired, record['configuration']['actual']))
        self.assertEqual(4, len(record['deployables']))

    def test_a_kernel_refusal_is_a_failed_outcome(self):
        self.tracker.update(self.context)
        self.kernel.break_attribute(fakesys.SRIOV_QAT, 'sriov_numvfs')
        uuid = self._qat()['uuid']
        outcome = agent_config.configure(self.tracker, [
            {'device_uuid': uuid, 'generation': 1,
             'desired': {'num_vfs': 4}}])[uuid]
        self.assertEqual('failed', outcome['state'])
        self.assertIn('IsADirectoryError', outcome['reason'])
