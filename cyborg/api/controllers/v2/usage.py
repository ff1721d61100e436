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
"""/v2/usage (2.4): device-hours per project and RC in a time window.

Read as Nova's os-simple-tenant-usage reads servers; an open interval
counts until the window's end, never after now.
"""

import datetime

from oslo_utils import strutils
from oslo_utils import timeutils
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import route
from cyborg.api.controllers import base
from cyborg.api.schemas import common
from cyborg.api.schemas import usage as schema
from cyborg.common import device_class
from cyborg.common import usage
from cyborg.db.queries import usage as usage_queries
from cyborg.i18n import _
from cyborg.policies import usage as policies

COLLECTION = 'usage'

HOURS = {'device_seconds': {'type': 'integer', 'minimum': 0},
          'device_hours': {'type': 'number', 'minimum': 0}}
#: A usage interval as ``detail=true`` shows it: what it recorded
#: (cyborg.common.usage.FIELDS), its times, who closed it, and its part
#: of the window in seconds and hours.
UsageInterval = type('UsageInterval', (wtypes.Base,), dict(
    {name: [wtypes.text] if name in usage.LISTS else wtypes.text
     for name in usage.FIELDS},
    uuid=wtypes.text, arq_uuid=wtypes.text,
    started_at=datetime.datetime, ended_at=datetime.datetime,
    ended_by=wtypes.Enum(str, *usage.ENDED_BY),
    device_seconds=int, device_hours=float,
    _json=dict(HOURS, device_classes={'type': 'array',
                                       'items': {'type': 'string'}})))


def _time(params, name):
    """A query's time as naive UTC, to the second, or None."""
    text = params.get(name)
    if text is None:
        return None
    try:
        value = timeutils.normalize_time(timeutils.parse_isotime(text))
    except (ValueError, OverflowError) as exc:
        raise exception.UsageWindowInvalid(
            reason=_('%(name)s %(text)s is no time: %(why)s') % {
                'name': name, 'text': text, 'why': exc})
    return usage_queries.to_second(value)


# Nothing was recorded before: the database is asked from then on.
_FIRST = datetime.datetime(1970, 1, 1)


def _month_start(when):
    """00:00 UTC on the first of *when*'s month (the month before if equal)."""
    first = when.replace(day=1, hour=0, minute=0, second=0)
    if first == when:
        first = (first - datetime.timedelta(days=1)).replace(day=1)
    return first


def window(params, now):
    """``(start, end)``: end at most *now*, start by default the month's.

    :raises: UsageWindowInvalid when a start given is not before end.
    """
    end = _time(params, 'end') or now
    start = _time(params, 'start')
    if start is None:
        # Never after *end*: an end alone is no order to judge.
        start = min(end, _month_start(
            max(end, _FIRST + datetime.timedelta(days=1))))
    elif start >= end:
        raise exception.UsageWindowInvalid(
            reason=_('start %(start)s is not before end %(end)s') % {
                'start': start.isoformat(), 'end': end.isoformat()})
    return max(start, _FIRST), min(end, now)


def _hours(seconds):
    return {'device_seconds': seconds,
            'device_hours': round(seconds / 3600.0, 6)}


def _project_usages(rows, group_by):
    """The summary rows grouped per project, with each project's total."""
    projects = {}
    for row in rows:
        entry = projects.setdefault(row['project_id'], {
            'project_id': row['project_id'], 'seconds': 0, 'intervals': 0,
            'usages': []})
        entry['seconds'] += row['seconds']
        entry['intervals'] += row['intervals']
        usage = dict(resource_class=row['resource_class'],
                     intervals=row['intervals'], **_hours(row['seconds']))
        if group_by is not None:
            usage[group_by] = row[group_by]
        entry['usages'].append(usage)
    return [dict(project_id=entry['project_id'],
                 intervals=entry['intervals'], usages=entry['usages'],
                 **_hours(entry['seconds']))
            for entry in projects.values()]


def _serialize_interval(row):
    return base.to_json(UsageInterval, **row, **_hours(row['seconds']))


def _project(context, params):
    """The project asked for, or None (all; an administrator's default).

    Another project than the caller's passes the rule again as target.
    """
    project_id = params.get('project_id')
    if project_id is None:
        return None if context.is_admin else context.project_id
    if project_id != context.project_id:
        context.can(policies.GET, target={'project_id': project_id})
    return project_id


def _detail(params):
    """(detail asked, page size): a page of at most MAX_LIMIT."""
    detail = strutils.bool_from_string(params.get('detail', 'false'))
    if not detail and ('limit' in params or 'marker' in params):
        raise exception.Invalid(
            reason=_('limit and marker page the intervals of detail=true'))
    return detail, int(params.get('limit', common.MAX_LIMIT))


def get(context):
    params = route.query()
    project_id = _project(context, params)
    now = usage_queries.to_second(timeutils.utcnow())
    start, end = window(params, now)
    group_by = params.get('group_by')
    name = params.get('device_class')
    name = None if name is None else device_class.normalize_name(name)
    detail, limit = _detail(params)
    rows, intervals = [], []
    if start < end:
        rows = usage_queries.summary(context, start, end,
                                     project_id=project_id,
                                     group_by=group_by, device_class=name,
                                     until_now=end == now)
        if detail:
            intervals = usage_queries.page(
                context, start, end, project_id=project_id,
                device_class=name, limit=limit, marker=params.get('marker'),
                until_now=end == now)
    body = {'start': base.iso(start), 'end': base.iso(max(start, end)),
            'group_by': group_by,
            'project_usages': _project_usages(rows, group_by)}
    if detail:
        body.update(base.collection(
            'usage_intervals', [_serialize_interval(r) for r in intervals],
            limit=limit, resource=COLLECTION))
    return body


ROUTES = [
    route.Route('GET', '/v2/usage', get,
                'Device-hours per project and resource class in a window '
                'of time (and per device class, host or instance), with '
                'the usage intervals themselves (detail=true).',
                policy=policies.GET, since='2.4', query=schema.LIST_QUERY,
                response=route.one('Usage'),
                errors={400: [errors.USAGE_INVALID_WINDOW,
                              errors.MARKER_NOT_FOUND]}),
]
