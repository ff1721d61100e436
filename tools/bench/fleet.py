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
"""The fleet: N simulated hosts with their periodic work and Nova's churn,
minute by minute, then every provider Cyborg owns checked in Placement.

Starts, on loopback, what report_scale.py starts (Placement on a MariaDB
database of its own, ``--conductors`` cyborg-conductor processes with
their own RPC threads and database pool, over RabbitMQ on a vhost of its
own), plus one cyborg-api (``--api-workers``) and a recording stand-in
for Nova's events API (arq_lifecycle.py's).  ``--hosts`` simulated
agents of ``--devices`` fake devices each (rack_start.py's and
telemetry_scale.py's: RPC clients sending what cyborg-agent sends)
first register and report their inventory, as at a first start, 32 at a
time (``--threads``).  Then, for ``--minutes`` minutes of steady state:

* every agent's heartbeat (a hello) every ``--heartbeat-interval``
  seconds (``[DEFAULT] report_interval``, 10);
* every agent's report with telemetry every ``--telemetry-interval``
  seconds (``[telemetry] interval``, 30), ``--changed`` of its devices'
  samples changed;
* Nova's churn through cyborg-api: ``--churn`` of the devices (1 % by
  default) bound a minute, each by an ARQ created, bound (PATCH) and
  waited for until resolved, and deleted ``--hold`` seconds later;

* cleans: ``--clean-hosts`` of the hosts (a tenth by default) have an
  agent's RPC server (``Responder``: what cyborg-agent's cleaner answers,
  a step started, ``--clean-seconds``, the outcome; every other cast
  counted) and their GPUs a fact of their own that a device class with
  cleaning on selects (``fleet_clean``); ``--clean-share`` of the binds
  take such a GPU, so each of their deletes starts a clean, and the GPU
  goes back to Nova's free list once Placement offers it again (its
  inventory's ``reserved``, read from Placement's tables every 0.1 s);
* a usage query (``GET /v2/usage``, Nova's project, the month) every
  ``--usage-interval`` seconds (60), and a Prometheus scrape of
  cyborg-api's ``/metrics`` every ``--scrape-interval`` seconds (15, its
  ``cache_seconds``);
* a configuration rollout: ``--rollout-hosts`` other hosts (a tenth by
  default) have an agent's RPC server too and their GPUs a fact that a
  device class selects (``fleet_rolled``); at the start of the steady
  state a rollout of ``{"mode": "passthrough"}`` over that class, with
  ``--rollout-max-unavailable`` and drain, takes each GPU out of service
  in waves; each configuration a hello hands (``configure_soon`` asks
  for one at once) is applied as cyborg-agent applies it, one at a time
  on its host, in ``--rollout-seconds``, and reported.  The GPUs'
  providers stay what they were (the mode is the one they have), so
  Nova's churn binds them as before, and a bind onto a GPU the rollout
  holds is refused (``binds_failed``);

each host's periodic calls spread evenly over their interval, run by a
pool of ``--steady-threads`` threads (256: each real agent waits for
its own calls only).

Prints one JSON object per line:

* ``params``: the parameters and the machine;
* ``first_start``: seconds, reports stored, Placement requests (counted
  in Placement's access log) in all, per host and by kind, and the CPU
  seconds of each process;
* ``minute``, one per minute of steady state: per kind of call
  (``hello``, ``telemetry``, ``arq_create``, ``arq_bind``,
  ``arq_resolve``: from the PATCH sent to the ARQ resolved,
  ``arq_delete``) the count, errors, p50/p99 of the round trip (ms),
  calls started more than a second late (the benchmark's own pool
  behind), and for reports the conductor's own time and statements;
  ``usage`` and ``scrape`` the same way; ``cleans``: how many ended, the
  hand-off (the delete sent to the clean's cast received), the
  turnaround (the delete sent to the GPU offered again, less
  ``--clean-seconds``), offers seen before the clean ended
  (``dirty``, must be 0), and the conductor's casts by kind;
  ``rollout``: its state and progress (cyborg-api's), the devices
  applied in the minute and the time from a configuration handed to
  its report answered; the
  CPU seconds of each process (``conductor0``..., ``api``,
  ``placement``, each with its children, and ``bench``, this process);
  Placement's requests by kind with Placement's own p50/p99 (ms);
  ``backends``: MariaDB's statements, selects, inserts (also of a
  select), updates, deletes, commits and rollbacks (its global status:
  Cyborg's and Placement's databases together) and RabbitMQ's packets
  and bytes received and sent on the vhost's connections
  (``rabbitmqctl list_connections``), as in the first start's record;
* ``end_check``: once the churn stopped, Nova deleted what was still
  bound (``calls_after_last_minute``: those deletes and the calls that
  ended after the last minute, by kind) and Placement's writes settled:
  every provider the agents' deployables should have (by name) found in
  Placement with an inventory and ``OWNER_CYBORG``, and Cyborg's
  Placement audit (cyborg.conductor.audit.placement: providers,
  parents, inventories and traits against Cyborg's tables, plus
  orphans) run against Placement's own tables read at once; every
  bind resolved with its usage interval (``GET /v2/usage``: one each,
  open exactly while bound) and its event at Nova (a bind that failed,
  its ARQ deleted at once as Nova does, may have one of each too);
  every clean started ended and its GPU offered again; the rollout
  completed within ``--rollout-wait`` seconds of the last minute, every
  device done; what is missing is named, and the
  conductors' WARNING and ERROR lines counted.  Anything missing keeps
  the services' logs (``--keep-logs``).

Everything it started is stopped and its databases and vhost dropped at
the end; the exit status is 1 when anything was missing.  Usage
(benchmarks run one at a time, under setsid: see the performance
guide)::

    flock /tmp/bench.lock setsid .venv/bin/python tools/bench/fleet.py \\
        --hosts 1000 --devices fpga=4,gpu=4 --conductors 2 --minutes 5

``--minute SECONDS`` shortens the records' minute (tests).
"""

import argparse
import collections
import concurrent.futures
import heapq
import os
import platform
import random
import re
import subprocess
import sys
import threading
import time
import urllib.parse
import uuid

import arq_lifecycle
import os_resource_classes
import oslo_messaging as messaging
from oslo_utils import timeutils
import psutil
import rack_start
import report_scale
import requests
import sqlalchemy as sa
import telemetry_scale

from cyborg import context as cyborg_context
from cyborg import objects
from cyborg import rpc
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.common import traits as cyborg_traits
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.drivers import fake

CONF = report_scale.CONF

# A call started this much after it was due counts as late.
LATE_S = 1.0
# Placement paths by kind: a provider's uuid, a trait's or a class's name.
_UUID = re.compile(r'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-'
                   r'[0-9a-f]{12}')
_NAMED = re.compile(r'^(/(?:traits|resource_classes))/[^/]+$')
# Conductor log lines worth counting at the end.
_LEVEL = re.compile(r' (WARNING|ERROR|CRITICAL) ')
# The facts of the cleaned and the rolled hosts' GPUs that a class selects.
CLEAN_FACT = 'fleet_clean'
ROLLOUT_FACT = 'fleet_rollout'
# What the rollout asks of each GPU: the mode it has (no provider changes).
ROLLOUT_DESIRED = {'mode': 'passthrough'}
ADMIN = dict(arq_lifecycle.ADMIN_HEADERS,
             **{'OpenStack-API-Version': 'accelerator 2.4'})


