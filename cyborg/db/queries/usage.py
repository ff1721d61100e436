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
"""Queries of usage intervals: the time each ARQ held its accelerator.

One INSERT in the transaction that makes an ARQ Bound opens an interval;
one UPDATE in the one that unbinds or deletes it closes it (the audit
closes the rest).  Times: the conductor's UTC clock, to the second.
"""

import datetime
import functools

from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import states
from cyborg.common import usage
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

TABLE = models.UsageInterval.__table__
CLASSES = models.UsageIntervalClass.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__

# Who closed an interval (ended_by).
UNBIND, DELETE, AUDIT = usage.ENDED_BY

# The fields recorded in an interval's row (its device classes are rows
# of CLASSES), and its columns.
_RECORDED = tuple(name for name in usage.FIELDS if name not in usage.LISTS)
COLUMNS = ('id', 'uuid', 'arq_uuid') + _RECORDED + (
    'started_at', 'ended_at', 'ended_by')
# A time of the intervals' own (seconds since 1970 in SQL).
_TIME = TABLE.c.started_at.type


def to_second(when):
    """*when* (naive UTC) to the second, as every backend stores it."""
    return when.replace(microsecond=0)


_INSERT = sa.insert(TABLE)
_INSERT_CLASS = sa.insert(CLASSES)


@db_api.retrying_writer
def open_interval(context, arq_uuid, started_at, values):
    """Open a Bound ARQ's interval (one INSERT); its uuid.

    :raises: DBDuplicateEntry when the ARQ has an open interval.
    """
    uuid = uuidutils.generate_uuid()
    row = {name: values.get(name) for name in _RECORDED}
    row.update(uuid=uuid, arq_uuid=arq_uuid, open_arq_uuid=arq_uuid,
               started_at=to_second(started_at),
               created_at=to_second(started_at))
    interval_id = db_api.execute(context, _INSERT,
                                 row).inserted_primary_key[0]
    classes = sorted(set(values.get('device_classes') or ()))
    if classes:
        db_api.execute(context, _INSERT_CLASS, [
            {'interval_id': interval_id, 'device_class': name,
             'created_at': row['created_at']} for name in classes])
    return uuid


_NOW = sa.bindparam('b_now', type_=_TIME)
_UPDATED = sa.bindparam('b_updated', type_=sa.DateTime)
# Never before its start: two conductors' clocks may differ.
_CLOSED = {'ended_at': sa.case((TABLE.c.started_at > _NOW,
                                TABLE.c.started_at), else_=_NOW),
           'ended_by': sa.bindparam('b_by'), 'updated_at': _UPDATED,
           'open_arq_uuid': None}
_CLOSE = (
    sa.update(TABLE)
    .where(TABLE.c.open_arq_uuid.in_(sa.bindparam('b_arqs',
                                                  expanding=True)))
    .values(_CLOSED))


@db_api.retrying_writer
def close(context, arq_uuids, now, ended_by):
    """Close the open intervals of *arq_uuids* (one UPDATE); how many."""
    arq_uuids = sorted(set(arq_uuids))
    if not arq_uuids:
        return 0
    now = to_second(now)
    return db_api.execute(context, _CLOSE, {
        'b_arqs': arq_uuids, 'b_now': now, 'b_updated': now,
        'b_by': ended_by}).rowcount


# An interval's set of classes as text, in no given order (_to_dict()
# and summary() sort them).
_CLASS_SET = (sa.select(sa.func.aggregate_strings(CLASSES.c.device_class,
                                                  ','))
              .where(CLASSES.c.interval_id == TABLE.c.id)
              .scalar_subquery())


def _names(text):
    """The sorted class names of a _CLASS_SET."""
    return sorted(text.split(',')) if text else []


def _to_dict(row):
    values = {name: row[name] for name in COLUMNS}
    values['device_classes'] = _names(row['classes'])
    return values


_COLUMNS = [TABLE.c[name] for name in COLUMNS] + [
    _CLASS_SET.label('classes')]
_SELECT = sa.select(*_COLUMNS)
_CLOSED_SINCE = _SELECT.where(
    TABLE.c.arq_uuid.in_(sa.bindparam('b_arqs', expanding=True)),
    TABLE.c.ended_at >= sa.bindparam('b_since', type_=_TIME),
    TABLE.c.ended_by == sa.bindparam('b_by')).order_by(TABLE.c.id)


@db_api.context_manager.reader
def closed_since(context, arq_uuids, since, ended_by):
    """Intervals of *arq_uuids* closed by *ended_by* since *since* (dicts).

    For the notifications of a transaction begun at *since*: a retry
    whose answer was lost included.
    """
    if not arq_uuids:
        return []
    return [_to_dict(row) for row in db_api.execute(
        context, _CLOSED_SINCE, {'b_arqs': sorted(set(arq_uuids)),
                                 'b_since': to_second(since),
                                 'b_by': ended_by}).mappings()]


