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
"""Device telemetry at scale: the conductor's writes per report, an
agent's CPU per interval.

The services of tools/bench/report_scale.py (a real cyborg-conductor on
MariaDB over RabbitMQ; no Placement: telemetry never calls it), and:

* ``first_report``: N simulated agents report their inventory (as
  report_scale's, to have the devices' rows);
* ``telemetry_first``: each reports the first sample of every device
  (one statement per device, as later: an upsert);
* ``telemetry_steady``: each reports with ``--changed`` of its devices
  changed meaningfully (what cyborg.common.telemetry.changed() lets
  through), the others not sent: per report, the heartbeat, the SELECT
  of who holds the host's devices, and ONE statement per changed device;
* ``telemetry_quiet``: nothing changed: the heartbeat and the SELECT;
* ``agent_interval``: a real agent's code in this process
  (cyborg.agent.resource_tracker and telemetry, the fake driver with
  ``--agent-gpus`` simulated GPUs) against the same conductor: the CPU
  seconds of this thread (time.thread_time, the conductor's process not
  counted) of one telemetry read, one discovery and report, and one
  Prometheus scrape, per interval, over ``--intervals`` intervals.

Prints one JSON object per line.  Usage::

    .venv/bin/python tools/bench/telemetry_scale.py --hosts 1000 \\
        --devices gpu=8 --changed 0.25 --agent-gpus 8 --intervals 20
"""

import argparse
import copy
import os
import platform
import sys
import time

import prometheus_client

from cyborg import context as cyborg_context
from cyborg import metrics
from cyborg import objects
from cyborg import rpc
from cyborg.agent import resource_tracker
from cyborg.agent import telemetry as agent_telemetry
from cyborg.common import telemetry
from cyborg.conductor import rpcapi
from cyborg.drivers import fake
from cyborg.drivers import fake_telemetry
from cyborg.objects import hardware

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report_scale  # noqa: E402

CONF = report_scale.CONF


def _samples(records, now, changed=1.0, seed=0):
    """``{uuid: payload}``: a sample of each record as the agent sends it,
    its utilization moved past the tolerance for a *changed* share.
    """
    found = {}
    count = int(round(len(records) * changed))
    for index, record in enumerate(records[:count]):
        values = fake_telemetry.sample('gpu', record, True, now, {})
        values['utilization'] = round(0.2 + 0.3 * ((seed + index) % 3), 2)
        values['busy'] = telemetry.busy(values, 0.05)
        found[record.uuid] = {
            'values': values, 'stale': None,
            'read_at': time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(now))}
    return found


class TelemetryAgents(report_scale.Agents):
    """The simulated agents, sending telemetry with hash-only reports."""

    def report_telemetry(self, host, samples):
        records = self.records[host]
        started = time.monotonic()
        answer = self.api.report(
            self.context, host=host, generation=self.generation,
            inventory_hash=hardware.inventory_hash(records), hardware=None,
            telemetry=samples, timeout=600)
        answer['rtt_ms'] = (time.monotonic() - started) * 1000.0
        answer['sent'] = len(samples)
        return answer

    def all_telemetry(self, changed, seed):
        now = time.time()
        return list(self.pool.map(
            lambda h: self.report_telemetry(h, _samples(
                self.records[h], now, changed, seed)), self.records))


def _telemetry_phase(name, answers, usage):
    statements = [a['cost']['db_statements'] for a in answers]
    per_changed = [(a['cost']['db_statements'] - 2) / a['sent']
                   for a in answers if a['sent']]
    report_scale._emit({
        'phase': name, 'reports': len(answers),
        'sent_per_report': report_scale._summary(
            [a['sent'] for a in answers]),
        'unknown': sum(len(a['telemetry']['unknown']) for a in answers),
        'db_statements': report_scale._summary(statements),
        'db_writes': report_scale._summary(
            [a['cost']['db_writes'] for a in answers]),
        'statements_per_changed_device': report_scale._summary(
            per_changed),
        'server_ms': report_scale._summary([a['cost']['ms']
                                            for a in answers]),
        'usage': usage.phase()})