class Calls:
    """What the calls of a minute took, by kind."""

    def __init__(self):
        self._lock = threading.Lock()
        self._take()

    def _take(self):
        self.ms = collections.defaultdict(list)
        self.errors = collections.Counter()
        self.samples = collections.defaultdict(list)
        self.late = collections.Counter()
        self.server_ms = collections.defaultdict(list)
        self.cost = collections.defaultdict(collections.Counter)

    def add(self, kind, ms, late_s=0.0, answer=None):
        with self._lock:
            self.ms[kind].append(ms)
            if late_s > LATE_S:
                self.late[kind] += 1
            if answer and 'cost' in answer:
                self.server_ms[kind].append(answer['cost']['ms'])
                self.cost[kind].update(
                    {k: answer['cost'][k] for k in (
                        'db_statements', 'db_writes', 'placement_calls')})

    def fail(self, kind, error):
        with self._lock:
            self.errors[kind] += 1
            if len(self.samples[kind]) < 3:
                self.samples[kind].append(str(error)[:300])

    def record(self):
        """The minute's figures by kind; starts the next minute."""
        with self._lock:
            kinds = sorted(set(self.ms) | set(self.errors))
            found = {}
            for kind in kinds:
                entry = {'n': len(self.ms[kind]),
                         'errors': self.errors[kind],
                         'late': self.late[kind],
                         'ms': report_scale._summary(self.ms[kind])}
                if self.samples[kind]:
                    entry['error_samples'] = self.samples[kind]
                if self.server_ms[kind]:
                    entry['server_ms'] = report_scale._summary(
                        self.server_ms[kind])
                    entry['cost'] = dict(self.cost[kind])
                found[kind] = entry
            self._take()
        return found


class ProcessCPU:
    """CPU seconds of each process started (with its children) and of
    this one, from one record to the next.
    """

    def __init__(self, bench):
        self.bench = bench
        self.last = self._now()

    def _now(self):
        seconds = {}
        for name, process in self.bench.processes:
            try:
                root = psutil.Process(process.pid)
                seconds[name] = sum(
                    t.user + t.system for t in (
                        p.cpu_times() for p in
                        [root] + root.children(recursive=True)))
            except psutil.Error:
                continue
        own = psutil.Process().cpu_times()
        seconds['bench'] = own.user + own.system
        return seconds

    def since(self):
        now = self._now()
        spent = {name: round(now[name] - self.last.get(name, 0.0), 2)
                 for name in sorted(now)}
        self.last = now
        return spent


