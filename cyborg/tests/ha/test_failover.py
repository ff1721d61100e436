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
"""Binds from several clients while the Galera writer, then a RabbitMQ
node, then a conductor is killed, and while all three come back; and with
the conductors writing to two Galera nodes at once (issue 42).

The cluster of tools/ha-cluster.sh (``up`` is run first: idempotent, it
starts what is missing, and again at the end to bring back the killed
nodes).  Two conductors, an API with two workers and two fake-driver
agents run as processes on it, configured by
etc/cyborg/cyborg-ha.conf.sample (with this test's database, vhost and
host names on top); the migrations run through HAProxy; Placement and a
stand-in for Nova's events API serve on loopback as in test_nova_flow.

Counted, never timed: every answer is recorded with when its request
began and ended; a fault's window opens when the fault is made and closes
when a write through the API (an ARQ created) succeeds again.  Then: no
device handle bound to two ARQs, no ARQ left in a transitional state, no
5xx outside the windows and only 503s inside them, one Nova event per
bound ARQ.

Last, the whole cluster stops at once (a power cut, or a machine restored
from a snapshot with the cluster's state and none of its processes), and
``up`` starts it again with what it held.  In this file, not one of its
own: the suite runs a file per xdist worker, and a test killing every
node must not run beside the others.
"""

import collections
import configparser
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
import urllib.parse

import fixtures
from oslo_utils import uuidutils
import pymysql
import requests

from cyborg import states
from cyborg.conductor.arq import nova_events
from cyborg.tests import base
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.fixtures import nova_boot
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional.fixtures import services

REPO = pathlib.Path(__file__).resolve().parents[3]
SCRIPT = REPO / 'tools' / 'ha-cluster.sh'
SAMPLE = REPO / 'etc' / 'cyborg' / 'cyborg-ha.conf.sample'
# What tools/ha-cluster.sh starts for this checkout ("env"), its state in
# the machine's temporary directory, not the run's.
_ENV = dict(line.split('=', 1) for line in subprocess.run(
    [str(SCRIPT), 'env'], capture_output=True, text=True, check=True,
    env=dict(os.environ, TMPDIR=services.SHARED_TMPDIR),
    timeout=60).stdout.splitlines())
STATE = _ENV['CYBORG_HA_STATE_DIR']
HAPROXY = ('127.0.0.1', int(_ENV['CYBORG_HA_HAPROXY_PORT']))
NODE_PORTS = tuple(int(p) for p in _ENV['CYBORG_HA_MYSQL_PORTS'].split(','))
DB_USER, DB_PASSWORD = 'cyborg', 'cyborg-ha'
MQ_PORTS = tuple(int(p) for p in _ENV['CYBORG_HA_AMQP_PORTS'].split(','))
MQ_NODES = tuple(_ENV['CYBORG_HA_RABBIT_NODES'].split(','))
MQ_USER, MQ_PASSWORD = 'cyborg', 'cyborg-ha'
RABBITMQCTL = '/usr/lib/rabbitmq/bin/rabbitmqctl'

