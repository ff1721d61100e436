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
"""Compute nodes whose agents run the fake driver's simulated devices in
process, with the conductor's flows, the real Placement and the stand-in
for Nova: the set-up of the tests of devices configured at their edges
(test_device_config_edges, test_device_config_states) and of
configuration rollouts (test_configuration_rollout*).

Each FakeHost is an agent as it runs: its resource tracker with the fake
driver installed through the API (so that an operator's change of the
driver's configuration loads it anew, and it forgets what it made, as
the all-in-one's simulator does), its heartbeat (the configurations the
conductor hands), its discoveries and reports (applied and pushed by the
conductor's report handling), and the conductor's periodic task.
"""

import os

import fixtures
from hypothesis import strategies as st
from oslo_utils import uuidutils

from cyborg import conf as cyborg_conf
from cyborg import exception
from cyborg import servicegroup
from cyborg.agent import last_known
from cyborg.agent import resource_tracker
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.attach import instance as instance_ops
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import service as service_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.objects import hardware
from cyborg.tests.fixtures import reporting
from cyborg.tests.functional.placement import nova_host

CONF = cyborg_conf.CONF
#: The devices of a host: one QAT, one GPU and one NIC (one bus each, in
#: the order of cyborg.drivers.fake.TYPES).
DEVICES = ('qat=1', 'gpu=1', 'nic=1')
ADDRESSES = {'qat': '0000:0c:00.0', 'gpu': '0000:0d:00.0',
             'nic': '0000:0e:00.0'}
#: What a refused bind raises (the ARQs are left as they were).
BOOT_REFUSED = (exception.BindRefused, exception.BindTargetInvalid)
#: The configurations the property test sets and the focused tests use.
MIG = {'mode': 'mig', 'mig_layout': '3g.40gb,3g.40gb'}


class ConfigHostTestCase(nova_host.NovaTestCase):
    """A NovaTestCase with ``state_dir``; host() makes a FakeHost."""

    def setUp(self):
        super().setUp()
        # The agents' liveness is not what these tests are about: their
        # one heartbeat each must not run out on a loaded machine.
        self.flags(service_down_time=86400)
        self.state_dir = self.useFixture(fixtures.TempDir()).path
        self.profiles = set()
        # As the conductor: what a binding's end leaves to clean is
        # pushed reserved before the call that ended it answers.
        lifecycle.serve(lifecycle.Services(
            reserve=lambda context, hosts: push.reserve_now(
                context, self.client, hosts)))

    def host(self, name, devices=DEVICES):
        return FakeHost(self, name, devices)

    def interval(self, hosts, down=(), sample=None):
        """The conductor's periodic work (the drained released, the
        rollouts advanced, the hosts they changed pushed), then a report
        interval of each of *hosts* but those named in *down*; *sample*
        called after the conductor's work and after each agent's.
        """
        names = set(configuration.release_drained(self.context))
        names.update(rollout_ops.advance(self.context))
        for name in sorted(names):
            push.push(self.context, self.client, name)
        sample = sample or (lambda: None)
        sample()
        for host in hosts:
            if host.name not in down:
                host.cycle()
                sample()

    def profile(self, rc):
        """The device profile of one *rc* (made the first time)."""
        name = 'dp-' + rc.lower().replace('_', '-')
        if name not in self.profiles:
            dp_ops.create(self.context, dp_obj.DeviceProfile(
                uuid=uuidutils.generate_uuid(), name=name, description=None,
                groups=[{'resources:%s' % rc: '1'}]))
            self.profiles.add(name)
        return name


