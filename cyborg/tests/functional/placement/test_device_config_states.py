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
"""A device's capacity at the edges of its configuration, as a state
machine (hypothesis' RuleBasedStateMachine, issue 57): random sequences of
configure, forget, boot (bind), delete (unbind), attach, detach, driver
failure and recovery, a driver loaded anew (the simulator forgets what
it made; the NIC dropped from its devices or back) and an agent
restarted, on the fake driver's QAT, GPU and NIC of one host
(fake_host), each followed by two report intervals.  After every step,
against the real Placement:

* no physical device is offered twice: what Placement offers of it are
  providers of what it is now (the simulator's devices, the truth), and
  nothing of it while a provider of what it was is allocated;
* nothing allocated is deleted: every server's allocations are there;
* no change waits behind another device: every configuration is
  ``applied``, ``draining`` (while instances hold its device) or
  ``failed`` with its reason; ``pending`` or ``applying`` only while its
  own device's driver fails; never ``drifted``, also after a restart.

The sequences are new at each run (hypothesis prints, with a failure,
the blob that replays it, ``@reproduce_failure``, and the seed,
``--hypothesis-seed``) and bounded, and each runs on a host of its own
in one database and Placement: a failure names the rule sequence that
broke; a sequence that found a defect is kept as a test of its own.
"""

import itertools

import hypothesis
from hypothesis import stateful
from hypothesis import strategies as st
import pytest

from cyborg.common import device_config
from cyborg.db.queries import device_config as config_queries
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

SETTINGS = hypothesis.settings(
    derandomize=False, database=None, deadline=None, max_examples=8,
    stateful_step_count=12, print_blob=True,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck))
#: Report intervals after each step: a pending change is applied within
#: them, whatever the other devices hold.
INTERVALS = 2
DESIRED = {
    'qat': [{'num_vfs': 0}, {'num_vfs': 2}, {'num_vfs': 8},
            {'num_vfs': 8, 'vf_driver': 'vfio-pci'},
            {'vf_driver': 'vfio-pci'}],
    'gpu': [fake_host.MIG, {'mode': 'mig', 'mig_layout': '7g.80gb'},
            {'mig_layout': '4g.40gb,2g.20gb,1g.10gb'},
            {'mode': 'passthrough'}],
}
CLASSES = ('CUSTOM_QAT', 'PGPU', 'CUSTOM_NIC', 'CUSTOM_MIG_3G_40GB',
           'CUSTOM_MIG_7G_80GB', 'CUSTOM_MIG_4G_40GB',
           'CUSTOM_MIG_2G_20GB', 'CUSTOM_MIG_1G_10GB')
DEVICE_LISTS = {'reload': fake_host.DEVICES,
                'reload without the NIC': ('qat=1', 'gpu=1')}
HOST_EVENTS = ('discover', 'configure', 'recover', 'recover', 'restart',
               'reload', 'reload without the NIC')
WAITING = (device_config.PENDING, device_config.APPLYING)


