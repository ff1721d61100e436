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
"""Agents starting together (a rack after a power cut): the conductors'
queue while the burst lasts.

Starts the services as report_scale.py does (MariaDB, RabbitMQ on a vhost
of its own, Placement unless ``--no-placement``), with the conductors'
own RPC threads and database pool: ``executor_thread_pool_size`` 64,
``[database] max_pool_size`` 5 + ``max_overflow`` 50, of which the
conductor runs 38 calls at once (cyborg/conductor/call_threads.py; never
the client's count).  Every host first registers and sends its full
report (``populate``, ``--threads`` at a time).  Then, for each
``--jitter``, every agent starts again: it waits a random time of up to
the jitter (what ``[agent] start_jitter`` makes cyborg-agent do; 0 is a
burst: all at once), then sends what cyborg-agent sends at a start: its
hello (registration, with the agent's timeout, ``report_interval`` 10 s)
and its report (its unchanged hash, one statement, with the agent's
timeout, ``rpc_response_timeout`` 60 s), one thread per agent.  With
``--power-cut`` the hosts are first recorded down, as the conductor
records hosts whose agent stayed silent ``service_down_time`` (and, with
Placement, their inventory reserved there, pushed by the benchmark as
the conductor's liveness check pushes it): each hello then also restores
its host (a job of the conductor's work pool: with Placement, a push).

While a start lasts, it samples the calls in flight (sent, not yet
answered: the calls the conductors hold, queued or running) every 0.1 s
and, with rabbitmqctl, the messages of the conductors' queues (ready and
unacknowledged) every ``--sample-interval`` seconds.  Prints one JSON
object per line:

* ``params``: the parameters, the machine, the conductors' RPC threads
  (from their start log);
* ``populate``: seconds, reports stored;
* ``rack_start``, one per jitter: ``seconds`` (first send to last
  answer), ``spread_s`` (first to last send), ``drain_s`` (last send to
  last answer), ``in_flight`` and ``queue_messages`` (``max``, ``p50``
  over the samples of the start; ``queue_messages`` is null without
  rabbitmqctl), ``failed`` (calls that raised, by kind and error),
  ``reports_failed``, ``pool_timeouts`` (``QueuePool limit`` in the
  conductors' logs), round trips (ms) of hellos and reports, answers by
  status, ``recorded_down_after`` (``--power-cut``: hosts still recorded
  down once the conductors' work settled; their next heartbeat restores
  them), and what the processes spent (``usage``).

Everything it started is stopped and its databases and vhost dropped at
the end.  Usage (benchmarks run one at a time, under setsid: see the
performance guide)::

    flock /tmp/bench.lock setsid .venv/bin/python tools/bench/rack_start.py \\
        --hosts 1000 --jitter 0,30 --power-cut --no-placement

``--config-file FILE`` adds options to the conductors' configuration
(``executor_thread_pool_size = 500``, to see that they still run only
what their pool serves); ``--tree DIR`` runs the conductors from another
source tree (an earlier commit), the simulated agents from this one.
"""

import argparse
import collections
import concurrent.futures
import glob
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

import report_scale

from cyborg import context as cyborg_context
from cyborg import objects
from cyborg import rpc
from cyborg import version
from cyborg.common import driver_config
from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import host as host_queries
from cyborg.drivers import fake

CONF = report_scale.CONF

# What cyborg-agent waits for its answers (its defaults): a hello, the
# heartbeat's report_interval; a report, rpc_response_timeout.
HELLO_TIMEOUT = 10
REPORT_TIMEOUT = 60
# How often the calls in flight are sampled.
IN_FLIGHT_EVERY = 0.1
# The conductors' logs: the threads they run calls on, a pool timeout.
THREADS_LINE = re.compile(r'runs (?:at most|up to) (\d+) RPC calls')
POOL_TIMEOUT = 'QueuePool limit'


class InFlight:
    """The calls sent and not answered, and a record of their number."""

    def __init__(self):
        self.now = 0
        self.samples = []
        self._lock = threading.Lock()

    def __enter__(self):
        with self._lock:
            self.now += 1

    def __exit__(self, *exc):
        with self._lock:
            self.now -= 1

    def sample(self):
        self.samples.append((time.monotonic(), self.now))