class Backends:
    """MariaDB's statements and writes (its global status: Cyborg's and
    Placement's databases together, and whatever else the server runs)
    and RabbitMQ's traffic on the vhost's connections (rabbitmqctl:
    packets and bytes received and sent; None where it cannot run), from
    one record to the next.
    """

    _STATUS = ('Questions', 'Com_select', 'Com_insert', 'Com_insert_select',
               'Com_update', 'Com_delete', 'Com_commit', 'Com_rollback')
    _TRAFFIC = ('recv_cnt', 'send_cnt', 'recv_oct', 'send_oct')

    def __init__(self, admin_url, transport_url):
        self.engine = sa.create_engine(admin_url, pool_size=1)
        self.vhost = urllib.parse.unquote(
            urllib.parse.urlsplit(transport_url).path[1:]) or '/'
        self.last = self._now()

    def _now(self):
        with self.engine.connect() as conn:
            now = {'db': {name.lower(): int(value) for name, value in
                          conn.execute(sa.text(
                              'SHOW GLOBAL STATUS WHERE Variable_name IN '
                              ':names').bindparams(sa.bindparam(
                                  'names', expanding=True)),
                              {'names': list(self._STATUS)})}}
        try:
            out = subprocess.run(
                ['rabbitmqctl', '-q', 'list_connections', 'vhost'] +
                list(self._TRAFFIC), capture_output=True, text=True,
                check=True, timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            now['rabbit'] = None
            return now
        totals = collections.Counter()
        for line in out.splitlines():
            fields = line.split('\t')
            if len(fields) == 5 and fields[0] == self.vhost:
                totals.update(dict(zip(self._TRAFFIC, map(int, fields[1:]))))
        now['rabbit'] = dict(totals)
        return now

    def since(self):
        """What each spent since the last call (RabbitMQ's: of the
        connections open at both ends).
        """
        now = self._now()
        spent = {}
        for kind in ('db', 'rabbit'):
            if now[kind] is None or self.last[kind] is None:
                spent[kind] = None
                continue
            spent[kind] = {key: now[kind].get(key, 0) -
                           self.last[kind].get(key, 0)
                           for key in sorted(now[kind])}
        self.last = now
        return spent

    def dispose(self):
        self.engine.dispose()


class AccessLog:
    """Placement's requests, read from its access log since last time."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.last_write = time.monotonic()

    def since(self):
        """``(total, {kind: {n, errors, ms}})``; kind: method and path."""
        times = collections.defaultdict(list)
        errors = collections.Counter()
        with open(self.path, errors='replace') as f:
            f.seek(self.offset)
            text = f.read()
        # A line not written whole yet waits for the next read.
        text = text[:text.rfind('\n') + 1]
        self.offset += len(text.encode('utf-8', 'replace'))
        for line in text.splitlines():
            fields = line.split()
            if len(fields) != 4:
                continue
            method, path, status, micros = fields
            kind = '%s %s' % (method, _NAMED.sub(
                r'\1/{name}', _UUID.sub('{uuid}', path)))
            times[kind].append(int(micros) / 1000.0)
            if not status.startswith(('2', '3')):
                errors[kind] += 1
            if method != 'GET':
                self.last_write = time.monotonic()
        byk = {kind: {'n': len(values), 'errors': errors[kind],
                      'ms': report_scale._summary(values)}
               for kind, values in sorted(times.items())}
        return sum(len(v) for v in times.values()), byk


class Hosts(rack_start.Agents, telemetry_scale.TelemetryAgents):
    """The simulated agents: hello, inventory, telemetry; the GPUs of
    *cleaned* hosts offer the fake driver's clean step and carry the fact
    ``fleet_clean`` that the cleaning class selects, those of *rolled*
    hosts the fact ``fleet_rollout``; the configurations a hello hands
    go to ``rollout``.
    """

    def __init__(self, hosts, devices, threads, cleaned=(), rolled=()):
        super().__init__(hosts, devices, threads)
        self.rounds = collections.Counter()
        self.cleaned_providers = set()
        self.rollout = None
        for host in rolled:
            for record in self.records[host]:
                if record.type == 'GPU':
                    record.vendor_board_info = dict(
                        record.vendor_board_info, **{ROLLOUT_FACT: 'true'})
        for host in cleaned:
            driver = fake.FakeDriver(CONF, host)
            for record in self.records[host]:
                if record.type != 'GPU':
                    continue
                record.vendor_board_info = dict(record.vendor_board_info,
                                                **{CLEAN_FACT: 'true'})
                record.clean_steps = [
                    step.to_dict()
                    for step in driver.device_clean_steps(record)]
                self.cleaned_providers.update(
                    placement_sync.rp_uuid(dep.name)
                    for dep in record.deployables)

    def hello(self, host, timeout=None, start=True):
        answer = super().hello(host, timeout=timeout, start=start)
        if self.rollout is not None and answer.get('configs') is not None:
            self.rollout.take(host, answer['configs'])
        return answer

    def telemetry(self, host, changed):
        self.rounds[host] += 1
        samples = telemetry_scale._samples(
            self.records[host], time.time(), changed, self.rounds[host])
        return self.report_telemetry(host, samples)


class Responder:
    """The agent's side of the conductor's casts for one host: a clean
    answered as cyborg-agent's cleaner answers it (Cleans), a
    configuration asked for at once (Rollout), the others counted.
    """

    target = messaging.Target(version='1.0')

    def __init__(self, host, cleans, rollout):
        self.host = host
        self.cleans = cleans
        self.rollout = rollout

    def _cast(self, kind):
        if self.cleans is not None:
            self.cleans.cast(kind)

    @messaging.expose
    def clean(self, context, device_uuid, unit, generation, steps, done,
              timeout):
        self.cleans.clean(self.host, device_uuid, generation, steps)

    @messaging.expose
    def clean_abort(self, context, device_uuid, unit, generation):
        self.cleans.cast('clean_abort')
        self.cleans.answer(self.host, device_uuid, generation,
                           error='aborted')

    @messaging.expose
    def holders_changed(self, context, bindings):
        self._cast('holders_changed')

    @messaging.expose
    def discover_soon(self, context, discovery_id, driver=None):
        self._cast('discover_soon')

    @messaging.expose
    def configure_soon(self, context):
        self._cast('configure_soon')
        if self.rollout is not None:
            self.rollout.soon(self.host)


def _responders(names, cleans, rollout):
    """An agent's RPC server (Responder) for each host of *names*."""
    servers = []
    for host in names:
        server = rpc.get_server(
            messaging.Target(topic=agent_rpcapi.TOPIC, server=host),
            [Responder(host, cleans, rollout)])
        server.start()
        servers.append(server)
    return servers


def _stop_servers(servers):
    def stop(server):
        # Each waits for its listener's poll to end: together.
        server.stop()
        server.wait()
    with concurrent.futures.ThreadPoolExecutor(
            max(1, len(servers))) as pool:
        list(pool.map(stop, servers))


class Cleans:
    """The cleans of the cleaned hosts' GPUs: the agents' answers, and
    each GPU watched in Placement's tables from its delete until it is
    offered again (then given back to Nova's free list).
    """

    def __init__(self, args, hosts, placement_url, give_back):
        self.seconds = args.clean_seconds
        self.api = hosts.api
        self.context = hosts.context
        self.give_back = give_back
        self.engine = sa.create_engine(placement_url, pool_size=1)
        self._lock = threading.Lock()
        self.watched = {}  # provider uuid: (unit, when its delete was sent)
        self.device_of = {}  # device uuid: provider uuid
        self.generations = set()  # those answered
        self.received = {}  # device uuid: when its clean was cast to it
        self.done = {}  # device uuid: when its outcome was cast back
        self._take()
        for host in args.clean_host_names:
            for record in hosts.records[host]:
                for dep in record.deployables:
                    self.device_of[record.uuid] = placement_sync.rp_uuid(
                        dep.name)
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, daemon=True)
        self._watcher.start()

    def _take(self):
        self.casts = collections.Counter()
        self.handoff_ms = []
        self.turnaround_ms = []
        self.dirty = 0
        self.ended = 0

    def cast(self, kind):
        with self._lock:
            self.casts[kind] += 1

    def clean(self, host, device_uuid, generation, steps):
        """Step started, ``--clean-seconds``, outcome (on a timer)."""
        with self._lock:
            self.casts['clean'] += 1
            again = generation in self.generations
            self.received.setdefault(device_uuid, time.monotonic())
        if again:
            # Cast again by the conductor: answered again, as the agent
            # answers a generation it ran.
            self.answer(host, device_uuid, generation)
            return
        step = steps[0]['name']
        self.api.clean_progress(self.context, host=host,
                                device_uuid=device_uuid,
                                generation=generation, step=step, done=[])
        timer = threading.Timer(self.seconds, self.answer, (
            host, device_uuid, generation, None, step))
        timer.daemon = True
        timer.start()

    def answer(self, host, device_uuid, generation, error=None, step=None):
        done = [] if step is None else [{
            'step': step, 'detail': 'reset (simulated)',
            'seconds': self.seconds}]
        with self._lock:
            self.generations.add(generation)
            self.done.setdefault(device_uuid, time.monotonic())
        self.api.clean_done(self.context, host=host,
                            device_uuid=device_uuid, generation=generation,
                            done=done, error=error)

    def watch(self, unit, sent):
        """The delete of *unit* (sent at *sent*) starts its clean."""
        with self._lock:
            self.watched[unit[1]] = (unit, sent)

    def pending(self):
        with self._lock:
            return len(self.watched)

    def _watch(self):
        devices = {rp: device for device, rp in self.device_of.items()}
        while not self._stop.wait(0.1):
            with self._lock:
                watched = dict(self.watched)
            if not watched:
                continue
            with self.engine.connect() as conn:
                reserved = dict(conn.execute(sa.text(
                    'SELECT p.uuid, i.reserved FROM resource_providers p '
                    'JOIN inventories i ON i.resource_provider_id = p.id '
                    'WHERE p.uuid IN :uuids').bindparams(
                        sa.bindparam('uuids', expanding=True)),
                    {'uuids': list(watched)}).all())
            now = time.monotonic()
            for rp, (unit, sent) in watched.items():
                if reserved.get(rp, 1):
                    continue
                with self._lock:
                    received = self.received.pop(devices[rp], None)
                    if self.done.pop(devices[rp], None) is None:
                        # Offered before its clean ended.
                        self.dirty += 1
                    if received is not None:
                        self.handoff_ms.append((received - sent) * 1000.0)
                    self.turnaround_ms.append(
                        (now - sent - self.seconds) * 1000.0)
                    self.ended += 1
                    del self.watched[rp]
                self.give_back(unit)

    def record(self):
        """The minute's cleans; starts the next minute."""
        with self._lock:
            found = {'ended': self.ended, 'dirty': self.dirty,
                     'pending': len(self.watched),
                     'handoff_ms': report_scale._summary(self.handoff_ms),
                     'turnaround_ms': report_scale._summary(
                         self.turnaround_ms),
                     'casts': dict(self.casts)}
            self._take()
        return found

    def stop(self):
        self._stop.set()
        self._watcher.join()
        self.engine.dispose()


