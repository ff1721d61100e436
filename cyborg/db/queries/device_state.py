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
"""A device's state that holds it out of service: the one writer of a
device's status (an operator's enable or disable), health, and clean
state, of its units' (attach handles') clean state, and of their cleans
(device_cleanings) between two tenants.

Whatever decides from a device's state whether one of its units may be
given to a tenant, or whether it must be cleaned, locks the device's row
first (lock()): a bind (cyborg.conductor.arq.bind) before it claims a
handle, an unbind or a delete before it lets handles go.  So a bind and
the end of another tenant's binding on the same device never decide
from states the other has changed meanwhile (a locking read sees the
last commit on every backend).

A binding that ends (ended()) leaves what its tenant had to clean, when
the device's policy cleans it: the unit alone (its handle ``cleaning``)
when every step of the clean cleans one unit and the device has others,
else the whole device (``cleaning``: no unit of it is given until its
clean, which waits for the others' tenants to leave).  A clean is a row
of device_cleanings, whose id is its generation: the conductor hands it
to the agent with it, and an outcome, a step or an abort of another
generation, or from another host, changes nothing.  Each transition
returns what it changed, or None when the clean was not as it expects.
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import cleaning
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import hold

_DEV = models.Device.__table__
_DEP = models.Deployable.__table__
_AH = models.AttachHandle.__table__
_ARQ = models.ExtendedAcceleratorRequest.__table__
_HOST = models.Host.__table__
_CFG = models.DeviceConfig.__table__
CLEANINGS = models.DeviceCleaning.__table__

# The ARQ states that hold a device's deployable.
_HOLDING = ('BindStarted', 'Bound')

# Locks --------------------------------------------------------------------

_LOCKED = (_DEV.c.id, _DEV.c.status, _DEV.c.health, _DEV.c.clean_state)
_LOCK = (sa.select(*_LOCKED)
         .where(_DEV.c.id.in_(sa.bindparam('b_ids', expanding=True)))
         .order_by(_DEV.c.id).with_for_update())
# The rows of the subquery are not locked (on every backend, a locking
# read locks the rows of its own FROM only).
_LOCK_OF_DEPLOYABLES = (
    sa.select(*_LOCKED)
    .where(_DEV.c.id.in_(sa.select(_DEP.c.device_id).where(
        _DEP.c.id.in_(sa.bindparam('b_deps', expanding=True)))))
    .order_by(_DEV.c.id).with_for_update())


def _locked(context, statement, name, ids):
    ids = sorted({i for i in ids if i is not None})
    if not ids:
        return {}
    return {row.id: dict(row._mapping) for row in
            db_api.execute(context, statement, {name: ids})}


@db_api.context_manager.writer
def lock(context, device_ids):
    """Lock the rows of *device_ids* (in id order, as every locker does,
    so that two never wait on each other) until the caller's transaction
    ends; one statement.

    :returns: ``{device id: {id, status, health, clean_state}}`` as last
        committed (those gone are missing).
    """
    return _locked(context, _LOCK, 'b_ids', device_ids)


@db_api.context_manager.writer
def lock_of_deployables(context, deployable_ids):
    """lock() of the devices of *deployable_ids*, in one statement."""
    return _locked(context, _LOCK_OF_DEPLOYABLES, 'b_deps', deployable_ids)


# Status and health --------------------------------------------------------

@db_api.context_manager.writer
def set_status(context, uuid, status):
    """Set a device's status (an operator's enable or disable); the row
    after the change, as a dict.

    :raises: DeviceNotFound
    """
    row = db_api.row_by_uuid(context, models.Device, uuid,
                             exception.DeviceNotFound, locked=True)
    if row.status != status:
        row.status = status
        row.updated_at = timeutils.utcnow()
    return device_queries.to_dict(row)


@db_api.context_manager.writer
def set_statuses(context, ids, status):
    """Set the status of the devices of *ids* in one UPDATE."""
    if ids:
        db_api.execute(context, sa.update(_DEV).where(
            _DEV.c.id.in_(sorted(ids))).values(
                status=status, updated_at=timeutils.utcnow()))


@db_api.context_manager.writer
def set_health(context, device_id, health, reason, since):
    """Record a device's health (None: healthy;
    cyborg.conductor.devices.health).
    """
    db_api.execute(context, sa.update(_DEV).where(_DEV.c.id == device_id)
                   .values(health=health, health_reason=reason,
                           health_since=since,
                           updated_at=timeutils.utcnow()))



# The end of a binding -----------------------------------------------------

_OTHER = _AH.alias('other')
_OTHER_DEP = _DEP.alias('other_dep')
_UNITS = (sa.select(sa.func.count()).select_from(
    _OTHER.join(_OTHER_DEP, _OTHER.c.deployable_id == _OTHER_DEP.c.id))
    .where(_OTHER_DEP.c.device_id == _DEV.c.id).scalar_subquery())
_ENDED = (
    sa.select(_AH.c.id, _AH.c.attach_info, _AH.c.clean_state.label('unit'),
              _DEV.c.id.label('device_id'), _DEV.c.uuid, _DEV.c.hostname,
              _DEV.c.driver_name,
              _DEV.c.clean_steps, _DEV.c.clean_offer, _DEV.c.clean_state,
              _UNITS.label('units'))
    .select_from(_AH.join(_DEP, _AH.c.deployable_id == _DEP.c.id)
                 .join(_DEV, _DEP.c.device_id == _DEV.c.id))
    .where(_AH.c.id.in_(sa.bindparam('b_ids', expanding=True)),
           _DEV.c.clean_steps.is_not(None))
    .order_by(_DEV.c.id, _AH.c.id))


def _insert(context, rows):
    """Insert cleans (dicts), each given its ``id``."""
    now = timeutils.utcnow()
    values = [dict(row, uuid=uuidutils.generate_uuid(), created_at=now)
              for row in rows]
    ids = dict(db_api.execute(context, sa.insert(CLEANINGS).returning(
        CLEANINGS.c.uuid, CLEANINGS.c.id), values).all())
    for row, value in zip(rows, values):
        row['id'] = ids[value['uuid']]


def _new(device, unit, steps, missing):
    """A clean of *device* (or its *unit*): pending, or failed at once
    when its policy asks for no step it can run.  Of a device whose
    agent has not said yet what its driver offers (``clean_offer``
    NULL), pending with no steps: hand() resolves them once it has.
    """
    row = {'device_uuid': device.get('uuid', device.get('device_uuid')),
           'hostname': device['hostname'],
           'driver_name': device['driver_name'], 'unit': unit,
           'steps': jsonutils.dumps(steps), 'state': cleaning.PENDING}
    if device.get('clean_offer', '') is None:
        row['steps'] = '[]'
    elif missing:
        row.update(state=cleaning.FAILED, ended_at=timeutils.utcnow(),
                   reason='its class names clean steps its driver does not '
                          'offer: %s' % ', '.join(missing))
    elif not steps:
        row.update(state=cleaning.FAILED, ended_at=timeutils.utcnow(),
                   reason=cleaning.NO_STEP)
    return row


@db_api.context_manager.writer
def ended(context, handle_ids):
    """The bindings of the handles *handle_ids* ended, in the caller's
    transaction, which has locked their devices (lock()): what their
    tenants had is left to clean where the device's policy says so (see
    the module docstring).

    :returns: ``{host: [clean dicts]}`` of the cleans it made: their
        reservation is pushed once the transaction commits.
    """
    ids = sorted({i for i in handle_ids if i is not None})
    if not ids:
        return {}
    found = db_api.execute(context, _ENDED, {'b_ids': ids}).mappings().all()
    # (the table of what the clean holds, its id, the clean)
    cleans = []
    for device_id in sorted({r['device_id'] for r in found}):
        rows = [r for r in found if r['device_id'] == device_id]
        device = rows[0]
        if device['clean_state'] is not None:
            # Held whole already: its clean covers these units.
            continue
        steps, missing = cleaning.resolve(device['clean_steps'],
                                          device['clean_offer'])
        if (cleaning.scope(steps) == cleaning.UNIT and not missing and
                device['units'] > 1):
            cleans.extend((_AH, row['id'], _new(device, row['attach_info'],
                                                steps, missing))
                          for row in rows if row['unit'] is None)
        else:
            cleans.append((_DEV, device_id, _new(device, None, steps,
                                                 missing)))
    if not cleans:
        return {}
    _insert(context, [clean for _table, _id, clean in cleans])
    found = {}
    for table, holder_id, clean in cleans:
        _hold(context, table, holder_id, clean)
        found.setdefault(clean['hostname'], []).append(clean)
    return found


def _holder(clean):
    """The table of what *clean* holds: a unit's handle or its device."""
    return _AH if clean['unit'] is not None else _DEV


