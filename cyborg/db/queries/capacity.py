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
"""The capacity queries: attach handles counted per host and resource
class, in one statement whatever the size of the cloud.

view() answers GET /v2/capacity, get() the metrics' accelerators gauge.
The handles are counted in use and, among the free ones, held out for
each reason of cyborg.db.queries.hold, with their host's agent times;
get() adds the conductors' rows for the caller to judge the agents,
view() judges them in SQL.
"""

import collections

import sqlalchemy as sa

from cyborg import servicegroup
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import hold

_HANDLES = models.AttachHandle.__table__
_DEPLOYABLES = models.Deployable.__table__
_DEVICES = models.Device.__table__
_HOSTS = models.Host.__table__
_SERVICES = models.Service.__table__

# The reasons judged from the rows (not the agent's liveness).
JUDGED = tuple(r for r in hold.REASONS if r != hold.AGENT_DOWN)


def held_column(reason):
    """The name of the count of the free handles held for *reason*."""
    return 'held_' + reason


# The handles of one host and resource class (see get()), with its agent's
# times and ``hosts.agent_up`` as recorded (``recorded``); ``driver`` is
# set where get() groups by driver.
Group = collections.namedtuple(
    'Group', ('host', 'resource_class', 'total', 'bound', 'held') +
    tuple(held_column(r) for r in JUDGED) +
    ('heartbeat', 'reported', 'recorded', 'driver'), defaults=(None,))
_COUNTS = Group._fields[2:-4]

_GROUP, _CONDUCTOR = 0, 1


def _count(condition):
    """How many handles of the group meet *condition* (an integer: a
    SUM() is a DECIMAL on MariaDB).
    """
    return sa.cast(sa.func.sum(sa.case((condition, 1), else_=0)),
                   sa.Integer)


def _groups(handles, by_driver):
    """The handles counted per host and resource class (and driver,
    *by_driver*), each group with its host's agent times.
    """
    inner = handles.grouped(handles.joined, by_driver)
    counted = [inner.c[name] for name in Group._fields[:-4]]
    extra = [inner.c.driver_name] if by_driver else []
    return (
        sa.select(sa.literal(_GROUP).label('kind'), *counted,
                  _SERVICES.c.last_seen_up.label('heartbeat'),
                  _HOSTS.c.last_report_at.label('reported'),
                  _HOSTS.c.agent_up.label('recorded'), *extra)
        .select_from(_liveness_joins(inner, inner.c.host)))


def _conductors(by_driver):
    """The conductors' rows, in the groups' columns (NULL elsewhere)."""
    nothing = [sa.cast(sa.null(), sa.Integer).label(name)
               for name in _COUNTS]
    extra = ([sa.cast(sa.null(), sa.String(100)).label('driver')]
             if by_driver else [])
    return (
        sa.select(sa.literal(_CONDUCTOR).label('kind'),
                  _SERVICES.c.host.label('host'),
                  sa.cast(sa.null(), sa.String(255)).label('resource_class'),
                  *nothing,
                  _SERVICES.c.last_seen_up.label('heartbeat'),
                  _SERVICES.c.started_at.label('reported'),
                  sa.cast(sa.null(), sa.Boolean).label('recorded'), *extra)
        .where(_SERVICES.c.binary == servicegroup.CONDUCTOR))


@db_api.context_manager.reader
def get(context, host=None, resource_class=None, driver=None,
        by_driver=False, deployable_ids=None):
    """The attach handles, grouped, and the conductors, in one statement.

    :param deployable_ids: only these deployables (a device class's).
    :returns: ``(groups, conductors)``: a list of Group, one per host and
        resource class (None: no ``rc`` attribute) that has handles, and
        the conductors' ``{started_at, last_seen_up}``.
    """
    statement = sa.union_all(
        _groups(_Handles(host, resource_class, driver, deployable_ids),
                by_driver),
        _conductors(by_driver))
    groups, conductors = [], []
    for row in context.session.execute(statement):
        if row.kind == _GROUP:
            groups.append(Group(*row[1:]))
        else:
            conductors.append({'started_at': row.reported,
                               'last_seen_up': row.heartbeat})
    return groups, conductors


