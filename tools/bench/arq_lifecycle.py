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
"""Nova's ARQ lifecycle against cyborg-api, timed per phase.

Each client thread repeats what Nova does for an instance with one
accelerator, over HTTP with keep-alive, with the headers Nova sends (a
user token and its service token, here as the noauth headers)::

    GET    /v2/device_profiles?name=NAME                   (nova-api)
    POST   /v2/accelerator_requests                        (nova-conductor)
    PATCH  /v2/accelerator_requests                        (nova-conductor)
    GET    /v2/accelerator_requests?instance=I&bind_state=resolved
                                                 (until not 423)
    DELETE /v2/accelerator_requests?instance=I

and prints one JSON object per line: ``params``, then per concurrency
level ``lifecycles`` (lifecycles per second, p50/p90/p99 per phase in ms,
errors) and, with ``--start``, ``events``: when the recording stand-in for
Nova (in a process of its own) got each ``accelerator-request-bound``
event, relative to the moment the PATCH answer was in (lag p50/p99/max,
how many came early, that is before the answer, or later than 100 ms).

Against a running deployment (noauth, or ``--token``/``--service-token``)::

    .venv/bin/python tools/bench/arq_lifecycle.py \\
        --endpoint http://127.0.0.1:6666/v2 --profile fpga1 \\
        --target node1:<resource provider uuid> --concurrency 1,4

or, with ``--start``, on a deployment of its own on loopback: MariaDB
(``--db-admin-url``), RabbitMQ (a vhost of its own), the real Placement,
one cyborg-conductor, one cyborg-agent with fake FPGAs, one cyborg-api
worker under gunicorn, and the recording Nova (which the conductor
notifies).  Everything is stopped and dropped at the end.

To compare versions of Cyborg on a machine whose speed drifts,
``--start --compare A B`` runs alternating rounds, each on freshly
started services of one side (a source tree, or ``upstream:VENV`` for
the existing Cyborg), and reports medians, spreads and ratios with their
confidence intervals (compare.py, ab.py)::

    git worktree add --detach /tmp/cyborg-old HEAD~1
    .venv/bin/python tools/bench/arq_lifecycle.py --start \\
        --compare /tmp/cyborg-old . --rounds 5 --iterations 300

``--py-spy DIR`` profiles the services and the client (cpu_profile.py).
"""

import argparse
import concurrent.futures
import http.client
import json
import multiprocessing
import os
import platform
import select
import statistics
import sys
import threading
import time
import urllib.parse
import uuid

import ab
import cpu_profile
from oslo_serialization import jsonutils
import psutil
import report_scale
import requests

from cyborg.tests.fixtures import nova as nova_fixture

PHASES = ('profile', 'create', 'bind', 'resolve', 'delete')
PROFILE = 'bench-fpga'
EVENT_LAG_MS = 100.0
# The operator who sets up (noauth headers; the existing Cyborg reads them
# too).
ADMIN_HEADERS = {'X-User-Id': 'bench-admin',
                 'X-Project-Id': '5f0b2c7e9a1d4e3b8c6a0d2f4e6b8a1c',
                 'X-Roles': 'admin,member,reader'}
# Nova's user's project: a Keystone project id (the existing Cyborg wants
# one).
PROJECT = '3c4e5b0a9f1d4c2e8a7b6d5e4f3a2b1c'


def percentiles(values):
    """p50, p90, p95, p99 and max of *values* (ms), rounded."""
    values = sorted(values)
    if not values:
        return {}

    def at(q):
        return round(values[min(len(values) - 1, int(len(values) * q))], 2)
    return {'n': len(values), 'p50': at(0.5), 'p90': at(0.9),
            'p95': at(0.95), 'p99': at(0.99), 'max': round(values[-1], 2),
            'mean': round(statistics.fmean(values), 2)}


class LeanResponse:

    def __init__(self, status, body):
        self.status_code = status
        self.content = body

    @property
    def text(self):
        return self.content.decode('utf-8', 'replace')

    def json(self):
        return json.loads(self.content)