class Sampler:
    """Calls *sample* every *every* seconds in a thread, until stop()."""

    def __init__(self, sample, every):
        self._sample = sample
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _loop(self):
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(self._every)


class QueueDepth:
    """The messages of the conductors' queues on a vhost (ready and not
    acknowledged), through ``rabbitmqctl list_queues``; ``available`` is
    False where rabbitmqctl cannot be run.
    """

    def __init__(self, transport_url, topic='cyborg-conductor'):
        path = urllib.parse.urlparse(transport_url).path
        self.vhost = urllib.parse.unquote(path[1:]) or '/'
        self.topic = topic
        self.samples = []
        self.available = self._read() is not None

    def _read(self):
        try:
            result = subprocess.run(
                ['rabbitmqctl', '-q', 'list_queues', '-p', self.vhost,
                 'name', 'messages'], capture_output=True, text=True,
                timeout=30, check=True)
        except (OSError, subprocess.SubprocessError):
            return None
        total = 0
        for line in result.stdout.splitlines():
            fields = line.split()
            if (len(fields) == 2 and fields[0].startswith(self.topic) and
                    fields[1].isdigit()):
                total += int(fields[1])
        return total

    def sample(self):
        if self.available:
            taken = time.monotonic()
            value = self._read()
            if value is not None:
                self.samples.append((taken, value))


def _depth(samples, first, last):
    """max and median of the samples ``(time, value)`` taken from *first*
    to *last* (monotonic times), and how many.
    """
    values = [value for taken, value in samples if first <= taken <= last]
    if not values:
        return None
    return {'max': max(values), 'p50': statistics.median(values),
            'samples': len(values)}


class Agents(report_scale.Agents):
    """report_scale's simulated agents, with the hello of a start."""

    def __init__(self, hosts, devices, threads):
        super().__init__(hosts, devices, threads)
        self.drivers = {h: [fake.FakeDriver(CONF, h).hello()]
                        for h in hosts}
        # What cyborg-agent adds to its hello: the revisions of the
        # operator's decisions and of the configurations it took last.
        self.revisions = {h: {'installed_revision': '',
                              'config_revision': ''} for h in hosts}

    def hello(self, host, timeout=None, start=True):
        """The agent's hello; *start*: its first since it (re)started."""
        answer = self.api.hello(
            self.context, host=host, binary='cyborg-agent',
            topic='cyborg-agent', version=version.version_string(),
            started_at=(time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime())
                        if start else None),
            drivers=self.drivers[host], timeout=timeout,
            **self.revisions[host]) or {}
        revisions = self.revisions[host]
        if answer.get('installed') is not None:
            revisions['installed_revision'] = driver_config.revision(
                answer['installed'], answer.get('removed') or ())
        if answer.get('config_revision') is not None:
            revisions['config_revision'] = answer['config_revision']
        return answer


def _populate(agents, usage):
    started = time.monotonic()

    def register(host):
        agents.hello(host, timeout=600)
        return agents.report(host, full=True)
    answers = list(agents.pool.map(register, agents.records))
    report_scale._emit({
        'phase': 'populate', 'seconds': round(time.monotonic() - started, 2),
        'stored': sum(a['status'] == 'stored' for a in answers),
        'usage': usage.phase()})


def _log_sizes(bench):
    return {path: os.path.getsize(path) for path in _conductor_logs(bench)}


def _conductor_logs(bench):
    return sorted(glob.glob(os.path.join(bench.tmp, 'conductor*.log')))


def _log_since(bench, sizes):
    text = ''
    for path in _conductor_logs(bench):
        with open(path, errors='replace') as f:
            f.seek(sizes.get(path, 0))
            text += f.read()
    return text


