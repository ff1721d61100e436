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
"""Device-hours are exact whatever happens to the ARQs (issue 61).

hypothesis (derandomized, a bounded number of examples) drives random
sequences of what Nova and operators do to servers with accelerators:
boots (bind at once, or a bind job for a mediated device), bind jobs
ending, unbinds and binds again, deletes, shelves and unshelves,
attach-instance and detach-instance, against the real Placement and the
stand-in for Nova, over simulated time (oslo.utils'
``timeutils.set_time_override``, the clock every timestamp is read
from), with conductors killed in the middle of a transaction (a
BaseException no handler catches, the transaction rolled back), COMMIT
answers lost (retry_on_deadlock's retry) and a conductor that dies with
a bind job running (another takes it once it is judged dead).

After every step the ARQs that are Bound are read (the bound time the
sequence produced) and the usage intervals must agree with them (the
usage audit finds nothing).  At the end, for every project and for the
whole span, each step and windows straddling the steps, the device
seconds ``GET /v2/usage`` answers (and its intervals' page sums) equal
the seconds the ARQs were Bound inside the window.
"""

import collections
import datetime

import hypothesis
from hypothesis import strategies as st
from oslo_utils import timeutils
from oslo_utils import uuidutils
import pytest
import sqlalchemy as sa
import webtest

from cyborg import servicegroup
from cyborg import states
from cyborg.api import app
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs as arq_jobs
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.attach import allocations
from cyborg.conductor.attach import instance as instance_ops
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.objects import device_profile as dp_obj
from cyborg.tests.fixtures import conf as conf_fixture
from cyborg.tests.fixtures import lost_commit
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.functional.placement import nova_host

pytestmark = pytest.mark.slow(2)

T0 = datetime.datetime(2026, 1, 1)
PROJECTS = ('p-a', 'p-b', 'p-c')
PROFILES = {'fpga': [{'resources:FPGA': '1',
                      'trait:CUSTOM_FAKE_DEVICE': 'required'}],
            'vgpu': [{'resources:VGPU': '1'}]}
ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator latest'}

SERVER = st.integers(0, 7)
BOOT = st.tuples(st.just('boot'), st.integers(0, len(PROJECTS) - 1),
                 st.sampled_from(sorted(PROFILES)))
SERVER_STEPS = [st.tuples(st.just(name), SERVER) for name in (
    'unbind', 'rebind', 'delete', 'shelve', 'unshelve', 'attach',
    'detach')]
ADVANCE = st.tuples(st.just('advance'), st.integers(1, 4 * 3600))
JOB = st.tuples(st.just('job'))
# Repeated branches are likelier: most steps act on servers, and time
# passes between them.
KILL = st.tuples(st.just('kill'), st.integers(0, 12))
STEP = st.one_of(
    BOOT, BOOT, *SERVER_STEPS, *[ADVANCE] * 6, JOB, JOB, KILL, KILL,
    st.tuples(st.just('claim_and_die')),
    st.tuples(st.just('lose_commit')),
    st.tuples(st.just('recover')))
SETTINGS = hypothesis.settings(
    max_examples=30, derandomize=True, database=None, deadline=None,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate,
            hypothesis.Phase.shrink],
    suppress_health_check=list(hypothesis.HealthCheck))


class ConductorKilled(BaseException):
    """A conductor dies in the middle of a transaction: no handler of
    Cyborg's catches it, the database rolls the transaction back.
    """


class _Kill:
    """Kill the step at its *nth* statement (if it runs that many)."""

    def __init__(self, engine, nth):
        self.engine = engine
        self.nth = nth
        self.seen = 0

    def __enter__(self):
        sa.event.listen(self.engine, 'before_cursor_execute', self._count)
        return self

    def __exit__(self, *exc):
        sa.event.remove(self.engine, 'before_cursor_execute', self._count)

    def _count(self, conn, cursor, statement, *args):
        if statement.split(' ', 1)[0] in ('BEGIN', 'COMMIT', 'ROLLBACK',
                                          'SAVEPOINT', 'RELEASE'):
            return
        self.seen += 1
        if self.seen == self.nth + 1:
            raise ConductorKilled()