class LeanSession:
    """The part of a ``requests.Session`` the clients use, on one
    keep-alive connection with Python's http.client.

    ``requests`` (what Nova's keystoneauth uses) spends about 1 to 1.5 ms
    of CPU per call on this kind of machine, on the same cores as the
    services: the time a lean client sees is closer to the server's own.
    """

    def __init__(self, endpoint):
        self.headers = {}
        url = urllib.parse.urlsplit(endpoint)
        self.origin = '%s://%s' % (url.scheme, url.netloc)
        self.connection = http.client.HTTPConnection(url.hostname, url.port,
                                                     timeout=60)

    def request(self, method, url, timeout=None, params=None, json=None,
                headers=None):
        if not url.startswith(self.origin + '/'):
            raise ValueError('%s is not on %s' % (url, self.origin))
        path = url[len(self.origin):]
        if params:
            path += '?' + urllib.parse.urlencode(params)
        self._drop_if_closed()
        sent = dict(self.headers, **(headers or {}))
        body = None
        if json is not None:
            body = jsonutils.dump_as_bytes(json)
            sent['Content-Type'] = 'application/json'
        self.connection.request(method, path, body=body, headers=sent)
        response = self.connection.getresponse()
        return LeanResponse(response.status, response.read())

    def get(self, url, **kwargs):
        return self.request('GET', url, **kwargs)

    def _drop_if_closed(self):
        """Reconnect if the server closed the idle connection (its
        keep-alive timeout): an idle connection that reads as ready has
        nothing to read but its end.
        """
        sock = self.connection.sock
        if sock is not None and select.select([sock], [], [], 0)[0]:
            self.connection.close()


class Client:
    """One Nova: a keep-alive HTTP session and its timings.

    :param cpu: a function answering ``{process: CPU seconds}``: with it,
        each phase's CPU is recorded too (``cpu_ms``; one client alone).
    """

    def __init__(self, args, target, cpu=None):
        self.args = args
        self.cpu = cpu
        self.cpu_ms = {phase: [] for phase in PHASES}
        self.hostname, self.rp_uuid = target
        self.session = (LeanSession(args.endpoint) if args.client == 'lean'
                        else requests.Session())
        self.session.headers.update(nova_headers(args))
        self.times = {phase: [] for phase in PHASES}
        self.errors = []
        self.polls = 0
        self.patched = {}  # ARQ uuid: when the PATCH answer was in
        self.sent = {}  # ARQ uuid: when the PATCH was sent

    def _cpu_since(self, phase, before):
        if before is not None:
            after = self.cpu()
            self.cpu_ms[phase].append({
                name: (after[name] - before[name]) * 1000.0
                for name in after if name in before})

    def _call(self, phase, method, path, expect, **kwargs):
        before = self.cpu and self.cpu()
        started = time.monotonic()
        response = self.session.request(
            method, self.args.endpoint + path, timeout=60, **kwargs)
        done = time.monotonic()
        self.times[phase].append((done - started) * 1000.0)
        self._cpu_since(phase, before)
        if response.status_code not in expect:
            raise RuntimeError('%s %s: %d %s' % (
                method, path, response.status_code, response.text[:300]))
        return response, started, done

    def lifecycle(self):
        """One instance's accelerator, from profile to delete."""
        instance = str(uuid.uuid4())
        try:
            response, _, _ = self._call(
                'profile', 'GET', '/device_profiles',
                (200,), params={'name': self.args.profile})
            [profile] = response.json()['device_profiles']
            response, _, _ = self._call(
                'create', 'POST', '/accelerator_requests', (201,),
                json={'device_profile_name': profile['name']})
            arqs = response.json()['arqs']
            body = {arq['uuid']: [
                {'path': '/hostname', 'op': 'add', 'value': self.hostname},
                {'path': '/device_rp_uuid', 'op': 'add',
                 'value': self.rp_uuid},
                {'path': '/instance_uuid', 'op': 'add', 'value': instance}]
                for arq in arqs}
            _, sent, done = self._call('bind', 'PATCH',
                                       '/accelerator_requests', (202,),
                                       json=body)
            for arq in arqs:
                self.patched[arq['uuid']] = done
                self.sent[arq['uuid']] = sent
            self._resolve(instance, len(arqs))
            self._call('delete', 'DELETE', '/accelerator_requests', (204,),
                       params={'instance': instance})
        except Exception as exc:
            self.errors.append(str(exc))

    def _resolve(self, instance, count):
        deadline = time.monotonic() + 60
        before = self.cpu and self.cpu()
        started = time.monotonic()
        while True:
            self.polls += 1
            response = self.session.get(
                self.args.endpoint + '/accelerator_requests', timeout=60,
                params={'instance': instance, 'bind_state': 'resolved'})
            if response.status_code == 200:
                break
            if response.status_code != 423 or time.monotonic() > deadline:
                raise RuntimeError('resolve: %d %s' % (
                    response.status_code, response.text[:300]))
            time.sleep(0.005)
        self.times['resolve'].append((time.monotonic() - started) * 1000.0)
        self._cpu_since('resolve', before)
        arqs = response.json()['arqs']
        if len(arqs) != count or {a['state'] for a in arqs} != {'Bound'}:
            raise RuntimeError('resolve: unexpected ARQs %s' % arqs)