PROJECT = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
NOVA_HEADERS = {'X-User-Id': 'nova-user', 'X-Project-Id': PROJECT,
                'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}
TRANSITIONAL = (states.BIND_STARTED, states.DELETING)
SETTLED = (states.INITIAL, states.BOUND, states.BIND_FAILED)
CLIENTS = 4
ROUNDS = 10
# How long one request may keep being retried (503, connection refused)
# before the client gives up: far longer than any failover here.
PATIENCE = 180


def cluster(*args):
    result = subprocess.run(
        [str(SCRIPT)] + list(args) + ['--state-dir', STATE],
        capture_output=True, text=True, timeout=900)
    if result.returncode:
        raise AssertionError('tools/ha-cluster.sh %s failed:\n%s%s' % (
            ' '.join(args), result.stdout, result.stderr))
    return result.stdout


def rabbitmqctl(*args):
    return subprocess.run(
        [RABBITMQCTL, '-q', '-n', MQ_NODES[1]] + list(args),
        env=dict(os.environ, HOME=os.path.join(STATE, 'rabbit-home')),
        capture_output=True, text=True, timeout=120, check=True).stdout


def sql(statement, database=None):
    """Run *statement* through HAProxy; the rows."""
    conn = pymysql.connect(host=HAPROXY[0], port=HAPROXY[1],
                           user=DB_USER, password=DB_PASSWORD,
                           database=database, connect_timeout=5,
                           read_timeout=10)
    try:
        with conn.cursor() as cursor:
            cursor.execute(statement)
            return cursor.fetchall()
    finally:
        conn.close()


def haproxy_servers():
    """{server: status} of HAProxy's mariadb backend."""
    out = subprocess.run(
        ['socat', 'stdio', 'UNIX-CONNECT:%s/haproxy.sock' % STATE],
        input='show stat\n', capture_output=True, text=True,
        timeout=10).stdout
    return {f[1]: f[17] for f in (line.split(',') for line in
                                  out.splitlines())
            if len(f) > 17 and f[0] == 'mariadb' and f[1].startswith('ha')}


def cert_failures():
    """The certification failures the Galera nodes have counted."""
    total = 0
    for port in NODE_PORTS:
        conn = pymysql.connect(host='127.0.0.1', port=port, user=DB_USER,
                               password=DB_PASSWORD, connect_timeout=5)
        try:
            with conn.cursor() as cursor:
                cursor.execute("SHOW GLOBAL STATUS LIKE "
                               "'wsrep_local_cert_failures'")
                total += int(cursor.fetchone()[1])
        finally:
            conn.close()
    return total


def read_pid(path):
    with open(os.path.join(STATE, path)) as f:
        return int(f.read().strip())


Answer = collections.namedtuple('Answer',
                                'began ended method path status body')


class HAFailoverTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        # A cluster with every node (the previous run's killed ones back).
        cluster('up')
        self.addCleanup(cluster, 'up')
        self.suffix = uuidutils.generate_uuid()[:8]
        self.processes = []
        self.addOnException(self._print_logs)

        # The test's own database and vhost on the cluster.
        self.dbname = 'cyborg_ha_' + self.suffix
        sql('CREATE DATABASE %s CHARACTER SET utf8mb4' % self.dbname)
        self.addCleanup(sql, 'DROP DATABASE IF EXISTS %s' % self.dbname)
        vhost = 'cyborg-ha-' + self.suffix
        rabbitmqctl('add_vhost', vhost)
        self.addCleanup(rabbitmqctl, 'delete_vhost', vhost)
        rabbitmqctl('set_permissions', '-p', vhost, MQ_USER, '.*', '.*',
                    '.*')
        self.db_url = ('mysql+pymysql://%s:%s@%s:%d/%s?charset=utf8mb4' %
                       (DB_USER, DB_PASSWORD, HAPROXY[0], HAPROXY[1],
                        self.dbname))
        self.transport_url = 'rabbit://%s/%s' % (','.join(
            '%s:%s@127.0.0.1:%d' % (MQ_USER, MQ_PASSWORD, port)
            for port in MQ_PORTS), urllib.parse.quote(vhost, safe=''))

        self.nova = self.useFixture(nova_fixture.FakeNova())
        self.node1, self.node2 = self.host('node1'), self.host('node2')
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            http=True, compute_nodes=[self.node1, self.node2]))
        self.lock_path = self.useFixture(fixtures.TempDir()).path
        self.port = services.free_port()
        self.url = 'http://127.0.0.1:%d/v2' % self.port

        self.answers = []
        self.lock = threading.Lock()
        self.resolved = threading.Condition(self.lock)
        self.binds_done = 0
        self.faults_done = threading.Event()
        self.errors = []
        self.arqs = set()

    def host(self, name):
        return '%s-%s' % (name, self.suffix)

    def _print_logs(self, exc_info):
        # Longer tails than the functional tests': a failover fills a log
        # with reconnection tracebacks.
        for process in self.processes:
            process.print_log(tail=1000)

    # The services -------------------------------------------------------

    def service_config(self, host, **groups):
        config = {
            'DEFAULT': {
                'host': host,
                'transport_url': self.transport_url,
                'report_interval': 2,
                'service_down_time': 30,
                'debug': True,
                'rpc_response_timeout': 20,
            },
            'database': {'connection': self.db_url},
            # Each service a queue manager name of its own (the sample
            # says why).
            'oslo_messaging_rabbit': {'hostname': host},
            'oslo_concurrency': {'lock_path': self.lock_path},
            # The agents register and report at once (no rack here).
            'agent': {'start_jitter': 0},
        }
        for group, options in groups.items():
            config.setdefault(group, {}).update(options)
        return config

    def start_service(self, binary, host, **groups):
        process = self.useFixture(services.ServiceProcess(
            binary, self.service_config(host, **groups),
            config_files=[str(SAMPLE)]))
        self.processes.append(process)
        self.addCleanup(services.stop_all, self.processes)
        return process

    def dbsync(self):
        """The migrations, through HAProxy, as an operator runs them."""
        tmp = self.useFixture(fixtures.TempDir()).path
        path = os.path.join(tmp, 'dbsync.conf')
        services.write_config(path, self.service_config('dbsync'))
        result = subprocess.run(
            [sys.executable, '-m', 'cyborg.cmd.dbsync', '--config-file',
             str(SAMPLE), '--config-file', path, 'upgrade'],
            capture_output=True, text=True, timeout=600)
        self.assertEqual(0, result.returncode, result.stdout + result.stderr)

    def start(self, conductor_urls=None):
        """The services; *conductor_urls* (two database URLs) sends the
        conductors' transactions to those instead of HAProxy.
        """
        self.dbsync()
        urls = conductor_urls or (self.db_url, self.db_url)
        self.conductors = []
        for name, url in zip(('cond1', 'cond2'), urls):
            self.conductors.append(self.start_service(
                'cyborg-conductor', self.host(name),
                database={'connection': url},
                DEFAULT={'bind_timeout': 60},
                conductor={'work_poll_interval': 0.5},
                placement=dict(self.placement.cyborg_options(),
                               sync_interval=1),
                nova={'auth_type': 'none',
                      'endpoint_override': self.nova.url,
                      'events_retry_max_interval': 2,
                      'failed_event_interval': 1}))
        for node in (self.node1, self.node2):
            self.start_service(
                'cyborg-agent', node,
                agent={'enabled_drivers': 'fake', 'hotplug': False},
                fake_driver={'devices': 'fpga=1'})
        self.start_service(
            'cyborg-api', self.host('api'),
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.port,
                 'api_workers': 2, 'api_threads': 4})
        services.wait_for(self._api_up, timeout=90,
                          message='cyborg-api never answered')
        self.fpga = {}
        for node in (self.node1, self.node2):
            tree = services.wait_for(
                lambda n=node: self._fpga(n), timeout=120,
                message='the FPGA provider of %s never appeared' % node)
            self.fpga[node] = tree
        self.request('POST', '/device_profiles', 201, headers={},
                     json=[{'name': 'fpga', 'groups': [
                         {'resources:FPGA': '1'}]}])

    def _api_up(self):
        try:
            return requests.get(self.url, timeout=5).status_code == 200
        except requests.ConnectionError:
            return False

    def _fpga(self, node):
        tree = self.placement.tree(node)
        for name, rp in tree.items():
            if name == node + '_FakeDevice' and rp['inventories']:
                return rp['uuid']
        return None

    # The clients ---------------------------------------------------------

    def request(self, method, path, expect, headers=NOVA_HEADERS,
                session=None, after_retry=(), answer=False, **kwargs):
        """*method* *path* until it is answered *expect*; every answer
        (and every connection error, as status 0) is recorded.  503 and
        connection errors are retried, as Nova retries them; so are 500s
        (counted: they fail the test at the end), so that the run goes on.

        :param after_retry: statuses that are accepted too once a try was
            retried (the failed try may have done the work: a bind sent
            again is a conflict, a delete sent again finds nothing).
        :param answer: return the response itself, not its body.
        """
        session = session or requests
        deadline = time.monotonic() + PATIENCE
        retried = False
        while True:
            began = time.monotonic()
            try:
                response = session.request(
                    method, self.url + path, headers=headers, timeout=60,
                    **kwargs)
                status, body = response.status_code, response.text
            except requests.ConnectionError as e:
                response, status, body = None, 0, str(e)
            with self.lock:
                self.answers.append(Answer(began, time.monotonic(), method,
                                           path, status, body[:500]))
            if status == expect or (retried and status in after_retry):
                if answer:
                    return response
                return response.json() if response.content else None
            retried = True
            if status not in (0, 500, 502, 503, 504):
                raise AssertionError('%s %s: %s %s (expected %s)' % (
                    method, path, status, body, expect))
            if time.monotonic() > deadline:
                raise AssertionError('%s %s: no %s in %ss; last %s %s' % (
                    method, path, expect, PATIENCE, status, body))
            time.sleep(0.5)

    def state(self, uuid, session=None):
        return self.request('GET', '/accelerator_requests/' + uuid, 200,
                            session=session)

    def client(self, index):
        session = requests.Session()
        try:
            round_ = 0
            # At least ROUNDS rounds, and on until the last fault is made
            # and followed by binds (a slow fault must not find the
            # clients gone); past ROUNDS every ARQ is deleted, so that
            # the ones kept bound never outnumber the handles.
            while round_ < ROUNDS or not self.faults_done.is_set():
                node = (self.node1, self.node2)[(index + round_) % 2]
                [arq] = self.request(
                    'POST', '/accelerator_requests', 201, session=session,
                    json={'device_profile_name': 'fpga'})['arqs']
                with self.lock:
                    self.arqs.add(arq['uuid'])
                self.bind(arq, node, session)
                if round_ % 2 or round_ >= ROUNDS:
                    self.request('DELETE', '/accelerator_requests?arqs=' +
                                 arq['uuid'], 204, session=session,
                                 after_retry=(404,))
                round_ += 1
        except Exception as e:  # noqa: B902 (reported by the main thread)
            with self.resolved:
                self.errors.append('client %d: %s' % (index, e))
                self.resolved.notify_all()

    def bind(self, arq, node, session):
        """nova-conductor's bind; a 5xx answer leaves the outcome unknown:
        the ARQ says whether to bind again.  Returns the settled state.
        """
        instance = uuidutils.generate_uuid()
        body = nova_boot.bind_document([arq], node, self.fpga[node],
                                       instance)
        # A try whose answer was lost (a 503 from HAProxy's side of a
        # failover, a dropped connection, a conductor's COMMIT whose OK
        # never came back) may have bound the ARQ: sent again, the bind
        # finds it done and answers 202 as the first try would have
        # (cyborg.conductor.arq.bind; it answered 400 instance_bound
        # before, which failed CI once).  Nothing else is accepted.
        retried = self.request(
            'PATCH', '/accelerator_requests', 202, session=session,
            json=body, answer=True)

        def settled():
            current = self.state(arq['uuid'], session)
            return current if current['state'] not in TRANSITIONAL else None
        current = services.wait_for(settled, timeout=PATIENCE,
                                    message='ARQ %s never settled' %
                                    arq['uuid'])
        if current['state'] == states.BOUND:
            self.assertEqual(
                instance, current['instance_uuid'],
                'PATCH answered %s, and the ARQ is bound to another '
                'instance' % retried.status_code)
        with self.resolved:
            self.binds_done += 1
            self.resolved.notify_all()
        return current['state']

    def wait_binds(self, count):
        with self.resolved:
            # A client that failed binds no more: give up once all have.
            if not self.resolved.wait_for(
                    lambda: (self.binds_done >= count or
                             len(self.errors) == CLIENTS), timeout=PATIENCE
            ) or self.binds_done < count:
                self.fail('only %d binds settled, waited for %d; the '
                          'clients\' errors: %s' % (
                              self.binds_done, count, self.errors))

    def write_works(self):
        """A probe write through the API (an ARQ made and deleted)."""
        try:
            response = requests.post(
                self.url + '/accelerator_requests', headers=NOVA_HEADERS,
                json={'device_profile_name': 'fpga'}, timeout=30)
        except requests.ConnectionError:
            return False
        if response.status_code != 201:
            return False
        [arq] = response.json()['arqs']
        self.request('DELETE', '/accelerator_requests?arqs=' + arq['uuid'],
                     204)
        return True

    # The faults ---------------------------------------------------------

    def kill_galera_writer(self):
        [(writer,)] = sql('SELECT @@wsrep_node_name')
        os.kill(read_pid('galera%s/mysqld.pid' % writer[-1]),
                signal.SIGKILL)
        began = time.monotonic()
        services.wait_for(
            lambda: haproxy_servers().get(writer) == 'DOWN', timeout=60,
            message='HAProxy never marked %s down' % writer)
        [(now,)] = sql('SELECT @@wsrep_node_name')
        self.assertNotEqual(writer, now)
        services.wait_for(self.write_works, timeout=PATIENCE,
                          message='no write after %s was killed' % writer)
        return began, time.monotonic()

    def kill_rabbit_node(self):
        os.kill(read_pid('rabbit1/rabbit.pid'), signal.SIGKILL)
        began = time.monotonic()
        services.wait_for(self.write_works, timeout=PATIENCE,
                          message='no write after %s was killed' %
                          MQ_NODES[0])
        return began, time.monotonic()

    def kill_conductor(self):
        """SIGKILL the first conductor: what it claimed (bind jobs, Nova
        events, pushes) is taken over by the second once the claims
        expire.
        """
        self.conductors[0].stop(sig=signal.SIGKILL)
        began = time.monotonic()
        services.wait_for(self.write_works, timeout=PATIENCE,
                          message='no write after a conductor was killed')
        return began, time.monotonic()

    def bring_back(self):
        """Restart what was killed: the Galera node (it rejoins through
        a state transfer and takes no connection from HAProxy until it is
        Synced), the RabbitMQ node and the conductor.
        """
        began = time.monotonic()
        cluster('up')
        self.conductors[0].start()
        services.wait_for(
            lambda: all(status == 'UP' for status in
                        haproxy_servers().values()), timeout=PATIENCE,
            message='HAProxy never saw every Galera node up again')
        services.wait_for(self.write_works, timeout=PATIENCE,
                          message='no write after the nodes came back')
        return began, time.monotonic()

    # The test -------------------------------------------------------------

    def run_clients(self, faults=()):
        """The clients' rounds; each of *faults* (name, function making
        the fault and returning its window) is made after CLIENTS more
        binds settled.  Returns {name: window}.
        """
        clients = [threading.Thread(target=self.client, args=(i,))
                   for i in range(CLIENTS)]
        for thread in clients:
            thread.start()
        windows = {}
        try:
            for name, fault in faults:
                self.wait_binds(self.binds_done + CLIENTS)
                windows[name] = fault()
            if faults:
                self.wait_binds(self.binds_done + CLIENTS)
        finally:
            self.faults_done.set()
            for thread in clients:
                thread.join(PATIENCE * ROUNDS)
        self.assertEqual([], self.errors)
        return windows

    def test_binds_while_nodes_and_a_conductor_die_and_come_back(self):
        self.start()
        windows = self.run_clients([
            ('galera writer', self.kill_galera_writer),
            ('rabbitmq node', self.kill_rabbit_node),
            ('conductor', self.kill_conductor),
            ('restarts', self.bring_back)])
        self.check_outcome(windows)

    def test_binds_with_a_conductor_on_each_of_two_writers(self):
        # Not the layout to deploy (HAProxy sends every transaction to
        # one node): the conductors write to two nodes at once, so that
        # two binds taking the same handle on two nodes meet at commit,
        # where one fails certification (a deadlock error for the
        # client), and must be retried whole by retry_on_deadlock.
        nodes = [self.db_url.replace(':%d/' % HAPROXY[1], ':%d/' % port)
                 for port in NODE_PORTS[:2]]
        before = cert_failures()
        self.start(conductor_urls=nodes)
        windows = self.run_clients()
        print('certification failures during the run: %d' % (
            cert_failures() - before))
        self.check_outcome(windows)

    def check_outcome(self, windows):
        """What must never happen, counted over the whole run."""
        # Every ARQ settles; none waits in a transitional state.
        def all_settled():
            found = {a['uuid']: a for a in self.request(
                'GET', '/accelerator_requests', 200, headers={})['arqs']}
            if all(a['state'] in SETTLED for a in found.values()):
                return found
            return None
        arqs = services.wait_for(all_settled, timeout=120,
                                 message='ARQs left in a transitional state')

        # No device handle bound twice.
        bound = [a for a in arqs.values() if a['state'] == states.BOUND]
        handles = collections.Counter(
            (a['hostname'], a['attach_handle_type'],
             tuple(sorted(a['attach_handle_info'].items())))
            for a in bound)
        self.assertEqual([], [h for h, n in handles.items() if n > 1])

        # One event per bind Nova heard of, for the ARQs still there.  An
        # event the killed conductor had claimed goes once its claim
        # expired (CI once counted before: a bind of the fault's moment).
        self.nova.wait_for_tags([a['uuid'] for a in bound],
                                timeout=nova_events.CLAIM_SECONDS + 60)
        events = collections.Counter(e['tag'] for e in self.nova.events())
        self.assertEqual(
            {}, {a['uuid']: events[a['uuid']] for a in bound
                 if events[a['uuid']] != 1})

        # 5xx: only 503, and only inside a window.
        def inside(answer):
            return any(answer.ended >= began and answer.began <= ended
                       for began, ended in windows.values())
        failed = [a for a in self.answers if a.status == 0 or a.status >= 500]
        counts = collections.Counter(
            (inside(a), a.status) for a in failed)
        print('answers: %d; failures (inside a window, status): %s; '
              'windows: %s' % (len(self.answers), dict(counts), {
                  k: round(e - b, 1) for k, (b, e) in windows.items()}))
        self.assertEqual(
            [], [a for a in failed if not inside(a)],
            'failures outside the failover windows')
        self.assertEqual(
            [], [a for a in failed if a.status != 503],
            'failures other than 503 inside the failover windows')