_HOSTS_OF = (sa.select(TABLE.c.hostname).distinct()
             .where(TABLE.c.arq_uuid.in_(sa.bindparam('b_uuids',
                                                      expanding=True)),
                    TABLE.c.hostname.is_not(None))
             .order_by(TABLE.c.hostname))


@db_api.context_manager.reader
def hosts_of(context, arq_uuids):
    """The hosts of the devices *arq_uuids* were ever bound to."""
    if not arq_uuids:
        return []
    return list(db_api.execute(context, _HOSTS_OF,
                               {'b_uuids': list(arq_uuids)}).scalars())


# The window [b_start, b_end): an interval overlaps it when it started
# before b_opened_before (its end; a second later for a window that ends
# now, whose last second has begun) and is open or ended after its
# start; the part inside counts, in seconds (the times are integers in
# SQL: models.UTCSeconds).
_START = sa.bindparam('b_start', type_=_TIME)
_END = sa.bindparam('b_end', type_=_TIME)
_OVERLAPS = sa.and_(TABLE.c.started_at < sa.bindparam('b_opened_before',
                                                      type_=_TIME),
                    sa.or_(TABLE.c.ended_at.is_(None),
                           TABLE.c.ended_at > _START))
_INSIDE = sa.type_coerce(
    sa.case((sa.or_(TABLE.c.ended_at.is_(None), TABLE.c.ended_at > _END),
             _END), else_=TABLE.c.ended_at) -
    sa.case((TABLE.c.started_at < _START, _START),
            else_=TABLE.c.started_at), sa.BigInteger)
# The intervals of the devices of a class.
_OF_CLASS = TABLE.c.id.in_(
    sa.select(CLASSES.c.interval_id)
    .where(CLASSES.c.device_class == sa.bindparam('b_class')))
def _window_params(start, end, device_class, until_now):
    end = to_second(end)
    return {'b_start': to_second(start), 'b_end': end,
            'b_opened_before': end + datetime.timedelta(
                seconds=1 if until_now else 0),
            'b_class': device_class}


@functools.lru_cache(maxsize=None)
def _summary_statement(group_by, with_project, with_class):
    keys = [TABLE.c.project_id, TABLE.c.resource_class]
    if group_by == 'device_class':
        # Each interval with its set of classes, then the sums per set.
        query = sa.select(*keys, _INSIDE.label('seconds'),
                          _CLASS_SET.label('classes'))
    else:
        if group_by is not None:
            keys.append(TABLE.c[usage.GROUPS[group_by]])
        query = sa.select(*keys, sa.func.sum(_INSIDE).label('seconds'),
                          sa.func.count().label('intervals'))
    query = query.where(_OVERLAPS)
    if with_project:
        query = query.where(TABLE.c.project_id == sa.bindparam('b_project'))
    if with_class:
        query = query.where(_OF_CLASS)
    if group_by != 'device_class':
        return query.group_by(*keys).order_by(*keys)
    rows = query.subquery()
    keys = [rows.c.project_id, rows.c.resource_class, rows.c.classes]
    return (sa.select(*keys, sa.func.sum(rows.c.seconds).label('seconds'),
                      sa.func.count().label('intervals'))
            .group_by(*keys))


def _by_class_set(rows):
    """Merge summary rows per sorted set of classes (SQL orders none)."""
    merged = {}
    for row in rows:
        key = (row['project_id'], row['resource_class'],
               tuple(_names(row['classes'])))
        seconds, intervals = merged.get(key, (0, 0))
        merged[key] = (seconds + int(row['seconds'] or 0),
                       intervals + int(row['intervals']))
    return [{'project_id': project, 'resource_class': rc,
             'device_class': list(classes), 'seconds': seconds,
             'intervals': intervals}
            for (project, rc, classes), (seconds, intervals) in sorted(
                merged.items(), key=lambda item: [
                    (value is not None, value) for value in item[0]])]


@db_api.context_manager.reader
def summary(context, start, end, project_id=None, group_by=None,
            device_class=None, until_now=False):
    """Seconds in ``[start, end)`` and count, per project and RC.

    Times are naive UTC, *end* at most now (open intervals count until it).
    *group_by*: a key of cyborg.common.usage.GROUPS (``device_class``: per
    set of classes).  *until_now*: *end* is now (to the second), and the
    intervals opened in its second count too (none of their seconds yet).
    """
    params = _window_params(start, end, device_class, until_now)
    params['b_project'] = project_id
    statement = _summary_statement(group_by, project_id is not None,
                                   device_class is not None)
    rows = db_api.execute(context, statement, params).mappings()
    if group_by == 'device_class':
        return _by_class_set(rows)
    result = []
    for row in rows:
        entry = {'project_id': row['project_id'],
                 'resource_class': row['resource_class'],
                 'seconds': int(row['seconds'] or 0),
                 'intervals': int(row['intervals'])}
        if group_by is not None:
            entry[group_by] = row[usage.GROUPS[group_by]]
        result.append(entry)
    return result