def nova_headers(args):
    """What Nova sends: its user's token and its own service token."""
    if args.token:
        return {'X-Auth-Token': args.token,
                'X-Service-Token': args.service_token or args.token}
    return {'X-User-Id': 'nova-user', 'X-Project-Id': args.project,
            'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}


def cpu_seconds(processes):
    """{name: CPU seconds (user + system)} of each started process and
    its children (gunicorn workers, oslo.service workers), added up per
    name (several conductors are one figure).
    """
    seconds = {}
    for name, process in processes:
        try:
            root = psutil.Process(process.pid)
            total = 0.0
            for proc in [root] + root.children(recursive=True):
                times = proc.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            continue
        seconds[name] = seconds.get(name, 0.0) + total
    own = psutil.Process().cpu_times()
    seconds['bench'] = own.user + own.system
    return seconds


def run_level(args, concurrency, targets, processes=()):
    """*concurrency* clients, ``--iterations`` lifecycles each."""
    clients = [Client(args, targets[i % len(targets)])
               for i in range(concurrency)]
    for client in clients:  # warm-up: connections, caches
        for _ in range(args.warmup):
            client.lifecycle()
        client.times = {phase: [] for phase in PHASES}
        client.patched.clear()
        client.sent.clear()
    barrier = threading.Barrier(concurrency)

    def loop(client):
        barrier.wait()
        for _ in range(args.iterations):
            client.lifecycle()

    cpu_before = cpu_seconds(processes)
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(loop, clients))
    seconds = time.monotonic() - started
    cpu_after = cpu_seconds(processes)
    done = sum(len(c.times['delete']) for c in clients)
    errors = [e for c in clients for e in c.errors]
    record = {
        'phase': 'lifecycles', 'concurrency': concurrency,
        'iterations': args.iterations * concurrency, 'completed': done,
        'seconds': round(seconds, 3),
        'lifecycles_per_s': round(done / seconds, 1),
        'errors': len(errors), 'error_samples': errors[:3],
        'resolve_polls': sum(c.polls for c in clients),
        # CPU per lifecycle of each process started (--start), and of this
        # one (the clients; the recording Nova has a process of its own).
        'cpu_ms_per_lifecycle': {
            name: round((cpu_after[name] - cpu_before[name]) * 1000.0 /
                        max(done, 1), 2)
            for name in cpu_after if name in cpu_before},
        'ms': {phase: percentiles([t for c in clients
                                   for t in c.times[phase]])
               for phase in PHASES}}
    patched, sent = {}, {}
    for client in clients:
        patched.update(client.patched)
        sent.update(client.sent)
    return record, patched, sent