class UsagePropertyTestCase(nova_host.NovaHostTestCase):

    def setUp(self):
        super().setUp()
        tree = self.placement.tree('n1')
        self.rps = {'fpga': tree['n1_FakeDevice']['uuid'],
                    'vgpu': tree['n1_FakeDevice_vgpu0']['uuid']}
        self.root = self.placement.compute_nodes['n1']
        self.placement.client.set_inventories(self.root, {
            'VCPU': {'total': 64, 'reserved': 0, 'min_unit': 1,
                     'max_unit': 64, 'step_size': 1,
                     'allocation_ratio': 1.0}})
        for name, groups in PROFILES.items():
            dp_ops.create(self.context, dp_obj.DeviceProfile(
                uuid=uuidutils.generate_uuid(), name=name,
                description=None, groups=groups))
        self.engine = db_api.get_engine()
        self.flags(auth_strategy='noauth')
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        self.api = webtest.TestApp(app.load_app())
        self.now = T0
        timeutils.set_time_override(self.now)
        self.addCleanup(timeutils.clear_time_override)

    # The world of one example ------------------------------------------

    def _advance(self, seconds):
        self.now += datetime.timedelta(seconds=seconds)
        timeutils.set_time_override(self.now)
        # The agent of n1 stays up: its liveness is not the subject.
        service_queries.heartbeat(self.context, 'n1', servicegroup.AGENT)

    def _server(self, index):
        servers = sorted(self.servers)
        return servers[index % len(servers)] if servers else None

    def _observe(self):
        """The ARQs Bound now, counted per project, from now on."""
        counts = collections.Counter(
            arq['project_id'] for arq in arq_queries.get_all(
                self.context, states_in=[states.BOUND]))
        if self.observed and self.observed[-1][0] == self.now:
            self.observed.pop()
        self.observed.append((self.now, counts))
        # Open intervals exactly while Bound (the audit finds nothing).
        self.assertEqual([], usage_queries.orphans(self.context))
        self.assertEqual([], usage_queries.unrecorded(self.context))

    # Steps -----------------------------------------------------------------

    def _allocate(self, server, profile):
        project = self.servers[server]['project']
        self.client.change_consumer(
            server, add={self.root: {'resources': {'VCPU': 1}},
                         self.rps[profile]: {'resources': {
                             profile.upper(): 1}}},
            project_id=project, user_id='u-' + project)

    def _boot_server(self, server):
        info = self.servers[server]
        self._allocate(server, info['profile'])
        nova_boot.NovaBoot(context=self.context, project=info['project']
                           ).boot(info['profile'], 'n1',
                                  self.rps[info['profile']],
                                  instance=server)
        self.nova.servers.add(server, 'n1', project_id=info['project'],
                              user_id='u-' + info['project'],
                              device_profile=info['profile'])

    def step_boot(self, project, profile):
        server = uuidutils.generate_uuid()
        self.servers[server] = {'project': PROJECTS[project],
                                'profile': profile}
        self._boot_server(server)

    def step_job(self):
        """A live conductor runs a due job (its agent did the work)."""
        arq_jobs.fail_overdue(self.context)
        dead = {s['host'] for s in service_queries.get_all(
            self.context, binary=servicegroup.CONDUCTOR)
            if not servicegroup.service_is_up(s)}
        for job in job_queries.claim_due(self.context, 'c2', dead, 1):
            if job['kind'] == job_queries.RELEASE:
                arq_jobs.released(self.context, job)
            else:
                arq_jobs.bind_done(self.context, job, {})

    def step_claim_and_die(self):
        """Conductor c1 takes a job and dies before it ends it."""
        service_queries.heartbeat(self.context, 'c1',
                                  servicegroup.CONDUCTOR)
        job_queries.claim_due(self.context, 'c1', set(), 1)

    def _arqs(self, server):
        return [a['uuid'] for a in arq_queries.get_all(
            self.context, instance_uuid=server)]

    def step_unbind(self, server):
        arqs = self._arqs(server)
        if arqs:
            arq_release.unbind(self.context, arqs)

    def step_rebind(self, server):
        unbound = [a['uuid'] for a in arq_queries.get_all(
            self.context, states_in=[states.UNBOUND])
            if a['project_id'] == self.servers[server]['project']]
        if unbound:
            profile = self.servers[server]['profile']
            arq_bind.bind(self.context, nova_boot.bind_values(
                unbound[:1], 'n1', self.rps[profile], server))

    def _deallocate(self, server):
        try:
            self.placement.deallocate(server)
        except AssertionError:
            pass  # none left (shelved)

    def step_delete(self, server):
        self.servers.pop(server)
        self.nova.servers.remove(server)
        arq_delete.delete(self.context, instance_uuid=server)
        self._deallocate(server)

    def step_shelve(self, server):
        # Nova's shelve offload deletes the server's ARQs and its
        # allocations.
        self.nova.servers.set_state(server, 'shelved_offloaded')
        arq_delete.delete(self.context, instance_uuid=server)
        self._deallocate(server)

    def step_unshelve(self, server):
        if not self._arqs(server):
            self._deallocate(server)
            self._boot_server(server)

    def step_attach(self, server):
        instance_ops.attach(self.context, self.client, self.nova_client,
                            server, 'fpga')

    def step_detach(self, server):
        instance_ops.detach(self.context, self.client, self.nova_client,
                            server)

    def step_recover(self):
        """The conductor's periodic work: attachments left half done."""
        allocations.run_due(self.context, self.client, self.nova_client)

    def _run(self, step):
        name, args = step[0], step[1:]
        if name == 'advance':
            self._advance(*args)
            return
        if name == 'kill':
            self.kill = args[0]
            return
        if name == 'lose_commit':
            self.lose = True
            return
        if name in ('unbind', 'rebind', 'delete', 'shelve', 'unshelve',
                    'attach', 'detach'):
            args = (self._server(*args),)
            if args[0] is None:
                return
        kill, self.kill = self.kill, None
        lose, self.lose = self.lose, False
        lost = lost_commit.LostCommitAnswer(self.engine)
        if lose:
            lost.setUp()
        try:
            with _Kill(self.engine, -1 if kill is None else kill):
                getattr(self, 'step_' + name)(*args)
        except (ConductorKilled, Exception) as exc:
            # Refused or killed: what is left is what the next steps and
            # the checks see.
            self.failed.append((name, type(exc).__name__))
        finally:
            if lose:
                lost.cleanUp()

    # Checks ----------------------------------------------------------------

    def _expected(self, start, end):
        """{project: seconds Bound inside [start, end)} as observed."""
        seconds = collections.Counter()
        for index, (since, counts) in enumerate(self.observed):
            until = (self.observed[index + 1][0]
                     if index + 1 < len(self.observed) else self.now)
            inside = (min(until, end) - max(since, start)).total_seconds()
            if inside > 0:
                for project, count in counts.items():
                    seconds[project] += int(inside) * count
        return {p: s for p, s in seconds.items() if s}

    def _answered(self, start, end):
        query = {'start': start.isoformat(), 'end': end.isoformat()}
        body = self.api.get('/v2/usage', query, headers=ADMIN).json
        totals = {u['project_id']: u['device_seconds']
                  for u in body['project_usages'] if u['device_seconds']}
        # The intervals, a page at a time, add up to the same.
        paged, marker = collections.Counter(), None
        while True:
            page = self.api.get('/v2/usage', dict(
                query, detail='true', limit=3,
                **({'marker': marker} if marker else {})),
                headers=ADMIN).json
            for interval in page['usage_intervals']:
                paged[interval['project_id']] += interval['device_seconds']
            if 'next' not in page:
                break
            marker = page['usage_intervals'][-1]['uuid']
        self.assertEqual(totals, {p: s for p, s in paged.items() if s})
        return totals

    def _windows(self):
        times = [t for t, _ in self.observed] + [self.now]
        yield times[0], self.now
        for a, b in zip(times, times[1:]):
            if a < b:
                yield a, b
        for a, b, c in zip(times, times[1:], times[2:]):
            if a < c:
                yield a + (b - a) / 2, b + (c - b) / 2

    def _check(self):
        for start, end in self._windows():
            start = usage_queries.to_second(start)
            end = usage_queries.to_second(end)
            if start < end:
                self.assertEqual(self._expected(start, end),
                                 self._answered(start, end),
                                 'window %s - %s' % (start, end))
        # A project's member sees their project's only.
        member = dict(ADMIN, **{'X-Project-Id': PROJECTS[0],
                                'X-Roles': 'member,reader'})
        body = self.api.get('/v2/usage', {
            'start': self.observed[0][0].isoformat(),
            'end': self.now.isoformat()}, headers=member).json
        self.assertLessEqual({u['project_id']
                              for u in body['project_usages']},
                             {PROJECTS[0]})
        self.assertEqual(403, self.api.get(
            '/v2/usage', {'project_id': PROJECTS[1]}, headers=member,
            expect_errors=True).status_int)

    def _clean_up(self):
        """Nova deletes every server; every job ends."""
        for server in list(self.servers):
            arq_delete.delete(self.context, instance_uuid=server)
            self._deallocate(server)
            self.nova.servers.remove(server)
        left = [a['uuid'] for a in arq_queries.get_all(self.context)]
        if left:
            arq_delete.delete(self.context, uuids=left)
        self._advance(3600)
        for _ in range(100):
            dead = {s['host'] for s in service_queries.get_all(
                self.context, binary=servicegroup.CONDUCTOR)
                if not servicegroup.service_is_up(s)}
            jobs = job_queries.claim_due(self.context, 'c2', dead, 10)
            if not jobs:
                break
            for job in jobs:
                if job['kind'] == job_queries.RELEASE:
                    arq_jobs.released(self.context, job)
                else:
                    arq_jobs.bind_done(self.context, job, {})
        self.assertEqual([], arq_queries.get_all(self.context))
        self.assertEqual([], [i for i in usage_queries.page(
            self.context, T0, self.now) if i['ended_at'] is None])
        self._advance(24 * 3600)

    @SETTINGS
    @hypothesis.given(boots=st.lists(BOOT, min_size=1, max_size=3),
                      steps=st.lists(STEP, min_size=8, max_size=20))
    def test_device_hours_are_the_bound_time(self, boots, steps):
        self.servers, self.observed, self.failed = {}, [], []
        self.kill, self.lose = None, False
        self._observe()
        try:
            for step in boots + steps:
                self._run(step)
                self._observe()
            self._advance(60)
            self._observe()
            self._check()
        finally:
            self._clean_up()
