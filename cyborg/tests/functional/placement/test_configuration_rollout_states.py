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
"""Configuration rollouts as a state machine (hypothesis'
RuleBasedStateMachine, issue 60): random sequences of rollout create
(a few QAT configurations, ``max_unavailable`` 1, 2 or a percentage,
drain, ``max_failures`` 0 or 1, follow; refusals are fine), pause,
resume, abort, a device forgotten from its rollout, a device's own
configure or forget (refused with DeviceInRollout while a rollout holds
it), a device made to fail its next change
(fake_faults.config_failure) or its driver failing every change
(``[fake_driver] raise_in``) and recovered, a QAT made unhealthy by its
driver's health check and healthy again (issue 64), a server booted on an
offered QAT VF or deleted, an agent down for intervals then back, and a
conductor restarted mid-wave (its wave stored, its pushes lost), each
followed by an interval (the conductor's periodic work, then each agent's
report).
Three hosts with one QAT each make one device class per example, which
starts with a rollout (a QAT maybe set to fail its change).  After every
step, against the database and the real Placement:

* a running or paused rollout never holds more devices out of service
  than its budget (``unavailable``): the devices it holds in progress or
  failed (a failed device counts until it is forgotten, as the admin
  guide says), and of them those Placement holds reserved;
* a rollout starts a device only while its devices out of service for
  any other reason (unhealthy, their own configuration, failed) and
  those it starts stay within its budget, as Kubernetes counts
  unavailable pods; and never starts an unhealthy device (issue 64);
* no device is held by two rollouts; a completed or aborted rollout
  holds none;
* a rollout's progress counts (done, in progress, waiting, skipped,
  failed) add up to its devices not forgotten;
* no device is reserved in Placement without a reason the database
  explains: its desired configuration draining, pending, applying or
  failed, its health held, or a provider of what it was still kept;
  and a device whose configuration reserves it is reserved;
* nothing allocated is lost: every server's allocations are there.

At the end of each example, with the failures recovered, every agent up
and the servers deleted, a few intervals later no rollout is stuck:
each is completed, aborted or paused, or (following its class) has no
device left to start or wait for.

The sequences are new at each run (hypothesis prints, with a failure,
the blob that replays it, ``@reproduce_failure``, and the seed,
``--hypothesis-seed``) and bounded (8 examples of 12 steps: about 28 s,
the file 33 s, on a two-core machine shared with other work), and each
runs on hosts and a device class of its own in one database and
Placement: a failure names the rule sequence that broke.  Two
defects are kept as sequences of their own: a rollout after a failed
configuration was forgotten (its generation reused, applying for ever:
the machine found it) and failures tolerated that hold the whole budget
(a rollout running on, starting nothing: found writing the check that
no rollout is stuck).
"""

import itertools

import hypothesis
from hypothesis import stateful
from hypothesis import strategies as st
import pytest

from cyborg import exception
from cyborg.common import configuration_rollout as rollout
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.conductor.devices import device_class
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device as device_queries
from cyborg.tests.fixtures import fake_faults
from cyborg.tests.functional.placement import fake_host

pytestmark = pytest.mark.slow(3)

SETTINGS = hypothesis.settings(
    derandomize=False, database=None, deadline=None, max_examples=8,
    stateful_step_count=12, print_blob=True,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck))
HOSTS = 'abc'
EIGHT = {'num_vfs': 8}
DESIRED = [{'num_vfs': 2}, EIGHT,
           {'num_vfs': 8, 'vf_driver': 'vfio-pci'}, {'num_vfs': 0},
           {'vf_driver': 'vfio-pci'}]
MAX_UNAVAILABLE = ['1', '2', '50%', '70%']
#: Intervals at the end for every rollout to come to rest.
SETTLE = 8
QAT = fake_host.ADDRESSES['qat']
INVARIANTS = ('nothing_allocated_is_lost',
              'no_rollout_holds_more_than_its_budget',
              'a_device_is_held_by_one_active_rollout', 'progress_adds_up',
              'nothing_is_reserved_without_a_reason')
