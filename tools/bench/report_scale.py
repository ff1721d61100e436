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
"""Agents' reports at scale against a real conductor, MariaDB and Placement.

Starts, on loopback: openstack-placement (gunicorn serving its WSGI
application, on a MariaDB database of its own), one or more
cyborg-conductor processes (on another MariaDB database, over RabbitMQ on
a vhost of its own), and simulates N agents of M fake devices each: RPC
clients that send the conductor what cyborg-agent sends (``report``, the
full inventory or its hash).  Prints one JSON object per line:

* ``params``: the parameters and the machine;
* ``first_report``: every host reports its inventory for the first time
  (compute node providers already exist, as Nova makes them): seconds
  until every report is answered (tables written and providers created),
  and what it cost the conductor in total;
* ``steady_state``: every host sends its unchanged hash, as agents do every
  ``periodic_interval``: per report, the round trip and the conductor's
  own time (ms), database statements and writes, and Placement calls;
* ``one_change``: one device of one host changes (a new trait): seconds
  until Placement shows it, and what it cost.

Each phase also says what the processes spent (``usage``): the CPU
seconds of the conductors and of Placement (gunicorn and its workers)
during the phase, Placement's share of the two, and the conductors'
resident memory (MiB, all conductors together) at its end; ``params``
has their memory once they answered, before any report.  MariaDB and
RabbitMQ are shared servers and not counted.

With ``--no-placement`` the conductor has no ``[placement]`` options and
writes the tables only, which isolates its own share of the work.

Everything it started is stopped and its databases and vhost dropped at
the end.  Usage::

    .venv/bin/python tools/bench/report_scale.py --hosts 1000 \\
        --devices fpga=4,gpu=4 [--conductors 2] [--placement-workers 2]

The database server must accept the admin URL (``--db-admin-url``, by
default the ``openstack_citest`` user that tools/test-setup.sh creates).
"""

import argparse
import concurrent.futures
import contextlib
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

from keystoneauth1 import adapter as ks_adapter
from keystoneauth1 import noauth
from keystoneauth1 import session as ks_session
import psutil
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import objects
from cyborg import rpc
from cyborg.clients import placement as placement_client
from cyborg.common import traits as cyborg_traits
from cyborg.conductor import rpcapi
from cyborg.conductor.placement import sync as placement_sync
from cyborg.drivers import fake
from cyborg.objects import hardware

CONF = cyborg_conf.CONF

PERMISSIVE_POLICY = """\
"admin_api": "@"
"service_api": "@"
"admin_or_service_api": "@"
"admin_or_project_reader_or_service_api": "@"
"""


# Placement's access log (--placement-access-log of a benchmark): the
# method, the path without its query, the status and the microseconds.
PLACEMENT_ACCESS_FORMAT = '%(m)s %(U)s %(s)s %(D)s'

# placement-manage, with this interpreter.
_PLACEMENT_MANAGE = ('import sys; from placement.cmd import manage; '
                     'sys.exit(manage.main())')


def _free_port():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


def _write(path, text):
    with open(path, 'w') as f:
        f.write(text)


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise RuntimeError('timed out waiting for %s' % what)