class CausalReadsTestCase(base.TestCase):
    """What the sample's ``[database] mysql_wsrep_sync_wait`` promises: a
    transaction on one Galera node sees what another node committed
    before it began, whatever its first statement.  MariaDB checks
    causality before a transaction's first statement only, and only for
    the kinds of statement the value names: with 1 (reads), a bind,
    which begins with an INSERT, read its ARQ as missing when the ARQ had
    been created through the other node a moment before (CI, with a
    conductor on each of two writers: 404 to nova-conductor's PATCH).
    """

    ROWS = 1000

    def test_a_transaction_that_writes_first_sees_the_other_nodes_commits(
            self):
        cluster('up')
        sample = configparser.ConfigParser(interpolation=None)
        sample.read(SAMPLE)
        sync_wait = int(sample['database']['mysql_wsrep_sync_wait'])
        dbname = 'cyborg_causal_' + uuidutils.generate_uuid()[:8]
        sql('CREATE DATABASE %s' % dbname)
        self.addCleanup(sql, 'DROP DATABASE IF EXISTS %s' % dbname)
        sql('CREATE TABLE %s.arqs (uuid CHAR(36) PRIMARY KEY)' % dbname)
        sql('CREATE TABLE %s.binds (uuid CHAR(36) PRIMARY KEY)' % dbname)

        def connect(port):
            conn = pymysql.connect(host='127.0.0.1', port=port,
                                   user=DB_USER, password=DB_PASSWORD,
                                   database=dbname, connect_timeout=5)
            self.addCleanup(conn.close)
            return conn
        writer, reader = connect(NODE_PORTS[0]), connect(NODE_PORTS[1])
        with reader.cursor() as cursor:
            cursor.execute('SET SESSION wsrep_sync_wait = %s', (sync_wait,))
        missed, aborted = 0, 0
        for _ in range(self.ROWS):
            uuid = uuidutils.generate_uuid()
            with writer.cursor() as cursor:
                cursor.execute('INSERT INTO arqs VALUES (%s)', (uuid,))
            writer.commit()
            try:
                with reader.cursor() as cursor:
                    cursor.execute('INSERT INTO binds VALUES (%s)', (uuid,))
                    cursor.execute('SELECT uuid FROM arqs WHERE uuid = %s '
                                   'FOR UPDATE', (uuid,))
                    missed += cursor.fetchone() is None
                reader.commit()
            except pymysql.err.OperationalError:
                # Certification (the applier's write met this
                # transaction's lock): it ran before the write was applied.
                aborted += 1
                reader.rollback()
        self.assertEqual((0, 0), (missed, aborted),
                         'rows missed, transactions aborted, of %d with '
                         'wsrep_sync_wait = %d' % (self.ROWS, sync_wait))