# A row of view(): the handles of one host and resource class (``host``
# set), or of one resource class in the whole cloud (``host`` and
# ``agent_up`` None); ``reserved`` and, for each reason of
# cyborg.db.queries.hold, how many are reserved for it.
Row = collections.namedtuple(
    'Row', ('host', 'resource_class', 'total', 'bound', 'reserved') +
    tuple(held_column(r) for r in hold.REASONS) + ('agent_up',))

_HOST, _TOTAL = 0, 1
# A count of none.
_NOTHING = sa.cast(sa.literal(0), sa.Integer)


def _agent_up(up_since):
    """servicegroup.agents_up() in SQL (joined hosts, services); never NULL."""
    conductors = _SERVICES.alias('conductors')
    since = (sa.select(sa.func.min(conductors.c.started_at))
             .where(conductors.c.binary == servicegroup.CONDUCTOR,
                    conductors.c.last_seen_up >= up_since)
             .scalar_subquery())
    heartbeat = _SERVICES.c.last_seen_up
    reported = _HOSTS.c.last_report_at

    def at_or_after(column):
        return sa.and_(column.isnot(None), column >= up_since)
    return sa.or_(at_or_after(heartbeat), at_or_after(reported),
                  sa.and_(sa.or_(heartbeat.isnot(None),
                                 reported.isnot(None)),
                          at_or_after(since),
                          _HOSTS.c.agent_up.is_distinct_from(False)))


def _liveness_joins(selectable, hostname):
    """*selectable* joined to the agent's times of host *hostname*."""
    return (selectable
            .outerjoin(_HOSTS, _HOSTS.c.hostname == hostname)
            .outerjoin(_SERVICES, sa.and_(
                _SERVICES.c.host == hostname,
                _SERVICES.c.binary == servicegroup.AGENT)))


class _Handles:
    """Handles joined to deployables and devices, the filters and counts."""

    def joined_to(self, devices):
        """The join, from the *devices* (a subquery of ids) if given,
        with each device's configuration (an outer join).
        """
        start = _DEVICES
        if devices is not None:
            start = devices.join(_DEVICES, _DEVICES.c.id == devices.c.id)
        return hold.join_configs(
            start
            .join(_DEPLOYABLES, _DEPLOYABLES.c.device_id == _DEVICES.c.id)
            .join(_HANDLES, _HANDLES.c.deployable_id == _DEPLOYABLES.c.id))

    def __init__(self, host, resource_class, driver, deployable_ids=None):
        self.resource_class = _HANDLES.c.resource_class
        self.joined = self.joined_to(None)
        # The filters need the handles' deployable or device: the totals
        # count from the whole join.
        self.by_device = not (host is None and driver is None and
                              deployable_ids is None)
        self.where = []
        if deployable_ids is not None:
            self.where.append(_DEPLOYABLES.c.id.in_(list(deployable_ids)))
        if host is not None:
            self.where.append(_DEVICES.c.hostname == host)
        if driver is not None:
            self.where.append(_DEPLOYABLES.c.driver_name == driver)
        # The one filter on the handles themselves (_all_handles()).
        self.own_where = []
        if resource_class is not None:
            self.own_where.append(_HANDLES.c.resource_class ==
                                  resource_class)
        self.where.extend(self.own_where)
        free = _HANDLES.c.in_use == sa.false()
        conditions = hold.conditions(handles=_HANDLES)
        self.free = free
        self.bound = _count(~free)
        self.held = sa.or_(*[c for _r, c in conditions])
        # {reason: the count of the free handles held for it}, JUDGED.
        self.reasons = {r: _count(sa.and_(free, c)) for r, c in conditions}

    def grouped(self, joined, by_driver=False):
        """The counts per host, rc (and driver): a subquery of *joined*."""
        keys = [_DEVICES.c.hostname, self.resource_class]
        if by_driver:
            keys.append(_DEPLOYABLES.c.driver_name)
        return (
            sa.select(_DEVICES.c.hostname.label('host'),
                      self.resource_class.label('resource_class'),
                      sa.func.count().label('total'),
                      self.bound.label('bound'),
                      _count(sa.and_(self.free, self.held)).label('held'),
                      *[count.label(held_column(r))
                        for r, count in self.reasons.items()],
                      *keys[2:])
            .select_from(joined).where(*self.where)
            .group_by(*keys).subquery('groups'))

    def page(self, limit, marker):
        """The names of the page's hosts (a subquery): the first *limit*
        after *marker* that have handles the filters select.

        An EXISTS per device lets the database stop after *limit* hosts (a
        DISTINCT of the join reads every host: 150 ms at 10,000 hosts).
        """
        has_handles = (
            sa.select(_HANDLES.c.id)
            .select_from(
                _DEPLOYABLES
                .join(_HANDLES,
                      _HANDLES.c.deployable_id == _DEPLOYABLES.c.id))
            .where(_DEPLOYABLES.c.device_id == _DEVICES.c.id, *self.where)
            .exists())
        page = (sa.select(_DEVICES.c.hostname.label('host'))
                .where(has_handles)
                .group_by(_DEVICES.c.hostname)
                .order_by(_DEVICES.c.hostname).limit(limit))
        if marker is not None:
            page = page.where(_DEVICES.c.hostname > marker)
        return page.subquery('page')


