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
"""What the fault tests share: the services, Nova's calls, the counts.

A deployment of real processes: cyborg-api (gunicorn), one or more
cyborg-conductors and a cyborg-agent with the fake driver (FPGAs of 16
functions each) on each of ``NODES`` compute nodes, over RabbitMQ and
MariaDB or PostgreSQL, with the real Placement on loopback and a
recording Nova.  The test plays Nova: it
creates ARQs, binds them in bursts from many threads and deletes them.

Results are counts read from the database and from what Nova received,
never times.  A request gets a generous client timeout; one that runs
past it counts as ``hung``.
"""

import collections
import concurrent.futures
import datetime
import os

from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import requests
import sqlalchemy as sa

from cyborg import states
from cyborg.conductor.arq import nova_events
from cyborg.db import models
from cyborg.db.queries import nova_event as event_queries
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional import base
from cyborg.tests.functional.fixtures import services

PROJECT = 'f0a1b2c3d4e5f60718293a4b5c6d7e8f'
# What Nova sends: the user's token and its own service token.
NOVA_HEADERS = {'X-User-Id': 'nova-user', 'X-Project-Id': PROJECT,
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
# A request not answered within this many seconds hangs.
HUNG = 90
TRANSITIONAL = (states.BIND_STARTED, states.DELETING)


def error_code(response):
    """The error code of an API error response, or None."""
    try:
        return jsonutils.loads(response.json()['error_message'])[
            'error_code']
    except (ValueError, KeyError, TypeError):
        return None


class FaultTestCase(base.ServiceTestCase):
    """The services of a fault test and Nova's side of the calls."""

    BIND_TIMEOUT = 20
    # The agent's heartbeat goes through a conductor: with one conductor
    # stopped and started again on a loaded machine, 4 s (the services'
    # default here) declared the agent down, and binds were refused with
    # 409 cyborg.host.agent_down.  The faults of this suite are the
    # conductors', not the agent's; a dead conductor's jobs are still
    # taken over well within BIND_TIMEOUT.
    SERVICE_DOWN_TIME = 10
    # The compute nodes, each with an agent.
    NODES = 1

    def service_config(self, host, **groups):
        config = super().service_config(host, **groups)
        config['DEFAULT']['service_down_time'] = self.SERVICE_DOWN_TIME
        return config

    def setUp(self):
        super().setUp()
        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.nodes = [self.host('node%d' % n) for n in range(self.NODES)]
        self.node = self.nodes[0]
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=self.nodes))
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port
        self.conductors = []

    # The services ------------------------------------------------------

    def conductor_config(self):
        return dict(
            DEFAULT={'bind_timeout': self.BIND_TIMEOUT},
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova.url,
                  'events_retry_max_interval': 1})

    def start_conductor(self, name):
        conductor = self.start_service('cyborg-conductor', self.host(name),
                                       **self.conductor_config())
        self.conductors.append(conductor)
        return conductor

    def start(self, conductors=1, fpgas=1, api_workers=2, providers=None,
              **fake_driver):
        """Start the services; wait until each node's devices are in
        Placement.

        :param providers: the resource providers of each node's devices
            (default: *fpgas*).
        :param fake_driver: the agents' ``[fake_driver]`` options (default:
            *fpgas* FPGAs).
        :returns: the resource provider uuids of the first node's devices.
        """
        for n in range(conductors):
            self.start_conductor('cond%d' % n)
        fake_driver.setdefault('devices', 'fpga=%d' % fpgas)
        self.agents = {node: self.start_service(
            'cyborg-agent', node,
            agent={'enabled_drivers': 'fake', 'hotplug': False},
            fake_driver=fake_driver) for node in self.nodes}
        self.agent = self.agents[self.node]
        self.api_process = self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': api_workers, 'api_threads': 8})
        self.session = requests.Session()
        services.wait_for(self._api_up, timeout=60,
                          message='cyborg-api never answered')
        trees = [services.wait_for(
            lambda node=node: self._tree(node, providers or fpgas),
            timeout=90, message='the devices never reached Placement')
            for node in self.nodes]
        self.rps = sorted(rp['uuid'] for rp in trees[0].values())
        # The first write also waits for the API to see a conductor up: on
        # a loaded machine a conductor's heartbeat may be older than
        # service_down_time for a while, which the API answers 503
        # (cyborg.conductor.unavailable) without sending anything.
        services.wait_for(
            lambda: self._create_profile('fpga', [{'resources:FPGA': '1'}]),
            timeout=60, message='no conductor was ever up for the API')
        return self.rps

    def _create_profile(self, name, groups):
        response = self.request('POST', '/device_profiles', headers={},
                                json=[{'name': name, 'groups': groups}])
        self.assertNotEqual('hung', response)
        if response.status_code == 503:
            return False
        self.assertEqual(201, response.status_code, response.text)
        return True

    def _api_up(self):
        try:
            return requests.get(self.url, timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def _tree(self, node, count):
        tree = self.placement.tree(node)
        if len(tree) == count and all(rp['inventories']
                                      for rp in tree.values()):
            return tree
        return None

    # Nova's side -------------------------------------------------------

    def request(self, method, path, headers=None, **kwargs):
        """One request; ``'hung'`` when it is not answered in time."""
        try:
            return requests.request(
                method, self.url + path, timeout=HUNG,
                headers=NOVA_HEADERS if headers is None else headers,
                **kwargs)
        except requests.Timeout:
            return 'hung'

    def api(self, method, path, expect, **kwargs):
        response = self.request(method, path, **kwargs)
        self.assertNotEqual('hung', response)
        self.assertEqual(expect, response.status_code, response.text)
        return response.json() if response.content else None

    def profile(self, name, groups):
        self.api('POST', '/device_profiles', 201, headers={},
                 json=[{'name': name, 'groups': groups}])

    def create_arqs(self, count, name='fpga'):
        """*count* ARQs of profile *name*, one instance each.

        :returns: {arq uuid: instance uuid}.
        """
        arqs = {}
        for _ in range(count):
            [arq] = nova_boot.NovaBoot(api=self.api).create(name)
            arqs[arq] = uuidutils.generate_uuid()
        return arqs

    def bind(self, arq, instance, rp):
        """nova-compute's bind PATCH: its status code, or 'hung'."""
        response = self.request('PATCH', '/accelerator_requests',
                                json=nova_boot.bind_document(
                                    [arq], self.node, rp, instance))
        if response == 'hung':
            return response
        return response.status_code

    def burst(self, calls, threads=8, during=None, after=None):
        """Run *calls* (callables) from *threads* threads.

        :param during: called once *after* calls have returned, while
            the others run (a fault to inject).
        :returns: the calls' results, in order.
        """
        results = [None] * len(calls)
        with concurrent.futures.ThreadPoolExecutor(threads) as pool:
            futures = {pool.submit(call): index
                       for index, call in enumerate(calls)}
            done = 0
            for future in concurrent.futures.as_completed(futures):
                results[futures[future]] = future.result()
                done += 1
                if during is not None and done == after:
                    during()
        return results

    # The counts --------------------------------------------------------

    def arq_states(self):
        """{arq uuid: state} of every ARQ in the database."""
        table = models.ExtendedAcceleratorRequest.__table__
        with self.db.engine.connect() as conn:
            return dict(conn.execute(sa.select(table.c.uuid,
                                               table.c.state)).all())

    def handle_counts(self):
        """Leaked and doubly allocated attach handles.

        :returns: ``{leaked, double, held}``: handles in use that no ARQ
            holds; handles held by an ARQ but marked free, or held by more
            than one ARQ; ARQs holding a handle.
        """
        handles = models.AttachHandle.__table__
        arqs = models.ExtendedAcceleratorRequest.__table__
        with self.db.engine.connect() as conn:
            in_use = {row.id for row in conn.execute(
                sa.select(handles.c.id).where(handles.c.in_use))}
            held = collections.Counter(row.attach_handle_id for row in
                                       conn.execute(sa.select(
                                           arqs.c.attach_handle_id).where(
                                           arqs.c.attach_handle_id.isnot(
                                               None))))
        return {'leaked': len(in_use - set(held)),
                'double': len(set(held) - in_use) + sum(
                    1 for count in held.values() if count > 1),
                'held': sum(held.values())}

    def outbox(self):
        """The tags (ARQ uuids) of the events waiting in the outbox."""
        table = models.NovaEvent.__table__
        with self.db.engine.connect() as conn:
            return {row.tag for row in conn.execute(sa.select(table.c.tag))}

    def claimed_before(self, moment):
        """The tags of the events in the outbox that a sender claimed
        before *moment*: a conductor killed at *moment* owns them until
        its claim (``nova_events.CLAIM_SECONDS``) expires.
        """
        table = models.NovaEvent.__table__
        expires = moment + datetime.timedelta(
            seconds=nova_events.CLAIM_SECONDS)
        with self.db.engine.connect() as conn:
            return {row.tag for row in conn.execute(
                sa.select(table.c.tag).where(
                    table.c.state == event_queries.SENDING,
                    table.c.next_attempt_at < expires))}

    def taken(self, arqs):
        """{arq uuid: number of its events Nova took (in requests it
        answered 200)}.
        """
        counts = collections.Counter()
        with self.nova.lock:
            requests = list(self.nova.requests)
        for request in requests:
            if request.get('status') != 200:
                continue
            for event in request['body']['events']:
                if event['tag'] in arqs:
                    counts[event['tag']] += 1
        return counts

    def event_counts(self, arqs):
        """Nova's events per ARQ of *arqs* that resolved (Bound or
        BindFailed): ``lost``, neither received by Nova nor waiting in the
        outbox (a conductor killed while sending owns its events until its
        claim expires, then another sends them); ``pending``, waiting in
        the outbox; ``duplicated``, received more than once.
        """
        per_tag, lost, pending = self._events(arqs)
        return {'lost': len(lost), 'pending': len(pending),
                'duplicated': sum(1 for uuid in arqs if per_tag[uuid] > 1)}

    def _events(self, arqs):
        """What event_counts() counts: the events Nova took per ARQ, and
        the resolved ARQs whose event is lost, and pending.
        """
        per_tag = self.taken(arqs)
        outbox = self.outbox()
        resolved = [uuid for uuid, state in self.arq_states().items()
                    if uuid in arqs and state in (states.BOUND,
                                                  states.BIND_FAILED)]
        unsent = {uuid for uuid in resolved if not per_tag[uuid]}
        return per_tag, unsent - outbox, unsent & outbox

    def wait_resolved(self, arqs, timeout=None):
        """Wait until no ARQ of *arqs* is in a transitional state; give up
        ``bind_timeout`` plus a margin later.

        :returns: the number still transitional (stuck).
        """
        def settled():
            current = self.arq_states()
            return not [u for u in arqs if current.get(u) in TRANSITIONAL]
        try:
            services.wait_for(settled, timeout=timeout or
                              self.BIND_TIMEOUT + 30)
        except AssertionError:
            pass
        current = self.arq_states()
        return sum(1 for u in arqs if current.get(u) in TRANSITIONAL)

    def wait_events(self, arqs, timeout=30, killed_at=None):
        """Wait until Nova received the event of every resolved ARQ of
        *arqs* (or *timeout* seconds).

        :param killed_at: when a conductor was killed (UTC): its events
            wait for their claims to expire, minutes later; the wait ends
            once the events left are those.
        """
        def delivered():
            _per_tag, lost, pending = self._events(arqs)
            if lost or not pending:
                return not lost
            return killed_at is not None and pending <= (
                self.claimed_before(killed_at))
        try:
            services.wait_for(delivered, timeout=timeout)
        except AssertionError:
            pass


def children(pid):
    """The pids of the processes whose parent is *pid* (from /proc)."""
    found = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces.
        if int(stat.rsplit(')', 1)[1].split()[1]) == pid:
            found.append(int(entry))
    return found