def _hold(context, table, holder_id, clean):
    """Hold the device or handle *holder_id* of *table* by *clean*."""
    db_api.execute(context, sa.update(table).where(table.c.id == holder_id)
                   .values(clean_state=hold.CLEANING
                           if clean['state'] in cleaning.ACTIVE
                           else hold.CLEAN_FAILED, clean_id=clean['id']))


# The cleans the conductor hands over --------------------------------------

_UNIT_HANDLE = _AH.alias('unit_handle')
_DEVICE_HANDLE = _AH.alias('device_handle')
_DEVICE_DEP = _DEP.alias('device_dep')
# A unit's clean waits for its handle (a release job still owns it); a
# device's for every handle of the device.
_IN_USE = sa.case(
    (CLEANINGS.c.unit.is_not(None), sa.exists().where(
        _UNIT_HANDLE.c.clean_id == CLEANINGS.c.id,
        _UNIT_HANDLE.c.in_use.is_(sa.true()))),
    else_=sa.exists().where(
        _DEVICE_HANDLE.c.deployable_id == _DEVICE_DEP.c.id,
        _DEVICE_DEP.c.device_id == _DEV.c.id,
        _DEVICE_HANDLE.c.in_use.is_(sa.true())))
_ACTIVE = (
    sa.select(CLEANINGS, _DEV.c.id.label('device_id'),
              _DEV.c.clean_steps.label('policy'), _DEV.c.clean_offer,
              _HOST.c.agent_up, _HOST.c.needs_sync,
              _IN_USE.label('in_use'), _CFG.c.state.label('config_state'))
    .select_from(
        CLEANINGS.outerjoin(_DEV, _DEV.c.uuid == CLEANINGS.c.device_uuid)
        .outerjoin(_HOST, _HOST.c.hostname == CLEANINGS.c.hostname)
        .outerjoin(_CFG, _CFG.c.device_uuid == CLEANINGS.c.device_uuid))
    .where(CLEANINGS.c.state.in_(cleaning.ACTIVE))
    .order_by(CLEANINGS.c.id))