def _hosts_part(handles, up_since, page):
    """The rows of each host (of the *page*, a subquery of host names, or
    of every host), their agents judged.
    """
    joined = handles.joined
    if page is not None:
        joined = joined.join(page, page.c.host == _DEVICES.c.hostname)
    groups = handles.grouped(joined)
    up = _agent_up(up_since)
    unbound = groups.c.total - groups.c.bound
    reasons = _in_order(
        {r: groups.c[held_column(r)] for r in JUDGED},
        sa.case((up, 0), else_=unbound))
    return (
        sa.select(sa.literal(_HOST).label('kind'), groups.c.host,
                  groups.c.resource_class, groups.c.total, groups.c.bound,
                  sa.case((up, groups.c.held), else_=unbound)
                  .label('reserved'), *reasons,
                  sa.case((up, 1), else_=0).label('agent_up'))
        .select_from(_liveness_joins(groups, groups.c.host)))


def _in_order(judged, agent_down):
    """The columns of Row's reasons: *judged* ({reason: column}, a reason
    missing counts 0) and *agent_down*, each labelled, in REASONS' order.
    """
    return [(agent_down if r == hold.AGENT_DOWN else
             judged.get(r, _NOTHING)).label(held_column(r))
            for r in hold.REASONS]


def _totals_part(handles, up_since):
    """The cloud's rows: every handle counted by resource class, in parts
    whose rows add up (cyborg.api.capacity.render() sums them).

    Without a host, driver or device class filter the parts avoid joining
    every handle (about 100 ms at 10,000 hosts; see
    doc/source/admin/performance.rst): every handle's total and bound
    from the handles alone, what the held out deployables reserve, what
    the down agents change.  With one, the filtered join counts the first
    two (_as_if_up()).
    """
    if handles.by_device:
        parts = [_as_if_up(handles)]
    else:
        parts = [_all_handles(handles), _held_handles(handles)]
    return parts + [_down_handles(handles, up_since)]


def _totals(handles, source, where, total, bound, reserved, judged,
            agent_down):
    """The totals rows of view() from *source* (one per resource class):
    kind, no host, the counts (the reasons: _in_order()), no agent_up.
    """
    return (
        sa.select(sa.literal(_TOTAL).label('kind'),
                  sa.cast(sa.null(), sa.String(255)).label('host'),
                  handles.resource_class.label('resource_class'), total,
                  bound, reserved, *_in_order(judged, agent_down),
                  sa.cast(sa.null(), sa.Integer).label('agent_up'))
        .select_from(source).where(*where)
        .group_by(handles.resource_class))


def _as_if_up(handles):
    """Every handle the filters select counted as if its agent were up,
    on the whole join (one row per resource class).
    """
    return _totals(handles, handles.joined, handles.where, sa.func.count(),
                   handles.bound, _count(sa.and_(handles.free, handles.held)),
                   handles.reasons, _NOTHING)


