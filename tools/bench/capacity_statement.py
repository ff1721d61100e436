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
"""The capacity view's statement of two trees, timed in alternation.

``list_scale.py --compare`` times whole requests, which on a loaded
machine mostly measure the wait for a CPU; this times the statement
alone (``cyborg.db.queries.capacity.view()``, the rows read), that of
``--tree`` (``a``, loaded from that tree's file) and of this checkout
(``b``), in one process on one connection, ``--rounds`` pairs in random
order, and prints each side's median and b/a with its 95 % interval
(``tools/bench/ab.py``).  Then the work of each side's statement in
MariaDB's counters, which no load changes: the rows its handlers read
(``Handler_read_*``, summed) and the temporary tables it made
(``Created_tmp_tables``, ``Created_tmp_disk_tables``).

The database: ``--connection`` (MariaDB), filled by ``--fill HOSTS``
with the shape ``list_scale.py --hosts HOSTS --rows 4*HOSTS --arqs
HOSTS/10`` leaves (one fake QAT per host: 4 deployables of one attach
handle, resource class CUSTOM_QAT, which each handle carries; one handle
in 40 in use; every agent reported just now) plus what the view counts
apart (one device in 100 disabled, one in 77 unhealthy, one deployable
in 333 gone), written by direct inserts in seconds where the conductor
takes minutes: a shape for timing the statement, not a
deployment.  ``ANALYZE TABLE`` ends the fill, as InnoDB's own statistics
would after a fill.

Usage::

    .venv/bin/python tools/bench/capacity_statement.py \\
        --connection mysql+pymysql://root@127.0.0.1/capbench \\
        --fill 10000 --tree /tmp/cap-base --rounds 20
"""

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time
import uuid

import ab
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import servicegroup
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import capacity as capacity_b

CONF = cyborg_conf.CONF
_TABLES = ('hosts', 'devices', 'controlpath_ids', 'deployables',
           'attributes', 'attach_handles')


def fill(url, hosts):
    """Fill a fresh schema at *url* (see the module's docstring)."""
    engine = sa.create_engine(url)
    models.Base.metadata.drop_all(engine)
    models.Base.metadata.create_all(engine)
    now = timeutils.utcnow()

    def new():
        return str(uuid.uuid4())

    names = ['bench-%05d' % i for i in range(hosts)]
    deployables = [
        {'id': i * 4 + j + 1, 'uuid': new(), 'device_id': i + 1,
         'name': '%s_qat_%d' % (names[i], j), 'num_accelerators': 1,
         'driver_name': 'fake', 'created_at': now,
         'removed_at': now if (i * 4 + j + 1) % 333 == 0 else None}
        for i in range(hosts) for j in range(4)]
    rows = {
        'hosts': [{'id': i + 1, 'hostname': name, 'generation': 1,
                   'last_report_at': now, 'created_at': now}
                  for i, name in enumerate(names)],
        'devices': [{'id': i + 1, 'uuid': new(), 'type': 'QAT',
                     'vendor': '8086', 'model': '37c8', 'hostname': name,
                     'driver_name': 'fake', 'created_at': now,
                     'status': ('maintaining' if (i + 1) % 100 == 0
                                else 'enabled'),
                     'health': 'unhealthy' if (i + 1) % 77 == 0 else None}
                    for i, name in enumerate(names)],
        'controlpath_ids': [{'id': i + 1, 'uuid': new(), 'device_id': i + 1,
                             'cpid_type': 'PCI', 'cpid_info': '{}',
                             'created_at': now} for i in range(hosts)],
        'deployables': deployables,
        'attributes': [{'uuid': new(), 'deployable_id': d['id'],
                        'key': 'rc', 'value': 'CUSTOM_QAT',
                        'created_at': now} for d in deployables],
        'attach_handles': [{'uuid': new(), 'deployable_id': d['id'],
                            'cpid_id': d['device_id'],
                            'in_use': d['id'] % 40 == 0,
                            'resource_class': 'CUSTOM_QAT',
                            'attach_type': 'PCI', 'attach_info': '{}',
                            'created_at': now} for d in deployables],
    }
    metadata = models.Base.metadata
    with engine.begin() as connection:
        for table in _TABLES:
            connection.execute(sa.insert(metadata.tables[table]),
                               rows[table])
        connection.execute(sa.text('ANALYZE TABLE ' + ', '.join(_TABLES)))


def _module_of(tree):
    """cyborg/db/queries/capacity.py of *tree*, as a module of its own
    (importing the rest of cyborg from this checkout).
    """
    path = os.path.join(tree, 'cyborg', 'db', 'queries', 'capacity.py')
    spec = importlib.util.spec_from_file_location('capacity_a', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_COUNTERS = sa.text(
    "SHOW SESSION STATUS WHERE Variable_name LIKE 'Handler_read%' OR "
    "Variable_name LIKE 'Created_tmp%'")


@db_api.context_manager.reader
def _work(context, module, limit):
    """MariaDB's counters of one view() of *module* (same session)."""
    context.session.execute(sa.text('FLUSH STATUS'))
    module.view(context, servicegroup.up_since(), limit=limit)
    counters = dict(context.session.execute(_COUNTERS).all())
    return {'rows_read': sum(int(v) for k, v in counters.items()
                             if k.startswith('Handler_read')),
            'tmp_tables': int(counters['Created_tmp_tables']),
            'tmp_disk_tables': int(counters['Created_tmp_disk_tables'])}


def compare(args):
    CONF([], project='cyborg')
    CONF.set_override('connection', args.connection, group='database')
    sides = {'a': _module_of(args.tree), 'b': capacity_b}
    context = cyborg_context.get_admin_context()
    times = {'a': [], 'b': []}
    rng = random.Random(args.seed)  # noqa: S311 (an order)
    for index in range(args.warmup + args.rounds):
        order = ['a', 'b']
        rng.shuffle(order)
        for side in order:
            started = time.monotonic()
            sides[side].view(context, servicegroup.up_since(),
                             limit=args.limit)
            elapsed = (time.monotonic() - started) * 1000.0
            if index >= args.warmup:
                times[side].append(elapsed)
    load = os.getloadavg()
    print('view(limit=%d), %d rounds, load average %.1f %.1f %.1f' % (
        args.limit, args.rounds, *load))
    for side in ('a', 'b'):
        print('%s: median %.1f ms [%.1f-%.1f]' % (
            side, statistics.median(times[side]), min(times[side]),
            max(times[side])))
    print('b/a: %s' % ab.ratio(times['a'], times['b']))
    for side in ('a', 'b'):
        print('%s: %s' % (side, _work(context, sides[side], args.limit)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--connection', required=True,
                        help='an SQLAlchemy URL of a MariaDB database')
    parser.add_argument('--fill', type=int, metavar='HOSTS',
                        help='first fill the database with HOSTS hosts')
    parser.add_argument('--tree', required=True,
                        help='the source tree of side a')
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--warmup', type=int, default=2)
    parser.add_argument('--limit', type=int, default=100,
                        help='the page of hosts (default 100)')
    parser.add_argument('--seed', type=int,
                        help='the draw of the order of each pair')
    args = parser.parse_args(argv)
    if args.fill:
        fill(args.connection, args.fill)
    compare(args)
    return 0


if __name__ == '__main__':
    sys.exit(main())
