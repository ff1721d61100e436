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
"""The capacity query: attach handles counted per host and resource class.

One statement per call (GET /v2/capacity), whatever the size of the
cloud.  The attach handles are grouped, in the database, by their
device's host and their deployable's resource class, and counted there:
in use, and, among those not in use, held out by their device or
deployable (disabled, unhealthy or recovering, gone) and by each reason.
What cyborg.api.capacity makes of the counts needs one thing more, the
host's agent liveness, which is not a column: it is judged by
cyborg.servicegroup from when the agent was last heard of (its
heartbeat, its last report) and from the conductors' own rows, which the
same statement returns after the groups (UNION ALL), so that no second
round trip is needed.
"""

import collections

import sqlalchemy as sa

from cyborg import servicegroup
from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device as device_queries

_HANDLES = models.AttachHandle.__table__
_DEPLOYABLES = models.Deployable.__table__
_DEVICES = models.Device.__table__
_ATTRIBUTES = models.Attribute.__table__
_HOSTS = models.Host.__table__
_SERVICES = models.Service.__table__

# The attribute that holds a deployable's resource class.
RC_KEY = 'rc'

# The handles of one host and resource class (see get()).
# ``driver`` is the deployables' driver where get() groups by driver
# (the metrics' accelerators gauge), None otherwise.
Group = collections.namedtuple('Group', (
    'host', 'resource_class', 'total', 'bound', 'held', 'held_disabled',
    'held_unhealthy', 'held_recovering', 'held_gone', 'heartbeat',
    'reported', 'driver'), defaults=(None,))
_COUNTS = Group._fields[2:9]

_GROUP, _CONDUCTOR = 0, 1


def _count(condition):
    """How many handles of the group meet *condition* (an integer: a
    SUM() is a DECIMAL on MariaDB).
    """
    return sa.cast(sa.func.sum(sa.case((condition, 1), else_=0)),
                   sa.Integer)


def _groups(host, resource_class, driver, by_driver):
    """The handles counted per host and resource class (and driver,
    *by_driver*), each group with its host's agent times.
    """
    rc = _ATTRIBUTES.alias('rc')
    # A resource class is a short name: grouped as a VARCHAR, not as the
    # TEXT of the attributes' values (which MariaDB would group in a
    # temporary table on disk).
    rc_value = sa.cast(rc.c.value, sa.String(255))
    free = _HANDLES.c.in_use == sa.false()
    health = _DEVICES.c.health
    disabled = _DEVICES.c.status == device_queries.MAINTAINING
    unhealthy = health == health_states.UNHEALTHY
    recovering = health == health_states.RECOVERING
    gone = _DEPLOYABLES.c.removed_at.isnot(None)
    # As cyborg.conductor.placement.sync.desired(): device_queries
    # .held_out() is any health but NULL and healthy.
    held_out = sa.and_(health.isnot(None),
                       health != health_states.HEALTHY)
    keys = [_DEVICES.c.hostname, rc_value]
    if by_driver:
        keys.append(_DEPLOYABLES.c.driver_name)
    inner = (
        sa.select(_DEVICES.c.hostname.label('host'),
                  rc_value.label('resource_class'),
                  sa.func.count().label('total'),
                  _count(~free).label('bound'),
                  _count(sa.and_(free, sa.or_(disabled, held_out, gone)))
                  .label('held'),
                  _count(sa.and_(free, disabled)).label('held_disabled'),
                  _count(sa.and_(free, unhealthy)).label('held_unhealthy'),
                  _count(sa.and_(free, recovering)).label('held_recovering'),
                  _count(sa.and_(free, gone)).label('held_gone'),
                  *keys[2:])
        .select_from(
            _HANDLES
            .join(_DEPLOYABLES, _DEPLOYABLES.c.id == _HANDLES.c.deployable_id)
            .join(_DEVICES, _DEVICES.c.id == _DEPLOYABLES.c.device_id)
            .outerjoin(rc, sa.and_(rc.c.deployable_id == _DEPLOYABLES.c.id,
                                   rc.c.key == RC_KEY)))
        .group_by(*keys))
    if host is not None:
        inner = inner.where(_DEVICES.c.hostname == host)
    if resource_class is not None:
        inner = inner.where(rc.c.value == resource_class)
    if driver is not None:
        inner = inner.where(_DEPLOYABLES.c.driver_name == driver)
    inner = inner.subquery('groups')
    counted = [inner.c[name] for name in Group._fields[:9]]
    extra = [inner.c.driver_name] if by_driver else []
    # The agent's times are joined to the groups (one or a few per
    # host), not to every handle.
    return (
        sa.select(sa.literal(_GROUP).label('kind'), *counted,
                  _SERVICES.c.last_seen_up.label('heartbeat'),
                  _HOSTS.c.last_report_at.label('reported'), *extra)
        .select_from(
            inner
            .outerjoin(_HOSTS, _HOSTS.c.hostname == inner.c.host)
            .outerjoin(_SERVICES, sa.and_(
                _SERVICES.c.host == inner.c.host,
                _SERVICES.c.binary == servicegroup.AGENT))))


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
                  _SERVICES.c.started_at.label('reported'), *extra)
        .where(_SERVICES.c.binary == servicegroup.CONDUCTOR))


@db_api.context_manager.reader
def get(context, host=None, resource_class=None, driver=None,
        by_driver=False):
    """The attach handles, grouped, and the conductors, in one statement.

    :param host: only the handles of this host's devices.
    :param resource_class: only those of deployables of this resource
        class.
    :param driver: only those of deployables of this driver.
    :param by_driver: group by the deployables' driver as well (each
        Group's ``driver``).
    :returns: ``(groups, conductors)``: a list of Group, one per host
        and resource class that has handles (``resource_class`` None:
        the deployable has no ``rc`` attribute), with the number of
        handles (``total``), of those in use (``bound``), of those not
        in use whose deployable is held out by its device or itself
        (``held``: disabled, unhealthy or recovering, gone) and of those
        not in use under each of these reasons (``held_disabled``,
        ``held_unhealthy``, ``held_recovering``, ``held_gone``);
        ``heartbeat`` the host's
        agent's last heartbeat and ``reported`` its last applied report,
        each None when there was none; and the conductors' service rows
        as dicts with ``started_at`` and ``last_seen_up`` (what
        servicegroup.conductors_since() reads).
    """
    statement = sa.union_all(
        _groups(host, resource_class, driver, by_driver),
        _conductors(by_driver))
    groups, conductors = [], []
    for row in context.session.execute(statement):
        if row.kind == _GROUP:
            groups.append(Group(*row[1:]))
        else:
            conductors.append({'started_at': row.reported,
                               'last_seen_up': row.heartbeat})
    return groups, conductors