def _all_handles(handles):
    """Every handle's total and bound, read from the resource_class index."""
    return _totals(handles, _HANDLES, handles.own_where, sa.func.count(),
                   handles.bound, _NOTHING, {}, _NOTHING)


def _held_deployables():
    """The held out deployables, with what the reasons read: found from
    the devices' and configurations' own columns, from the gone
    deployables and the devices that have one, each once (UNION).  One
    condition on several tables would judge every deployable of the
    cloud.
    """
    configs = hold.CONFIGS
    columns = (_DEPLOYABLES.c.id, _DEPLOYABLES.c.device_id,
               _DEVICES.c.status, _DEVICES.c.health, _DEVICES.c.clean_state,
               _DEPLOYABLES.c.removed_at, configs.c.state.label('config'))
    joined = hold.join_configs(_DEVICES.join(
        _DEPLOYABLES, _DEPLOYABLES.c.device_id == _DEVICES.c.id))
    conditions = (
        sa.or_(_DEVICES.c.status == device_queries.MAINTAINING,
               _DEVICES.c.health.in_(health_states.HELD),
               _DEVICES.c.clean_state.in_(hold.CLEAN_STATES)),
        configs.c.state.in_(device_config.RESERVING),
        _DEPLOYABLES.c.removed_at.isnot(None),
        _DEPLOYABLES.c.device_id.in_(hold.reshaped_devices()),
        # Those with a unit cleaned on its own.
        _DEPLOYABLES.c.id.in_(sa.select(_HANDLES.c.deployable_id).where(
            _HANDLES.c.clean_state.in_(hold.CLEAN_STATES))))
    return sa.union(*[sa.select(*columns).select_from(joined).where(held)
                      for held in conditions]).subquery('held')


def _held_handles(handles):
    """What the held out deployables reserve (and why), as if their
    agents were up: the handles of those deployables only.
    """
    held = _held_deployables()
    free = handles.free
    judged = {r: _count(sa.and_(free, c)) for r, c in hold.conditions(
        devices=held, deployables=held, config_state=held.c.config,
        handles=_HANDLES)}
    return _totals(
        handles, held.join(_HANDLES, _HANDLES.c.deployable_id == held.c.id),
        handles.own_where, _NOTHING, _NOTHING, _count(free), judged,
        _NOTHING)


def _down_handles(handles, up_since):
    """What the down agents change: their free handles not held out
    already are reserved, for agent_down.  Only the handles of those
    hosts are read, their devices judged first (_down_devices()).
    """
    return _totals(handles, handles.joined_to(_down_devices(up_since)),
                   handles.where, _NOTHING, _NOTHING,
                   _count(sa.and_(handles.free, ~handles.held)), {},
                   _count(handles.free))


def _down_devices(up_since):
    """The devices whose host's agent is down: a subquery of their ids,
    DISTINCT so that the database computes it on its own, not merged into
    the handles' join.
    """
    devices = _DEVICES.alias('judged')
    return (sa.select(devices.c.id)
            .select_from(_liveness_joins(devices, devices.c.hostname))
            .where(~_agent_up(up_since)).distinct().subquery('down'))


@db_api.context_manager.reader
def view(context, up_since, host=None, resource_class=None, driver=None,
         limit=None, marker=None, deployable_ids=None):
    """The capacity view's counts, in one statement.

    :param up_since: servicegroup.up_since().
    :param limit: at most this many hosts, the first by name after
        *marker*; None: every host.
    :param deployable_ids: as get()'s.
    :returns: ``(hosts, totals)``: lists of Row, one per host and
        resource class that has handles (by host with *limit*), and with
        *limit* the rows of _totals_part() (else None).
    """
    handles = _Handles(host, resource_class, driver, deployable_ids)
    if limit is None:
        statement = _hosts_part(handles, up_since, None)
    else:
        statement = sa.union_all(
            _hosts_part(handles, up_since, handles.page(limit, marker)),
            *_totals_part(handles, up_since)).order_by('kind', 'host')
    hosts, totals = [], None if limit is None else []
    for row in context.session.execute(statement):
        (hosts if row.kind == _HOST else totals).append(Row(*row[1:]))
    return hosts, totals