def event_report(nova, patched, concurrency, sent=None, timeout=30):
    """When Nova got each bind's event, against when the PATCH returned
    and (``from_patch_ms``) when it was sent: what a booting server
    waits for.
    """
    deadline = time.monotonic() + timeout
    received = {}
    while time.monotonic() < deadline:
        received = {e['tag']: r['received_at'] for r in nova.received()
                    for e in r['body']['events']}
        if set(patched) <= set(received):
            break
        time.sleep(0.1)
    lags = [(received[tag] - at) * 1000.0 for tag, at in patched.items()
            if tag in received]
    return {'phase': 'events', 'concurrency': concurrency,
            'expected': len(patched), 'received': len(lags),
            'missing': len(patched) - len(lags),
            'before_response': sum(lag < 0 for lag in lags),
            # How far the earliest event came before (< 0) or after the
            # client had timestamped the PATCH answer (CLOCK_MONOTONIC,
            # the same in every process): the client threads share one
            # interpreter, so a thread that read the answer may take its
            # timestamp late.
            'earliest_ms': round(min(lags), 2) if lags else None,
            'over_100ms': sum(lag > EVENT_LAG_MS for lag in lags),
            'lag_ms': percentiles(lags),
            'from_patch_ms': percentiles([
                (received[tag] - at) * 1000.0
                for tag, at in (sent or {}).items() if tag in received])}


def _serve_nova(connection):
    """The recording Nova, in its own process: sends its URL, then what
    it received each time it is asked, until told to stop.
    """
    # Nova's API keeps connections alive, as HTTP/1.1 does; the fixture
    # answers HTTP/1.0 (a connection per event) unless told otherwise.
    nova_fixture._Handler.protocol_version = 'HTTP/1.1'
    nova = nova_fixture.FakeNova()
    nova.setUp()
    try:
        connection.send(nova.url)
        while connection.recv() == 'received':
            with nova.lock:
                connection.send([{'received_at': r['received_at'],
                                  'body': r['body']}
                                 for r in nova.requests])
    finally:
        nova.cleanUp()


class NovaProcess:
    """The recording stand-in for Nova (cyborg.tests.fixtures.nova) in a
    process of its own, as Nova is: it does not take the clients'
    interpreter lock while they time their calls, and its CPU is not
    counted as theirs.
    """

    def __init__(self):
        context = multiprocessing.get_context('spawn')
        self._connection, child = context.Pipe()
        self._process = context.Process(target=_serve_nova, args=(child,),
                                        daemon=True)
        self._process.start()
        self._url = None

    @property
    def url(self):
        """Its URL, once it serves (the process imports for seconds:
        start() asks only when it needs it).
        """
        if self._url is None:
            self._url = self._connection.recv()
        return self._url

    def received(self):
        """[{'received_at': time.monotonic(), 'body': ...}] so far."""
        self._connection.send('received')
        return self._connection.recv()

    def stop(self):
        if self._process.is_alive():
            self._connection.send('stop')
            self._process.join(10)


class Deployment(report_scale.Bench):
    """Cyborg's services, Placement and a recording Nova, on loopback.

    :param tree: see report_scale.Bench.
    """

    _placement_ready = None

    def fake_nova(self):
        nova = NovaProcess()
        self.cleanups.append(nova.stop)
        return nova

    def start(self, name, argv, env=None):
        # Cyborg's services start once Placement serves; its schema and
        # Cyborg's are made at the same time (see start()).
        if name != 'placement' and self._placement_ready is not None:
            self._placement_ready.result()
        return super().start(name, argv, env)

    def start_all(self):
        """Everything (see start()); returns (endpoint, targets, nova)."""
        return start(self.args, self)

    def cyborg(self, transport_url, placement_url, nova_url):
        """Conductors, agent and API; returns the API's /v2 URL and host.

        ``--api-workers`` gunicorn workers, ``--conductors`` conductors
        (each with a host of its own), one agent on the compute host.
        """
        connection = self.database('cyborg_lc_' + self.suffix)
        host = 'bench-' + self.suffix
        port = report_scale._free_port()
        conf = os.path.join(self.tmp, 'cyborg.conf')
        report_scale._write(conf, (
            '[DEFAULT]\ntransport_url = %(transport)s\nhost = %(host)s\n'
            'auth_strategy = noauth\n%(extra)s'
            '[database]\nconnection = %(db)s\n'
            '[api]\nhost_ip = 127.0.0.1\nport = %(port)d\n'
            'api_workers = %(workers)d\n%(threads)s'
            '[placement]\nauth_type = none\nendpoint_override = %(plc)s\n'
            '[nova]\nauth_type = none\nendpoint_override = %(nova)s\n'
            '[agent]\nenabled_drivers = fake\nhotplug = false\n'
            'start_jitter = 0\n'
            '[fake_driver]\ndevices = fpga=%(fpgas)d\n' % {
                'transport': transport_url, 'host': host, 'db': connection,
                'port': port, 'plc': placement_url, 'nova': nova_url,
                'fpgas': self.args.fpgas, 'workers': self.args.api_workers,
                'extra': ''.join('%s\n' % o for o in self.args.option),
                'threads': ('api_threads = %d\n' % self.args.api_threads
                            if self.args.api_threads else '')}))
        self.dbsync(conf)
        for index in range(self.args.conductors):
            own = os.path.join(self.tmp, 'conductor%d.conf' % index)
            report_scale._write(own, '[DEFAULT]\nhost = cond%d-%s\n' % (
                index, self.suffix))
            self.start('conductor', [
                self.python, '-m', 'cyborg.cmd.conductor',
                '--config-file', conf, '--config-file', own])
        for binary in ('agent', 'api'):
            self.start(binary, [self.python, '-m', 'cyborg.cmd.' + binary,
                                '--config-file', conf])
        return 'http://127.0.0.1:%d/v2' % port, host