@functools.lru_cache(maxsize=None)
def _page_base(with_class):
    query = sa.select(*_COLUMNS, _INSIDE.label('seconds')).where(_OVERLAPS)
    if with_class:
        query = query.where(_OF_CLASS)
    return query


@db_api.context_manager.reader
def page(context, start, end, project_id=None, device_class=None,
         limit=None, marker=None, until_now=False):
    """Intervals overlapping ``[start, end)`` by id, with their ``seconds``
    (*until_now*: as summary()).

    :raises: MarkerNotFound (also for another project's interval).
    """
    rows = paginate.select_page(
        context, TABLE, {'project_id': project_id}
        if project_id is not None else None, limit=limit, marker=marker,
        base=_page_base(device_class is not None),
        marker_scope=('project_id',),
        params=_window_params(start, end, device_class, until_now))
    return [dict(_to_dict(row), seconds=int(row['seconds']))
            for row in rows.mappings()]


_PURGEABLE = (sa.select(TABLE.c.id)
              .where(TABLE.c.ended_at < sa.bindparam('b_before',
                                                     type_=_TIME))
              .order_by(TABLE.c.ended_at, TABLE.c.id)
              .limit(sa.bindparam('b_limit', type_=sa.Integer)))
_PURGE_CLASSES = sa.delete(CLASSES).where(
    CLASSES.c.interval_id.in_(sa.bindparam('b_ids', expanding=True)))
_PURGE = sa.delete(TABLE).where(
    TABLE.c.id.in_(sa.bindparam('b_ids', expanding=True)),
    TABLE.c.ended_at < sa.bindparam('b_before', type_=_TIME))


@db_api.retrying_writer
def purge_batch(context, before, limit):
    """Delete up to *limit* intervals closed before *before*; how many.

    One short transaction locking only the rows it deletes (by primary
    key), so binds and unbinds go on meanwhile.
    """
    params = {'b_before': before, 'b_limit': limit}
    ids = list(db_api.execute(context, _PURGEABLE, params).scalars())
    if not ids:
        return 0
    db_api.execute(context, _PURGE_CLASSES, {'b_ids': ids})
    return db_api.execute(context, _PURGE, dict(params, b_ids=ids)).rowcount


# An open interval whose binding is gone: its ARQ was deleted, is no
# longer Bound or is bound to another instance.
_ORPHANS = (
    sa.select(*_COLUMNS, _ARQ.c.state.label('arq_state'),
              _ARQ.c.updated_at.label('arq_updated_at'))
    .select_from(TABLE.outerjoin(_ARQ, _ARQ.c.uuid == TABLE.c.open_arq_uuid))
    .where(TABLE.c.open_arq_uuid.is_not(None),
           sa.or_(_ARQ.c.id.is_(None), _ARQ.c.state != states.BOUND,
                  _ARQ.c.instance_uuid.is_distinct_from(
                      TABLE.c.instance_uuid)))
    .order_by(TABLE.c.id))
# A Bound ARQ without an open interval.
_UNRECORDED = (
    sa.select(_ARQ.c.uuid, _ARQ.c.instance_uuid, _ARQ.c.hostname,
              _ARQ.c.updated_at)
    .select_from(_ARQ.outerjoin(TABLE, TABLE.c.open_arq_uuid == _ARQ.c.uuid))
    .where(_ARQ.c.state == states.BOUND, TABLE.c.id.is_(None))
    .order_by(_ARQ.c.id))


@db_api.context_manager.reader
def orphans(context, host=None, interval_id=None):
    """Open intervals whose binding is gone (with the ARQ state)."""
    query = db_api.where_given(_ORPHANS, (TABLE.c.hostname, host),
                               (TABLE.c.id, interval_id))
    return [dict(_to_dict(row), arq_state=row['arq_state'],
                 arq_updated_at=row['arq_updated_at'])
            for row in db_api.execute(context, query).mappings()]


@db_api.context_manager.reader
def unrecorded(context, host=None, arq_uuid=None):
    """Bound ARQs without an open interval."""
    query = db_api.where_given(_UNRECORDED, (_ARQ.c.hostname, host),
                               (_ARQ.c.uuid, arq_uuid))
    return [dict(row) for row in db_api.execute(context, query).mappings()]


_CLOSE_ONE = (
    sa.update(TABLE)
    .where(TABLE.c.id == sa.bindparam('b_id'),
           TABLE.c.open_arq_uuid.is_not(None))
    .values(_CLOSED))


@db_api.context_manager.writer
def close_one(context, interval_id, ended_at, now):
    """Close one open interval at *ended_at* (not before it began); if open."""
    return db_api.execute(context, _CLOSE_ONE, {
        'b_id': interval_id, 'b_now': to_second(ended_at), 'b_by': AUDIT,
        'b_updated': now}).rowcount == 1