class Bench:
    """The services under test and their cleanup."""

    def __init__(self, args, tree=None):
        """*tree*: a source tree whose ``cyborg`` package the services run;
        None: whatever the benchmark's working directory imports.
        """
        self.args = args
        self.tmp = tempfile.mkdtemp(prefix='cyborg-bench-')
        self.suffix = uuid.uuid4().hex[:8]
        self.processes = []
        self.cleanups = []
        # ``python -m`` puts the working directory first on sys.path, so
        # the services run *in* the tree: PYTHONPATH alone would lose to a
        # checkout in the directory the benchmark was started from.
        self.tree = os.path.abspath(tree) if tree else None
        self.env = {}
        # The tree's own virtual environment, when it has one (an older
        # commit may need other packages); else this interpreter.
        own = os.path.join(self.tree or '', '.venv', 'bin', 'python')
        self.python = own if self.tree and os.path.exists(own) \
            else sys.executable
        if self.tree:
            self.env['PYTHONPATH'] = os.pathsep.join(
                [self.tree] + [p for p in os.environ.get(
                    'PYTHONPATH', '').split(os.pathsep) if p])

    # Set-up ------------------------------------------------------------------

    def database(self, name):
        """Create a MariaDB database; dropped at the end."""
        admin = sa.create_engine(self.args.db_admin_url)
        with admin.begin() as conn:
            conn.execute(sa.text('CREATE DATABASE %s' % name))

        def drop():
            with admin.begin() as conn:
                conn.execute(sa.text('DROP DATABASE IF EXISTS %s' % name))
            admin.dispose()
        self.cleanups.append(drop)
        url = sa.engine.make_url(self.args.db_admin_url)
        return url.set(database=name, query={'charset': 'utf8mb4'}) \
            .render_as_string(hide_password=False)

    def vhost(self):
        """A RabbitMQ vhost of its own (RPC queues are named by topic)."""
        if self.args.transport_url:
            return self.args.transport_url
        name = 'cyborg-bench-' + self.suffix
        subprocess.run(['rabbitmqctl', '-q', 'add_vhost', name], check=True,
                       capture_output=True)
        self.cleanups.append(lambda: subprocess.run(
            ['rabbitmqctl', '-q', 'delete_vhost', name], check=False,
            capture_output=True))
        subprocess.run(['rabbitmqctl', '-q', 'set_permissions', '-p', name,
                        'guest', '.*', '.*', '.*'], check=True,
                       capture_output=True)
        return 'rabbit://guest:guest@127.0.0.1:5672/' + name

    def start(self, name, argv, env=None):
        log = open(os.path.join(self.tmp, name + '.log'), 'ab')
        process = subprocess.Popen(
            argv, stdout=log, stderr=subprocess.STDOUT, cwd=self.tree,
            env=dict(os.environ, **self.env, **(env or {})),
            start_new_session=True)
        self.processes.append((name, process))
        return process

    def dbsync(self, conf):
        """Cyborg's schema, by the tree's own ``cyborg-dbsync``."""
        subprocess.run([self.python, '-m', 'cyborg.cmd.dbsync',
                        '--config-file', conf, 'upgrade'], check=True,
                       capture_output=True, cwd=self.tree,
                       env=dict(os.environ, **self.env))

    def usage(self):
        """{'conductor'|'placement': {'cpu_s', 'rss_mib'}}: CPU seconds
        since each process started and resident memory now, each process
        with its children (gunicorn's workers, a service's forks).
        """
        totals = {}
        for name, process in self.processes:
            if process.poll() is not None:
                continue
            kind = 'conductor' if name.startswith('conductor') else name
            entry = totals.setdefault(kind, {'cpu_s': 0.0, 'rss_mib': 0.0})
            try:
                root = psutil.Process(process.pid)
                for each in [root] + root.children(recursive=True):
                    times = each.cpu_times()
                    entry['cpu_s'] += times.user + times.system
                    entry['rss_mib'] += each.memory_info().rss / 2.0 ** 20
            except psutil.NoSuchProcess:
                continue
        return totals

    def services_cwd(self):
        """Where the running Cyborg services were started.

        Their imports come from there.
        """
        return sorted({psutil.Process(process.pid).cwd()
                       for name, process in self.processes
                       if name != 'placement' and process.poll() is None})

    def placement(self, port=None):
        """gunicorn serving Placement's WSGI app on *port* (default: a
        free one); returns its URL.
        """
        conf_dir = os.path.join(self.tmp, 'placement')
        os.makedirs(conf_dir)
        _write(os.path.join(conf_dir, 'policy.yaml'), PERMISSIVE_POLICY)
        _write(os.path.join(conf_dir, 'placement.conf'),
               '[api]\nauth_strategy = noauth2\n'
               '[placement_database]\nconnection = %s\n'
               '[oslo_policy]\npolicy_file = %s\n' % (
                   self.database('placement_bench_' + self.suffix),
                   os.path.join(conf_dir, 'policy.yaml')))
        subprocess.run([sys.executable, '-c', _PLACEMENT_MANAGE,
                        '--config-file',
                        os.path.join(conf_dir, 'placement.conf'),
                        'db', 'sync'], check=True, capture_output=True)
        port = port or _free_port()
        access = []
        if getattr(self.args, 'placement_access_log', False):
            # One line a request, Placement's own count and time of each
            # (PLACEMENT_ACCESS_FORMAT).
            access = ['--access-logfile', self.placement_access_log(),
                      '--access-logformat', PLACEMENT_ACCESS_FORMAT]
        self.start('placement', [
            sys.executable, '-m', 'gunicorn', '-b', '127.0.0.1:%d' % port,
            '-w', str(self.args.placement_workers), '--threads', '4',
            '--preload', '--log-level', 'warning'] + access +
            ['placement.wsgi.api:application'],
            env={'OS_PLACEMENT_CONFIG_DIR': conf_dir})
        url = 'http://127.0.0.1:%d' % port

        def up():
            try:
                with socket.create_connection(('127.0.0.1', port), 1):
                    return True
            except OSError:
                return False
        _wait(up, 60, 'Placement')
        return url

    def placement_access_log(self):
        """Where Placement's gunicorn logs each request (with
        ``args.placement_access_log``): PLACEMENT_ACCESS_FORMAT's fields.
        """
        return os.path.join(self.tmp, 'placement-access.log')

    def placement_database(self):
        """The URL of Placement's database (once placement() made it)."""
        url = sa.engine.make_url(self.args.db_admin_url)
        return url.set(database='placement_bench_' + self.suffix,
                       query={'charset': 'utf8mb4'})

    def conductors(self, transport_url, placement_url, own_threads=False):
        """Start the conductors; returns their configuration file.

        :param own_threads: keep the conductors' own RPC threads and
            database pool (``executor_thread_pool_size`` 64, ``[database]
            max_pool_size`` 5 + ``max_overflow`` 50: see
            cyborg/conductor/call_threads.py); by default each has
            ``--threads`` RPC threads and a pool of 20 + 50.
        """
        connection = self.database('cyborg_bench_' + self.suffix)
        common = os.path.join(self.tmp, 'cyborg.conf')
        # Simulated agents send no hello: keep them "up" for the whole run
        # (service_down_time), and keep the periodic check out of the
        # figures (sync_interval).
        threads = pool = ''
        if not own_threads:
            threads = 'executor_thread_pool_size = %d\n' % self.args.threads
            pool = 'max_pool_size = 20\n'
        _write(common, (
            '[DEFAULT]\ntransport_url = %s\nservice_down_time = 86400\n'
            'rpc_response_timeout = 600\n%s'
            '[database]\nconnection = %s\n%s'
            '[placement]\nsync_interval = 86400\n' % (
                transport_url, threads, connection, pool)))
        if placement_url:
            with open(common, 'a') as f:
                f.write('auth_type = none\nendpoint_override = %s\n'
                        % placement_url)
        extra_file = getattr(self.args, 'config_file', None)
        if extra_file:
            # The deployment's own options (the HA layout's, for one),
            # for the conductors and the simulated agents alike.
            with open(extra_file) as extra, \
                    open(common, 'a') as f:
                f.write('\n' + extra.read())
        self.dbsync(common)
        for index in range(self.args.conductors):
            own = os.path.join(self.tmp, 'cond%d.conf' % index)
            # A hostname of its own for oslo.messaging's queue manager
            # (use_queue_manager): two conductors on one machine would
            # otherwise build the same reply queue names.
            _write(own, '[DEFAULT]\nhost = bench-cond%d\n'
                        '[oslo_messaging_rabbit]\nhostname = bench-cond%d\n'
                        % (index, index))
            self.start('conductor%d' % index, [
                self.python, '-m', 'cyborg.cmd.conductor',
                '--config-file', common, '--config-file', own])
        return common

    def stop(self):
        """Stop every process gracefully, in waves of processes stopped
        together (each takes seconds): the API and the agents, then the
        conductors (an agent's last heartbeat still finds one), then the
        rest (Placement); then run the cleanups.
        """
        def wave(name):
            if name.startswith(('api', 'agent')):
                return 0
            return 1 if name.startswith('conductor') else 2
        for number in range(3):
            running = [process for name, process in self.processes
                       if wave(name) == number and process.poll() is None]
            for process in running:
                process.send_signal(signal.SIGTERM)
            for process in running:
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(10)
        for cleanup in reversed(self.cleanups):
            with contextlib.suppress(Exception):
                cleanup()
        if self.args.keep_logs:
            print(json.dumps({'logs': self.tmp}), file=sys.stderr)
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def _records(host, devices):
    CONF.set_override('devices', devices, group='fake_driver')
    try:
        return fake.FakeDriver(CONF, host).discover()
    finally:
        CONF.clear_override('devices', group='fake_driver')