def _clean_dict(row):
    clean = dict(row)
    clean['steps'] = jsonutils.loads(clean['steps'])
    clean['done'] = jsonutils.loads(clean['done'] or '[]')
    return clean


@db_api.context_manager.reader
def active(context):
    """The cleans under way (pending, running, aborting), with what their
    hand-off waits for: ``[{...the clean's columns, device_id,
    driver_name, agent_up, needs_sync, in_use, config_state}]``.
    """
    return [_clean_dict(row) for row in
            db_api.execute(context, _ACTIVE).mappings()]


_HELD_IN_DEPLOYABLE = (
    sa.select(sa.func.count()).select_from(_OTHER)
    .where(_OTHER.c.deployable_id == _DEP.c.id,
           _OTHER.c.clean_state.is_not(None)).scalar_subquery())
_UNIT_PUBLISHED = (
    sa.select(_DEP.c.rp_state, _HELD_IN_DEPLOYABLE.label('held'))
    .select_from(_AH.join(_DEP, _AH.c.deployable_id == _DEP.c.id))
    .where(_AH.c.clean_id == sa.bindparam('b_id')))


@db_api.context_manager.reader
def unit_published(context, generation):
    """Whether the push wrote the unit of the clean *generation* reserved:
    its provider's inventory reserves at least the units held in it.
    """
    row = db_api.execute(context, _UNIT_PUBLISHED,
                         {'b_id': generation}).one_or_none()
    if row is None or not row.rp_state:
        return row is None
    inventories = jsonutils.loads(row.rp_state).get('inventories', {})
    return all(inventory['reserved'] >= min(row.held, inventory['total'])
               for inventory in inventories.values())


def _fenced(host, device_uuid, generation, states):
    """The conditions of a change of the clean *generation* reported by
    *host*: another clean's outcome, or another host's, changes nothing.
    """
    where = [CLEANINGS.c.id == generation,
             CLEANINGS.c.state.in_(states)]
    if device_uuid is not None:
        where.append(CLEANINGS.c.device_uuid == device_uuid)
    if host is not None:
        where.append(CLEANINGS.c.hostname == host)
    return where


def _lock_clean(context, where):
    row = db_api.execute(context, sa.select(CLEANINGS).where(*where)
                         .with_for_update()).mappings().one_or_none()
    return None if row is None else _clean_dict(row)