#: A rollout's parameters (a following rollout holds its devices until
#: it is aborted: one in three).
CREATE = dict(desired=st.sampled_from(DESIRED),
              max_unavailable=st.sampled_from(MAX_UNAVAILABLE),
              drain=st.booleans(), max_failures=st.sampled_from([0, 1]),
              follow=st.sampled_from([False, False, True]))


class RolloutStates(stateful.RuleBasedStateMachine):
    """Three hosts' QATs, their class and its rollouts (see the module
    docstring).

    :ivar servers: ``{server: (host index, {provider uuid: {rc:
        amount}})}`` of what Nova allocated to each, as Placement must
        keep it.
    """

    def __init__(self, test, number):
        super().__init__()
        self.test = test
        self.context = test.context
        test.flags(group='fake_driver', raise_in=[])
        # A device healthy again is offered at once (no recovering
        # hold-down), so that the rollouts come to rest at the end.
        test.flags(group='device_health', hold_down=0)
        self.hosts = [test.host('r%d%s' % (number, x), devices=('qat=1',))
                      for x in HOSTS]
        self.name = 'QAT_R%d' % number
        device_class.create(self.context, self.name, [
            {'key': 'type', 'op': '==', 'value': 'QAT'},
            {'key': 'host', 'op': 'in',
             'value': [h.name for h in self.hosts]}])
        self.rollouts = []
        self.servers = {}
        self.down = set()
        self._interval()

    def _interval(self):
        before = self._out_of_service()
        self.test.interval(self.hosts, self.down)
        self._started_within_the_budget(before)
        # Every step ends here: the invariants after it read Placement's
        # reserved providers once (two of them use them).
        self.reserved = None

    def _out_of_service(self):
        """``{rollout uuid: (unavailable, {device uuid: why} out of
        service but not in progress for it, {device uuid} in progress)}``
        of the running rollouts, before an interval.
        """
        found = {}
        for row in self._rollouts():
            if row['state'] != rollout.RUNNING:
                continue
            members = self._members(row)
            started = {m['device_uuid'] for m in members
                       if m['state'] == rollout.IN_PROGRESS}
            out = {}
            for host in self.hosts:
                uuid = host.uuid('qat')
                if uuid not in {m['device_uuid'] for m in members} or \
                        uuid in started:
                    continue
                device, config = host.device('qat'), host.config('qat')
                if device_queries.health_of(device) in health_states.HELD:
                    out[uuid] = device['health']
                elif config and config['state'] in device_config.RESERVING:
                    out[uuid] = 'config_' + config['state']
            found[row['uuid']] = (row['unavailable'], out, started)
        return found

    def _started_within_the_budget(self, before):
        for uuid, (unavailable, out, started) in before.items():
            row = rollout_queries.get(self.context, uuid)
            now = {m['device_uuid'] for m in self._members(
                row, [rollout.IN_PROGRESS])}
            new = now - started
            what = 'rollout %s started %s with %s out of service (%d at ' \
                'a time)' % (uuid, sorted(new), out, unavailable)
            if new:
                self.test.assertLessEqual(len(out) + len(new), unavailable,
                                          what)
            self.test.assertFalse(
                [u for u in new if out.get(u) in health_states.HELD], what)

    def _rollouts(self):
        return [rollout_queries.get(self.context, uuid)
                for uuid in self.rollouts]

    def _members(self, row, states=rollout.DEVICE_STATES):
        return rollout_queries.devices(self.context, row['id'], states)

    # The operator -----------------------------------------------------------

    @stateful.initialize(fail=st.sampled_from([None] + list(range(len(
        HOSTS)))), **CREATE)
    def first(self, fail, **kwargs):
        """Every example starts with a rollout, a device of which may
        fail its change.
        """
        if fail is not None:
            fake_faults.config_failure(
                self.hosts[fail].driver(), QAT, 'sriov_numvfs: EBUSY')
        self.create(**kwargs)

    @stateful.rule(**CREATE)
    def create(self, desired, max_unavailable, drain, max_failures, follow):
        """A rollout of the class (refused while another holds a device,
        or a device cannot take it).
        """
        created = []
        fake_host.refused(lambda: created.append(rollout_ops.create(
            self.context, self.name, desired, max_unavailable, drain=drain,
            max_failures=max_failures, follow=follow)))
        self.rollouts.extend(row['uuid'] for row in created)
        self._interval()

    @stateful.rule(verb=st.sampled_from(['pause', 'resume', 'abort']),
                   data=st.data())
    def verb(self, verb, data):
        """A rollout paused, resumed or aborted (refusals are fine)."""
        self.operate(verb, fake_host.pick(data, self.rollouts))

    def operate(self, verb, uuid):
        if uuid:
            fake_host.refused(getattr(rollout_ops, verb), self.context, uuid)
        self._interval()

    @stateful.rule(data=st.data(), host=st.sampled_from(range(len(HOSTS))))
    def forget(self, data, host):
        """A device forgotten from a rollout (refused where it holds
        none).
        """
        uuid = fake_host.pick(data, self.rollouts)
        if uuid:
            fake_host.refused(rollout_ops.forget, self.context, uuid,
                              self.hosts[host].uuid('qat'))
        self._interval()

    @stateful.rule(host=st.sampled_from(range(len(HOSTS))),
                   desired=st.sampled_from(DESIRED + [None]),
                   drain=st.booleans())
    def own(self, host, desired, drain):
        """The device's own configure (None: forget): refused while a
        rollout holds it, otherwise done or refused for its own reasons.
        """
        host = self.hosts[host]
        held = rollout_queries.holders(self.context, [host.uuid('qat')])
        if desired is None:
            verb = (host.forget, 'qat')
        else:
            verb = (host.configure, 'qat', desired, drain)
        nothing = desired is None and host.config('qat') is None
        refusal = fake_host.refused(*verb)
        if held and nothing:
            # Nothing to forget answers first (a 404 before the 409).
            self.test.assertIsInstance(refusal, (
                exception.DeviceInRollout, exception.DeviceConfigNotFound))
        elif held:
            self.test.assertIsInstance(refusal, exception.DeviceInRollout)
        else:
            self.test.assertNotIsInstance(refusal,
                                          exception.DeviceInRollout)
        self._interval()

    # The hosts, Nova ------------------------------------------------------

    @stateful.rule(host=st.sampled_from(range(len(HOSTS))),
                   event=st.sampled_from(['fail', 'fail', 'driver fails',
                                          'recover', 'down', 'up',
                                          'unhealthy', 'healthy']))
    def host(self, host, event):
        """The QAT's next change fails, its driver fails every change
        (every host's: ``raise_in``), or both recover; the agent goes
        down (no report until it is up again) or comes back; the QAT's
        health check finds it unhealthy, or healthy again.
        """
        host = self.hosts[host]
        if event in ('unhealthy', 'healthy'):
            fake_faults.health(
                host.driver(), QAT,
                'ECC errors (simulated)' if event == 'unhealthy'
                else None)
        elif event == 'fail':
            fake_faults.config_failure(host.driver(), QAT,
                                       'sriov_numvfs: EBUSY')
        elif event == 'driver fails':
            self.test.flags(group='fake_driver', raise_in=['configure'])
        elif event == 'recover':
            self._recover()
        elif event == 'down':
            self.down.add(host.name)
        else:
            self.down.discard(host.name)
        self._interval()

    def _recover(self):
        self.test.flags(group='fake_driver', raise_in=[])
        for host in self.hosts:
            fake_faults.config_failure(host.driver(), QAT, None)
            fake_faults.health(host.driver(), QAT, None)

    @stateful.rule()
    def restart(self):
        """A conductor's periodic work stored its waves and died before
        its pushes; another (or it, restarted) goes on.
        """
        rollout_ops.advance(self.context)
        self._interval()

    @stateful.rule(action=st.sampled_from(['boot', 'boot', 'delete']),
                   data=st.data())
    def nova(self, action, data):
        """A server booted on an offered QAT VF, or deleted."""
        if action == 'boot':
            offered = fake_host.pick(data, sorted(
                (i, rp) for i, host in enumerate(self.hosts)
                for rp in host.offered('CUSTOM_QAT')))
            if offered:
                i, rp = offered
                _arq, server = self.hosts[i].boot('CUSTOM_QAT', rp)
                self.servers[server] = (i, self._allocated(i, server))
        else:
            server = fake_host.pick(data, sorted(self.servers))
            if server:
                self.hosts[self.servers.pop(server)[0]].delete(server)
        self._interval()

    def _allocated(self, i, server):
        host = self.hosts[i]
        return {rp: a for rp, a in host.allocations(server).items()
                if rp != host.root}

    # What must hold ---------------------------------------------------------

    @stateful.invariant()
    def nothing_allocated_is_lost(self):
        for server, (i, allocations) in sorted(self.servers.items()):
            self.test.assertEqual(allocations, self._allocated(i, server),
                                  'server %s lost an allocation' % server)

    @stateful.invariant()
    def no_rollout_holds_more_than_its_budget(self):
        reserved = {uuid for uuid, _why in self._reserved()}
        for row in self._rollouts():
            if row['state'] not in rollout.ACTIVE:
                continue
            out = [m['device_uuid'] for m in self._members(
                row, rollout.UNAVAILABLE) if m['held_uuid']]
            what = 'rollout %s (%s, %s devices at a time): %s' % (
                row['uuid'], row['state'], row['unavailable'], out)
            self.test.assertLessEqual(len(out), row['unavailable'], what)
            self.test.assertLessEqual(len(reserved & set(out)),
                                      row['unavailable'], what)

    @stateful.invariant()
    def a_device_is_held_by_one_active_rollout(self):
        holders = {}
        for row in self._rollouts():
            held = [m['held_uuid'] for m in self._members(row)
                    if m['held_uuid']]
            if row['state'] not in rollout.ACTIVE:
                self.test.assertEqual([], held, 'rollout %s is %s' % (
                    row['uuid'], row['state']))
            for uuid in held:
                self.test.assertNotIn(uuid, holders, 'device %s held by '
                                      'two rollouts' % uuid)
                holders[uuid] = row['uuid']

    @stateful.invariant()
    def progress_adds_up(self):
        for row in self._rollouts():
            progress = rollout_queries.with_progress(self.context,
                                                     row)['progress']
            members = self._members(row, [
                s for s in rollout.DEVICE_STATES
                if s != rollout.FORGOTTEN])
            self.test.assertEqual(len(members), sum(progress.values()),
                                  'rollout %s: %s' % (row['uuid'], progress))

    @stateful.invariant()
    def nothing_is_reserved_without_a_reason(self):
        reserved = dict(self._reserved())
        for uuid, why in sorted(reserved.items()):
            self.test.assertTrue(why, 'device %s is reserved in Placement '
                                 'for no reason' % uuid)
        for host in self.hosts:
            config = host.config('qat')
            if config and config['state'] in device_config.RESERVING:
                self.test.assertIn(host.uuid('qat'), reserved,
                                   'configuration %s does not reserve its '
                                   'device' % config)

    def _reserved(self):
        """``[(device uuid, [why])]`` of the QATs a provider of which
        Placement holds reserved, with what the database says of it (read
        once after each step).
        """
        if self.reserved is None:
            self.reserved = self._read_reserved()
        return self.reserved

    def _read_reserved(self):
        found = []
        client = self.test.client
        for host in self.hosts:
            providers = {rp['name']: rp['uuid']
                         for rp in client.list_providers(in_tree=host.root)
                         if rp['uuid'] != host.root}
            if not any(inv['reserved'] for uuid in providers.values()
                       for inv in client.get_inventories(uuid)[1].values()):
                continue
            device, config = host.device('qat'), host.config('qat')
            why = []
            if config and config['state'] in device_config.RESERVING:
                why.append('config_' + config['state'])
            if device_queries.health_of(device) in health_states.HELD:
                why.append(device['health'])
            if device['status'] == device_queries.MAINTAINING:
                why.append('disabled')
            truth = {d.name for record in host.driver().simulated()
                     for d in record.deployables}
            if set(providers) - truth:
                why.append('reshaping')
            found.append((host.uuid('qat'), why))
        return found

    # At the end -----------------------------------------------------------

    def teardown(self):
        """No rollout is stuck once nothing fails, every agent is up, no
        server holds a device and the failed configurations are
        forgotten; then this example's rollouts end.
        """
        self._recover()
        self.down.clear()
        # A failed configuration stays (rollouts.rst): the operator takes
        # the device out of the rollouts and forgets it, which a
        # following rollout then configures again.
        for host in self.hosts:
            config = host.config('qat')
            if config and config['state'] == device_config.FAILED:
                for uuid in self.rollouts:
                    fake_host.refused(rollout_ops.forget, self.context,
                                      uuid, host.uuid('qat'))
                fake_host.refused(host.forget, 'qat')
        for server, (i, _allocations) in sorted(self.servers.items()):
            self.hosts[i].delete(server)
        self.servers.clear()
        for _interval in range(SETTLE):
            self._interval()
            if not any(self._busy(row) for row in self._rollouts()):
                break
        for row in self._rollouts():
            self.test.assertFalse(self._busy(row), 'rollout %s is stuck: '
                                  '%s' % (row, rollout_queries.with_progress(
                                      self.context, row)['progress']))
            fake_host.refused(rollout_ops.abort, self.context, row['uuid'])

    def _busy(self, row):
        """Whether a rollout has yet to end or pause."""
        if row['state'] != rollout.RUNNING:
            return False
        if not row['follow']:
            return True
        return any(m['held_uuid'] for m in self._members(row, (
            rollout.WAITING, rollout.IN_PROGRESS,
            rollout.SKIPPED)))


