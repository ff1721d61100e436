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
"""Queries of the deployables table, with their attributes."""

import collections

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import device_class
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import hold
from cyborg.db.queries import paginate

_COLUMNS = ('id', 'uuid', 'parent_id', 'root_id', 'name',
            'num_accelerators', 'device_id', 'rp_uuid', 'driver_name',
            'bitstream_id', 'created_at', 'updated_at')


_DEP = models.Deployable.__table__
_DEV = models.Device.__table__
_ATTR = models.Attribute.__table__
_ATTRIBUTES_OF = (
    sa.select(_ATTR.c.deployable_id, _ATTR.c.key, _ATTR.c.value)
    .where(_ATTR.c.deployable_id.in_(sa.bindparam('ids', expanding=True)))
    .order_by(_ATTR.c.id))


_HEALTH_OF = (
    sa.select(_DEV.c.id, _DEV.c.health, _DEV.c.health_reason,
              _DEV.c.health_since)
    .where(_DEV.c.id.in_(sa.bindparam('ids', expanding=True))))


def _to_dicts(context, rows, health=False):
    """Rows as dicts with attributes (and device health), one query each."""
    result = [{name: getattr(row, name) for name in _COLUMNS}
              for row in rows]
    if not result:
        return result
    attributes = collections.defaultdict(list)
    for deployable_id, key, value in db_api.execute(
            context, _ATTRIBUTES_OF, {'ids': [row['id'] for row in result]}):
        attributes[deployable_id].append((key, value))
    for row in result:
        row['attributes'] = attributes[row['id']]
    if health:
        devices = {r[0]: r[1:] for r in db_api.execute(context, _HEALTH_OF, {
            'ids': sorted({row['device_id'] for row in result})})}
        for row in result:
            row['health'], row['health_reason'], row['health_since'] = (
                devices.get(row['device_id'], (None, None, None)))
    return result


@db_api.context_manager.reader
def get(context, uuid, health=False):
    """The row as a dict, with attributes [(key, value)]."""
    row = db_api.row_by_uuid(context, models.Deployable, uuid,
                              exception.DeployableNotFound)
    return _to_dicts(context, [row], health)[0]


