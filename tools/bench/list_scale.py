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
"""List calls of cyborg-api with a few rows and with many, timed.

Starts, on loopback, one cyborg-conductor (MariaDB database and RabbitMQ
vhost of its own) and one cyborg-api worker under gunicorn, then times the
list calls Nova and operators make (``GET /v2/accelerator_requests?
instance=``, ``/v2/deployables``, ``/v2/devices``, ``/v2/device_profiles``,
pages of ``limit`` rows at microversion 2.4) twice: with a few rows in
the tables, and after filling them to ``--rows`` deployables and ARQs.
With ``--capacity`` it times the capacity view too (``GET /v2/capacity``
at the latest microversion: every host, and one host's; and a page of
``--limit`` hosts), the call whose cost grows with the number of hosts
(``--hosts``); ``--calls`` picks the calls to time.

The tables are filled through the conductor, as in a deployment:
deployables by simulated agents' reports (RPC ``report``, as
cyborg-agent sends them, ``fake`` driver QATs: one deployable per virtual
function), ARQs by ``POST /v2/accelerator_requests`` of a device profile
asking for ``--arqs-per-call`` of them at once.  No Placement: lists do
not touch it.  Prints one JSON object per line (``params``, ``fill``,
then one ``list`` per call and table size).

Each call is timed with two clients in turn, one request each: a lean
one, Python's ``http.client`` on a keep-alive connection (``ms``), and
``requests``, which Nova's keystoneauth uses (``ms_requests``); both as
p50/p90/p99 in ms.  ``api_cpu_ms`` is the CPU cyborg-api's worker spent
per request.

``--tree TREE`` runs the services of another source tree (for a figure
before a change: a ``git worktree`` of the older commit), in that
directory, since ``python -m`` imports from the working directory first;
``params`` says where they ran (``services_cwd``).

``--compare TREE`` compares the capacity view of two trees on the same
filled tables (filling 10,000 hosts through the conductor takes minutes,
too long to repeat for every round): after the fill, ``--rounds`` rounds
each of three sides, ``a`` (TREE), ``a2`` (TREE again: the A/A
self-check) and ``b`` (this checkout, or ``--tree``), in turn (the order
of each round the reverse of the last's, the first drawn at random), each
round a fresh cyborg-api process of its side timing the ``--calls`` at
the latest microversion (the whole view is the contract both serve;
``capacity_page`` on ``b`` only, or on every side with
``--compare-pages``, for a tree older than pages).  Records: one
``round`` per side and round, then ``summary``: each side's median p50
and p95 over its rounds with their spread, and b/a and a2/a as ratios
with a 95 % confidence interval (``tools/bench/ab.py``).

Usage::

    .venv/bin/python tools/bench/list_scale.py --rows 10000
    .venv/bin/python tools/bench/list_scale.py --hosts 10000 --rows 40000 \
        --arqs 1000 --capacity --calls capacity,capacity_host
"""

import argparse
import os
import platform
import random
import re
import statistics
import sys
import time
import uuid

import ab
import arq_lifecycle
from oslo_serialization import jsonutils
import report_scale
import requests

from cyborg import conf as cyborg_conf
from cyborg import objects
from cyborg import rpc

CONF = cyborg_conf.CONF
PAGE = {'OpenStack-API-Version': 'accelerator 2.4'}
# The latest of each side compared: the capacity view is the same.
CAPACITY = {'OpenStack-API-Version': 'accelerator latest'}
# One fake QAT: 4 virtual functions, one deployable each.
DEPLOYABLES_PER_QAT = 4


def _calls(args, instance, host):
    """(name, path, headers) of the timed calls."""
    calls = [
        ('arqs_by_instance',
         '/accelerator_requests?instance=%s' % instance,
         arq_lifecycle.nova_headers(argparse.Namespace(
             token=None, project='bench-project'))),
        ('arqs_page', '/accelerator_requests?limit=%d', PAGE),
        ('deployables_page', '/deployables?limit=%d', PAGE),
        ('devices_page', '/devices?limit=%d', PAGE),
        ('device_profiles', '/device_profiles', {}),
    ]
    if args.capacity:
        calls += [('capacity', '/capacity', CAPACITY),
                  ('capacity_host', '/capacity?host=%s' % host, CAPACITY),
                  ('capacity_page', '/capacity?limit=%d', CAPACITY)]
    if args.calls:
        wanted = args.calls.split(',')
        calls = [call for call in calls if call[0] in wanted]
    return calls


