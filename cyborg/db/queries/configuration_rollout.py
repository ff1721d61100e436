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
"""Queries of configuration_rollouts and rollout_devices.

A wave reads devices by state (rollout_devices_rollout_id_state_idx): it
costs the devices of the wave, never the class's.
"""

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import configuration_rollout
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import hold
from cyborg.db.queries import paginate

TABLE = models.ConfigurationRollout.__table__
MEMBERS = models.RolloutDevice.__table__
_CONFIGS = models.DeviceConfig.__table__
_DEVICES = models.Device.__table__
_DEPLOYABLES = models.Deployable.__table__
_HOSTS = models.Host.__table__

_COLUMNS = ('id', 'uuid', 'device_class', 'max_unavailable', 'unavailable',
            'max_failures', 'state', 'reason', 'created_at', 'updated_at')
_MEMBER_COLUMNS = ('id', 'rollout_id', 'device_uuid', 'hostname',
                   'held_uuid', 'state', 'reason', 'generation',
                   'updated_at')


def to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values.update(desired=jsonutils.loads(row.desired),
                  drain=bool(row.drain), follow=bool(row.follow))
    return values


def _member(row):
    return {name: getattr(row, name) for name in _MEMBER_COLUMNS}


# --- rollouts ----------------------------------------------------------------

@db_api.context_manager.reader
def holders(context, device_uuids):
    """``{device uuid: rollout uuid}`` of those a rollout holds."""
    if not device_uuids:
        return {}
    query = sa.select(MEMBERS.c.held_uuid, TABLE.c.uuid).join(
        TABLE, TABLE.c.id == MEMBERS.c.rollout_id).where(
            MEMBERS.c.held_uuid.in_(list(device_uuids)))
    return {row.held_uuid: row.uuid
            for row in db_api.execute(context, query)}


@db_api.context_manager.reader
def refuse_held(context, device_uuids):
    """:raises: DeviceInRollout naming the rollout holding one."""
    held = holders(context, device_uuids)
    if held:
        device_uuid = sorted(held)[0]
        raise exception.DeviceInRollout(uuid=device_uuid,
                                        rollout=held[device_uuid])


@db_api.context_manager.writer
def create(context, values, devices):
    """Insert a rollout (a dict) and its devices, held, all waiting."""
    refuse_held(context, [d['uuid'] for d in devices])
    now = timeutils.utcnow()
    values = dict(values, desired=jsonutils.dumps(values['desired'],
                                                  sort_keys=True),
                  created_at=now, updated_at=now)
    rollout_id = db_api.execute(
        context, TABLE.insert().values(**values)).inserted_primary_key[0]
    add_devices(context, rollout_id, devices)
    return get(context, values['uuid'])


@db_api.context_manager.writer
def add_devices(context, rollout_id, devices):
    """Add *devices* (dicts with uuid and hostname), waiting."""
    if not devices:
        return
    now = timeutils.utcnow()
    try:
        db_api.execute(context, MEMBERS.insert(), [
            {'rollout_id': rollout_id, 'device_uuid': d['uuid'],
             'hostname': d['hostname'], 'held_uuid': d['uuid'],
             'state': configuration_rollout.WAITING, 'created_at': now,
             'updated_at': now} for d in devices])
    except db_exc.DBDuplicateEntry:
        # Another rollout took one since we looked.
        refuse_held(context, [d['uuid'] for d in devices])
        raise


_BY_UUID = sa.select(TABLE).where(TABLE.c.uuid == sa.bindparam('b_uuid'))


@db_api.context_manager.reader
def get(context, uuid, for_update=False):
    """*for_update* locks: a rollout's waves and verbs run one at a time."""
    query = _BY_UUID.with_for_update() if for_update else _BY_UUID
    return to_dict(db_api.one(db_api.execute(context, query, {'b_uuid': uuid}),
                              exception.ConfigurationRolloutNotFound,
                              uuid=uuid))