def _summary(values):
    values = sorted(values)
    if not values:
        return {}
    return {'mean': round(statistics.fmean(values), 3),
            'p50': round(values[len(values) // 2], 3),
            'p99': round(values[min(len(values) - 1,
                                    int(len(values) * 0.99))], 3),
            'max': round(values[-1], 3)}


class Agents:
    """N simulated agents: what cyborg-agent sends, over RPC."""

    def __init__(self, hosts, devices, threads):
        self.api = rpcapi.ConductorAPI()
        self.context = cyborg_context.get_admin_context()
        self.records = {h: _records(h, devices) for h in hosts}
        self.pool = concurrent.futures.ThreadPoolExecutor(threads)
        self.generation = 1

    def report(self, host, full):
        records = self.records[host]
        started = time.monotonic()
        answer = self.api.report(
            self.context, host=host, generation=self.generation,
            inventory_hash=hardware.inventory_hash(records),
            hardware=hardware.HardwareList(objects=records) if full else None,
            timeout=600)
        answer['rtt_ms'] = (time.monotonic() - started) * 1000.0
        return answer

    def all(self, full):
        return list(self.pool.map(lambda h: self.report(h, full),
                                  self.records))


def _wait_for_conductors(agents, host):
    errors = []

    def answers():
        try:
            agents.api.report(agents.context, host=host, generation=0,
                              inventory_hash='probe', timeout=5)
            return True
        except Exception as exc:
            errors[:] = [exc]
            return False
    try:
        _wait(answers, 120, 'the conductor')
    except RuntimeError as exc:
        raise RuntimeError('%s (last error: %r)' % (exc, errors[-1:])
                           ) from exc


class Usage:
    """What the conductors and Placement spend from one phase to the
    next (Bench.usage()).
    """

    def __init__(self, bench):
        self.bench = bench
        self.last = bench.usage()

    def phase(self):
        """The record of the phase that ends now."""
        now = self.bench.usage()
        record = {}
        for kind in ('conductor', 'placement'):
            if kind not in now:
                continue
            record[kind + '_cpu_s'] = round(
                now[kind]['cpu_s'] -
                self.last.get(kind, {}).get('cpu_s', 0.0), 2)
        record['conductor_rss_mib'] = round(
            now.get('conductor', {}).get('rss_mib', 0.0), 1)
        spent = record.get('conductor_cpu_s', 0) + record.get(
            'placement_cpu_s', 0)
        if 'placement_cpu_s' in record:
            # None: neither spent a measurable CPU time (a tiny phase).
            record['placement_share'] = (round(
                record['placement_cpu_s'] / spent, 3) if spent > 0
                else None)
        self.last = now
        return record


def _totals(answers):
    return {key: sum(a['cost'][key] for a in answers)
            for key in ('db_statements', 'db_writes', 'placement_calls')}


def _first_report(args, agents, client, deployables, usage):
    started = time.monotonic()
    answers = agents.all(full=True)
    seconds = time.monotonic() - started
    published = len(client.list_providers(
        required_trait=cyborg_traits.OWNER_CYBORG)) if client else None
    _emit(dict({'phase': 'first_report', 'seconds': round(seconds, 2),
                'reports_per_s': round(args.hosts / seconds, 1),
                'stored': sum(a['status'] == 'stored' for a in answers),
                'providers': published,
                'providers_expected': deployables * args.hosts,
                'server_ms': _summary([a['cost']['ms'] for a in answers]),
                'usage': usage.phase()},
               **_totals(answers)))


def _steady_state(agents, usage):
    answers = agents.all(full=False)
    _emit({'phase': 'steady_state',
           'unchanged': sum(a['status'] == 'unchanged' for a in answers),
           'rtt_ms': _summary([a['rtt_ms'] for a in answers]),
           'server_ms': _summary([a['cost']['ms'] for a in answers]),
           'db_statements': _summary([a['cost']['db_statements']
                                      for a in answers]),
           'db_writes': _summary([a['cost']['db_writes']
                                  for a in answers]),
           'placement_calls_total': sum(a['cost']['placement_calls']
                                        for a in answers),
           'usage': usage.phase()})


def _one_change(agents, client, host, usage):
    dep = agents.records[host][0].deployables[0]
    dep.traits = sorted(dep.traits + ['CUSTOM_BENCH_CHANGED'])
    started = time.monotonic()
    first = agents.report(host, full=False)   # "resend"
    second = agents.report(host, full=True)
    if client is not None:
        uuid_ = placement_sync.rp_uuid(dep.name)
        _wait(lambda: 'CUSTOM_BENCH_CHANGED' in client.get_traits(
            uuid_)[1], 120, 'the change in Placement')
    _emit(dict({'phase': 'one_change',
                'seconds': round(time.monotonic() - started, 3),
                'answers': [first['status'], second['status']],
                'server_ms': round(second['cost']['ms'], 3),
                'usage': usage.phase()},
               **_totals([first, second])))


def _start_services(args, bench, hosts, own_threads=False):
    """Placement (unless --no-placement) and the conductors; returns a
    Placement client (or None) and the conductors' configuration file.

    :param own_threads: see Bench.conductors.
    """
    transport_url = bench.vhost()
    placement_url = client = None
    if not args.no_placement:
        placement_url = bench.placement()
        client = placement_client.PlacementClient(_adapter(placement_url))
        for host in hosts:  # as nova-compute does
            client.create_provider(str(uuid.uuid4()), host)
    return client, bench.conductors(transport_url, placement_url,
                                    own_threads=own_threads)


def run(args):
    """Run the benchmark; print its JSON lines."""
    bench = Bench(args)
    try:
        hosts = ['bench-%s-%04d' % (bench.suffix, i)
                 for i in range(args.hosts)]
        client, common = _start_services(args, bench, hosts)
        CONF([], project='cyborg', default_config_files=[common])
        rpc.set_defaults(control_exchange='cyborg')
        rpc.init(CONF)
        objects.register_all()
        agents = Agents(hosts, args.devices, args.threads)
        deployables = sum(len(r.deployables)
                          for r in agents.records[hosts[0]])
        _wait_for_conductors(agents, hosts[0])
        usage = Usage(bench)
        _emit({'phase': 'params', 'hosts': args.hosts,
               'conductor_rss_mib_at_start': round(
                   usage.last.get('conductor', {}).get('rss_mib', 0.0), 1),
               'devices_per_host': args.devices,
               'deployables_per_host': deployables,
               'conductors': args.conductors,
               'placement': not args.no_placement,
               'placement_workers': args.placement_workers,
               'agent_threads': args.threads,
               'cpus': os.cpu_count(), 'machine': platform.platform(),
               'python': platform.python_version()})
        _first_report(args, agents, client, deployables, usage)
        _steady_state(agents, usage)
        _one_change(agents, client, hosts[args.hosts // 2], usage)
        rpc.cleanup()
    finally:
        bench.stop()


def _adapter(url):
    return ks_adapter.Adapter(ks_session.Session(auth=noauth.NoAuth()),
                              service_type='placement',
                              endpoint_override=url)


def _emit(record):
    print(json.dumps(record, sort_keys=True), flush=True)


def add_backend_arguments(parser):
    """The options of every benchmark that starts its own services:
    where to create their MariaDB databases and RabbitMQ vhost, and
    whether to keep their logs.
    """
    parser.add_argument('--db-admin-url', default=os.environ.get(
        'CYBORG_BENCH_DB_ADMIN_URL',
        'mysql+pymysql://openstack_citest:openstack_citest@127.0.0.1/'),
        help='a MariaDB URL allowed to create databases')
    parser.add_argument('--transport-url',
                        help='RabbitMQ URL to use instead of a new vhost')
    parser.add_argument('--keep-logs', action='store_true',
                        help='keep the services\' logs (path on stderr)')


def add_host_arguments(parser):
    """The simulated agents' options: how many, and their devices."""
    parser.add_argument('--hosts', type=int, default=100,
                        help='simulated agents (default 100)')
    parser.add_argument('--devices', default='fpga=4,gpu=4',
                        help='fake devices per host, as [fake_driver] '
                             'devices (default fpga=4,gpu=4)')


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_host_arguments(parser)
    parser.add_argument('--conductors', type=int, default=1,
                        help='cyborg-conductor processes (default 1)')
    parser.add_argument('--placement-workers', type=int, default=2,
                        help='gunicorn workers of Placement (default 2)')
    parser.add_argument('--threads', type=int, default=32,
                        help='reports in flight at once (default 32)')
    parser.add_argument('--no-placement', action='store_true',
                        help='no Placement: the conductor writes the '
                             'tables only (to measure its own part)')
    parser.add_argument('--config-file', metavar='FILE',
                        help="options added to the conductors' and the "
                             "simulated agents' configuration (the HA "
                             "layout's [oslo_messaging_rabbit] and "
                             "[database] options, for one)")
    add_backend_arguments(parser)
    args = parser.parse_args(argv)
    args.devices = [d for d in args.devices.split(',') if d]
    run(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