@db_api.context_manager.reader
def get_all(context, filters=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc', health=False):
    """Deployables (dicts, with attributes) matching *filters* exactly."""
    return _to_dicts(context, paginate.select_page(
        context, _DEP, filters, limit, marker, sort_key,
        sort_dir).all(), health)


@db_api.context_manager.reader
def rp_uuids_on_driver(context, host, driver_name):
    """The resource providers of a driver's deployables on a host."""
    dep, dev = models.Deployable, models.Device
    return set(context.session.execute(
        sa.select(dep.rp_uuid).join(dev, dep.device_id == dev.id)
        .where(dev.hostname == host, dev.driver_name == driver_name,
               dep.rp_uuid.is_not(None))).scalars())


_HOST = models.Host.__table__
_CFG = models.DeviceConfig.__table__
# Nova names the host by its nodename, the name of the compute node
# resource provider (often the FQDN), or the agent's host: either matches.
# A row per trait or ``rc`` attribute (one with NULLs when it has none).
_BIND_TARGET = (
    sa.select(_DEP.c.id, _DEP.c.uuid, _DEP.c.name, _DEP.c.driver_name,
              _DEP.c.bitstream_id, _DEP.c.rp_state, _DEP.c.device_id,
              _DEV.c.type, _DEV.c.uuid.label('device_uuid'),
              _DEV.c.hostname, _CFG.c.state.label('config_state'),
              _DEP.c.removed_at,
              _DEP.c.device_id.in_(hold.reshaped_devices()).label(
                  'reshaping'),
              _ATTR.c.key, _ATTR.c.value)
    .join(_DEV, _DEP.c.device_id == _DEV.c.id)
    .outerjoin(_HOST, _HOST.c.hostname == _DEV.c.hostname)
    .outerjoin(_CFG, _CFG.c.device_uuid == _DEV.c.uuid)
    .outerjoin(_ATTR, sa.and_(
        _ATTR.c.deployable_id == _DEP.c.id,
        sa.or_(_ATTR.c.key.startswith('trait'), _ATTR.c.key == 'rc')))
    .where(_DEP.c.rp_uuid == sa.bindparam('b_rp'),
           sa.or_(_DEV.c.hostname == sa.bindparam('b_host'),
                  _HOST.c.compute_rp_name == sa.bindparam('b_host')))
    .order_by(_ATTR.c.id))


def _class_traits(rp_state):
    # Device classes are matched at each push, not stored as attributes.
    if not rp_state:
        return []
    try:
        published = jsonutils.loads(rp_state).get('traits', ())
    except (ValueError, AttributeError):
        return []
    return [t for t in published
            if t.startswith(device_class.TRAIT_PREFIX)]


@db_api.context_manager.reader
def bind_target(context, rp_uuid, hostname):
    """What binding needs of the deployable behind *rp_uuid*, or None.

    *hostname* is the agent's host or Nova's nodename.  ``traits`` are its
    attributes' plus the class traits last published on its provider;
    ``hold`` what holds it out besides its device's own state
    (``config_state``, ``removed_at``, ``reshaping``: hold.reasons()
    judges them with the device's state, which the bind reads under the
    device's lock, device_state.lock()).
    """
    rows = db_api.execute(context, _BIND_TARGET,
                          {'b_rp': rp_uuid, 'b_host': hostname}).all()
    if not rows:
        return None
    row = rows[0]
    traits = [r.value for r in rows if r.key is not None and r.key != 'rc']
    traits.extend(_class_traits(row.rp_state))
    rc = next((r.value for r in rows if r.key == 'rc'), None)
    return {'id': row.id, 'uuid': row.uuid, 'name': row.name,
            'driver_name': row.driver_name,
            'bitstream_id': row.bitstream_id, 'traits': traits, 'rc': rc,
            'device_type': row.type, 'device_uuid': row.device_uuid,
            'hostname': row.hostname, 'device_id': row.device_id,
            'hold': {'config_state': row.config_state,
                     'removed_at': row.removed_at,
                     'reshaping': bool(row.reshaping)}}


_HOST_OF = (sa.select(_DEP.c.driver_name, _DEV.c.hostname)
            .join(_DEV, _DEP.c.device_id == _DEV.c.id)
            .where(_DEP.c.id == sa.bindparam('b_id')))


@db_api.context_manager.reader
def driver_and_host(context, deployable_id):
    """``{driver_name, hostname}`` of a deployable and its device."""
    row = db_api.execute(context, _HOST_OF, {'b_id': deployable_id}).one()
    return {'driver_name': row.driver_name, 'hostname': row.hostname}


_AH = models.AttachHandle.__table__
_JOBS = models.BindJob.__table__
_ARQS = models.ExtendedAcceleratorRequest.__table__
_IN_USE = sa.select(sa.func.count()).select_from(_AH).where(
    _AH.c.deployable_id == _DEP.c.id, _AH.c.in_use == sa.true())
_PROGRAMMING = sa.select(sa.func.count()).select_from(
    _JOBS.join(_ARQS, _ARQS.c.uuid == _JOBS.c.arq_uuid)).where(
    _ARQS.c.deployable_id == _DEP.c.id, _JOBS.c.kind == 'program')
# One statement: a bind's statement count matters.
_LOCK = (sa.select(_DEP.c.bitstream_id, _DEP.c.programming_until,
                   _IN_USE.scalar_subquery().label('in_use'),
                   _PROGRAMMING.scalar_subquery().label('programming'))
         .where(_DEP.c.id == sa.bindparam('b_id'))
         .with_for_update(of=_DEP))
# A bind's lock also reads the first free handle of the FPGA, which
# attach_handle.claim tries first.  The plain read may be older than the
# lock, so claim() takes it only if it is still free.
_FREE_AH = _AH.alias('free_handle')
_FIRST_FREE = sa.select(sa.func.min(_AH.c.id)).where(
    _AH.c.deployable_id == _DEP.c.id, _AH.c.in_use == sa.false(),
    _AH.c.clean_state.is_(None)).scalar_subquery()
_LOCK_FOR_BIND = (
    _LOCK.add_columns(_FREE_AH.c.id.label('h_id'),
                      _FREE_AH.c.uuid.label('h_uuid'),
                      _FREE_AH.c.in_use.label('h_in_use'),
                      _FREE_AH.c.attach_type.label('h_type'),
                      _FREE_AH.c.attach_info.label('h_info'))
    .select_from(_DEP.outerjoin(_FREE_AH, _FREE_AH.c.id == _FIRST_FREE)))


@db_api.retrying_writer
def lock_fpga(context, deployable_id, for_bind=False):
    """Lock an FPGA deployable's row for the transaction; None when gone.

    Every FPGA bind and the program API take this lock first, so that of
    one reprogramming the FPGA and one using it as it is, never both win.
    ``programming`` counts bind jobs, plus one while the program API runs.
    """
    row = db_api.execute(context, _LOCK_FOR_BIND if for_bind else _LOCK,
                         {'b_id': deployable_id}).one_or_none()
    if row is None:
        return None
    manual = (row.programming_until is not None and
              row.programming_until > timeutils.utcnow())
    state = {'bitstream_id': row.bitstream_id, 'in_use': row.in_use,
             'programming': row.programming + int(manual)}
    if for_bind:
        state['free_handle'] = None if row.h_id is None else {
            'id': row.h_id, 'uuid': row.h_uuid,
            'deployable_id': deployable_id, 'in_use': row.h_in_use,
            'attach_type': row.h_type,
            'attach_info': jsonutils.loads(row.h_info)}
    return state


@db_api.context_manager.writer
def start_programming(context, deployable_id, until):
    """Mark it programmed by the API until *until* (None: clear)."""
    context.session.execute(sa.update(models.Deployable)
                    .where(models.Deployable.id == deployable_id)
                    .values(programming_until=until))


@db_api.context_manager.writer
def end_programming(context, deployable_id):
    """Clear start_programming's mark."""
    start_programming(context, deployable_id, None)


@db_api.context_manager.reader
def controlpath_address(context, handle_id):
    """The PCI address (``dddd:bb:dd.f``) of an attach handle's device."""
    ah, cpid = models.AttachHandle, models.ControlpathID
    info = context.session.execute(
        sa.select(cpid.cpid_info).join(ah, ah.cpid_id == cpid.id)
        .where(ah.id == handle_id)).scalar_one()
    return _pci_address(info)


def _pci_address(cpid_info):
    """``dddd:bb:dd.f`` of a control path id's (JSON) info."""
    pci = jsonutils.loads(cpid_info)
    return '%s:%s:%s.%s' % (pci['domain'], pci['bus'], pci['device'],
                            pci['function'])


@db_api.context_manager.reader
def program_target(context, uuid):
    """``{id, driver_name, hostname, address}`` of a deployable."""
    dep, dev, cpid = (models.Deployable, models.Device,
                      models.ControlpathID)
    row = db_api.one(context.session.execute(
        sa.select(dep.id, dep.driver_name, dev.hostname, cpid.cpid_info)
        .join(dev, dep.device_id == dev.id)
        .join(cpid, cpid.device_id == dev.id)
        .where(dep.uuid == uuid).limit(1)), exception.DeployableNotFound,
        uuid=uuid)
    return {'id': row.id, 'driver_name': row.driver_name,
            'hostname': row.hostname,
            'address': _pci_address(row.cpid_info)}


@db_api.context_manager.writer
def record_programming(context, deployable_id, bitstream_id,
                       function_traits, trait_prefix):
    """Record a programmed FPGA's bitstream and function traits; mark the host.

    *function_traits* None: the agent did not say (the next report does).
    """
    session = context.session
    now = timeutils.utcnow()
    values = {'updated_at': now}
    if bitstream_id:
        values['bitstream_id'] = bitstream_id
    session.execute(sa.update(models.Deployable)
                    .where(models.Deployable.id == deployable_id)
                    .values(**values))
    if function_traits is None:
        return
    hostname = (sa.select(models.Device.hostname)
                .join(models.Deployable,
                      models.Deployable.device_id == models.Device.id)
                .where(models.Deployable.id == deployable_id)
                .scalar_subquery())
    session.execute(sa.update(models.Host)
                    .where(models.Host.hostname == hostname)
                    .values(needs_sync=True))
    attr = models.Attribute
    session.execute(sa.delete(attr).where(
        attr.deployable_id == deployable_id,
        attr.key.startswith('trait'),
        attr.value.startswith(trait_prefix)))
    keys = set(session.execute(
        sa.select(attr.key).where(attr.deployable_id == deployable_id))
        .scalars())
    index = 0
    for trait in sorted(set(function_traits)):
        while 'trait%d' % index in keys:
            index += 1
        keys.add('trait%d' % index)
        session.add(models.Attribute(
            uuid=uuidutils.generate_uuid(), deployable_id=deployable_id,
            key='trait%d' % index, value=trait, created_at=now))