@db_api.context_manager.reader
def get_all(context, state=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """A page of rollouts (dicts)."""
    filters = None if state is None else {'state': state}
    return [to_dict(row) for row in paginate.select_page(
        context, TABLE, filters, limit, marker, sort_key, sort_dir)]


_IN_STATES = sa.select(TABLE.c.uuid).where(
    TABLE.c.state.in_(sa.bindparam('b_states', expanding=True))).order_by(
        TABLE.c.id)


@db_api.context_manager.reader
def uuids_in(context, states):
    """The uuids of the rollouts in *states*, oldest first."""
    return [row.uuid for row in db_api.execute(
        context, _IN_STATES, {'b_states': list(states)})]


@db_api.context_manager.writer
def set_state(context, rollout_id, state, reason=None):
    """Move a rollout to *state*; whether it was there to move."""
    query = TABLE.update().where(TABLE.c.id == rollout_id)
    return db_api.execute(context, query.values(
        state=state, reason=reason and reason[:255],
        updated_at=timeutils.utcnow())).rowcount > 0


# --- the devices of a rollout ------------------------------------------------

_PROGRESS = sa.select(MEMBERS.c.rollout_id, MEMBERS.c.state,
                      sa.func.count().label('count')).where(
    MEMBERS.c.rollout_id.in_(sa.bindparam('b_ids', expanding=True))
).group_by(MEMBERS.c.rollout_id, MEMBERS.c.state)


@db_api.context_manager.reader
def progress(context, rollout_ids):
    """``{rollout id: {device state: count}}`` (every PROGRESS state)."""
    found = {rollout_id: dict.fromkeys(configuration_rollout.PROGRESS, 0)
             for rollout_id in rollout_ids}
    if rollout_ids:
        for row in db_api.execute(context, _PROGRESS,
                                  {'b_ids': list(rollout_ids)}):
            if row.state in configuration_rollout.PROGRESS:
                found[row.rollout_id][row.state] = row.count
    return found


#: How many of a rollout's failed (and of its skipped) devices the API
#: lists; progress() counts them all.
LISTED = 50
_NUMBERED = sa.select(
    MEMBERS, sa.func.row_number().over(
        partition_by=(MEMBERS.c.rollout_id, MEMBERS.c.state),
        order_by=MEMBERS.c.id).label('number')).where(
    MEMBERS.c.rollout_id.in_(sa.bindparam('b_ids', expanding=True)),
    MEMBERS.c.state.in_((configuration_rollout.FAILED,
                         configuration_rollout.SKIPPED))).subquery()
_FAILED_AND_SKIPPED = sa.select(_NUMBERED).where(
    _NUMBERED.c.number <= LISTED).order_by(_NUMBERED.c.id)


@db_api.context_manager.reader
def failed_and_skipped(context, rollout_ids):
    """``{rollout id: [first LISTED failed, first skipped]}``, one query."""
    found = {rollout_id: [] for rollout_id in rollout_ids}
    if rollout_ids:
        for row in db_api.execute(context, _FAILED_AND_SKIPPED,
                                  {'b_ids': list(rollout_ids)}):
            found[row.rollout_id].append(_member(row))
    return found


_COUNT = sa.select(sa.func.count()).select_from(MEMBERS).where(
    MEMBERS.c.rollout_id == sa.bindparam('b_id'),
    MEMBERS.c.state.in_(sa.bindparam('b_states', expanding=True)),
    MEMBERS.c.held_uuid.is_not(None))


@db_api.context_manager.reader
def count(context, rollout_id, states):
    """How many devices the rollout holds in *states*."""
    return db_api.execute(context, _COUNT, {
        'b_id': rollout_id, 'b_states': list(states)}).scalar()


@db_api.context_manager.reader
def out_of_service(context, rollout_id, down_hosts):
    """``{reason: count}`` of its devices held out of service, each once.

    Any hold counts (AGENT_DOWN for those of *down_hosts*).
    """
    reason = sa.case(
        (_DEVICES.c.hostname.in_(list(down_hosts)), hold.AGENT_DOWN),
        *[(condition, why) for why, condition in hold.conditions()],
        # Its own, configured but not yet offered again (settle()).
        (MEMBERS.c.state == configuration_rollout.IN_PROGRESS,
         configuration_rollout.IN_PROGRESS),
        else_=sa.null()).label('reason')
    held = (sa.select(_DEVICES.c.id, reason).select_from(hold.join_configs(
        MEMBERS.join(_DEVICES, _DEVICES.c.uuid == MEMBERS.c.device_uuid)
        .join(_DEPLOYABLES, _DEPLOYABLES.c.device_id == _DEVICES.c.id)))
        .where(MEMBERS.c.rollout_id == rollout_id).subquery())
    found = {}
    for device_id, why in db_api.execute(context, sa.select(
            held.c.id, sa.func.min(held.c.reason)).where(
                held.c.reason.is_not(None)).group_by(held.c.id)):
        found[why] = found.get(why, 0) + 1
    return found


@db_api.context_manager.reader
def any_in(context, rollout_id, states):
    """Whether the rollout holds a device in *states* (one index row)."""
    return db_api.execute(context, sa.select(MEMBERS.c.id).where(
        MEMBERS.c.rollout_id == rollout_id,
        MEMBERS.c.state.in_(list(states)),
        MEMBERS.c.held_uuid.is_not(None)).limit(1)).first() is not None


_OF_ROLLOUT = sa.select(MEMBERS).where(
    MEMBERS.c.rollout_id == sa.bindparam('b_id'),
    MEMBERS.c.state.in_(sa.bindparam('b_states', expanding=True))
).order_by(MEMBERS.c.id)


@db_api.context_manager.reader
def devices(context, rollout_id, states):
    """The rollout's devices in *states* (dicts), in order added."""
    return [_member(row) for row in db_api.execute(context, _OF_ROLLOUT, {
        'b_id': rollout_id, 'b_states': list(states)})]


_NEXT = sa.select(MEMBERS).where(
    MEMBERS.c.rollout_id == sa.bindparam('b_id'),
    sa.or_(MEMBERS.c.state == configuration_rollout.WAITING,
           sa.and_(MEMBERS.c.state == configuration_rollout.SKIPPED,
                   MEMBERS.c.held_uuid.is_not(None)))
).order_by(MEMBERS.c.state.desc(), MEMBERS.c.updated_at, MEMBERS.c.id)


@db_api.context_manager.reader
def to_start(context, rollout_id, limit):
    """Up to *limit* to start: waiting, then skipped-while-bound (oldest)."""
    return [_member(row) for row in db_api.execute(
        context, _NEXT.limit(limit), {'b_id': rollout_id})]


_STARTED = sa.select(
    MEMBERS, _CONFIGS.c.state.label('config_state'),
    _CONFIGS.c.generation.label('config_generation'),
    _CONFIGS.c.reason.label('config_reason'),
    sa.or_(_HOSTS.c.needs_sync.is_(sa.true()),
           _HOSTS.c.sync_claim.is_not(None)).label('pushing')).outerjoin(
        _CONFIGS, _CONFIGS.c.device_uuid == MEMBERS.c.device_uuid).outerjoin(
        _HOSTS, _HOSTS.c.hostname == MEMBERS.c.hostname).where(
            MEMBERS.c.state == configuration_rollout.IN_PROGRESS).order_by(
                MEMBERS.c.id)


@db_api.context_manager.reader
def started(context):
    """Devices in progress, with their config_state/generation/reason
    and whether their host waits for a Placement push (``pushing``).
    """
    return [dict(_member(row), config_state=row.config_state,
                 config_generation=row.config_generation,
                 config_reason=row.config_reason, pushing=bool(row.pushing))
            for row in db_api.execute(context, _STARTED)]


@db_api.context_manager.writer
def set_device(context, member, state, reason=None, generation=None,
               release=False):
    """Compare-and-swap a device from its state in *member*; if moved.

    *release*: the rollout no longer holds the device.
    """
    values = {'state': state, 'reason': reason and reason[:255],
              'updated_at': timeutils.utcnow()}
    if generation is not None:
        values['generation'] = generation
    if release:
        values['held_uuid'] = None
    return db_api.execute(context, MEMBERS.update().where(
        MEMBERS.c.id == member['id'],
        MEMBERS.c.state == member['state']).values(**values)).rowcount > 0


@db_api.context_manager.writer
def release(context, rollout_id, device_uuid=None, state=None):
    """Release its devices (or *device_uuid*), to *state*; how many."""
    query = db_api.where_given(MEMBERS.update().where(
        MEMBERS.c.rollout_id == rollout_id, MEMBERS.c.held_uuid.is_not(None)),
        (MEMBERS.c.device_uuid, device_uuid))
    values = {'held_uuid': None, 'updated_at': timeutils.utcnow()}
    if state is not None:
        values['state'] = state
    return db_api.execute(context, query.values(**values)).rowcount


_ACTIVE_PROGRESS = sa.select(
    TABLE.c.uuid, MEMBERS.c.state, sa.func.count().label('count')).join(
        MEMBERS, MEMBERS.c.rollout_id == TABLE.c.id).where(
            TABLE.c.state.in_(configuration_rollout.ACTIVE)).group_by(
                TABLE.c.uuid, MEMBERS.c.state)


@db_api.context_manager.reader
def active_progress(context):
    """``[(rollout uuid, device state, count)]`` of active rollouts."""
    return [tuple(row) for row in db_api.execute(context, _ACTIVE_PROGRESS)]


_OF_CLASS = sa.select(
    TABLE.c.uuid, TABLE.c.state, TABLE.c.unavailable,
    sa.func.count(MEMBERS.c.id).label('out_of_service')).outerjoin(
        MEMBERS, sa.and_(MEMBERS.c.rollout_id == TABLE.c.id,
                         MEMBERS.c.state.in_(configuration_rollout.UNAVAILABLE),
                         MEMBERS.c.held_uuid.is_not(None))).where(
    TABLE.c.device_class == sa.bindparam('b_class'),
    TABLE.c.state.in_(configuration_rollout.ACTIVE)).group_by(
        TABLE.c.id, TABLE.c.uuid, TABLE.c.state,
        TABLE.c.unavailable).order_by(TABLE.c.id)


@db_api.context_manager.reader
def of_class(context, name):
    """Active rollouts of class *name*, for the capacity view.

    ``[{uuid, state, unavailable (allowed), out_of_service (held)}]``.
    """
    return [dict(row._mapping) for row in db_api.execute(
        context, _OF_CLASS, {'b_class': name})]


@db_api.context_manager.reader
def with_progress(context, row):
    """*row* with its ``progress`` (configuration_rollout.PROGRESS counts)."""
    return dict(row, progress=progress(
        context, [row['id']])[row['id']])