class FakeHost:
    """One compute node and its agent (see the module docstring).

    :param test: its ConfigHostTestCase.
    :param devices: ``[fake_driver] devices`` of its driver.
    """

    def __init__(self, test, name, devices=DEVICES):
        self.test = test
        self.context = test.context
        self.name = name
        self.devices = list(devices)
        self.reloads = 0
        self.root = test.placement.add_compute_node(name)
        # VCPUs for Nova's servers, which attach adds to.
        test.client.set_inventories(self.root, {'VCPU': {
            'total': 64, 'reserved': 0, 'min_unit': 1, 'max_unit': 64,
            'step_size': 1, 'allocation_ratio': 1.0}})
        service_queries.heartbeat(self.context, name, servicegroup.AGENT)
        self.last_known = last_known.LastKnown(
            os.path.join(test.state_dir, name + '.json'))
        self.start_agent()

    # The agent ------------------------------------------------------------

    def _installs(self):
        """The fake driver as the operator configured it through the API
        (each change loads it anew).
        """
        config = {'devices': list(self.devices)}
        if self.reloads % 2:
            config['program_seconds'] = 0.0
        return [{'name': 'fake', 'config': {'fake_driver': config}}]

    def start_agent(self):
        """An agent (re)started: drivers loaded anew, the configurations
        asked for, the devices to configure reported held, then each
        applied and reported in turn.
        """
        self.tracker = resource_tracker.ResourceTracker(
            self.name, {}, {}, reporting.InProcessConductor(self.test.client),
            last_known=self.last_known)
        self.tracker.apply_installs(CONF, self._installs())
        self.revision = None
        self.heartbeat()
        self.report()

    def reload_driver(self, devices=None):
        """The operator changes the driver's configuration (``PATCH
        /v2/drivers``): loaded anew, the configurations handed again.
        """
        self.reloads += 1
        if devices is not None:
            self.devices = list(devices)
        self.tracker.apply_installs(CONF, self._installs())
        self.revision = None
        self.heartbeat()
        self.report()

    def driver(self):
        return self.tracker.driver('fake')

    def heartbeat(self):
        """The agent's hello: what the conductor hands, taken, and
        applied one at a time, each reported (the agent's work thread,
        cyborg.agent.manager); all of them asked for, the devices are
        reported held first.
        """
        answer = configuration.for_agent(self.context, self.name,
                                         self.revision or '')
        if answer is None:
            return
        configs, revision = answer
        held_first = self.revision is None
        self.revision = revision
        if self.tracker.expect(configs) and held_first:
            self.report()
        while self.tracker.configure_next():
            self.report()
        if self.tracker.deferred:
            self.revision = None

    def report(self):
        """A discovery and its report (applied and pushed)."""
        self.tracker.update(self.context)

    def cycle(self, times=1):
        """A report interval of the agent and of the conductor."""
        for _ in range(times):
            self.heartbeat()
            self.report()
            self.test.assertEqual([], [
                h for h in configuration.release_drained(self.context)
                if h != self.name])
            push.push(self.context, self.test.client, self.name)
            reports.periodic(self.context, self.test.client)

    # The operator -----------------------------------------------------------

    def device(self, kind):
        return device_queries.get(self.context, self.uuid(kind))

    def uuid(self, kind):
        return hardware.device_uuid(self.name, 'fake', ADDRESSES[kind])

    def configure(self, kind, desired, drain=False):
        """``PUT /v2/devices/{uuid}/configuration`` and what the conductor
        does after its answer (a push, the agent told).
        """
        config = configuration.configure(self.context, self.uuid(kind),
                                         desired, drain=drain)
        push.push(self.context, self.test.client, self.name)
        self.heartbeat()
        return config

    def forget(self, kind):
        configuration.forget(self.context, self.uuid(kind))
        push.push(self.context, self.test.client, self.name)

    def config(self, kind):
        return config_queries.get(self.context, self.uuid(kind))

    # Nova -------------------------------------------------------------------

    def rp_uuid(self, deployable):
        return placement_sync.rp_uuid('%s_%s' % (self.name, deployable))

    def boot(self, rc, rp_uuid, allocate=True):
        """A server booted with one *rc* from the provider: Nova's
        allocation (unless not *allocate*: a bind made directly, its
        allocation tried and left out when Placement refuses it), its ARQ
        bound.  :returns: (arq uuid, server uuid).
        """
        server = uuidutils.generate_uuid()
        try:
            self.test.client.change_consumer(
                server, add={self.root: {'resources': {'VCPU': 1}},
                             rp_uuid: {'resources': {rc: 1}}},
                project_id='p1', user_id='u1')
        except exception.PlacementError:
            if allocate:
                raise
        profile = self.test.profile(rc)
        [arq], _ = self.test.nova_boot.boot(profile, self.name, rp_uuid,
                                            instance=server)
        self.test.nova.servers.add(server, self.name, project_id='p1',
                                   user_id='u1', device_profile=profile)
        return arq, server

    def attach(self, server, rc):
        """``cyborg attach-instance``: :returns: its ARQs."""
        answer = instance_ops.attach(
            self.context, self.test.client, self.test.nova_client, server,
            self.test.profile(rc))
        return sorted(answer['arqs'])

    def detach(self, server, arqs):
        instance_ops.detach(self.context, self.test.client,
                            self.test.nova_client, server, arq_uuids=arqs)

    def delete(self, server):
        """Nova deletes the server: its ARQs (as the conductor's
        arq_delete: what it left to clean reserved before it answers),
        then its allocations.
        """
        arq_delete.delete(self.context, instance_uuid=server)
        self.test.placement.deallocate(server)
        self.test.nova.servers.remove(server)

    # Placement --------------------------------------------------------------

    def offered(self, rc):
        """The providers of this host Placement offers one *rc* of (what
        the scheduler may pick), by uuid.
        """
        return offered(self.test, rc, self.root).get(self.root, set())

    def providers(self):
        """{name without the host: uuid} of the host's device providers."""
        prefix = self.name + '_'
        return {rp['name'][len(prefix):]: rp['uuid']
                for rp in self.test.client.list_providers(in_tree=self.root)
                if rp['uuid'] != self.root}

    def allocations(self, consumer):
        """{provider uuid: {rc: amount}} of a consumer."""
        return {rp: a['resources'] for rp, a in self.test.client.get_consumer(
            consumer)['allocations'].items()}