@db_api.retrying_writer
def hand(context, generation, now, policy=None, offer=None):
    """A pending clean handed to its agent (running).  One that has no
    steps yet (an upgrade's, made before the agent reported what its
    driver offers) gets those of the device's *policy* from *offer*, and
    fails when there are none.

    :returns: the clean, or None when it was not pending.
    """
    clean = _lock_clean(context, _fenced(None, None, generation,
                                         [cleaning.PENDING]))
    if clean is None:
        return None
    values = {'state': cleaning.RUNNING, 'handed_at': now}
    steps = clean['steps']
    if not steps:
        steps, missing = cleaning.resolve(
            policy or cleaning.policy(None, [cleaning.ON]), offer)
        new = _new(clean, clean['unit'], steps, missing)
        values = {key: new.get(key)
                  for key in ('steps', 'state', 'reason', 'ended_at')}
        if values['state'] == cleaning.PENDING:
            values.update(state=cleaning.RUNNING, handed_at=now)
    _update(context, clean, values)
    clean['steps'] = steps
    if clean['state'] != cleaning.RUNNING:
        _settle(context, clean)
    return clean


def _update(context, clean, values):
    """Write *values* to the row of *clean* (a dict) and to *clean*."""
    db_api.execute(context, sa.update(CLEANINGS).where(
        CLEANINGS.c.id == clean['id']).values(
            updated_at=timeutils.utcnow(), **values))
    clean.update(values)


@db_api.retrying_writer
def progress(context, host, device_uuid, generation, step, done):
    """The agent of *host* starts *step* of the clean *generation*, the
    steps named *done* before it; :returns: whether it was that clean's.
    """
    where = _fenced(host, device_uuid, generation,
                    [cleaning.RUNNING, cleaning.ABORTING])
    return db_api.execute(context, sa.update(CLEANINGS).where(*where).values(
        step=step, step_started_at=timeutils.utcnow(),
        done=jsonutils.dumps([{'step': name} for name in done or ()]),
        updated_at=timeutils.utcnow())).rowcount == 1


@db_api.retrying_writer
def finish(context, host, device_uuid, generation, done, error=None):
    """The agent of *host* says the clean *generation* ended: clean (its
    device or unit offered again, its host marked for a push), failed
    (held ``clean_failed``), or, when it was asked to stop (aborting),
    held as failed or aborted whatever the agent says.

    :returns: the clean as it ended, or None when it is not that clean
        (another generation, another host, ended already).
    """
    clean = _lock_clean(context, _fenced(
        host, device_uuid, generation, [cleaning.RUNNING,
                                        cleaning.ABORTING]))
    if clean is None:
        return None
    now = timeutils.utcnow()
    values = {'done': jsonutils.dumps(done or clean['done']),
              'ended_at': now, 'step': None, 'step_started_at': None}
    # Stopped as asked: by an administrator (aborted), or for its timeout.
    clean['stopped'] = clean['state'] == cleaning.ABORTING
    if clean['stopped']:
        values['state'] = (cleaning.ABORTED if clean['ended_by'] else
                           cleaning.FAILED)
        if error:
            values['reason'] = '%s (the agent: %s)' % (clean['reason'],
                                                       error)
    elif error is None:
        values['state'] = cleaning.CLEAN
    else:
        values.update(state=cleaning.FAILED, reason=error[:65535])
    _update(context, clean, values)
    _settle(context, clean)
    return clean


def _settle(context, clean):
    """The device or unit of an ended *clean* free (it succeeded) or held
    clean_failed, its host marked for a push.
    """
    state = None if clean['state'] in (cleaning.CLEAN, cleaning.RELEASED) \
        else hold.CLEAN_FAILED
    table = _holder(clean)
    db_api.execute(context, sa.update(table).where(
        table.c.clean_id == clean['id']).values(clean_state=state))
    db_api.execute(context, sa.update(_HOST).where(
        _HOST.c.hostname == clean['hostname']).values(needs_sync=True))


@db_api.retrying_writer
def time_out(context, generation, reason):
    """The running clean *generation* took too long: aborting (its device
    or unit held until the agent says it stopped); :returns: the clean,
    or None when it was not running.
    """
    return _abort_one(context, generation, reason, None)