class Rollout:
    """The rollout over the rolled hosts' GPUs, as their agents see it:
    each configuration a hello hands applied one at a time on its host
    (``--rollout-seconds``), then the host's inventory reported with the
    outcome, as cyborg-agent reports it; its progress read from
    cyborg-api.
    """

    def __init__(self, args, hosts, endpoint):
        self.args = args
        self.hosts = hosts
        self.endpoint = endpoint
        self.uuid = None
        self._lock = threading.Lock()
        self.applied = {}  # device uuid: generation reported applied
        self.applying = set()  # (device uuid, generation) being applied
        self.queued = collections.defaultdict(dict)  # host: {uuid: config}
        self.busy = set()  # hosts applying one
        self.handed = {}  # (device uuid, generation): when first handed
        self._take()

    def _take(self):
        self.done = 0
        self.apply_ms = []

    def create(self):
        response = requests.post(
            self.endpoint + '/configuration_rollouts', headers=ADMIN,
            timeout=120, json={
                'device_class': 'fleet_rolled', 'desired': ROLLOUT_DESIRED,
                'max_unavailable': self.args.rollout_max_unavailable,
                'drain': True})
        response.raise_for_status()
        self.uuid = response.json()['uuid']

    def soon(self, host):
        """configure_soon: the hello at once, on a thread of its own (as
        on the agent's work thread, not the RPC server's).
        """
        threading.Thread(target=self.hosts.hello, args=(host,),
                         kwargs={'start': False}, daemon=True).start()

    def take(self, host, configs):
        """The configurations a hello handed: those not applied at their
        generation queued, applied one at a time.
        """
        with self._lock:
            now = time.monotonic()
            for config in configs:
                key = (config['device_uuid'], config['generation'])
                if (self.applied.get(key[0]) == key[1] or
                        key in self.applying):
                    continue
                self.handed.setdefault(key, now)
                self.queued[host][key[0]] = config
            if not self.queued[host] or host in self.busy:
                return
            self.busy.add(host)
        self._next(host)

    def _next(self, host):
        with self._lock:
            if not self.queued[host]:
                self.busy.discard(host)
                return
            config = self.queued[host].pop(next(iter(self.queued[host])))
            self.applying.add((config['device_uuid'], config['generation']))
        timer = threading.Timer(self.args.rollout_seconds, self._apply,
                                (host, config))
        timer.daemon = True
        timer.start()

    def _apply(self, host, config):
        """The configuration applied (the mode the GPU has), reported."""
        outcome = {'generation': config['generation'], 'state': 'applied',
                   'reason': None}
        for record in self.hosts.records[host]:
            if record.uuid == config['device_uuid']:
                record.configuration = dict(record.configuration or {},
                                            applied=outcome)
        key = (config['device_uuid'], config['generation'])
        try:
            self.hosts.report(host, full=True)
        except Exception:
            # Asked again by the next hello's configurations.
            with self._lock:
                self.applying.discard(key)
                self.queued[host].setdefault(key[0], config)
        else:
            with self._lock:
                self.applying.discard(key)
                self.applied[key[0]] = key[1]
                self.done += 1
                handed = self.handed.pop(key, None)
                if handed is not None:
                    self.apply_ms.append(
                        (time.monotonic() - handed) * 1000.0)
        self._next(host)

    def progress(self):
        response = requests.get(
            self.endpoint + '/configuration_rollouts/' + self.uuid,
            headers=ADMIN, timeout=120)
        response.raise_for_status()
        body = response.json()
        body['completed_s'] = None
        if body['state'] == 'completed':
            # From its creation to its last change, cyborg-api's times.
            body['completed_s'] = round((
                timeutils.parse_isotime(body['updated_at']) -
                timeutils.parse_isotime(body['created_at'])
            ).total_seconds(), 1)
        return body

    def record(self):
        """The minute's rollout; starts the next minute."""
        body = self.progress()
        with self._lock:
            found = {'state': body['state'], 'progress': body['progress'],
                     'applied': self.done,
                     'handed_to_reported_ms': report_scale._summary(
                         self.apply_ms),
                     'completed_s': body['completed_s']}
            self._take()
        return found

    def wait(self, longest):
        """Until the rollout ends (at most *longest* seconds): its end
        record.
        """
        deadline = time.monotonic() + longest
        body = self.progress()
        while body['state'] == 'running' and time.monotonic() < deadline:
            time.sleep(1.0)
            body = self.progress()
        progress = body['progress']
        return {'state': body['state'], 'progress': progress,
                'completed_s': body['completed_s'],
                'failed_devices': body['failed_devices'][:20],
                'complete': body['state'] == 'completed' and not (
                    progress['failed'] or progress['waiting'] or
                    progress['in_progress'])}


class Nova:
    """Nova's churn through cyborg-api: ARQs created, bound, deleted; a
    unit taken only while Placement offers it (its inventory not
    reserved, read from Placement's tables as its allocation candidates
    would be).
    """

    def __init__(self, endpoint, hosts, profiles, placement_url):
        self.endpoint = endpoint
        self.engine = sa.create_engine(placement_url, pool_size=4)
        self.profiles = profiles  # resource class: profile name
        self.local = threading.local()
        self.headers = arq_lifecycle.nova_headers(argparse.Namespace(
            token=None, project=arq_lifecycle.PROJECT))
        # (host, provider uuid, resource class): those of cleaned GPUs
        # apart, so that a share of the binds takes one.
        self.free, self.free_cleaned = [], []
        self.cleaned = hosts.cleaned_providers
        for host, records in hosts.records.items():
            for record in records:
                for dep in record.deployables:
                    rp = placement_sync.rp_uuid(dep.name)
                    self._free(rp).extend(
                        [(host, rp, dep.resource_class)] *
                        dep.num_accelerators)
        self.units = len(self.free) + len(self.free_cleaned)
        self.devices = sum(len(r) for r in hosts.records.values())
        self._lock = threading.Lock()
        self.resolved = self.deleted = self.failed = 0

    def _free(self, rp):
        return self.free_cleaned if rp in self.cleaned else self.free

    def bound(self):
        with self._lock:
            return self.units - len(self.free) - len(self.free_cleaned)

    def _session(self):
        if not hasattr(self.local, 'session'):
            self.local.session = requests.Session()
            self.local.session.headers.update(self.headers)
        return self.local.session

    def _call(self, calls, kind, method, path, expect, **kwargs):
        started = time.monotonic()
        response = self._session().request(
            method, self.endpoint + path, timeout=120, **kwargs)
        calls.add(kind, (time.monotonic() - started) * 1000.0)
        if response.status_code not in expect:
            raise RuntimeError('%s %s: %d %s' % (
                method, path, response.status_code, response.text[:300]))
        return response

    def take(self, rng, cleaned=False):
        """A free unit (host, provider, class) that Placement offers, of
        a cleaned GPU with *cleaned*, or None.
        """
        held = []
        try:
            for _ in range(20):
                with self._lock:
                    free = self.free_cleaned if cleaned else self.free
                    if not free:
                        return None
                    index = rng.randrange(len(free))
                    free[index], free[-1] = free[-1], free[index]
                    unit = free.pop()
                if self._offered(unit[1]):
                    return unit
                held.append(unit)
            return None
        finally:
            for unit in held:
                self.give_back(unit)

    def _offered(self, rp):
        with self.engine.connect() as conn:
            return not conn.execute(sa.text(
                'SELECT i.reserved FROM inventories i '
                'JOIN resource_providers p ON p.id = i.resource_provider_id '
                'WHERE p.uuid = :uuid'), {'uuid': rp}).scalar()

    def give_back(self, unit):
        with self._lock:
            self._free(unit[1]).append(unit)

    def bind(self, calls, unit):
        """Create, bind and resolve an ARQ on *unit*; its instance."""
        host, rp_uuid, rc = unit
        instance = str(uuid.uuid4())
        [arq] = self._call(
            calls, 'arq_create', 'POST', '/accelerator_requests', (201,),
            json={'device_profile_name': self.profiles[rc]}).json()['arqs']
        try:
            self._bind(calls, arq, host, rp_uuid, instance)
        except Exception:
            # Bound or not (a lost answer): deleted, as Nova deletes the
            # ARQs of a build that failed.
            with self._lock:
                self.failed += 1
            self._call(calls, 'arq_delete', 'DELETE',
                       '/accelerator_requests', (204,),
                       params={'instance': instance})
            raise
        with self._lock:
            self.resolved += 1
        return instance

    def _bind(self, calls, arq, host, rp_uuid, instance):
        sent = time.monotonic()
        self._call(calls, 'arq_bind', 'PATCH', '/accelerator_requests',
                   (202,), json={arq['uuid']: [
                       {'path': '/hostname', 'op': 'add', 'value': host},
                       {'path': '/device_rp_uuid', 'op': 'add',
                        'value': rp_uuid},
                       {'path': '/instance_uuid', 'op': 'add',
                        'value': instance}]})
        while True:
            response = self._session().get(
                self.endpoint + '/accelerator_requests', timeout=120,
                params={'instance': instance, 'bind_state': 'resolved'})
            if response.status_code == 200:
                break
            if (response.status_code != 423 or
                    time.monotonic() - sent > 120):
                raise RuntimeError('resolve: %d %s' % (
                    response.status_code, response.text[:300]))
            time.sleep(0.05)
        calls.add('arq_resolve', (time.monotonic() - sent) * 1000.0)
        states = {a['state'] for a in response.json()['arqs']}
        if states != {'Bound'}:
            raise RuntimeError('resolve: %s' % sorted(states))

    def delete(self, calls, instance):
        self._call(calls, 'arq_delete', 'DELETE', '/accelerator_requests',
                   (204,), params={'instance': instance})
        with self._lock:
            self.deleted += 1


