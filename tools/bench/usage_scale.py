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
"""Usage queries over many intervals, and their purge beside binds.

``--fill N`` writes N usage intervals (a month of a busy region: N
spread over 30 days from 2025-11-01, of ``--projects`` projects on
``--hosts`` hosts, three resource classes, three intervals in four of one
device class (rows of usage_interval_classes),
lasting 1 minute to 2 days, one in 20 still open) by direct inserts, then
ANALYZE.  Then each query GET /v2/usage runs
(``cyborg.db.queries.usage``'s summary() and page()) is timed
``--rounds`` times after ``--warmup``, the project drawn at random:

* ``project_month``: one project's month (a member's question);
* ``project_month_instance``, ``project_month_host``: the same per
  instance, per host;
* ``all_day``: every project's day;
* ``all_month``: every project's month (the bill), per device class, and
  one class's (``all_month_one_class``; ``project_month_one_class``: one
  project's);
* ``page``: a page of 1000 intervals of the month, every project's.

``--purge`` then deletes the closed intervals (``cyborg-manage usage
purge``'s batches of ``--batch-size``) while a writer thread opens and
closes an interval every ``--write-every`` ms as binds and deletes do, on
its own connection: it prints each batch's transaction time (what it
holds its row locks for), the writer's transaction times (what a bind
waited) and, on MariaDB, how many of the writer's lock waits ran past a
second (``innodb_lock_wait_timeout = 1`` in its session).  One JSON line
per measure.

Usage::

    .venv/bin/python tools/bench/usage_scale.py \\
        --connection mysql+pymysql://root@127.0.0.1/usagebench \\
        --fill 1000000 --rounds 20 --purge
"""

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid

from oslo_db import exception as db_exc
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import usage as usage_queries

CONF = cyborg_conf.CONF
T0 = datetime.datetime(2025, 11, 1)
MONTH = datetime.timedelta(days=30)
CHUNK = 20000


def _rows(count, projects, hosts, rng):
    """The intervals of the fill and their device classes' rows, a chunk
    at a time.
    """
    classes = [None, 'A100_80G', 'A100_40G', 'L40S']
    rcs = ['PGPU', 'VGPU', 'FPGA']
    chunk, class_rows = [], []
    for index in range(count):
        start = T0 + datetime.timedelta(
            seconds=rng.randrange(int(MONTH.total_seconds())))
        end = start + datetime.timedelta(seconds=rng.randrange(60,
                                                               2 * 86400))
        arq = str(uuid.UUID(int=rng.getrandbits(128)))
        is_open = index % 20 == 0
        if classes[index % 4]:
            class_rows.append({'interval_id': index + 1,
                               'device_class': classes[index % 4]})
        chunk.append({
            'id': index + 1,
            'uuid': str(uuid.UUID(int=rng.getrandbits(128))),
            'arq_uuid': arq, 'open_arq_uuid': arq if is_open else None,
            'instance_uuid': str(uuid.UUID(int=rng.getrandbits(128))),
            'project_id': 'project-%04d' % rng.randrange(projects),
            'user_id': 'user', 'resource_class': rng.choice(rcs),
            'deployable_uuid': arq, 'device_uuid': arq,
            'hostname': 'host-%04d' % rng.randrange(hosts),
            'device_profile_name': 'gpu', 'started_at': start,
            'ended_at': None if is_open else end,
            'ended_by': None if is_open else 'delete',
            'created_at': start})
        if len(chunk) == CHUNK:
            yield chunk, class_rows
            chunk, class_rows = [], []
    if chunk:
        yield chunk, class_rows


def fill(url, count, projects, hosts, seed):
    """A fresh schema at *url* holding *count* intervals."""
    engine = sa.create_engine(url)
    models.Base.metadata.drop_all(engine)
    models.Base.metadata.create_all(engine)
    table = models.UsageInterval.__table__
    classes = models.UsageIntervalClass.__table__
    rng = random.Random(seed)  # noqa: S311 (test data)
    started = time.monotonic()
    for chunk, class_rows in _rows(count, projects, hosts, rng):
        with engine.begin() as connection:
            connection.execute(sa.insert(table), chunk)
            connection.execute(sa.insert(classes), class_rows)
    with engine.begin() as connection:
        for name in (table.name, classes.name):
            connection.execute(sa.text(
                ('ANALYZE TABLE %s' if engine.dialect.name == 'mysql'
                 else 'ANALYZE %s') % name))
    engine.dispose()
    return time.monotonic() - started


def _ms(samples):
    ordered = sorted(samples)
    return {'n': len(ordered), 'p50': round(statistics.median(ordered), 2),
            'p99': round(ordered[min(len(ordered) - 1,
                                     int(len(ordered) * 0.99))], 2),
            'max': round(ordered[-1], 2)}