class DeviceStates(stateful.RuleBasedStateMachine):
    """One host's devices (see the module docstring).

    :ivar servers: ``{server: {provider uuid: {rc: amount}}}`` of what
        Nova and attach allocated to each, as Placement must keep it.
    """

    def __init__(self, test, name):
        super().__init__()
        self.test = test
        test.flags(group='fake_driver', raise_in=[])
        self.host = test.host(name)
        self.servers = {}
        self.attached = {}

    def _settle(self):
        self.host.cycle(INTERVALS)

    # The operator, the host, Nova ------------------------------------------

    @stateful.rule(kind=st.sampled_from(sorted(DESIRED)), data=st.data(),
                   drain=st.booleans())
    def operator(self, kind, data, drain):
        """A configuration set (drained or not), or forgotten."""
        desired = data.draw(st.sampled_from(DESIRED[kind] + [None]))
        if desired is None:
            fake_host.refused(self.host.forget, kind)
        else:
            fake_host.refused(self.host.configure, kind, desired,
                              drain=drain)
        self._settle()

    @stateful.rule(event=st.sampled_from(HOST_EVENTS))
    def host(self, event):
        """The driver fails or recovers, is loaded anew (the simulator
        forgets what it made; the NIC dropped or back), or the agent
        restarts.
        """
        if event == 'restart':
            self.host.start_agent()
        elif event.startswith('reload'):
            self.host.reload_driver(DEVICE_LISTS[event])
        else:
            self.test.flags(group='fake_driver',
                            raise_in=[event] if event != 'recover' else [])
        self._settle()

    @stateful.rule(action=st.sampled_from(['boot', 'boot', 'delete',
                                           'attach', 'detach']),
                   data=st.data())
    def nova(self, action, data):
        """A server booted on a device offered, deleted, or given one
        more (attach) or one less (detach).
        """
        offered = sorted((rc, rp) for rc in CLASSES
                         for rp in self.host.offered(rc))
        # Each action draws twice, whatever the services answered.
        server = fake_host.pick(data, sorted(
            self.attached if action == 'detach' else self.servers))
        chosen = fake_host.pick(data, offered)
        if action == 'boot' and chosen:
            _arq, server = self.host.boot(*chosen)
            self.servers[server] = self._allocated(server)
        elif action == 'delete' and server:
            self.host.delete(server)
            del self.servers[server]
            self.attached.pop(server, None)
        elif action == 'attach' and server and chosen:
            arqs = []
            if fake_host.refused(lambda: arqs.extend(
                    self.host.attach(server, chosen[0]))) is None:
                self.attached.setdefault(server, []).append(arqs)
                self.servers[server] = self._allocated(server)
        elif action == 'detach' and server:
            arqs = self.attached[server].pop()
            if not self.attached[server]:
                del self.attached[server]
            # A running server's detach needs a reboot (Nova's): stopped
            # first, as an operator would.
            self.test.nova.servers.set_state(server, 'stopped')
            self.host.detach(server, arqs)
            self.servers[server] = self._allocated(server)
        self._settle()

    def _allocated(self, server):
        return {rp: a for rp, a in self.host.allocations(server).items()
                if rp != self.host.root}

    # What must hold ---------------------------------------------------------

    @stateful.invariant()
    def nothing_allocated_is_lost(self):
        for server, allocations in sorted(self.servers.items()):
            self.test.assertEqual(allocations, self._allocated(server),
                                  'server %s lost an allocation' % server)

    @stateful.invariant()
    def each_device_is_offered_once(self):
        truth = {d.name for record in self.host.driver().simulated()
                 for d in record.deployables}
        names = {uuid: name for name, uuid in self.host.providers().items()}
        offered = set()
        for rc in CLASSES:
            offered |= self.host.offered(rc)
        allocated = {rp for allocations in self.servers.values()
                     for rp in allocations}
        by_device = {}
        for uuid, name in names.items():
            by_device.setdefault(name.split('_')[1], []).append(uuid)
        for device, uuids in sorted(by_device.items()):
            former = [names[u] for u in uuids
                      if self.host.name + '_' + names[u] not in truth]
            self.test.assertEqual(
                [], [n for n in former if self.host.rp_uuid(n) in offered],
                'device %s: a provider of what it was is offered' % device)
            if any(self.host.rp_uuid(n) in allocated for n in former):
                self.test.assertEqual(
                    [], sorted(names[u] for u in uuids if u in offered),
                    'device %s is offered while a provider of what it was '
                    '(%s) is allocated' % (device, former))

    @stateful.invariant()
    def no_change_waits_behind_another_device(self):
        for kind in sorted(DESIRED):
            config = self.host.config(kind)
            if config is None:
                continue
            what = '%s configuration %s' % (kind, config)
            self.test.assertNotEqual(device_config.DRIFTED, config['state'],
                                     what)
            if config['state'] == device_config.FAILED:
                self.test.assertTrue(config['reason'], what)
            elif config['state'] == device_config.DRAINING:
                self.test.assertTrue(config_queries.bound_instances(
                    self.test.context, config['device_uuid']), what)
            elif config['state'] in WAITING:
                self.test.assertEqual(
                    'driver_error', self.host.device(kind)['health'], what)


class DeviceStatesTestCase(fake_host.ConfigHostTestCase):

    def test_device_states(self):
        names = ('s%d' % i for i in itertools.count())
        stateful.run_state_machine_as_test(
            lambda: DeviceStates(self, next(names)), settings=SETTINGS)