class Start:
    """One start of every agent, spread over *jitter* seconds."""

    def __init__(self, agents, jitter, seed):
        self.agents = agents
        rng = random.Random(seed)  # noqa: S311 (start times, not secrets)
        self.offsets = {h: rng.uniform(0, jitter) if jitter else 0.0
                        for h in agents.records}
        self.in_flight = InFlight()
        self.failed = collections.Counter()
        self.rtt = {'hello': [], 'report': []}
        self.statuses = collections.Counter()
        self.sent = []
        self.answered = []
        self.hashes = {h: report_scale.hardware.inventory_hash(records)
                       for h, records in agents.records.items()}
        self._lock = threading.Lock()

    def _call(self, kind, func):
        started = time.monotonic()
        try:
            with self.in_flight:
                answer = func()
        except Exception as exc:
            with self._lock:
                self.failed['%s: %s' % (kind, type(exc).__name__)] += 1
            return None
        with self._lock:
            self.rtt[kind].append((time.monotonic() - started) * 1000.0)
        return answer

    def _agent(self, host, go, t0):
        go.wait()
        time.sleep(max(0.0, t0[0] + self.offsets[host] - time.monotonic()))
        with self._lock:
            self.sent.append(time.monotonic())
        self._call('hello', lambda: self.agents.hello(
            host, timeout=HELLO_TIMEOUT))
        answer = self._call('report', lambda: self.agents.api.report(
            self.agents.context, host=host,
            generation=self.agents.generation,
            inventory_hash=self.hashes[host], timeout=REPORT_TIMEOUT))
        with self._lock:
            self.answered.append(time.monotonic())
            if answer is not None:
                self.statuses[answer['status']] += 1

    def run(self):
        """Start every agent; returns (t0, the last answer's time)."""
        go = threading.Event()
        t0 = [None]
        hosts = list(self.agents.records)
        with concurrent.futures.ThreadPoolExecutor(len(hosts)) as threads:
            done = [threads.submit(self._agent, h, go, t0) for h in hosts]
            # Every thread exists before the first agent starts.
            t0[0] = time.monotonic() + 1.0
            go.set()
            for future in done:
                future.result()
        return t0[0]


def _settled_down(context, hosts, quiet=3.0, longest=120.0):
    """The hosts recorded down once the count stays the same *quiet*
    seconds (the conductors' pool jobs that restore them are done).
    """
    last, since, began = None, time.monotonic(), time.monotonic()
    while True:
        count = sum(host_queries.is_recorded_down(context, h)
                    for h in hosts)
        if count != last:
            last, since = count, time.monotonic()
        if (time.monotonic() - since >= quiet or
                time.monotonic() - began >= longest):
            return count
        time.sleep(0.5)


def _power_cut(agents, client, context):
    """What the conductor does to hosts whose agent stayed silent
    ``service_down_time`` (its liveness check): each recorded down, and,
    with Placement, its inventory reserved there (a push).
    """
    def cut(host):
        host_queries.set_liveness(context, host, False)
        if client is not None:
            placement_push.push(context, client, host)
    list(agents.pool.map(cut, agents.records))


def _rack_start(args, bench, agents, client, jitter, queue, usage, seed):
    context = cyborg_context.get_admin_context()
    hosts = list(agents.records)
    if args.power_cut:
        _power_cut(agents, client, context)
    sizes = _log_sizes(bench)
    usage.phase()
    start = Start(agents, jitter, seed)
    queue.samples = []
    with Sampler(start.in_flight.sample, IN_FLIGHT_EVERY), \
            Sampler(queue.sample, args.sample_interval):
        t0 = start.run()
    last_answer = max(start.answered)
    record = {
        'phase': 'rack_start', 'jitter_s': jitter, 'hosts': len(hosts),
        'power_cut': args.power_cut,
        'seconds': round(last_answer - t0, 2),
        'spread_s': round(max(start.sent) - min(start.sent), 2),
        'drain_s': round(last_answer - max(start.sent), 2),
        'in_flight': _depth(start.in_flight.samples, t0, last_answer),
        'queue_messages': (_depth(queue.samples, t0, last_answer)
                           if queue.available else None),
        'failed': dict(start.failed),
        'reports_failed': sum(n for k, n in start.failed.items()
                              if k.startswith('report')),
        'answers': dict(start.statuses),
        'rtt_ms': {kind: report_scale._summary(values)
                   for kind, values in start.rtt.items()},
        'usage': usage.phase()}
    record['pool_timeouts'] = _log_since(bench, sizes).count(POOL_TIMEOUT)
    if args.power_cut:
        record['recorded_down_after'] = _settled_down(context, hosts)
    report_scale._emit(record)