def _time_get(args, lean, session, url, headers):
    """GET *url* ``--warmup`` + ``--requests`` times with both clients,
    one request of each in turn.

    :returns: ``({'lean': [ms], 'requests': [ms]}, the last body)``, the
        times of the requests after the warm-up.
    """
    times = {'lean': [], 'requests': []}
    for index in range(args.warmup + args.requests):
        started = time.monotonic()
        answer = lean.get(url, headers=headers)
        elapsed_lean = (time.monotonic() - started) * 1000.0
        if answer.status_code != 200:
            raise RuntimeError('GET %s: %d %s' % (
                url, answer.status_code, answer.text[:200]))
        body = answer.content
        started = time.monotonic()
        session.get(url, headers=headers, timeout=60).raise_for_status()
        elapsed = (time.monotonic() - started) * 1000.0
        if index >= args.warmup:
            times['lean'].append(elapsed_lean)
            times['requests'].append(elapsed)
    return times, jsonutils.loads(body)


def time_lists(args, endpoint, instance, host, label, api=None,
               extra=None, skip=()):
    """Time each call with both clients, one request of each in turn.

    :param api: [('api', process)]: cyborg-api, whose CPU per request
        (its worker's, both clients' requests) is reported too.
    :param extra: more members of each record (the side and round).
    :param skip: the names of calls not to time.
    :returns: the records.
    """
    records = []
    session = requests.Session()
    lean = arq_lifecycle.LeanSession(endpoint)
    for name, path, headers in _calls(args, instance, host):
        if name in skip:
            continue
        if '%d' in path:
            path = path % args.limit
        before = arq_lifecycle.cpu_seconds(api or ())
        times, body = _time_get(args, lean, session, endpoint + path,
                                headers)
        cpu = (arq_lifecycle.cpu_seconds(api or ()).get('api', 0.0) -
               before.get('api', 0.0))
        rows = len(next(v for v in body.values() if isinstance(v, list)))
        record = {'phase': 'list', 'tables': label, 'call': name,
                  'path': path, 'rows_returned': rows,
                  'ms': arq_lifecycle.percentiles(times['lean']),
                  'ms_requests': arq_lifecycle.percentiles(
                      times['requests'])}
        if api:
            # Both clients' requests, warm-up included.
            record['api_cpu_ms'] = round(
                cpu / (2 * (args.warmup + args.requests)) * 1000.0, 2)
        record.update(extra or {})
        arq_lifecycle.emit(record)
        records.append(record)
    return records


class Deployment(report_scale.Bench):
    """Conductor and API on loopback (no Placement, no agent)."""

    def cyborg(self, transport_url):
        connection = self.database('cyborg_ls_' + self.suffix)
        port = report_scale._free_port()
        conf = os.path.join(self.tmp, 'cyborg.conf')
        report_scale._write(conf, (
            '[DEFAULT]\ntransport_url = %s\nhost = bench-%s\n'
            'auth_strategy = noauth\nservice_down_time = 86400\n'
            'rpc_response_timeout = 600\n'
            '[database]\nconnection = %s\n'
            '[api]\nhost_ip = 127.0.0.1\nport = %d\napi_workers = 1\n' % (
                transport_url, self.suffix, connection, port)))

        self.dbsync(conf)
        for binary in ('conductor', 'api'):
            self.start(binary, [self.python, '-m', 'cyborg.cmd.' + binary,
                                '--config-file', conf])
        endpoint = 'http://127.0.0.1:%d/v2' % port

        def up():
            try:
                return requests.get(endpoint, timeout=2).ok
            except requests.RequestException:
                return False
        report_scale._wait(up, 120, 'cyborg-api')
        return endpoint, conf

    def side_api(self, tree, conf, label):
        """A cyborg-api of *tree* on the same database, on a port of its
        own; stop it with self.stop_api().
        """
        port = report_scale._free_port()
        side_conf = os.path.join(self.tmp, 'cyborg-%s.conf' % label)
        with open(conf) as source:
            text = source.read()
        report_scale._write(side_conf, re.sub(
            r'(?m)^port = [0-9]+$', 'port = %d' % port, text))
        side = report_scale.Bench(self.args, tree)
        process = side.start('api-' + label, [
            side.python, '-m', 'cyborg.cmd.api', '--config-file', side_conf])
        endpoint = 'http://127.0.0.1:%d/v2' % port

        def up():
            try:
                return requests.get(endpoint, timeout=2).ok
            except requests.RequestException:
                return process.poll() is not None
        report_scale._wait(up, 120, 'cyborg-api of ' + tree)
        if process.poll() is not None:
            raise RuntimeError('cyborg-api of %s exited; logs in %s' % (
                tree, side.tmp))
        return side, endpoint