class Readers:
    """What reads cyborg-api besides Nova: an administrator's usage
    query for Nova's project, Prometheus' scrape of ``/metrics``.
    """

    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.metrics = endpoint[:-len('/v2')] + '/metrics'
        self.local = threading.local()

    def _session(self):
        if not hasattr(self.local, 'session'):
            self.local.session = requests.Session()
        return self.local.session

    def get(self, calls, kind, late=0.0):
        started = time.monotonic()
        if kind == 'usage':
            response = self._session().get(
                self.endpoint + '/usage', headers=ADMIN, timeout=120,
                params={'project_id': arq_lifecycle.PROJECT})
        else:
            response = self._session().get(self.metrics, timeout=120)
        calls.add(kind, (time.monotonic() - started) * 1000.0, late)
        if response.status_code != 200:
            raise RuntimeError('%s: %d %s' % (
                kind, response.status_code, response.text[:300]))
        return response

    def intervals(self, start):
        """The usage intervals of Nova's project since *start* (UTC)."""
        found = []
        params = {'project_id': arq_lifecycle.PROJECT, 'detail': 'true',
                  'start': start, 'limit': 1000}
        while True:
            response = self._session().get(
                self.endpoint + '/usage', headers=ADMIN, timeout=120,
                params=params)
            response.raise_for_status()
            body = response.json()
            found.extend(body['usage_intervals'])
            if 'next' not in body:
                return found
            params['marker'] = found[-1]['uuid']


class Steady:
    """The steady state's calls, each at its time, on a pool."""

    def __init__(self, args, hosts, nova, calls, cleans, readers):
        self.args = args
        self.hosts = hosts
        self.nova = nova
        self.calls = calls
        self.cleans = cleans
        self.readers = readers
        self.rng = random.Random(args.seed)  # noqa: S311 (not secrets)
        self.due = []
        self.unbinds = []  # (future, payload) of each unbind handed over
        self.seq = 0
        self.pool = concurrent.futures.ThreadPoolExecutor(
            args.steady_threads)
        self._lock = threading.Lock()

    def _at(self, when, kind, payload=None):
        # The pool's binds add their unbinds: heapq is not thread-safe.
        with self._lock:
            self.seq += 1
            heapq.heappush(self.due, (when, self.seq, kind, payload))

    def plan(self, t0):
        """Each host's heartbeat and telemetry spread over their
        interval; the first bind.
        """
        names = list(self.hosts.records)
        for index, host in enumerate(names):
            share = index / len(names)
            if self.args.heartbeat_interval:
                self._at(t0 + share * self.args.heartbeat_interval,
                         'hello', host)
            if self.args.telemetry_interval:
                self._at(t0 + share * self.args.telemetry_interval,
                         'telemetry', host)
        if self.bind_every():
            self._at(t0, 'bind')
        for kind in ('usage', 'scrape'):
            if self._every(kind):
                self._at(t0, kind)

    def _every(self, kind):
        return getattr(self.args, kind + '_interval')

    def bind_every(self):
        """Seconds between two binds (None: no churn)."""
        per_minute = self.args.churn * self.nova.devices
        return self.args.minute / per_minute if per_minute else None

    def run(self, until):
        """Hand each call to the pool when due, until *until*."""
        while time.monotonic() < until:
            with self._lock:
                item = (heapq.heappop(self.due) if self.due and
                        self.due[0][0] <= time.monotonic() else None)
            if item is None:
                time.sleep(max(0.0, min(0.05, until - time.monotonic())))
                continue
            when, _, kind, payload = item
            future = self.pool.submit(self._run, kind, payload, when)
            if kind == 'unbind':
                self.unbinds.append((future, payload))
            self._again(kind, payload, when)

    def _again(self, kind, payload, when):
        if kind == 'hello':
            self._at(when + self.args.heartbeat_interval, kind, payload)
        elif kind == 'telemetry':
            self._at(when + self.args.telemetry_interval, kind, payload)
        elif kind == 'bind':
            self._at(when + self.bind_every(), kind)
        elif kind in ('usage', 'scrape'):
            self._at(when + self._every(kind), kind)

    def _run(self, kind, payload, when):
        late = time.monotonic() - when
        started = time.monotonic()
        try:
            if kind == 'hello':
                self.hosts.hello(payload, timeout=rack_start.HELLO_TIMEOUT,
                                 start=False)
                self.calls.add(kind, (time.monotonic() - started) * 1000.0,
                               late)
            elif kind == 'telemetry':
                answer = self.hosts.telemetry(payload, self.args.changed)
                self.calls.add(kind, answer['rtt_ms'], late, answer)
            elif kind == 'bind':
                self._bind()
            elif kind == 'unbind':
                self._unbind(*payload)
            elif kind in ('usage', 'scrape'):
                self.readers.get(self.calls, kind, late)
        except Exception as exc:
            self.calls.fail(kind, exc)

    def _unbind(self, instance, unit):
        sent = time.monotonic()
        self.nova.delete(self.calls, instance)
        if unit[1] in self.nova.cleaned:
            # Back to the free list once Placement offers it again.
            self.cleans.watch(unit, sent)
        else:
            self.nova.give_back(unit)

    def _bind(self):
        cleaned = self.rng.random() < self.args.clean_share
        unit = self.nova.take(self.rng, cleaned=cleaned)
        if unit is None and cleaned:
            unit = self.nova.take(self.rng)
        if unit is None:
            raise RuntimeError('no free device')
        try:
            instance = self.nova.bind(self.calls, unit)
        except Exception:
            # A cleaned GPU may be cleaning after the failed bind's delete.
            if unit[1] not in self.nova.cleaned:
                self.nova.give_back(unit)
            raise
        self._at(time.monotonic() + self.args.hold, 'unbind',
                 (instance, unit))

    def stop(self):
        """Wait for the calls running; drop those not started (a pool
        behind would otherwise run its backlog after the last minute).
        """
        self.pool.shutdown(wait=True, cancel_futures=True)

    def unbind_all(self):
        """Nova deletes what is still bound, as at the end of its churn
        (every usage interval closed, every device the rollout drains
        released); after stop().  :returns: the calls since the last
        minute, by kind (Calls.record()).
        """
        with self._lock:
            # Not yet due, or handed to the pool behind and dropped by
            # stop().
            due = [payload for _, _, kind, payload in self.due
                   if kind == 'unbind'] + [
                payload for future, payload in self.unbinds
                if future.cancelled()]
            self.due = []
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            list(pool.map(lambda payload: self._run(
                'unbind', payload, time.monotonic()), due))
        return self.calls.record()


