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
"""Devices cleaned between two tenants in the simulator: what a clean
costs the conductor, and how long each takes.

One host of ``--devices`` simulated GPUs (the fake driver, its faults
file giving each ``clean_seconds`` of ``--clean-seconds``), reported by
its agent's tracker to the conductor's report handling, each left to
clean as an unbind leaves it.  Then, as the conductor and the agent do
it: the conductor's work poll (cyborg.conductor.devices.cleaning,
Cleaner.run(): measured, statements and milliseconds) hands every clean
over; the agent runs each (device_work.clean(): the simulated step) and
its outcome ends it (Cleaner.finish(): measured).  Without Placement
(the pushes are not counted).

Prints one JSON line: the devices, the hand-off's statements and ms, the
statements and ms of each outcome (median, max), and the clean durations
from hand-off to outcome (median, max), as the histogram
``cyborg_device_clean_seconds`` records them.

Usage::

    .venv/bin/python tools/bench/clean_cycle.py \\
        --connection sqlite:////tmp/cleanbench.db --devices 8 \\
        --clean-seconds 0.5
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import counters
from cyborg.agent import device_work
from cyborg.agent import resource_tracker
from cyborg.conductor.devices import cleaning
from cyborg.conductor.inventory import reports
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import service as service_queries
from cyborg.drivers import fake
from cyborg.objects import hardware

CONF = cyborg_conf.CONF
HOST = 'bench1'


class _Wire:
    """The agent's topic: the casts, taken in order."""

    def __init__(self):
        self.casts = []

    def clean(self, context, host, **kwargs):
        self.casts.append(kwargs)


def run(args, faults):
    context = cyborg_context.get_admin_context()
    engine = db_api.get_engine()
    service_queries.heartbeat(context, HOST, 'cyborg-agent')
    driver = fake.FakeDriver(CONF, HOST)
    tracker = resource_tracker.ResourceTracker(
        HOST, {'fake': driver}, {'fake': 'fake'}, None)
    tracker._discover(['fake'])
    records = tracker._records
    reports.report(context, None, HOST, 1, hardware.inventory_hash(records),
                   hardware.HardwareList(objects=records))
    with open(faults, 'w') as f:
        json.dump({r.uuid: {'clean_seconds': args.clean_seconds}
                   for r in records}, f)
    with engine.begin() as conn:
        # What the unbinds' one UPDATE leaves.
        conn.execute(sa.update(models.Device).values(
            clean_state='cleaning', clean_steps='[]'))
    wire = _Wire()
    cleaner = cleaning.Cleaner(wire, None, None)
    with counters.measure(engine) as cost:
        cleaner.run(context)
    handed = cost.as_dict()
    outcomes, durations = [], []
    for cast in wire.casts:
        started = time.monotonic()
        outcome = device_work.clean(tracker, cast['device_uuid'],
                                    cast['steps'], cast['timeout'])
        durations.append(time.monotonic() - started)
        with counters.measure(engine) as cost:
            cleaning.finish(context, cast['device_uuid'],
                            cast['started_at'], steps=outcome.get('steps'),
                            reason=outcome.get('error'))
        outcomes.append(cost.as_dict())
    with engine.begin() as conn:
        left = conn.execute(sa.select(sa.func.count()).where(
            models.Device.clean_state.is_not(None))).scalar()
    return {
        'devices': len(records), 'handed': len(wire.casts),
        'still_held': left,
        'hand_off': {'db_statements': handed['db_statements'],
                     'ms': handed['ms']},
        'outcome_statements': {
            'median': statistics.median(o['db_statements']
                                        for o in outcomes),
            'max': max(o['db_statements'] for o in outcomes)},
        'outcome_ms': {'median': statistics.median(o['ms']
                                                   for o in outcomes),
                       'max': max(o['ms'] for o in outcomes)},
        'clean_seconds': {'median': round(statistics.median(durations), 3),
                          'max': round(max(durations), 3)}}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--connection', required=True,
                        help='an SQLAlchemy URL (its tables are replaced)')
    parser.add_argument('--devices', type=int, default=8)
    parser.add_argument('--clean-seconds', type=float, default=0.5)
    args = parser.parse_args(argv)
    engine = sa.create_engine(args.connection)
    models.Base.metadata.drop_all(engine)
    models.Base.metadata.create_all(engine)
    faults = os.path.join(tempfile.mkdtemp(), 'faults.json')
    CONF([], project='cyborg')
    CONF.set_override('connection', args.connection, group='database')
    CONF.set_override('devices', ['gpu=%d' % args.devices],
                      group='fake_driver')
    CONF.set_override('faults_file', faults, group='fake_driver')
    db_api.configure(CONF)
    result = run(args, faults)
    print(json.dumps(result), flush=True)
    return 0 if result['still_held'] == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