def offered(test, rc, in_tree=None, required=None):
    """``{root provider uuid: {provider uuid}}`` of what Placement offers
    one *rc* of (what the scheduler may pick), on the tree of *in_tree*
    or on every host (one request for them all), with the trait
    *required* if given (none while the class or trait is not pushed).
    """
    params = {'resources': '%s:1' % rc}
    if in_tree:
        params['in_tree'] = in_tree
    if required:
        params['required'] = required
    resp = test.placement.adapter.get(
        '/allocation_candidates', params=params, microversion='1.36',
        raise_exc=False)
    if resp.status_code == 400 and ('No such resource class' in resp.text or
                                    'No such trait' in resp.text):
        return {}
    if resp.status_code != 200:
        raise AssertionError('allocation candidates: %s %s' % (
            resp.status_code, resp.text))
    body = resp.json()
    found = {}
    for request in body['allocation_requests']:
        for rp in request['allocations']:
            root = body['provider_summaries'][rp]['root_provider_uuid']
            found.setdefault(root, set()).add(rp)
    return found


def pick(data, items):
    """One of *items* (None when there is none), drawn alike whatever
    their number: a state machine's step that draws from what the
    services answered (Placement's offers, what was refused) would
    otherwise draw otherwise when the same steps meet another answer,
    which hypothesis fails as a flaky strategy.
    """
    index = data.draw(st.integers(0, 255), label='pick')
    return items[index % len(items)] if items else None


def refused(call, *args, **kwargs):
    """Call an operator's verb; the expected refusal (a 4xx) or None."""
    try:
        call(*args, **kwargs)
    except (exception.Invalid, exception.Conflict, exception.NotFound) as exc:
        return exc
    return None