class PlacementTables:
    """Placement's providers, inventories and traits, read at once from
    its own tables: the part of the Placement client that Cyborg's audit
    reads, without a request per provider (three per provider at 80,000
    providers would be what a first start costs).
    """

    def __init__(self, url):
        engine = sa.create_engine(url)
        try:
            with engine.connect() as conn:
                self._read(conn)
        finally:
            engine.dispose()

    def _read(self, conn):
        rows = conn.execute(sa.text(
            'SELECT p.id, p.uuid, p.name, parent.uuid, root.uuid '
            'FROM resource_providers p '
            'LEFT JOIN resource_providers parent '
            'ON parent.id = p.parent_provider_id '
            'LEFT JOIN resource_providers root '
            'ON root.id = p.root_provider_id')).all()
        ids = {}
        self.providers = {}
        for id_, uuid_, name, parent, root in rows:
            ids[id_] = uuid_
            self.providers[uuid_] = {
                'uuid': uuid_, 'name': name, 'parent_provider_uuid': parent,
                'root_provider_uuid': root}
        self.by_name = {p['name']: p for p in self.providers.values()}
        self.inventories = collections.defaultdict(dict)
        for id_, rc_id, rc, total, reserved, min_unit, max_unit, step, \
                ratio in conn.execute(sa.text(
                    'SELECT i.resource_provider_id, i.resource_class_id, '
                    'c.name, i.total, i.reserved, i.min_unit, i.max_unit, '
                    'i.step_size, i.allocation_ratio FROM inventories i '
                    'LEFT JOIN resource_classes c '
                    'ON c.id = i.resource_class_id')):
            # Standard classes may live in code only (os-resource-classes).
            rc = rc or os_resource_classes.STANDARDS[rc_id]
            self.inventories[ids[id_]][rc] = {
                'total': total, 'reserved': reserved, 'min_unit': min_unit,
                'max_unit': max_unit, 'step_size': step,
                'allocation_ratio': ratio}
        self.traits = collections.defaultdict(set)
        for id_, trait in conn.execute(sa.text(
                'SELECT rt.resource_provider_id, t.name '
                'FROM resource_provider_traits rt '
                'JOIN traits t ON t.id = rt.trait_id')):
            self.traits[ids[id_]].add(trait)

    # What cyborg.clients.placement.PlacementClient answers.

    def get_provider(self, uuid):
        return self.providers.get(uuid)

    def find_provider(self, name):
        return self.by_name.get(name)

    def list_providers(self, required_trait=None, in_tree=None):
        return [p for uuid_, p in self.providers.items()
                if (required_trait is None or
                    required_trait in self.traits[uuid_]) and
                (in_tree is None or p['root_provider_uuid'] == in_tree)]

    def get_inventories(self, uuid):
        return None, dict(self.inventories.get(uuid, {}))

    def get_traits(self, uuid):
        return None, sorted(self.traits.get(uuid, ()))


def _sent_check(hosts, tables):
    """The agents' deployables (what was sent) against Placement: named
    when missing, without inventory or without OWNER_CYBORG.
    """
    missing, no_inventory, no_owner = [], [], []
    sent = 0
    for records in hosts.records.values():
        for record in records:
            for dep in record.deployables:
                sent += 1
                uuid_ = placement_sync.rp_uuid(dep.name)
                if tables.get_provider(uuid_) is None:
                    missing.append(dep.name)
                    continue
                if not tables.get_inventories(uuid_)[1]:
                    no_inventory.append(dep.name)
                if cyborg_traits.OWNER_CYBORG not in tables.traits[uuid_]:
                    no_owner.append(dep.name)
    return {'providers_sent': sent,
            'providers_found': sent - len(missing),
            'missing': missing[:50], 'missing_count': len(missing),
            'missing_hosts': sorted({n.split('_')[0] for n in missing})[:50],
            'without_inventory': no_inventory[:50],
            'without_inventory_count': len(no_inventory),
            'without_owner_trait': no_owner[:50],
            'without_owner_trait_count': len(no_owner)}


def _log_levels(bench):
    """WARNING, ERROR and CRITICAL lines of the conductors' and the
    API's logs: counts, and the first few of each service.
    """
    counts = collections.Counter()
    first = {}
    for name, _process in bench.processes:
        if name == 'placement':
            continue
        path = os.path.join(bench.tmp, name + '.log')
        with open(path, errors='replace') as f:
            for line in f:
                match = _LEVEL.search(line)
                if match:
                    counts['%s %s' % (name, match.group(1))] += 1
                    first.setdefault(name, [])
                    if len(first[name]) < 5:
                        first[name].append(line.strip()[:400])
    return {'counts': dict(counts), 'first': first}


def _settle(access, quiet, longest=180.0):
    """Wait until Placement saw no write for *quiet* seconds."""
    began = time.monotonic()
    while time.monotonic() - began < longest:
        access.since()
        if time.monotonic() - access.last_write >= quiet:
            return round(time.monotonic() - began, 1)
        time.sleep(0.5)
    return round(time.monotonic() - began, 1)


def _churn_check(args, nova, readers, cleans, rollout, nova_process,
                 start, last_calls):
    """Every bind's usage interval and Nova event; every clean ended; the
    rollout completed.
    """
    deadline = time.monotonic() + 120
    while cleans is not None and cleans.pending() and \
            time.monotonic() < deadline:
        time.sleep(0.2)
    intervals = readers.intervals(start)
    events = collections.Counter(
        (event['name'], event.get('status'))
        for request in nova_process.received()
        for event in (request['body'] or {}).get('events', ()))
    bound = events[('accelerator-request-bound', 'completed')]
    found = {
        'calls_after_last_minute': last_calls,
        'binds_resolved': nova.resolved, 'deletes': nova.deleted,
        'binds_failed': nova.failed,
        'usage_intervals': len(intervals),
        'usage_intervals_open': sum(i['ended_at'] is None
                                    for i in intervals),
        'nova_bound_events': bound,
        'nova_events': {'%s %s' % k: n for k, n in sorted(events.items())},
        'cleans_pending': cleans.pending() if cleans else 0,
        'cleans': cleans.record() if cleans else None,
        'rollout': rollout.wait(args.rollout_wait) if rollout else None}
    # A bind that failed (deleted at once) may have bound first.
    found['churn_complete'] = (
        len(intervals) == bound and
        nova.resolved <= bound <= nova.resolved + nova.failed and
        found['usage_intervals_open'] == nova.resolved - nova.deleted and
        not found['cleans_pending'] and
        not (cleans and found['cleans']['dirty']) and
        not (rollout and not found['rollout']['complete']))
    return found