def _targets(endpoint, host, count):
    """(hostname, rp uuid) of the agent's FPGAs, once they are in
    Placement (deployables get their provider's uuid then).
    """
    found = []

    def published():
        try:
            body = requests.get(endpoint + '/deployables', timeout=5,
                                headers=ADMIN_HEADERS).json()
        except (requests.RequestException, ValueError):
            return False
        found[:] = sorted(d['rp_uuid'] for d in body.get('deployables', [])
                          if d.get('rp_uuid'))
        return len(found) >= count
    report_scale._wait(published, 180, 'the agent\'s FPGAs in Placement')
    return [(host, rp) for rp in found]


def start(args, deployment):
    """Start everything; returns (endpoint, targets, nova).

    The recording Nova's process starts, and Placement's database is made
    and served, while Cyborg's is made (on a loaded machine each takes
    seconds, mostly waiting): the services start when all three are
    there, as they did one after the other.
    """
    nova = deployment.fake_nova()
    transport_url = deployment.vhost()
    port = report_scale._free_port()
    placement_url = deployment.placement_url = 'http://127.0.0.1:%d' % port
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        deployment._placement_ready = pool.submit(deployment.placement,
                                                  port)
        endpoint, host = deployment.cyborg(transport_url, placement_url,
                                           nova.url)
        deployment._placement_ready.result()
    client = report_scale.placement_client.PlacementClient(
        report_scale._adapter(placement_url))
    client.create_provider(str(uuid.uuid4()), host)  # as nova-compute does
    targets = _targets(endpoint, host, args.fpgas)
    answers = []

    def profile_created():
        # 503 (cyborg.conductor.unavailable) until the API sees a
        # conductor's heartbeat: on a loaded machine that may come after
        # the agent's FPGAs reached Placement.
        answers[:] = [requests.post(
            endpoint + '/device_profiles', timeout=30,
            headers=ADMIN_HEADERS,
            json=[{'name': args.profile, 'groups': [
                {'resources:FPGA': '1',
                 'trait:CUSTOM_FAKE_DEVICE': 'required'}]}])]
        return answers[0].status_code != 503
    report_scale._wait(profile_created, 90, 'a conductor up for the API')
    answers[0].raise_for_status()
    return endpoint, targets, nova