class RolloutStatesTestCase(fake_host.ConfigHostTestCase):

    def test_rollout_states(self):
        numbers = itertools.count()
        stateful.run_state_machine_as_test(
            lambda: RolloutStates(self, next(numbers)), settings=SETTINGS)

    def _replay(self, *steps):
        """Run *steps* (each called with a machine of its own), each
        followed by the invariants, then its teardown.
        """
        machine = RolloutStates(self, 0)
        for step in steps:
            step(machine)
            for invariant in INVARIANTS:
                getattr(machine, invariant)()
        machine.teardown()

    def test_a_rollout_after_a_failed_configuration_forgotten(self):
        # The sequence the machine found: the failed QAT's own
        # configuration forgotten, the next rollout's was stored as its
        # generation 1 again, which its agent took for the one it had
        # failed: applying for ever, the rollout stuck.
        self._replay(
            lambda m: m.first(fail=0, desired=EIGHT, max_unavailable='2',
                              drain=False, max_failures=1, follow=False),
            lambda m: m.operate('abort', m.rollouts[0]),
            lambda m: m.own(host=0, desired=None, drain=False),
            lambda m: m.create(desired={'num_vfs': 2}, max_unavailable='1',
                               drain=False, max_failures=0, follow=False))

    def test_failures_tolerated_that_hold_the_budget(self):
        # Found writing the machine (no rollout stuck): one failure
        # tolerated held the budget of one and the rollout ran on,
        # starting nothing.
        self._replay(
            lambda m: m.first(fail=0, desired=EIGHT, max_unavailable='1',
                              drain=False, max_failures=1, follow=False))

    def test_an_unhealthy_device_counts_in_the_budget(self):
        # Issue 64: with one QAT unhealthy and a budget of one, a rollout
        # took a second QAT out of service; it waits now, and configures
        # the QAT once it is healthy again.
        self._replay(
            lambda m: m.host(host=0, event='unhealthy'),
            lambda m: m.create(desired=EIGHT, max_unavailable='1',
                               drain=False, max_failures=0, follow=False),
            lambda m: m.restart(),
            lambda m: self.assertEqual([], m._members(
                m._rollouts()[0], [rollout.IN_PROGRESS, rollout.DONE])),
            lambda m: m.host(host=0, event='healthy'),
            lambda m: m.restart())