def time_placement(args, bench):
    """Placement's own list, the floor of the lists (issue 42: Nova's
    and operators' list calls within 1.5x of Placement's ``GET
    /resource_providers``): a Placement of this machine, on the same
    MariaDB, with ``--limit`` providers (a page's worth: Placement's list
    has no paging, so a list of as many providers as one of our pages
    holds is its comparable call), timed as time_lists() times ours.

    :returns: the record.
    """
    url = bench.placement()
    client = report_scale.placement_client.PlacementClient(
        report_scale._adapter(url))
    for index in range(args.limit):
        client.create_provider(str(uuid.uuid4()),
                               'bench-rp-%s-%04d' % (bench.suffix, index))
    headers = {'OpenStack-API-Version': 'placement 1.14',
               'X-Auth-Token': 'admin'}
    path = '/resource_providers'
    times, body = _time_get(args, arq_lifecycle.LeanSession(url),
                            requests.Session(), url + path, headers)
    record = {'phase': 'list', 'tables': 'placement',
              'call': 'resource_providers', 'path': path,
              'rows_returned': len(body['resource_providers']),
              'ms': arq_lifecycle.percentiles(times['lean']),
              'ms_requests': arq_lifecycle.percentiles(times['requests'])}
    arq_lifecycle.emit(record)
    return record


def fill_deployables(args, hosts, devices):
    """Reports of simulated agents, through the conductor."""
    agents = report_scale.Agents(hosts, devices, args.threads)
    report_scale._wait_for_conductors(agents, hosts[0])
    answers = agents.all(full=True)
    return sum(a['status'] == 'stored' for a in answers)


def fill_arqs(endpoint, count, profile='bench-many'):
    """ARQs through the API and the conductor, many per call."""
    session = requests.Session()
    headers = arq_lifecycle.nova_headers(argparse.Namespace(
        token=None, project='bench-project'))
    made = 0
    while made < count:
        response = session.post(
            endpoint + '/accelerator_requests', headers=headers,
            json={'device_profile_name': profile}, timeout=600)
        response.raise_for_status()
        made += len(response.json()['arqs'])
    return made


def compare(args, bench, conf, instance, host):
    """Rounds of the sides a, a2 (both --compare) and b (this checkout)
    on the filled tables, and their summary (see the module's
    docstring).
    """
    trees = {'a': args.compare, 'a2': args.compare,
             'b': args.tree or os.getcwd()}
    rng = random.Random(args.seed)  # noqa: S311 (an order)
    order = list(trees)
    first = rng.randrange(len(order))
    order = order[first:] + order[:first]
    records = []
    for index in range(args.rounds):
        for label in (order if index % 2 == 0 else order[::-1]):
            side, endpoint = bench.side_api(trees[label], conf, label)
            try:
                records += time_lists(
                    args, endpoint, instance, host, 'many',
                    [('api', process) for _, process in side.processes],
                    extra={'phase': 'round', 'side': label,
                           'round': index, 'tree': trees[label]},
                    # An older side compared may not page (pages are
                    # timed on every side with --compare-pages).
                    skip=('capacity_page',)
                    if label != 'b' and not args.compare_pages else ())
            finally:
                side.stop()
    single = set() if args.compare_pages else {'capacity_page'}
    for call in sorted({r['call'] for r in records} - single):
        summary = {'phase': 'summary', 'call': call, 'rounds': args.rounds,
                   'order_of_first_round': order}
        values = {}
        for label in trees:
            mine = sorted((r for r in records
                           if r['call'] == call and r['side'] == label),
                          key=lambda r: r['round'])
            values[label] = [r['ms']['p50'] for r in mine]
            summary[label] = {
                figure: {'median': round(statistics.median(v), 2),
                         'min': round(min(v), 2), 'max': round(max(v), 2),
                         'rounds': v}
                for figure, v in (
                    ('p50', values[label]),
                    ('p95', [r['ms']['p95'] for r in mine]),
                    ('api_cpu_ms', [r['api_cpu_ms'] for r in mine]))}
        summary['a2/a'] = ab.ratio(values['a'], values['a2'])
        summary['b/a'] = ab.ratio(values['a'], values['b'])
        arq_lifecycle.emit(summary)
        print('%s p50 ms: a %s  a2 %s  b %s  (median [min-max]); a2/a %s, '
              'b/a %s' % (call, *('%.1f [%.1f-%.1f]' % (
                  summary[s]['p50']['median'], summary[s]['p50']['min'],
                  summary[s]['p50']['max']) for s in ('a', 'a2', 'b')),
                  _ratio_text(summary['a2/a']), _ratio_text(summary['b/a'])),
              file=sys.stderr)


def _ratio_text(ratio):
    if ratio['low'] is None:
        return '%s (%s)' % (ratio['ratio'], ratio['verdict'])
    return '%s [%s-%s] (%s)' % (ratio['ratio'], ratio['low'],
                                ratio['high'], ratio['verdict'])