def rabbit_status(node):
    return json.loads(subprocess.run(
        [RABBITMQCTL, '-q', '-n', node, 'cluster_status',
         '--formatter', 'json'],
        env=dict(os.environ, HOME=os.path.join(STATE, 'rabbit-home')),
        capture_output=True, text=True, timeout=120, check=True).stdout)


def pid_gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


class PowerCutTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        cluster('up')
        self.addCleanup(cluster, 'up')
        suffix = uuidutils.generate_uuid()[:8]
        self.dbname = 'cyborg_cut_' + suffix

    def test_up_starts_a_whole_cluster_that_stopped(self):
        sql('CREATE DATABASE %s' % self.dbname)
        self.addCleanup(sql, 'DROP DATABASE IF EXISTS %s' % self.dbname)
        sql('CREATE TABLE %s.kept (id INT PRIMARY KEY)' % self.dbname)
        conn = pymysql.connect(host=HAPROXY[0], port=HAPROXY[1],
                               user=DB_USER, password=DB_PASSWORD,
                               database=self.dbname, connect_timeout=5,
                               autocommit=True)
        with conn:
            with conn.cursor() as cursor:
                cursor.execute('INSERT INTO kept VALUES (1)')

        pids = [read_pid('galera%d/mysqld.pid' % n) for n in (1, 2, 3)]
        pids += [read_pid('rabbit%d/rabbit.pid' % n) for n in (1, 2, 3)]
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        services.wait_for(lambda: all(pid_gone(pid) for pid in pids),
                          timeout=60, message='the cluster did not die')

        out = cluster('up')

        # Every RabbitMQ node runs, in one cluster; every Galera node is
        # Synced, with the row committed before the cut.  (Not a RabbitMQ
        # vhost made just before it: RabbitMQ's metadata store writes its
        # log with a delay of up to seconds, and a node killed within it
        # loses the write, RabbitMQ's behaviour and not the script's.)
        self.assertIn('The HA cluster runs', out)
        for node in MQ_NODES:
            self.assertEqual(sorted(MQ_NODES),
                             sorted(rabbit_status(node)['running_nodes']))
        self.assertEqual(((1,),),
                         sql('SELECT id FROM kept', database=self.dbname))
        [(_, size)] = sql("SHOW GLOBAL STATUS LIKE 'wsrep_cluster_size'")
        self.assertEqual('3', size)
        services.wait_for(
            lambda: set(haproxy_servers().values()) == {'UP'},
            timeout=PATIENCE,
            message='HAProxy never saw every Galera node up again')
