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
"""The floor of each step of the request path, measured beside the
lifecycle (``arq_lifecycle.py --start --floor N``), in the same sitting,
on the same deployment:

``http``
    an empty request through the same WSGI server and middleware:
    ``GET /v2`` (the version document, no database, no RPC) with Nova's
    headers, on the same keep-alive client as the lifecycle;
``rpc``
    an empty RPC call and its reply over the same transport (the
    deployment's RabbitMQ vhost, Cyborg's transport settings through
    cyborg.rpc): a server of this process whose method returns at once;
``txn``
    an empty transaction with its commit on the same database, through
    Cyborg's enginefacade (cyborg.db.queries.floor.empty).

Each phase of the lifecycle is then shown as a multiple of its own
floor: what it would cost if it did only the steps it cannot avoid
(``FLOORS``): a read is a request and a transaction, a write a request,
a call to the conductor and a transaction.

Beside its wall time, each phase shows the CPU it costs cyborg-api and
cyborg-conductor (``cpu_ms``): the mean, over the lifecycles of one
client alone, of their CPU time from the request to the answer (psutil's
figures: whole clock ticks, so a mean over many).  What the conductor
does for a bind after its commit (the events to Nova, the holders'
cast) falls in the phase that runs when it is done, mostly the bind's.

``python tools/bench/floor.py RUN.jsonl...`` prints the runs' floors and
multiples side by side, a column per run (the table of
doc/source/admin/performance.rst).
"""

import json
import sys
import time

import oslo_messaging as messaging

#: The steps each lifecycle phase cannot avoid.
FLOORS = {
    'profile': ('http', 'txn'),
    'create': ('http', 'rpc', 'txn'),
    'bind': ('http', 'rpc', 'txn'),
    'resolve': ('http', 'txn'),
    'delete': ('http', 'rpc', 'txn'),
}
TOPIC = 'cyborg-bench-floor'


class _Empty:
    """The floor's RPC endpoint: one method that does nothing."""

    target = messaging.Target(version='1.0')

    @messaging.expose
    def ping(self, context):
        return None


def _timed(samples, func):
    times = []
    for _ in range(samples):
        started = time.monotonic()
        func()
        times.append((time.monotonic() - started) * 1000.0)
    return times


def measure(config_file, session, endpoint, samples, percentiles):
    """The three floors, *samples* of each after a few of warm-up.

    :param config_file: the deployment's cyborg.conf (its database and
        transport_url).
    :param session: the lifecycle's client session (keep-alive, Nova's
        headers).
    :param endpoint: the API's /v2 URL.
    :param percentiles: arq_lifecycle.percentiles.
    :returns: ``{step: percentiles(ms)}``.
    """
    from cyborg import conf as cyborg_conf
    from cyborg import context as cyborg_context
    from cyborg import rpc
    from cyborg.db.queries import floor

    conf = cyborg_conf.CONF
    conf([], project='cyborg', default_config_files=[config_file])
    rpc.init(conf)
    context = cyborg_context.get_admin_context()
    server = rpc.get_server(
        messaging.Target(topic=TOPIC, server='bench'), [_Empty()])
    server.start()
    client = rpc.get_client(messaging.Target(topic=TOPIC, version='1.0'))

    def http():
        response = session.request('GET', endpoint, timeout=60)
        if response.status_code != 200:
            raise RuntimeError('GET %s: %d' % (endpoint,
                                               response.status_code))

    def call():
        client.call(context, 'ping')

    def txn():
        floor.empty(context)

    try:
        steps = {'http': http, 'rpc': call, 'txn': txn}
        for func in steps.values():
            _timed(20, func)
        return {name: percentiles(_timed(samples, func))
                for name, func in steps.items()}
    finally:
        server.stop()
        server.wait()
        # Before the deployment's vhost goes: no reconnection attempts.
        rpc.cleanup()


#: The services whose CPU each phase shows.
SERVICES = ('api', 'conductor')


def cpu_ms(samples):
    """``{phase: {service: mean CPU ms}}`` of Client.cpu_ms."""
    return {phase: {name: round(sum(s.get(name, 0.0) for s in taken) /
                                len(taken), 2) for name in SERVICES}
            for phase, taken in samples.items() if taken}


def multiples(phases, floors, cpu=None):
    """Each phase's p50 as a multiple of its floor's (the sum of the p50s
    of the steps it cannot avoid).

    :param phases: ``{phase: percentiles}`` of the lifecycle.
    :param floors: measure()'s answer.
    :param cpu: cpu_ms()'s answer.
    :returns: ``{phase: {'p50_ms', 'floor_ms', 'multiple', 'cpu_ms'}}``.
    """
    result = {}
    for phase, steps in FLOORS.items():
        if phase not in phases or not phases[phase]:
            continue
        floor_ms = sum(floors[step]['p50'] for step in steps)
        result[phase] = {
            'p50_ms': phases[phase]['p50'], 'floor_ms': round(floor_ms, 2),
            'steps': '+'.join(steps),
            'multiple': round(phases[phase]['p50'] / floor_ms, 1),
            'cpu_ms': (cpu or {}).get(phase, {})}
    return result


_NAMES = (('profile', 'profile by name (GET)'), ('create', 'create (POST)'),
          ('bind', 'bind (PATCH)'), ('resolve', 'wait until resolved'),
          ('delete', 'delete by instance'))


def _cpu_text(multiple):
    cpu = multiple.get('cpu_ms')
    if not cpu:
        return '-'
    return '+'.join('%.1f' % cpu[name] for name in SERVICES)


def table(runs):
    """The floors and multiples of several runs as text.

    :param runs: [(floor record, lifecycles record)] of each run.
    """
    def row(name, values):
        return '%-24s %s' % (name, '  '.join('%-22s' % v for v in values))

    lines = [row('step or phase', ['p50 ms', 'floor ms', 'multiple',
                                   'CPU ms api+conductor'])]
    for step in ('http', 'rpc', 'txn'):
        lines.append(row('floor ' + step, [' '.join(
            '%.2f' % floor['ms'][step]['p50'] for floor, _ in runs)]))
    for phase, name in _NAMES:
        found = [floor['multiples'].get(phase) for floor, _ in runs]
        if not all(found):
            continue
        lines.append(row(name, [' '.join('%.2f' % m[key] for m in found)
                                for key in ('p50_ms', 'floor_ms')] +
                         [' '.join('%.1f' % m['multiple'] for m in found),
                          ' '.join(_cpu_text(m) for m in found)]))
    lines.append('lifecycles per second: ' + ', '.join(
        '%.1f' % run['lifecycles_per_s'] for _, run in runs))
    return '\n'.join(lines)


def main(paths):
    runs = []
    for path in paths:
        with open(path) as f:
            records = [json.loads(line) for line in f if line.strip()]
        floor = [r for r in records if r['phase'] == 'floor'][0]
        level = [r for r in records if r['phase'] == 'lifecycles' and
                 r['concurrency'] == floor['concurrency']][0]
        runs.append((floor, level))
    print(table(runs))


if __name__ == '__main__':
    main(sys.argv[1:])
