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
"""A configuration rollout over a fleet of GPUs: what never exceeds its
budget, and what each wave costs the conductor.

``--hosts`` hosts of ``--gpus`` GPUs each, whose providers the push
published with the trait of the class H100, are written by direct
inserts (as the rack tools' reports would leave them), then a rollout of
``{"mode": "mig", "mig_layout": "3g.40gb,3g.40gb"}`` with
``--max-unavailable`` is created (every GPU judged) and driven as the
conductor drives it: each round, the conductor's periodic work
(cyborg.conductor.devices.configuration_rollout.advance(), measured: its
statements and milliseconds), a sample of the devices out of service (their
configuration ``draining``, ``pending``, ``applying`` or ``failed``),
then the agents' reports, simulated: every configuration handed is
applied (one UPDATE, not counted).  Until the rollout completes.

Prints one JSON line: the fleet, the budget, the waves, the most devices
ever out of service, and per wave the statements and milliseconds
(median and max) and the statements per device started: the same at any
fleet size for the same wave (``--max-unavailable`` as a count).

Usage::

    .venv/bin/python tools/bench/configuration_rollout_scale.py \\
        --connection mysql+pymysql://root@127.0.0.1/rolloutbench \\
        --hosts 1000 --gpus 8 --max-unavailable 5%
"""

import argparse
import json
import os
import statistics
import sys
import time
import uuid

from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import counters
from cyborg.common import configuration_rollout
from cyborg.common import device_config
from cyborg.conductor.devices import configuration_rollout as rollout_ops
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import configuration_rollout as rollout_queries

CONF = cyborg_conf.CONF
CLASS = 'H100'
DESIRED = {'mode': 'mig', 'mig_layout': '3g.40gb,3g.40gb'}
SETTABLE = {'mode': {'type': 'string', 'enum': ['passthrough', 'mig']},
            'mig_layout': {'type': 'string'}}
CHUNK = 5000


def fill(url, hosts, gpus):
    """The tables anew, with *hosts* × *gpus* GPUs of class CLASS."""
    engine = sa.create_engine(url)
    models.Base.metadata.drop_all(engine)
    models.Base.metadata.create_all(engine)
    now = timeutils.utcnow()
    std = jsonutils.dumps({'configuration': {
        'settable': SETTABLE, 'actual': {'mode': 'passthrough'}}})
    rp_state = jsonutils.dumps({'inventories': {}, 'traits': [
        'CUSTOM_CLASS_' + CLASS, 'OWNER_CYBORG']})
    devices = [{'id': n + 1, 'uuid': str(uuid.uuid4()), 'type': 'GPU',
                'vendor': '10de', 'model': '2330', 'std_board_info': std,
                'hostname': 'host-%04d' % (n // gpus), 'status': 'enabled',
                'driver_name': 'fake', 'created_at': now}
               for n in range(hosts * gpus)]
    deployables = [{'id': d['id'], 'uuid': str(uuid.uuid4()),
                    'name': '%s_gpu%d' % (d['hostname'], d['id']),
                    'num_accelerators': 1, 'device_id': d['id'],
                    'rp_state': rp_state, 'created_at': now}
                   for d in devices]
    with engine.begin() as connection:
        for table, rows in ((models.Device.__table__, devices),
                            (models.Deployable.__table__, deployables)):
            for start in range(0, len(rows), CHUNK):
                connection.execute(table.insert(), rows[start:start + CHUNK])
        connection.execute(models.DeviceClass.__table__.insert().values(
            uuid=str(uuid.uuid4()), name=CLASS, created_at=now,
            selector=jsonutils.dumps([{'key': 'model', 'op': '==',
                                       'value': '2330'}])))
        if engine.dialect.name == 'mysql':
            for table in ('devices', 'deployables'):
                connection.execute(sa.text('ANALYZE TABLE ' + table))
    engine.dispose()


_CONFIGS = models.DeviceConfig.__table__


def _out_of_service(context):
    with db_api.context_manager.reader.using(context):
        return db_api.execute(context, sa.select(sa.func.count()).where(
            _CONFIGS.c.state.in_(device_config.RESERVING))).scalar()


def _agents_apply(context):
    """What the agents' reports would do: every configuration handed,
    applied.
    """
    with db_api.context_manager.writer.using(context):
        db_api.execute(context, _CONFIGS.update().where(
            _CONFIGS.c.state.in_((device_config.PENDING,
                                  device_config.APPLYING))).values(
            state=device_config.APPLIED))


def _stats(values):
    return {'median': round(statistics.median(values), 1),
            'max': round(max(values), 1)}


def run(args):
    context = cyborg_context.get_admin_context()
    engine = db_api.get_engine()
    started = time.monotonic()
    row = rollout_ops.create(context, CLASS, DESIRED, args.max_unavailable)
    create_s = time.monotonic() - started
    most, waves, statements, ms, per_device = 0, 0, [], [], []
    while rollout_queries.get(context, row['uuid'])['state'] == \
            configuration_rollout.RUNNING:
        before = rollout_queries.progress(context, [row['id']])[row['id']]
        with counters.measure(engine) as cost:
            rollout_ops.advance(context)
        after = rollout_queries.progress(context, [row['id']])[row['id']]
        begun = sum(after[s] - before[s] for s in (
            configuration_rollout.IN_PROGRESS, configuration_rollout.DONE))
        most = max(most, _out_of_service(context))
        if begun:
            waves += 1
            statements.append(cost.db_statements)
            ms.append(cost.as_dict()['ms'])
            per_device.append(cost.db_statements / begun)
        _agents_apply(context)
    return {'bench': 'configuration_rollout_scale',
            'devices': args.hosts * args.gpus,
            'hosts': args.hosts, 'max_unavailable': args.max_unavailable,
            'unavailable': row['unavailable'],
            'create_seconds': round(create_s, 1), 'waves': waves,
            'most_out_of_service': most,
            'done': rollout_queries.progress(
                context, [row['id']])[row['id']][configuration_rollout.DONE],
            'wave_statements': _stats(statements), 'wave_ms': _stats(ms),
            'statements_per_device': _stats(per_device),
            'load': round(os.getloadavg()[0], 2)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--connection', required=True,
                        help='an SQLAlchemy URL (its tables are replaced)')
    parser.add_argument('--hosts', type=int, default=1000)
    parser.add_argument('--gpus', type=int, default=8)
    parser.add_argument('--max-unavailable', default='5%')
    args = parser.parse_args(argv)
    fill(args.connection, args.hosts, args.gpus)
    CONF([], project='cyborg')
    CONF.set_override('connection', args.connection, group='database')
    db_api.configure(CONF)
    result = run(args)
    print(json.dumps(result), flush=True)
    return 0 if result['most_out_of_service'] <= result['unavailable'] \
        else 1


if __name__ == '__main__':
    sys.exit(main())