def _abort_one(context, generation, reason, by):
    clean = _lock_clean(context, _fenced(None, None, generation,
                                         [cleaning.PENDING,
                                          cleaning.RUNNING]))
    if clean is None:
        return None
    if clean['state'] == cleaning.PENDING:
        # Never handed: nothing to stop.
        values = {'state': cleaning.ABORTED if by else cleaning.FAILED,
                  'ended_at': timeutils.utcnow()}
    else:
        values = {'state': cleaning.ABORTING}
    values.update(reason=reason, ended_by=by)
    _update(context, clean, values)
    if clean['state'] != cleaning.ABORTING:
        _settle(context, clean)
    return clean


# An administrator's verbs -------------------------------------------------

_OF_DEVICE = (sa.select(CLEANINGS)
              .where(CLEANINGS.c.device_uuid == sa.bindparam('b_uuid'),
                     CLEANINGS.c.state.in_(sa.bindparam(
                         'b_states', expanding=True)))
              .order_by(CLEANINGS.c.id).with_for_update())


def _of_device(context, device_uuid, states):
    """The device's cleans (its own and its units') in *states*, locked."""
    return [_clean_dict(row) for row in db_api.execute(
        context, _OF_DEVICE, {'b_uuid': device_uuid,
                              'b_states': list(states)}).mappings()]


def _device(context, device_uuid):
    row = db_api.one(db_api.execute(context, sa.select(_DEV).where(
        _DEV.c.uuid == device_uuid)).mappings(), exception.DeviceNotFound,
        uuid=device_uuid)
    lock(context, [row['id']])
    return dict(row)


@db_api.retrying_writer
def abort(context, device_uuid, by, reason=None):
    """Abort the device's cleans under way (its own and its units'):
    each stays held, its clean ``aborted`` once its agent stopped it.

    :raises: DeviceNotFound, DeviceNotCleaning, DeviceCleanNotAbortable
        (a step that cannot be stopped runs)
    :returns: the cleans asked to stop or stopped.
    """
    _device(context, device_uuid)
    cleans = _of_device(context, device_uuid,
                        [cleaning.PENDING, cleaning.RUNNING])
    if not cleans:
        raise exception.DeviceNotCleaning(uuid=device_uuid)
    for clean in cleans:
        # The step the agent runs, if any.
        step = next((s for s in clean['steps'] if s['name'] == clean['step']),
                    None)
        if step is not None and not step.get('abortable'):
            raise exception.DeviceCleanNotAbortable(uuid=device_uuid,
                                                    step=step['name'])
    reason = 'aborted by %s%s' % (by, ': %s' % reason if reason else '')
    return [_abort_one(context, c['id'], reason, by) for c in cleans]


@db_api.retrying_writer
def retry(context, device_uuid):
    """Clean anew what of a device its cleans left ``clean_failed``.

    :raises: DeviceNotFound
    :returns: the new cleans (none when nothing of it failed).
    """
    _device(context, device_uuid)
    made = []
    for clean in _of_device(context, device_uuid, cleaning.HELD_FAILED):
        table = _holder(clean)
        holders = db_api.execute(context, sa.select(table.c.id).where(
            table.c.clean_id == clean['id'],
            table.c.clean_state == hold.CLEAN_FAILED)).scalars().all()
        if not holders:
            continue
        row = {key: clean[key] for key in (
            'device_uuid', 'hostname', 'unit', 'driver_name')}
        row.update(steps=jsonutils.dumps(clean['steps']),
                   state=cleaning.PENDING)
        _insert(context, [row])
        _hold(context, table, holders[0], row)
        made.append(row)
    return made


@db_api.retrying_writer
def start(context, device_uuid):
    """An administrator's clean of a device no ARQ holds and nothing of
    it held: its policy's steps, else its driver's default ones.

    :raises: DeviceNotFound, DeviceCleanInUse, DeviceCleaning
    :returns: the new clean.
    """
    device = _device(context, device_uuid)

    def count(table, condition):
        return db_api.execute(context, sa.select(sa.func.count()).select_from(
            table.join(_DEP, table.c.deployable_id == _DEP.c.id)).where(
                _DEP.c.device_id == device['id'], condition)).scalar()
    if (device['clean_state'] is not None or
            count(_AH, _AH.c.clean_state.is_not(None))):
        raise exception.DeviceCleaning(uuid=device_uuid)
    if count(_ARQ, _ARQ.c.state.in_(_HOLDING)):
        raise exception.DeviceCleanInUse(uuid=device_uuid)
    steps, missing = cleaning.resolve(
        device['clean_steps'] or cleaning.policy(None, [cleaning.ON]),
        device['clean_offer'])
    row = _new(device, None, steps, missing)
    _insert(context, [row])
    _hold(context, _DEV, device['id'], row)
    db_api.execute(context, sa.update(_HOST).where(
        _HOST.c.hostname == device['hostname']).values(needs_sync=True))
    return row