def _end_check(args, bench, hosts, access, churn):
    settled = _settle(access, args.settle)
    tables = PlacementTables(bench.placement_database())
    context = cyborg_context.get_admin_context()
    findings = placement_audit.audit(context, tables)
    record = dict(_sent_check(hosts, tables), **{
        'phase': 'end_check', 'settle_s': settled,
        'audit_findings': len(findings),
        'audit_by_kind': dict(collections.Counter(f.kind for f in findings)),
        'audit_first': [f.as_dict() for f in findings[:50]],
        'logs': _log_levels(bench)}, **churn)
    record['nothing_missing'] = churn['churn_complete'] and not (
        findings or record['missing_count'] or
        record['without_inventory_count'] or
        record['without_owner_trait_count'])
    report_scale._emit(record)
    return record['nothing_missing']


def _first_start(hosts, access, cpu, backends):
    """Every host registers and reports its inventory (32 at a time)."""
    started = time.monotonic()

    def register(host):
        hosts.hello(host, timeout=600)
        return hosts.report(host, full=True)
    answers = list(hosts.pool.map(register, hosts.records))
    seconds = time.monotonic() - started
    total, kinds = access.since()
    report_scale._emit(dict({
        'phase': 'first_start', 'seconds': round(seconds, 2),
        'stored': sum(a['status'] == 'stored' for a in answers),
        'placement_requests': total,
        'placement_requests_per_host': round(total / len(answers), 2),
        'placement': kinds, 'cpu_s': cpu.since(),
        'backends': backends.since(),
        'server_ms': report_scale._summary([a['cost']['ms']
                                            for a in answers])},
        **report_scale._totals(answers)))


def _steady_state(args, hosts, nova, access, cpu, backends, cleans,
                  rollout, readers):
    calls = Calls()
    steady = Steady(args, hosts, nova, calls, cleans, readers)
    if rollout is not None:
        rollout.create()
    t0 = time.monotonic()
    steady.plan(t0)
    try:
        for minute in range(args.minutes):
            steady.run(t0 + (minute + 1) * args.minute)
            total, kinds = access.since()
            report_scale._emit({
                'phase': 'minute', 'minute': minute + 1,
                'seconds': args.minute, 'calls': calls.record(),
                'cpu_s': cpu.since(), 'backends': backends.since(),
                'placement_requests': total,
                'placement': kinds, 'bound': nova.bound(),
                'cleans': cleans.record() if cleans else None,
                'rollout': rollout.record() if rollout else None})
    finally:
        steady.stop()
    return steady.unbind_all()


def _api(args, bench, common):
    """cyborg-api, once it answers; and a device profile per resource
    class of the devices (one unit of it, a fake device's trait).
    """
    bench.start('api', [bench.python, '-m', 'cyborg.cmd.api',
                        '--config-file', common])
    endpoint = 'http://127.0.0.1:%d/v2' % args.api_port
    profiles = {}
    answers = []

    def created(rc):
        # 503 until the API sees a conductor's heartbeat.
        try:
            answers[:] = [requests.post(
                endpoint + '/device_profiles', timeout=30,
                headers=arq_lifecycle.ADMIN_HEADERS,
                json=[{'name': 'fleet-' + rc.lower(), 'groups': [
                    {'resources:' + rc: '1',
                     'trait:CUSTOM_FAKE_DEVICE': 'required'}]}])]
        except requests.ConnectionError:
            return False
        return answers[0].status_code != 503
    for rc in args.resource_classes:
        report_scale._wait(lambda rc=rc: created(rc), 120, 'cyborg-api')
        answers[0].raise_for_status()
        profiles[rc] = 'fleet-' + rc.lower()
    if args.clean_host_names:
        # Before the first start: its pushes publish the class's trait.
        requests.post(endpoint + '/device_classes', headers=ADMIN,
                      timeout=30, json={
                          'name': 'fleet_cleaned', 'cleaning': 'on',
                          'selector': [{'key': CLEAN_FACT, 'op': '==',
                                        'value': 'true'}]}
                      ).raise_for_status()
    if args.rollout_host_names:
        requests.post(endpoint + '/device_classes', headers=ADMIN,
                      timeout=30, json={
                          'name': 'fleet_rolled', 'selector': [
                              {'key': ROLLOUT_FACT, 'op': '==',
                               'value': 'true'}]}).raise_for_status()
    return endpoint, profiles


def _services(args, bench, hosts):
    """Placement, the conductors, cyborg-api and the recording Nova;
    returns the API's endpoint and the configuration file.
    """
    nova = arq_lifecycle.NovaProcess()
    bench.cleanups.append(nova.stop)
    args.api_port = report_scale._free_port()
    extra = os.path.join(bench.tmp, 'fleet.conf')
    text = ('[DEFAULT]\nauth_strategy = noauth\n'
            '[api]\nhost_ip = 127.0.0.1\nport = %d\napi_workers = %d\n'
            '[nova]\nauth_type = none\nendpoint_override = %s\n'
            '[metrics]\nenabled = true\n'
            'allowed_source_ranges = 127.0.0.0/8\n'
            % (args.api_port, args.api_workers, nova.url))
    if args.config_file:
        with open(args.config_file) as f:
            text += '\n' + f.read()
    report_scale._write(extra, text)
    args.config_file = extra
    args.placement_access_log = True
    args.no_placement = False
    _client, common = report_scale._start_services(args, bench, hosts,
                                                   own_threads=True)
    return common, nova


