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
"""``arq_lifecycle.py --compare A B`` and ``--workers 1,2,4``: rounds.

The method is ab.py's (its docstring says why): each round starts one
side's deployment afresh (MariaDB database, RabbitMQ vhost, Placement,
conductors, agent, API, the recording Nova), runs every ``--concurrency``
level on it, times Placement's own ``GET /resource_providers`` (the floor
of a read of a WSGI service of the same family, on the same machine at
the same moment), and stops everything; the rounds alternate between
the sides.  It prints (and with ``--output`` writes) one JSON object per
line: ``params``, one ``round`` per round, one ``summary`` per level;
and the table (stderr, and ``OUTPUT.txt``).
"""

import argparse
import json
import os
import platform
import random
import sys
import time

import ab
import arq_lifecycle
import requests
import sqlalchemy as sa
import upstream_side

import cyborg

THIS_TREE = os.path.dirname(os.path.dirname(os.path.abspath(
    cyborg.__file__)))


class Side:
    """What one side runs.

    :param spec: a source tree, or ``upstream:VENV``.
    """

    def __init__(self, label, spec, api_workers, conductors, driver=None):
        self.label = label
        self.spec = os.path.abspath(spec) if not spec.startswith(
            'upstream:') else spec
        self.api_workers = api_workers
        self.conductors = conductors
        self.driver = driver

    def describe(self):
        return '%s, %d API worker(s), %d conductor(s)%s' % (
            self.spec, self.api_workers, self.conductors,
            ', MariaDB through %s' % self.driver if self.driver else '')

    def db_admin_url(self, url):
        """*url* (``--db-admin-url``) with this side's driver, if any."""
        if not self.driver:
            return url
        parsed = sa.engine.make_url(url)
        return parsed.set(drivername='%s+%s' % (
            parsed.get_backend_name(), self.driver)).render_as_string(
                hide_password=False)

    def deployment(self, args):
        if self.spec.startswith('upstream:'):
            return upstream_side.UpstreamDeployment(
                args, self.spec.split(':', 1)[1])
        return arq_lifecycle.Deployment(args, self.spec)


def make_sides(args):
    """The sides of ``--compare`` (A, B, ...) or of ``--workers``."""
    if args.compare:
        drivers = args.db_drivers or [None] * len(args.compare)
        return [Side(chr(ord('A') + i), spec, args.api_workers,
                     args.conductors, drivers[i])
                for i, spec in enumerate(args.compare)]
    return [Side('w%d' % n, args.tree or THIS_TREE, n, n)
            for n in args.workers]


def placement_floor(args, url, count=100, warmup=10):
    """p50 (ms) of Placement's ``GET /resource_providers`` with the
    benchmark's client.
    """
    if args.client == 'lean':
        session = arq_lifecycle.LeanSession(url + '/')
    else:
        session = requests.Session()
    session.headers.update({'X-Auth-Token': 'admin'})
    times = []
    for index in range(warmup + count):
        started = time.monotonic()
        response = session.request('GET', url + '/resource_providers',
                                   timeout=60)
        if index >= warmup:
            times.append((time.monotonic() - started) * 1000.0)
        if response.status_code != 200:
            raise RuntimeError('Placement: %d' % response.status_code)
    return arq_lifecycle.percentiles(times)['p50']


def run_round(args, side, index):
    """One round of *side*: fresh services, every level, stopped."""
    dep_args = argparse.Namespace(**vars(args))
    dep_args.api_workers = side.api_workers
    dep_args.conductors = side.conductors
    dep_args.db_admin_url = side.db_admin_url(args.db_admin_url)
    deployment = side.deployment(dep_args)
    levels = {}
    try:
        dep_args.endpoint, targets, nova = deployment.start_all()
        cwd = deployment.services_cwd()
        for concurrency in args.concurrency:
            record, patched, sent = arq_lifecycle.run_level(
                dep_args, concurrency, targets, deployment.processes)
            events = arq_lifecycle.event_report(nova, patched, concurrency,
                                                sent)
            record['event_from_patch_p50'] = events['from_patch_ms'].get(
                'p50')
            record['events'] = {key: events[key] for key in (
                'expected', 'missing', 'over_100ms', 'lag_ms',
                'from_patch_ms')}
            levels[str(concurrency)] = record
        floor = placement_floor(dep_args, deployment.placement_url)
    finally:
        deployment.stop()
    return {'phase': 'round', 'side': side.label, 'round': index,
            'services_cwd': cwd, 'placement_p50': floor, 'levels': levels}


class Output:
    """stdout, and OUTPUT.jsonl when asked."""

    def __init__(self, prefix):
        self.file = open(prefix + '.jsonl', 'w') if prefix else None

    def emit(self, record):
        line = json.dumps(record, sort_keys=True)
        print(line, flush=True)
        if self.file:
            self.file.write(line + '\n')
            self.file.flush()


def run(args):
    sides = make_sides(args)
    by_label = {side.label: side for side in sides}
    plan = ab.schedule(list(by_label), args.rounds,
                       random.Random(args.seed))  # noqa: S311 (an order)
    out = Output(args.output)
    descriptions = {side.label: side.describe() for side in sides}
    out.emit({'phase': 'params', 'sides': descriptions,
              'plan': ['%s%d' % step for step in plan],
              'concurrency': args.concurrency,
              'iterations_per_client': args.iterations,
              'warmup': args.warmup, 'client': args.client,
              'fpgas': args.fpgas, 'cpus': os.cpu_count(),
              'load_average': os.getloadavg(),
              'machine': platform.platform(),
              'python': platform.python_version()})
    rounds = []
    for label, index in plan:
        record = run_round(args, by_label[label], index)
        out.emit(record)
        rounds.append(record)
    summary = ab.summarize(rounds, list(by_label), args.confidence)
    for record in summary:
        out.emit(record)
    text = ab.table(summary, descriptions)
    print(text, file=sys.stderr)
    if args.output:
        with open(args.output + '.txt', 'w') as f:
            f.write(text + '\n')