@db_api.retrying_writer
def release(context, device_uuid, by, reason):
    """Offer what of a device its cleans hold again, uncleaned (an
    administrator's decision, recorded on each clean: who, when, why).

    :raises: DeviceNotFound, DeviceNotHeld, DeviceCleanRunning (a step
        may still run on the agent: abort it first)
    :returns: the cleans released.
    """
    _device(context, device_uuid)
    running = _of_device(context, device_uuid,
                         [cleaning.RUNNING, cleaning.ABORTING])
    if running:
        raise exception.DeviceCleanRunning(uuid=device_uuid,
                                           step=running[0]['step'] or
                                           running[0]['steps'][0]['name'])
    cleans = [c for c in _of_device(
        context, device_uuid, (cleaning.PENDING,) + cleaning.HELD_FAILED)
        if _holds(context, c)]
    if not cleans:
        raise exception.DeviceNotHeld(uuid=device_uuid)
    now = timeutils.utcnow()
    for clean in cleans:
        _update(context, clean, {'state': cleaning.RELEASED,
                                 'ended_by': by, 'ended_at': now,
                                 'reason': reason})
        _settle(context, clean)
    return cleans


def _holds(context, clean):
    """Whether a device or unit is still held by *clean*."""
    table = _holder(clean)
    return bool(db_api.execute(context, sa.select(sa.func.count()).where(
        table.c.clean_id == clean['id'],
        table.c.clean_state.is_not(None))).scalar())


# Reads --------------------------------------------------------------------

@db_api.context_manager.reader
def history(context, device_uuid):
    """The device's cleans, its own and its units', newest first."""
    return [_clean_dict(row) for row in db_api.execute(context, sa.select(
        CLEANINGS).where(CLEANINGS.c.device_uuid == device_uuid).order_by(
            CLEANINGS.c.id.desc())).mappings()]


_HELD_UNITS = (
    sa.select(_DEV.c.uuid, _AH.c.attach_info, _AH.c.clean_state)
    .select_from(_AH.join(_DEP, _AH.c.deployable_id == _DEP.c.id)
                 .join(_DEV, _DEP.c.device_id == _DEV.c.id))
    .where(_AH.c.clean_state.is_not(None)))


@db_api.context_manager.reader
def held(context, host=None):
    """``{device uuid: {"state": the device's clean state or None,
    "units": {unit: clean state}}}`` of the devices of which something is
    held (of *host*).
    """
    found = {}
    for row in db_api.execute(context, db_api.where_given(sa.select(
            _DEV.c.uuid, _DEV.c.clean_state).where(
                _DEV.c.clean_state.is_not(None)), (_DEV.c.hostname, host))):
        found[row.uuid] = {'state': row.clean_state, 'units': {}}
    for row in db_api.execute(context, db_api.where_given(
            _HELD_UNITS, (_DEV.c.hostname, host))):
        entry = found.setdefault(row.uuid, {'state': None, 'units': {}})
        entry['units'][row.attach_info] = row.clean_state
    return found


@db_api.context_manager.reader
def views(context, devices):
    """What the API shows of the cleaning of *devices* (rows with
    ``uuid`` and ``clean_id``), in two statements: ``{device uuid:
    {"last": its last clean of its own or None, "units": [its units'
    cleans that hold them]}}``.
    """
    if not devices:
        return {}
    found = {d['uuid']: {'last': None, 'units': []} for d in devices}
    last = [d['clean_id'] for d in devices if d.get('clean_id')]
    if last:
        for row in db_api.execute(context, sa.select(CLEANINGS).where(
                CLEANINGS.c.id.in_(last))).mappings():
            found[row['device_uuid']]['last'] = _clean_dict(row)
    units = db_api.execute(context, sa.select(CLEANINGS).select_from(
        CLEANINGS.join(_AH, _AH.c.clean_id == CLEANINGS.c.id)).where(
            CLEANINGS.c.device_uuid.in_(list(found)),
            _AH.c.clean_state.is_not(None)).order_by(CLEANINGS.c.id))
    for row in units.mappings():
        found[row['device_uuid']]['units'].append(_clean_dict(row))
    return found