def run(args):
    bench = Deployment(args, args.tree)
    try:
        endpoint, conf = bench.cyborg(bench.vhost())
        api = [(name, process) for name, process in bench.processes
               if name == 'api']
        CONF([], project='cyborg', default_config_files=[conf])
        rpc.set_defaults(control_exchange='cyborg')
        rpc.init(CONF)
        objects.register_all()
        qats = max(1, args.rows // (args.hosts * DEPLOYABLES_PER_QAT))
        devices = ['qat=%d' % qats]
        hosts = ['bench-%s-%04d' % (bench.suffix, i)
                 for i in range(args.hosts)]
        arq_lifecycle.emit({
            'phase': 'params', 'rows': args.rows, 'hosts': args.hosts,
            'devices_per_host': devices, 'limit': args.limit,
            'arqs': args.rows if args.arqs is None else args.arqs,
            'capacity': args.capacity, 'calls': args.calls,
            'compare': args.compare, 'rounds': args.rounds,
            'requests': args.requests, 'cpus': os.cpu_count(),
            'machine': platform.platform(),
            'python': platform.python_version(),
            'services_cwd': bench.services_cwd()})
        instance = str(uuid.uuid4())
        # A few rows: one host with one QAT (4 deployables), 3 ARQs.  The
        # first report waits until the conductor answers, so the profiles'
        # POST (a call to the conductor) cannot go out before it listens.
        fill_deployables(args, hosts[:1], ['qat=1'])
        for name, resources in (('bench-one', '1'),
                                ('bench-many', str(args.arqs_per_call))):
            requests.post(endpoint + '/device_profiles', timeout=60, json=[
                {'name': name, 'groups': [
                    {'resources:CUSTOM_QAT': resources}]}]
            ).raise_for_status()
        fill_arqs(endpoint, 3, profile='bench-one')
        time_lists(args, endpoint, instance, hosts[0], 'few', api)
        started = time.monotonic()
        stored = fill_deployables(args, hosts[1:], devices)
        arqs = fill_arqs(endpoint, args.rows if args.arqs is None
                         else args.arqs)
        arq_lifecycle.emit({
            'phase': 'fill', 'how': 'through the conductor: agents\' '
            'reports (RPC) and POST /v2/accelerator_requests',
            'hosts_stored': stored, 'arqs_created': arqs,
            'seconds': round(time.monotonic() - started, 1)})
        if args.compare:
            compare(args, bench, conf, instance, hosts[-1])
        else:
            time_lists(args, endpoint, instance, hosts[-1], 'many', api)
        if args.placement:
            time_placement(args, bench)
        rpc.cleanup()
    finally:
        bench.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rows', type=int, default=10000,
                        help='deployables and ARQs to fill (default '
                             '10000)')
    parser.add_argument('--hosts', type=int, default=100,
                        help='simulated agents sharing the deployables')
    parser.add_argument('--arqs', type=int,
                        help='ARQs to fill (default: --rows)')
    parser.add_argument('--capacity', action='store_true',
                        help='time GET /v2/capacity too (every host, and '
                             'one host)')
    parser.add_argument('--calls', metavar='NAME,...',
                        help='time only these calls (arqs_by_instance, '
                             'arqs_page, deployables_page, devices_page, '
                             'device_profiles, capacity, capacity_host, '
                             'capacity_page)')
    parser.add_argument('--arqs-per-call', type=int, default=100,
                        help='ARQs per POST while filling')
    parser.add_argument('--limit', type=int, default=20,
                        help='page size of the paged calls (default 20)')
    parser.add_argument('--requests', type=int, default=200,
                        help='timed requests per call (default 200)')
    parser.add_argument('--warmup', type=int, default=10)
    parser.add_argument('--threads', type=int, default=8,
                        help='reports in flight at once while filling')
    parser.add_argument('--tree', metavar='TREE',
                        help='run the services of the cyborg package in '
                             'source tree TREE (default: the one the '
                             'working directory imports)')
    parser.add_argument('--compare', metavar='TREE',
                        help='after the fill, time the calls on the '
                             'cyborg-api of TREE (twice: a, a2) and of '
                             'this checkout (b) in alternating rounds')
    parser.add_argument('--rounds', type=int, default=5,
                        help='rounds of each side with --compare '
                             '(default 5)')
    parser.add_argument('--compare-pages', action='store_true',
                        help='with --compare: the compared tree serves '
                             'pages too; time capacity_page on every side')
    parser.add_argument('--seed', type=int,
                        help='the draw of the first side (--compare)')
    parser.add_argument('--placement', action='store_true',
                        help="then time Placement's GET "
                             "/resource_providers with --limit providers "
                             "(the floor the lists are compared with)")
    parser.add_argument('--placement-workers', type=int, default=1,
                        help=argparse.SUPPRESS)
    report_scale.add_backend_arguments(parser)
    run(parser.parse_args(argv))
    return 0


if __name__ == '__main__':
    sys.exit(main())