def run(args):
    if args.compare or len(args.workers) > 1:
        import compare  # the rounds (tools/bench/compare.py)
        compare.run(args)
        return
    deployment = Deployment(args, args.tree) if args.start else None
    nova = None
    try:
        if deployment is not None:
            args.endpoint, targets, nova = start(args, deployment)
        else:
            targets = [tuple(t.split(':', 1)) for t in args.target]
        emit({'phase': 'params', 'endpoint': args.endpoint,
              'started': bool(args.start), 'targets': len(targets),
              'iterations_per_client': args.iterations,
              'warmup': args.warmup, 'api_threads': args.api_threads,
              'client': args.client,
              'cpus': os.cpu_count(), 'machine': platform.platform(),
              'python': platform.python_version()})
        spies = _profiler(args, deployment)
        cpu_before = cpu_seconds(deployment.processes if deployment else ())
        done = {}
        done_records = []
        for concurrency in args.concurrency:
            record, patched, sent = run_level(
                args, concurrency, targets,
                deployment.processes if deployment else ())
            emit(record)
            done_records.append(record)
            done['lifecycles'] = done.get('lifecycles', 0) + (
                record['completed'] + args.warmup * concurrency)
            done['resolve'] = done.get('resolve', 0) + (
                record['resolve_polls'] + args.warmup * concurrency)
            if nova is not None:
                emit(event_report(nova, patched, concurrency, sent))
        if args.floor and deployment is not None:
            record = _floor(args, deployment, done_records[0], targets[0])
            emit(record)
            done['lifecycles'] += args.floor
            done['resolve'] += record['resolve_polls']
        if spies is not None:
            cpu_after = cpu_seconds(deployment.processes if deployment
                                    else ())
            emit(cpu_profile.report(spies.stop(), args.py_spy_rate, dict(
                done, **{phase: done['lifecycles'] for phase in (
                    'profile', 'create', 'bind', 'delete', 'events')}),
                {name: cpu_after[name] - cpu_before[name]
                 for name in cpu_after if name in cpu_before}))
        if args.pause:
            input('Services are up; press Enter to stop them.\n')
    finally:
        if deployment is not None:
            deployment.stop()


def _floor(args, deployment, record, target):
    """The floors of the request path's steps (floor.py), measured on
    this deployment now, and each phase of *record* (the first
    concurrency level) as a multiple of its floor, with the CPU of each
    phase in each service (``--floor`` lifecycles of one client alone,
    after the floors).
    """
    import floor  # tools/bench/floor.py
    session = (LeanSession(args.endpoint) if args.client == 'lean'
               else requests.Session())
    session.headers.update(nova_headers(args))
    floors = floor.measure(os.path.join(deployment.tmp, 'cyborg.conf'),
                           session, args.endpoint, args.floor, percentiles)
    client = Client(args, target,
                    cpu=lambda: cpu_seconds(deployment.processes))
    for _ in range(args.floor):
        client.lifecycle()
    return {'phase': 'floor', 'concurrency': record['concurrency'],
            'resolve_polls': client.polls,
            'ms': floors, 'multiples': floor.multiples(
                record['ms'], floors, floor.cpu_ms(client.cpu_ms))}


def _profiler(args, deployment):
    """py-spy on the API, the conductor(s) and this process
    (``--py-spy``), or None.
    """
    if not args.spy:
        return None
    spies = cpu_profile.Profiler(args.spy, args.py_spy_rate)
    for name, process in (deployment.processes if deployment else ()):
        if name in ('api', 'conductor'):
            spies.record('%s-%d' % (name, process.pid) if name ==
                         'conductor' and args.conductors > 1 else name,
                         process.pid, subprocesses=True)
    spies.record('bench', os.getpid())
    return spies