def run(args):
    """Run the benchmark; print its JSON lines.  :returns: whether
    nothing was missing at the end.
    """
    bench = report_scale.Bench(args)
    try:
        names = ['fleet-%s-%05d' % (bench.suffix, i)
                 for i in range(args.hosts)]
        args.clean_host_names = names[:args.clean_hosts]
        # Others than the cleaned hosts where there are enough.
        first = min(args.clean_hosts, args.hosts - args.rollout_hosts)
        args.rollout_host_names = names[first:first + args.rollout_hosts]
        common, nova_process = _services(args, bench, names)
        CONF([], project='cyborg', default_config_files=[common])
        rpc.set_defaults(control_exchange='cyborg')
        rpc.init(CONF)
        objects.register_all()
        db_api.configure(CONF)
        hosts = Hosts(names, args.devices, args.threads,
                      args.clean_host_names, args.rollout_host_names)
        args.resource_classes = sorted({
            dep.resource_class for record in hosts.records[names[0]]
            for dep in record.deployables})
        report_scale._wait_for_conductors(hosts, names[0])
        endpoint, profiles = _api(args, bench, common)
        access = AccessLog(bench.placement_access_log())
        # Not the first start's: the compute nodes made as Nova makes
        # them, the conductors' start.
        access.since()
        cpu = ProcessCPU(bench)
        backends = Backends(args.db_admin_url, CONF.transport_url)
        bench.cleanups.append(backends.dispose)
        _params(args, hosts, names)
        _first_start(hosts, access, cpu, backends)
        nova = Nova(endpoint, hosts, profiles, bench.placement_database())
        readers = Readers(endpoint)
        cleans = rollout = None
        if args.clean_host_names:
            cleans = Cleans(args, hosts, bench.placement_database(),
                            nova.give_back)
        if args.rollout_host_names:
            rollout = hosts.rollout = Rollout(args, hosts, endpoint)
        servers = _responders(sorted(set(args.clean_host_names) |
                                     set(args.rollout_host_names)),
                              cleans, rollout)
        start = time.strftime('%Y-%m-%dT%H:%M:%S',
                              time.gmtime(time.time() - 1))
        try:
            last_calls = _steady_state(args, hosts, nova, access, cpu,
                                       backends, cleans, rollout, readers)
            churn = _churn_check(args, nova, readers, cleans, rollout,
                                 nova_process, start, last_calls)
        finally:
            if cleans is not None:
                cleans.stop()
            _stop_servers(servers)
            nova.engine.dispose()
        complete = _end_check(args, bench, hosts, access, churn)
        if not complete:
            args.keep_logs = True
        rpc.cleanup()
    finally:
        bench.stop()
    return complete


def _params(args, hosts, names):
    records = hosts.records[names[0]]
    report_scale._emit({
        'phase': 'params', 'hosts': args.hosts,
        'devices_per_host': args.devices,
        'deployables_per_host': sum(len(r.deployables) for r in records),
        'resource_classes': args.resource_classes,
        'conductors': args.conductors, 'api_workers': args.api_workers,
        'placement_workers': args.placement_workers,
        'threads': args.threads, 'steady_threads': args.steady_threads,
        'minutes': args.minutes,
        'minute_s': args.minute,
        'heartbeat_interval_s': args.heartbeat_interval,
        'telemetry_interval_s': args.telemetry_interval,
        'changed': args.changed, 'churn_per_minute': args.churn,
        'hold_s': args.hold, 'seed': args.seed,
        'clean_hosts': args.clean_hosts, 'clean_share': args.clean_share,
        'clean_s': args.clean_seconds,
        'rollout_hosts': args.rollout_hosts,
        'rollout_max_unavailable': args.rollout_max_unavailable,
        'rollout_s': args.rollout_seconds,
        'usage_interval_s': args.usage_interval,
        'scrape_interval_s': args.scrape_interval,
        'load_average': os.getloadavg(), 'cpus': os.cpu_count(),
        'machine': platform.platform(),
        'python': platform.python_version()})


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    report_scale.add_host_arguments(parser)
    parser.add_argument('--conductors', type=int, default=1,
                        help='cyborg-conductor processes (default 1)')
    parser.add_argument('--api-workers', type=int, default=1,
                        help='cyborg-api workers (default 1)')
    parser.add_argument('--placement-workers', type=int, default=2,
                        help='gunicorn workers of Placement (default 2)')
    parser.add_argument('--threads', type=int, default=32,
                        help='reports in flight at most in the first '
                             'start (default 32)')
    parser.add_argument('--steady-threads', type=int, default=256,
                        help='calls in flight at most in the steady '
                             'state (default 256: each agent waits for '
                             'its own calls; a pool too small for the '
                             'rate times the round trip sends late, '
                             'counted as "late")')
    parser.add_argument('--minutes', type=int, default=5,
                        help='minutes of steady state (default 5)')
    parser.add_argument('--minute', type=float, default=60.0,
                        help='seconds of a record\'s "minute" (default '
                             '60; shorter for tests)')
    parser.add_argument('--heartbeat-interval', type=float, default=10.0,
                        help='seconds between two hellos of an agent '
                             '([DEFAULT] report_interval: 10; 0: none)')
    parser.add_argument('--telemetry-interval', type=float, default=30.0,
                        help='seconds between two telemetry reports of an '
                             'agent ([telemetry] interval: 30; 0: none)')
    parser.add_argument('--changed', type=float, default=0.25,
                        help='share of a host\'s samples changed in each '
                             'telemetry report (default 0.25)')
    parser.add_argument('--churn', type=float, default=0.01,
                        help='binds a minute, as a share of the devices '
                             '(default 0.01; 0: no churn); each takes a '
                             'free unit of a device')
    parser.add_argument('--hold', type=float, default=60.0,
                        help='seconds from a bind to its delete '
                             '(default 60)')
    parser.add_argument('--clean-hosts', type=int, default=None,
                        help='hosts whose GPUs a device class cleans, each '
                             'with an RPC server answering the '
                             'conductor\'s casts (default: a tenth of '
                             'the hosts, at least one)')
    parser.add_argument('--clean-share', type=float, default=0.25,
                        help='share of the binds that take a cleaned GPU '
                             '(default 0.25)')
    parser.add_argument('--clean-seconds', type=float, default=0.5,
                        help='seconds a clean takes (default 0.5)')
    parser.add_argument('--rollout-hosts', type=int, default=None,
                        help='hosts whose GPUs a rollout configures, each '
                             'with an RPC server answering the '
                             'conductor\'s casts (default: a tenth of the '
                             'hosts, others than the cleaned ones where '
                             'there are enough; 0: no rollout)')
    parser.add_argument('--rollout-max-unavailable', default='10%',
                        help='the rollout\'s max_unavailable (default '
                             '10%%)')
    parser.add_argument('--rollout-seconds', type=float, default=2.0,
                        help='seconds a configuration takes to apply '
                             '(default 2)')
    parser.add_argument('--rollout-wait', type=float, default=300.0,
                        help='seconds the end check waits for the rollout '
                             'to complete (default 300)')
    parser.add_argument('--usage-interval', type=float, default=60.0,
                        help='seconds between two usage queries '
                             '(default 60; 0: none)')
    parser.add_argument('--scrape-interval', type=float, default=15.0,
                        help='seconds between two scrapes of cyborg-api\'s '
                             '/metrics (default 15; 0: none)')
    parser.add_argument('--settle', type=float, default=5.0,
                        help='seconds without a Placement write before '
                             'the end check (default 5)')
    parser.add_argument('--seed', type=int, default=80,
                        help='of the devices bound (default 80)')
    parser.add_argument('--config-file', metavar='FILE',
                        help="options added to the services' "
                             "configuration")
    report_scale.add_backend_arguments(parser)
    args = parser.parse_args(argv)
    args.devices = [d for d in args.devices.split(',') if d]
    if args.clean_hosts is None:
        args.clean_hosts = max(1, (args.hosts + 9) // 10)
    args.clean_hosts = min(args.clean_hosts, args.hosts)
    if args.rollout_hosts is None:
        args.rollout_hosts = max(1, (args.hosts + 9) // 10)
    args.rollout_hosts = min(args.rollout_hosts, args.hosts)
    return 0 if run(args) else 1


if __name__ == '__main__':
    sys.exit(main())