def _rpc_threads(bench):
    """The RPC threads each conductor said it runs calls on."""
    found = []
    for path in _conductor_logs(bench):
        with open(path, errors='replace') as f:
            match = THREADS_LINE.search(f.read())
        found.append(int(match.group(1)) if match else None)
    return found


def run(args):
    """Run the benchmark; print its JSON lines."""
    bench = report_scale.Bench(args, tree=args.tree)
    try:
        hosts = ['rack-%s-%04d' % (bench.suffix, i)
                 for i in range(args.hosts)]
        client, common = report_scale._start_services(
            args, bench, hosts, own_threads=True)
        CONF([], project='cyborg', default_config_files=[common])
        rpc.set_defaults(control_exchange='cyborg')
        rpc.init(CONF)
        objects.register_all()
        db_api.configure(CONF)
        agents = Agents(hosts, args.devices, args.threads)
        report_scale._wait_for_conductors(agents, hosts[0])
        queue = QueueDepth(CONF.transport_url)
        usage = report_scale.Usage(bench)
        report_scale._emit({
            'phase': 'params', 'hosts': args.hosts,
            'devices_per_host': args.devices,
            'conductors': args.conductors, 'tree': args.tree,
            'config_file': args.config_file,
            'conductor_rpc_threads': _rpc_threads(bench),
            'placement': not args.no_placement,
            'jitters_s': args.jitter, 'power_cut': args.power_cut,
            'populate_threads': args.threads,
            'hello_timeout_s': HELLO_TIMEOUT,
            'report_timeout_s': REPORT_TIMEOUT,
            'queue_sampled': queue.available,
            'sample_interval_s': args.sample_interval, 'seed': args.seed,
            'cpus': os.cpu_count(), 'machine': platform.platform(),
            'python': platform.python_version()})
        _populate(agents, usage)
        for index, jitter in enumerate(args.jitter):
            _rack_start(args, bench, agents, client, jitter, queue, usage,
                        args.seed + index)
        rpc.cleanup()
    finally:
        bench.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    report_scale.add_host_arguments(parser)
    parser.add_argument('--jitter', default='0,30',
                        help='the starts to run, each spread over this '
                             'many seconds, comma-separated (default '
                             '0,30: a burst, then [agent] start_jitter\'s '
                             'default)')
    parser.add_argument('--power-cut', action='store_true',
                        help='record every host down before each start, '
                             'as after a power cut longer than '
                             'service_down_time')
    parser.add_argument('--conductors', type=int, default=1,
                        help='cyborg-conductor processes (default 1)')
    parser.add_argument('--placement-workers', type=int, default=2,
                        help='gunicorn workers of Placement (default 2)')
    parser.add_argument('--threads', type=int, default=32,
                        help='reports in flight at once while the hosts '
                             'register (default 32); the starts have a '
                             'thread per agent')
    parser.add_argument('--no-placement', action='store_true',
                        help='no Placement: the conductor writes the '
                             'tables only')
    parser.add_argument('--sample-interval', type=float, default=1.0,
                        help='seconds between two samples of the queues '
                             '(rabbitmqctl, about 0.5 CPU seconds each; '
                             'default 1)')
    parser.add_argument('--seed', type=int, default=42,
                        help='of the agents\' random waits (default 42)')
    parser.add_argument('--config-file', metavar='FILE',
                        help="options added to the conductors' "
                             "configuration (executor_thread_pool_size "
                             "= 500, for one)")
    parser.add_argument('--tree', metavar='DIR',
                        help='run the conductors from this source tree '
                             '(another commit), the agents from this one')
    report_scale.add_backend_arguments(parser)
    args = parser.parse_args(argv)
    args.devices = [d for d in args.devices.split(',') if d]
    args.jitter = [float(j) for j in args.jitter.split(',') if j]
    run(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
