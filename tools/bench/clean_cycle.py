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
"""Devices cleaned between two tenants: what a clean costs the conductor
(in process), and a device's turnaround in a running Cyborg.

Cost (``--connection``): one host of ``--devices`` simulated GPUs (the
fake driver, its faults file giving each ``clean_seconds`` of
``--clean-seconds``), reported by its agent's tracker to the conductor's
report handling, each left to clean as an unbind leaves it
(device_state.ended()).  Then, as the conductor and the agent do it: the
conductor's work poll (Cleaner.run(): measured, statements and ms) hands
every clean over; the agent runs its steps, and its outcome ends it
(Cleaner.finish(): measured).  Without Placement (the pushes are not
counted).

Turnaround (``--turnaround N``): ``cyborg-all-in-one --simulate gpu=1``
(its Placement embedded), a class that cleans the GPU, a clean of
``--clean-seconds``; N times: an ARQ bound to the GPU, deleted (as Nova
deletes it), then Placement's allocation candidates polled every
``--poll`` seconds until the GPU is offered again.  Reports the
turnaround (the delete's start to offered again) minus the clean's own
time, and how many polls after each delete offered the GPU before its
clean ended (must be 0).

Prints one JSON line.  Usage::

    .venv/bin/python tools/bench/clean_cycle.py \\
        --connection sqlite:////tmp/cleanbench.db --devices 8 \\
        --clean-seconds 0.5
    .venv/bin/python tools/bench/clean_cycle.py --turnaround 20 \\
        --clean-seconds 0.05
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import requests
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import counters
from cyborg.agent import resource_tracker
from cyborg.common import cleaning as common_cleaning
from cyborg.conductor.devices import cleaning
from cyborg.conductor.inventory import reports
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device_state
from cyborg.db.queries import service as service_queries
from cyborg.drivers import clean as driver_clean
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


def cost(args, faults):
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
        conn.execute(sa.update(models.Device).values(
            clean_steps=common_cleaning.policy(None, [common_cleaning.ON])))
        handles = conn.execute(sa.select(models.AttachHandle.id)).scalars()
        handles = list(handles)
    # What the unbinds leave.
    with db_api.context_manager.writer.using(context):
        device_state.ended(context, handles)
    wire = _Wire()
    cleaner = cleaning.Cleaner(wire, None, None)
    with counters.measure(engine) as measured:
        cleaner.run(context)
    handed = measured.as_dict()
    outcomes, durations = [], []
    for cast in wire.casts:
        started = time.monotonic()
        record = tracker.record(cast['device_uuid'])
        done = [{'step': step['name'], 'detail': driver_clean.run_step(
            driver, record.address, step['name'], cast['timeout'])}
            for step in cast['steps']]
        durations.append(time.monotonic() - started)
        with counters.measure(engine) as measured:
            cleaning.finish(context, HOST, cast['device_uuid'],
                            cast['generation'], done=done)
        outcomes.append(measured.as_dict())
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


def _cost_main(args):
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
    result = cost(args, faults)
    print(json.dumps(result), flush=True)
    return 0 if result['still_held'] == 0 else 1


# Turnaround ------------------------------------------------------------------

ADMIN = {'X-User-Id': 'admin', 'X-Project-Id': 'admin',
         'X-Roles': 'admin,member,reader',
         'OpenStack-API-Version': 'accelerator 2.4'}
NOVA = {'X-User-Id': 'nova', 'X-Project-Id': 'p1',
        'X-Roles': 'member,reader', 'X-Service-Roles': 'service'}


def _wait(check, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise SystemExit('timed out waiting for ' + what)


class _AllInOne:
    """cyborg-all-in-one on *port*, its state in a directory of its own."""

    def __init__(self, args):
        self.dir = tempfile.mkdtemp(prefix='cyborg-clean-bench-')
        self.faults = os.path.join(self.dir, 'faults.json')
        self.url = 'http://127.0.0.1:%d' % args.port
        conf = os.path.join(self.dir, 'bench.conf')
        with open(conf, 'w') as f:
            f.write('[fake_driver]\nfaults_file = %s\n' % self.faults)
        with open(self.faults, 'w') as f:
            json.dump({'0000:0c:00.0': {
                'clean_seconds': args.clean_seconds}}, f)
        self.log = open(os.path.join(self.dir, 'all-in-one.log'), 'w')
        self.process = subprocess.Popen(
            [os.path.join(os.path.dirname(sys.executable),
                          'cyborg-all-in-one'), '--port', str(args.port),
             '--simulate', 'gpu=1', '--state-dir', self.dir,
             '--config-file', conf],
            stdout=self.log, stderr=subprocess.STDOUT)

    def api(self, method, path, expect, headers=ADMIN, **kwargs):
        response = requests.request(method, self.url + '/v2' + path,
                                    headers=headers, timeout=60, **kwargs)
        if response.status_code != expect:
            raise SystemExit('%s %s: %s %s' % (method, path,
                                                response.status_code,
                                                response.text))
        return response.json() if response.content else None

    def offered(self):
        response = requests.get(
            self.url + '/placement/allocation_candidates',
            params={'resources': 'PGPU:1'}, timeout=30,
            headers={'OpenStack-API-Version': 'placement 1.36',
                     'X-Auth-Token': 'admin'})
        return bool(response.json()['allocation_requests'])

    def stop(self):
        self.process.send_signal(2)
        self.process.wait(60)
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def turnaround(args):
    cyborg = _AllInOne(args)
    try:
        _wait(lambda: _up(cyborg), 120, 'the all-in-one')
        cyborg.api('POST', '/device_classes', 201, json={
            'name': 'cleaned', 'cleaning': 'on',
            'selector': [{'key': 'type', 'op': '==', 'value': 'GPU'}]})
        cyborg.api('POST', '/device_profiles', 201, json=[{
            'name': 'pgpu', 'groups': [{'resources:PGPU': '1'}]}])
        [rp] = _wait(lambda: [d['rp_uuid'] for d in cyborg.api(
            'GET', '/deployables', 200)['deployables'] if d['rp_uuid']],
            60, 'the GPU published')
        _wait(cyborg.offered, 60, 'the GPU offered')
        [host] = {d['hostname'] for d in cyborg.api(
            'GET', '/devices', 200)['devices']}
        turns, dirty = [], 0
        for number in range(args.turnaround):
            [arq] = cyborg.api('POST', '/accelerator_requests', 201,
                               headers=NOVA, json={
                                   'device_profile_name': 'pgpu'})['arqs']
            instance = '00000000-0000-4000-8000-%012d' % number
            cyborg.api('PATCH', '/accelerator_requests', 202, headers=NOVA,
                       json={arq['uuid']: [
                           {'path': '/hostname', 'op': 'add',
                            'value': host},
                           {'path': '/device_rp_uuid', 'op': 'add',
                            'value': rp},
                           {'path': '/instance_uuid', 'op': 'add',
                            'value': instance}]})
            _wait(lambda: cyborg.api(
                'GET', '/accelerator_requests/' + arq['uuid'], 200,
                headers=NOVA)['state'] == 'Bound', 30, 'the bind')
            started = time.monotonic()
            cyborg.api('DELETE', '/accelerator_requests?instance=' +
                       instance, 204, headers=NOVA)
            polls = 0
            while not cyborg.offered():
                polls += 1
                time.sleep(args.poll)
            elapsed = time.monotonic() - started
            if elapsed < args.clean_seconds:
                # Offered before its clean could have ended.
                dirty += 1
            turns.append(elapsed - args.clean_seconds)
    finally:
        cyborg.stop()
    turns.sort()
    return {'turnarounds': len(turns), 'clean_seconds': args.clean_seconds,
            'minus_clean_s': {
                'median': round(statistics.median(turns), 3),
                'p90': round(turns[int(0.9 * (len(turns) - 1))], 3),
                'max': round(turns[-1], 3)},
            'offered_before_clean_ended': dirty}


def _up(cyborg):
    try:
        return requests.get(cyborg.url + '/v2', timeout=5).ok
    except requests.RequestException:
        return False


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--connection',
                        help='cost: an SQLAlchemy URL (its tables are '
                             'replaced)')
    parser.add_argument('--devices', type=int, default=8)
    parser.add_argument('--clean-seconds', type=float, default=0.5)
    parser.add_argument('--turnaround', type=int, metavar='N',
                        help='turnaround: N deletes in the all-in-one')
    parser.add_argument('--port', type=int, default=16690)
    parser.add_argument('--poll', type=float, default=0.02)
    args = parser.parse_args(argv)
    if args.turnaround:
        result = turnaround(args)
        print(json.dumps(result), flush=True)
        return 0 if result['offered_before_clean_ended'] == 0 else 1
    if not args.connection:
        parser.error('--connection or --turnaround')
    return _cost_main(args)


if __name__ == '__main__':
    sys.exit(main())