def _agent_interval(args):
    """A real agent's telemetry interval, in this thread's CPU time."""
    CONF.set_override('devices', ['gpu=%d' % args.agent_gpus],
                      group='fake_driver')
    host = 'bench-agent-' + str(os.getpid())
    driver = fake.FakeDriver(CONF, host)
    tracker = resource_tracker.ResourceTracker(
        host, {'fake': driver}, {'fake': 'fake'}, rpcapi.ConductorAPI(),
        telemetry=agent_telemetry.TelemetryTracker())
    context = cyborg_context.get_admin_context()
    tracker.update(context)
    registry = prometheus_client.CollectorRegistry()
    registry.register(metrics.DeviceCollector(tracker.telemetry_series))
    spent = {'read': [], 'report': [], 'scrape': []}
    statuses = {}
    for _interval in range(args.intervals):
        started = time.thread_time()
        tracker.read_telemetry()
        read = time.thread_time()
        summary = tracker.update(context)
        reported = time.thread_time()
        text = prometheus_client.generate_latest(registry)
        scraped = time.thread_time()
        spent['read'].append((read - started) * 1000.0)
        spent['report'].append((reported - read) * 1000.0)
        spent['scrape'].append((scraped - reported) * 1000.0)
        statuses[summary['report']] = statuses.get(summary['report'], 0) + 1
    CONF.clear_override('devices', group='fake_driver')
    total = [sum(parts) for parts in zip(*spent.values())]
    report_scale._emit({
        'phase': 'agent_interval', 'gpus': args.agent_gpus,
        'intervals': args.intervals, 'reports': statuses,
        'series_bytes': len(text),
        'cpu_ms': {name: report_scale._summary(values)
                   for name, values in spent.items()},
        'cpu_ms_per_interval': report_scale._summary(total)})


def run(args):
    args.no_placement = True
    bench = report_scale.Bench(args)
    try:
        hosts = ['bench-%s-%04d' % (bench.suffix, i)
                 for i in range(args.hosts)]
        _client, common = report_scale._start_services(args, bench, hosts)
        CONF([], project='cyborg', default_config_files=[common])
        rpc.set_defaults(control_exchange='cyborg')
        rpc.init(CONF)
        objects.register_all()
        agents = TelemetryAgents(hosts, args.devices, args.threads)
        report_scale._wait_for_conductors(agents, hosts[0])
        usage = report_scale.Usage(bench)
        report_scale._emit({
            'phase': 'params', 'hosts': args.hosts,
            'devices_per_host': args.devices, 'changed': args.changed,
            'agent_gpus': args.agent_gpus, 'conductors': args.conductors,
            'agent_threads': args.threads, 'cpus': os.cpu_count(),
            'machine': platform.platform(),
            'python': platform.python_version()})
        first = copy.deepcopy(args)
        report_scale._first_report(first, agents, None, 0, usage)
        _telemetry_phase('telemetry_first', agents.all_telemetry(1.0, 0),
                         usage)
        _telemetry_phase('telemetry_steady',
                         agents.all_telemetry(args.changed, 1), usage)
        _telemetry_phase('telemetry_quiet', agents.all_telemetry(0.0, 2),
                         usage)
        _agent_interval(args)
        rpc.cleanup()
    finally:
        bench.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    report_scale.add_host_arguments(parser)
    parser.add_argument('--changed', type=float, default=0.25,
                        help='share of each host\'s devices whose sample '
                             'changed (default 0.25)')
    parser.add_argument('--agent-gpus', type=int, default=8,
                        help='simulated GPUs of the agent whose CPU is '
                             'measured (default 8)')
    parser.add_argument('--intervals', type=int, default=20,
                        help='intervals measured (default 20)')
    parser.add_argument('--conductors', type=int, default=1,
                        help='cyborg-conductor processes (default 1)')
    parser.add_argument('--threads', type=int, default=32,
                        help='reports in flight at once (default 32)')
    parser.add_argument('--placement-workers', type=int, default=1,
                        help=argparse.SUPPRESS)
    parser.add_argument('--config-file', metavar='FILE',
                        help="options added to the conductors' "
                             "configuration")
    report_scale.add_backend_arguments(parser)
    args = parser.parse_args(argv)
    args.devices = [d for d in args.devices.split(',') if d]
    run(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