def emit(record):
    print(json.dumps(record, sort_keys=True), flush=True)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--endpoint',
                        help='cyborg-api\'s /v2 URL (unless --start)')
    parser.add_argument('--target', action='append', default=[],
                        help='HOSTNAME:RP_UUID to bind to (repeatable; '
                             'clients take them in turn)')
    parser.add_argument('--profile', default=PROFILE,
                        help='device profile name (default %s; created '
                             'with --start)' % PROFILE)
    parser.add_argument('--concurrency', default='1,4',
                        help='clients at once, one run per value '
                             '(default 1,4)')
    parser.add_argument('--iterations', type=int, default=200,
                        help='lifecycles per client (default 200)')
    parser.add_argument('--warmup', type=int, default=5,
                        help='untimed lifecycles per client first')
    parser.add_argument('--project', default=PROJECT,
                        help='project of the noauth headers')
    parser.add_argument('--token', help='Nova\'s user token (keystone)')
    parser.add_argument('--service-token', help='Nova\'s service token')
    parser.add_argument('--start', action='store_true',
                        help='start a deployment of its own (see above)')
    parser.add_argument('--fpgas', type=int, default=4,
                        help='fake FPGAs of the agent (--start; 16 '
                             'handles each; default 4)')
    parser.add_argument('--api-threads', type=int,
                        help='[api] api_threads (--start; default: '
                             'Cyborg\'s)')
    parser.add_argument('--option', action='append', default=[],
                        help='extra "key = value" line for [DEFAULT] of '
                             'the services (--start)')
    parser.add_argument('--placement-workers', type=int, default=1,
                        help='gunicorn workers of Placement (--start)')
    report_scale.add_backend_arguments(parser)  # with --start
    parser.add_argument('--floor', type=int, default=0, metavar='N',
                        help='with --start: after the lifecycles, N samples '
                             'of each step\'s floor (an empty request, RPC '
                             'call and transaction: floor.py) and each '
                             'phase as a multiple of its floor')
    parser.add_argument('--pause', action='store_true',
                        help='wait for Enter before stopping (profiling)')
    parser.add_argument('--client', choices=('requests', 'lean'),
                        default='requests',
                        help='HTTP client: requests (as Nova\'s '
                             'keystoneauth; default) or lean (http.client)')
    parser.add_argument('--tree',
                        help='with --start: run the services of the cyborg '
                             'package of this source tree (in it, with its '
                             '.venv if it has one)')
    parser.add_argument('--py-spy', metavar='DIR', dest='spy',
                        help='py-spy the API, the conductor and this '
                             'process during the run, raw stacks into DIR '
                             '(see cpu_profile.py)')
    parser.add_argument('--py-spy-rate', type=int, default=100,
                        help='samples per second with --py-spy')
    parser.add_argument('--api-workers', type=int, default=1,
                        help='[api] api_workers (--start; default 1)')
    parser.add_argument('--conductors', type=int, default=1,
                        help='cyborg-conductor processes (--start; '
                             'default 1)')
    parser.add_argument('--compare', nargs='+', metavar='SIDE',
                        help='rounds that alternate between these sides '
                             '(A B ...): a source tree, or upstream:VENV '
                             '(the existing Cyborg); see compare.py')
    parser.add_argument('--db-drivers', default='',
                        help='with --compare: the MariaDB driver of each '
                             'side, in order (pymysql,mysqldb: PyMySQL or '
                             'mysqlclient); default --db-admin-url\'s')
    parser.add_argument('--workers', default='',
                        help='with several values (1,2,4): rounds that '
                             'alternate between this tree with that many '
                             'API workers and conductors each')
    parser.add_argument('--rounds', type=int, default=5,
                        help='rounds per side (--compare, --workers; '
                             'default 5)')
    parser.add_argument('--confidence', type=float, default=95.0,
                        choices=sorted(ab.T_QUANTILES),
                        help='of the ratios\' intervals, in percent '
                             '(default 95)')
    parser.add_argument('--output',
                        help='with rounds: also write OUTPUT.jsonl and '
                             'OUTPUT.txt (the table)')
    parser.add_argument('--seed', type=int,
                        help='with rounds: the seed of the first side\'s '
                             'draw')
    args = parser.parse_args(argv)
    args.concurrency = [int(c) for c in args.concurrency.split(',') if c]
    args.workers = [int(w) for w in args.workers.split(',') if w]
    args.db_drivers = [d for d in args.db_drivers.split(',') if d]
    if not args.start and not (args.endpoint and args.target):
        parser.error('give --endpoint and --target, or --start')
    if (args.compare or len(args.workers) > 1) and not args.start:
        parser.error('rounds (--compare, --workers) need --start')
    if args.compare and len(args.workers) > 1:
        parser.error('--compare or several --workers, not both')
    for side in args.compare or ():
        if side.startswith('upstream:'):
            if not os.path.exists(os.path.join(side.split(':', 1)[1], 'bin',
                                               'python')):
                parser.error('--compare: %s has no bin/python' % side)
        elif not os.path.isdir(os.path.join(side, 'cyborg')):
            parser.error('--compare: %s holds no cyborg package' % side)
    if args.db_drivers and len(args.db_drivers) != len(args.compare or ()):
        parser.error('--db-drivers: one per side of --compare')
    if args.rounds < 1:
        parser.error('--rounds must be at least 1')
    return args


def main(argv=None):
    run(parse_args(argv))
    return 0


if __name__ == '__main__':
    sys.exit(main())