def _queries(projects):
    month_end = T0 + MONTH
    day = (T0 + datetime.timedelta(days=14),
           T0 + datetime.timedelta(days=15))

    def project(rng):
        return 'project-%04d' % rng.randrange(projects)

    return {
        'project_month': lambda c, r: usage_queries.summary(
            c, T0, month_end, project_id=project(r)),
        'project_month_instance': lambda c, r: usage_queries.summary(
            c, T0, month_end, project_id=project(r), group_by='instance'),
        'all_day': lambda c, r: usage_queries.summary(c, *day),
        'all_month': lambda c, r: usage_queries.summary(c, T0, month_end),
        'all_month_device_class': lambda c, r: usage_queries.summary(
            c, T0, month_end, group_by='device_class'),
        'all_month_one_class': lambda c, r: usage_queries.summary(
            c, T0, month_end, device_class='A100_80G'),
        'project_month_one_class': lambda c, r: usage_queries.summary(
            c, T0, month_end, project_id=project(r),
            device_class='A100_80G'),
        'project_month_host': lambda c, r: usage_queries.summary(
            c, T0, month_end, project_id=project(r), group_by='host'),
        'page': lambda c, r: usage_queries.page(c, T0, month_end,
                                                limit=1000),
    }


def time_queries(args, intervals):
    context = cyborg_context.get_admin_context()
    rng = random.Random(args.seed)  # noqa: S311 (which project)
    for name, query in _queries(args.projects).items():
        samples, rows = [], 0
        for index in range(args.warmup + args.rounds):
            started = time.monotonic()
            rows = len(query(context, rng))
            if index >= args.warmup:
                samples.append((time.monotonic() - started) * 1000.0)
        print(json.dumps({'bench': 'usage_scale', 'phase': 'query',
                          'query': name, 'intervals': intervals,
                          'rows_returned': rows, 'ms': _ms(samples),
                          'load': os.getloadavg()[0]}), flush=True)


# On MariaDB the writer gives up a lock wait after a second (error 1205):
# how many it gave up is how often the purge held a lock a bind needed
# for longer.
_WAIT_A_SECOND = sa.text('SET SESSION innodb_lock_wait_timeout = 1')


class _Writer(threading.Thread):
    """Binds and deletes: an interval opened, then closed, each in its own
    transaction, every *every* ms; records each transaction's time and
    the lock waits over a second.
    """

    def __init__(self, every, mysql):
        super().__init__(daemon=True)
        self.every = every / 1000.0
        self.mysql = mysql
        self.stopping = threading.Event()
        self.samples = []
        self.waits_over_1s = 0

    def _write(self, context, write):
        with db_api.context_manager.writer.using(context):
            if self.mysql:
                context.session.execute(_WAIT_A_SECOND)
            write()

    def _one(self, context, arq):
        started = time.monotonic()
        try:
            self._write(context, lambda: usage_queries.open_interval(
                context, arq, timeutils.utcnow(), {'project_id': 'writer'}))
            self._write(context, lambda: usage_queries.close(
                context, [arq], timeutils.utcnow(), usage_queries.DELETE))
        except db_exc.DBError as exc:
            if 'Lock wait timeout' not in str(exc):
                raise
            self.waits_over_1s += 1
        self.samples.append((time.monotonic() - started) * 1000.0)

    def run(self):
        context = cyborg_context.get_admin_context()
        while not self.stopping.wait(self.every):
            self._one(context, str(uuid.uuid4()))


def purge(args, intervals):
    context = cyborg_context.get_admin_context()
    writer = _Writer(args.write_every,
                     args.connection.startswith('mysql'))
    writer.start()
    batches = []
    deleted = 0
    started = time.monotonic()
    # Every closed interval of the fill, none of the writer's (now).
    before = T0 + MONTH + datetime.timedelta(days=3)
    while True:
        t = time.monotonic()
        count = usage_queries.purge_batch(context, before, args.batch_size)
        batches.append((time.monotonic() - t) * 1000.0)
        deleted += count
        if count < args.batch_size:
            break
    total = time.monotonic() - started
    writer.stopping.set()
    writer.join()
    print(json.dumps({'bench': 'usage_scale', 'phase': 'purge',
                      'intervals': intervals, 'deleted': deleted,
                      'batch_size': args.batch_size,
                      'seconds': round(total, 1),
                      'batch_ms': _ms(batches),
                      'writer_ms': _ms(writer.samples or [0.0]),
                      'writer_lock_waits_over_1s': writer.waits_over_1s,
                      'load': os.getloadavg()[0]}), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--connection', required=True,
                        help='an SQLAlchemy URL (its tables are replaced '
                             'by --fill)')
    parser.add_argument('--fill', type=int, metavar='INTERVALS',
                        help='first fill the database with INTERVALS')
    parser.add_argument('--projects', type=int, default=1000)
    parser.add_argument('--hosts', type=int, default=500)
    parser.add_argument('--rounds', type=int, default=20)
    parser.add_argument('--warmup', type=int, default=2)
    parser.add_argument('--purge', action='store_true',
                        help='then purge the closed intervals')
    parser.add_argument('--batch-size', type=int, default=500)
    parser.add_argument('--write-every', type=float, default=5.0,
                        metavar='MS')
    parser.add_argument('--seed', type=int, default=1)
    args = parser.parse_args(argv)
    intervals = args.fill
    if args.fill:
        seconds = fill(args.connection, args.fill, args.projects,
                       args.hosts, args.seed)
        print(json.dumps({'bench': 'usage_scale', 'phase': 'fill',
                          'intervals': args.fill,
                          'seconds': round(seconds, 1)}), flush=True)
    CONF([], project='cyborg')
    CONF.set_override('connection', args.connection, group='database')
    db_api.configure(CONF)
    time_queries(args, intervals)
    if args.purge:
        purge(args, intervals)
    return 0


if __name__ == '__main__':
    sys.exit(main())
