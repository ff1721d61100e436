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
"""Applying a host's report to its inventory tables: the diff.

Only what differs is written; rows keep their uuids.  Gone hardware is
never pulled from under an instance: a held handle stays, a gone
deployable is only marked (``removed_at``) for placement.provider_gc.
``bitstream_id`` is cleared when the function traits change.  A new
deployable on a device inherits the operator's attributes of the device's
deployables, so device classes built on them keep matching.
"""

from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils

from cyborg.common import traits as cyborg_traits
from cyborg.db.queries import host_inventory
from cyborg.objects import hardware as hardware_obj

LOG = logging.getLogger(__name__)


_DEVICE_COLUMNS = ('type', 'vendor', 'model', 'hostname', 'std_board_info',
                   'vendor_board_info', 'driver_name', 'clean_offer')
_DEPLOYABLE_COLUMNS = ('num_accelerators', 'driver_name', 'device_id',
                       'bitstream_id', 'removed_at')


class Result:
    """What a diff did (*changes*: for the notifications)."""

    def __init__(self):
        self.writes = 0
        self.leftovers = False
        self.health_changes = []
        self.config_changes = []
        self.changes = []


def function_traits(traits):
    """The ``CUSTOM_FPGA_FUNCTION_ID_*`` traits among *traits*, as a set."""
    return {t for t in traits if cyborg_traits.is_function_trait(t)}


def _changed(row, values, columns):
    return {c: values[c] for c in columns if row[c] != values[c]}


class _Diff:
    """One host's diff, applied parents before children."""

    def __init__(self, context, host, records, snapshot):
        self.context = context
        self.host = host
        self.records = records
        self.snap = snapshot
        self.result = Result()
        self.now = timeutils.utcnow()
        self.device_ids = {}     # device uuid -> id
        # Devices the existing Cyborg stored (no driver_name), by their
        # control path: adopted by the record of the same address.
        by_id = snapshot.devices_by_id()
        self.upstream_devices = {
            _address_key(cpid['cpid_info']): by_id[device_id]
            for device_id, cpid in snapshot.controlpaths.items()
            if device_id in by_id and by_id[device_id]['driver_name'] is None}
        self.cpid_ids = {}       # device id -> controlpath id
        self.deployable_ids = {}  # name -> id
        self.made = set()        # names of the deployables inserted
        # device id -> ids of the deployables on it after the diff
        self.on_device = {}
        for row in snapshot.deployables.values():
            self.on_device.setdefault(row['device_id'], set()).add(row['id'])

    def _insert(self, table, rows):
        ids = host_inventory.insert(self.context, table, rows)
        self.result.writes += len(rows)
        return ids

    def _update(self, table, row_id, values):
        if values:
            host_inventory.update(self.context, table, row_id, values)
            self.result.writes += 1

    def _note(self, event_type, values, changed=()):
        """Record a change for its notification."""
        values = dict(values, hostname=self.host)
        if 'device_id' in values:
            values['device_uuid'] = self._device_uuid(values['device_id'])
        self.result.changes.append((event_type, values, sorted(changed)))

    def _device_uuid(self, device_id):
        for uuid, row_id in self.device_ids.items():
            if row_id == device_id:
                return uuid
        row = self.snap.devices_by_id().get(device_id)
        return row['uuid'] if row else None

    def run(self):
        self._devices()
        self._controlpaths()
        self._deployables()
        self._attributes()
        self._handles()
        self._gone_devices()
        return self.result

    def _devices(self):
        new = []
        for record in self.records:
            values = record.device_values(self.host)
            row = self.snap.devices.get(record.uuid)
            columns = _DEVICE_COLUMNS
            if row is None:
                row = self.upstream_devices.pop(_address_key(
                    record.controlpath_values()['cpid_info']), None)
                columns = _DEVICE_COLUMNS + ('uuid',)
                if row is not None:
                    LOG.info('Device %(uuid)s (%(address)s) of the existing '
                             'Cyborg adopted by driver %(driver)s as '
                             '%(new)s', {'uuid': row['uuid'],
                                         'address': record.address,
                                         'driver': record.driver,
                                         'new': record.uuid})
            if row is None:
                new.append(values)
                continue
            self.device_ids[record.uuid] = row['id']
            changed = _changed(row, values, columns)
            self._update('devices', row['id'], changed)
            if changed:
                self._note('device.update', dict(row, **changed), changed)
        self.device_ids.update(self._insert('devices', new))
        for values in new:
            self._note('device.create', values)

    def _controlpaths(self):
        new = []
        for record in self.records:
            device_id = self.device_ids[record.uuid]
            values = record.controlpath_values()
            row = self.snap.controlpaths.get(device_id)
            if row is None:
                new.append(dict(values, device_id=device_id,
                                uuid=uuidutils.generate_uuid()))
                continue
            self.cpid_ids[device_id] = row['id']
            columns = ('cpid_type', 'cpid_info')
            if (_address_key(row['cpid_info']) ==
                    _address_key(values['cpid_info'])):
                # The same address, maybe as the existing Cyborg wrote
                # it: kept as it is.
                columns = ('cpid_type',)
            self._update('controlpath_ids', row['id'], _changed(
                row, values, columns))
        ids = self._insert('controlpath_ids', new)
        self.cpid_ids.update({v['device_id']: ids[v['uuid']] for v in new})

    def _deployables(self):
        new = []
        reported = set()
        for record in self.records:
            device_id = self.device_ids[record.uuid]
            for dep in record.deployables:
                reported.add(dep.name)
                values = dict(dep.deployable_values(), device_id=device_id,
                              removed_at=None)
                row = self.snap.deployables.get(dep.name)
                if row is None:
                    new.append(dict(values, bitstream_id=None,
                                    uuid=uuidutils.generate_uuid()))
                    continue
                values['bitstream_id'] = self._bitstream(row, dep)
                self.deployable_ids[dep.name] = row['id']
                changed = _changed(row, values, _DEPLOYABLE_COLUMNS)
                if 'device_id' in changed:
                    self.on_device[row['device_id']].discard(row['id'])
                if row['removed_at'] is not None:
                    LOG.info('Deployable %s is back', dep.name)
                self._update('deployables', row['id'], changed)
                if changed:
                    self._note('deployable.update', dict(row, **changed),
                               changed)
        taken = host_inventory.taken_names(
            self.context, [v['name'] for v in new])
        for values in [v for v in new if v['name'] in taken]:
            LOG.error('Host %(host)s reports deployable %(name)s, whose '
                      'name another host already uses; skipped (names '
                      'must be unique: they name resource providers)',
                      {'host': self.host, 'name': values['name']})
        new = [v for v in new if v['name'] not in taken]
        self.made = {v['name'] for v in new}
        ids = self._insert('deployables', new)
        by_uuid = {v['uuid']: v['name'] for v in new}
        self.deployable_ids.update(
            {by_uuid[row_uuid]: row_id for row_uuid, row_id in ids.items()})
        for values in new:
            self._note('deployable.create', values)
        for name, row in self.snap.deployables.items():
            if name not in reported and row['removed_at'] is None:
                LOG.info('Deployable %(name)s of host %(host)s is gone',
                         {'name': name, 'host': self.host})
                if row['id'] in self.snap.held_deployables:
                    self._held_gone(row)
                self._update('deployables', row['id'],
                             {'removed_at': self.now})
                self._note('deployable.delete', row)

    def _held_gone(self, row):
        """A deployable of a device a clean holds left the report: kept,
        held and missing until it comes back or an administrator
        releases it.
        """
        device = self.snap.devices_by_id().get(row['device_id']) or {}
        held = device.get('clean_state') or next(
            (h['clean_state'] for h in self.snap.handles.get(row['id'], ())
             if h['clean_state']), None)
        if held:
            LOG.warning('Deployable %(name)s of host %(host)s is gone while '
                        'its clean holds it (%(state)s): kept, held, until '
                        'it comes back and its clean ends, or an '
                        'administrator releases it',
                        {'name': row['name'], 'host': self.host,
                         'state': held})

    def _bitstream(self, row, dep):
        """The stored image, unless the loaded function changed."""
        stored = function_traits(
            a['value'] for a in self.snap.attributes.get(row['id'], ())
            if a['key'].startswith('trait'))
        if row['bitstream_id'] and stored != function_traits(dep.traits):
            LOG.info('Deployable %(name)s now reports functions %(new)s '
                     '(was %(old)s): its bitstream is no longer known',
                     {'name': dep.name,
                      'new': sorted(function_traits(dep.traits)),
                      'old': sorted(stored)})
            return None
        return row['bitstream_id']

    def _reported(self):
        """(record, deployable, deployable id) of what was stored."""
        for record in self.records:
            for dep in record.deployables:
                dep_id = self.deployable_ids.get(dep.name)
                if dep_id is not None:
                    yield record, dep, dep_id

    def _attributes(self):
        new, gone = [], []
        inherited = self._operators_attributes()
        for record, dep, dep_id in self._reported():
            stored = {}
            for row in self.snap.attributes.get(dep_id, ()):
                if not cyborg_traits.is_driver_attribute(row['key']):
                    continue
                if row['key'] in stored:
                    # Two rows of one key (the existing Cyborg's Intel
                    # FPGA driver wrote such): the later one goes.
                    gone.append(row['id'])
                else:
                    stored[row['key']] = row
            for key, value in dep.attribute_values():
                row = stored.pop(key, None)
                if row is None:
                    new.append({'deployable_id': dep_id, 'key': key,
                                'value': value})
                elif row['value'] != value:
                    self._update('attributes', row['id'], {'value': value})
            gone.extend(row['id'] for row in stored.values())
            if dep.name in self.made:
                new.extend(self._inherit(
                    dep, dep_id, inherited.get(self.device_ids[record.uuid],
                                               {})))
        if gone:
            host_inventory.delete_attributes(self.context, gone)
            self.result.writes += len(gone)
        self._insert('attributes', new)

    def _operators_attributes(self):
        """``{device id: {key: value}}`` of the operator's stored attributes.

        Of a key set on several deployables, the first set.
        """
        device_of = {row['id']: row['device_id']
                     for row in self.snap.deployables.values()}
        rows = sorted((row for dep_id in device_of
                       for row in self.snap.attributes.get(dep_id, ())
                       if not cyborg_traits.is_driver_attribute(row['key'])),
                      key=lambda row: row['id'])
        found = {}
        for row in rows:
            found.setdefault(device_of[row['deployable_id']], {}).setdefault(
                row['key'], row['value'])
        return found

    def _inherit(self, dep, dep_id, attributes):
        """Attribute rows of *attributes* for the new deployable *dep*."""
        if attributes:
            LOG.info('Deployable %(name)s takes the attributes %(keys)s '
                     'the operator set on its device',
                     {'name': dep.name, 'keys': ', '.join(sorted(attributes))})
        return [{'deployable_id': dep_id, 'key': key, 'value': value}
                for key, value in sorted(attributes.items())]

    def _handles(self):
        new, gone = [], []
        for record, dep, dep_id in self._reported():
            cpid_id = self.cpid_ids[self.device_ids[record.uuid]]
            # By address: a handle the existing Cyborg wrote keeps its
            # bytes, which Nova and operators may have stored.
            stored = {_address_key(row['attach_info']): row for row in
                      self.snap.handles.get(dep_id, ())}
            for handle in dep.attach_handles:
                values = dict(handle.attach_handle_values(),
                              deployable_id=dep_id, cpid_id=cpid_id,
                              resource_class=dep.resource_class)
                row = stored.pop(_address_key(values['attach_info']), None)
                if row is None:
                    new.append(values)
                    continue
                # A held handle keeps its columns but its copy of the
                # deployable's resource class.
                columns = ('resource_class',)
                if row['id'] not in self.snap.held_handles:
                    columns += ('attach_type', 'cpid_id')
                self._update('attach_handles', row['id'],
                             _changed(row, values, columns))
            gone.extend(row['id'] for row in stored.values())
        deleted = host_inventory.delete_free_handles(self.context, gone)
        self.result.writes += len(deleted)
        if len(deleted) < len(gone):
            LOG.info('Host %(host)s: %(count)d attach handle(s) are gone '
                     'but still in use; kept until released',
                     {'host': self.host, 'count': len(gone) - len(deleted)})
            self.result.leftovers = True
        self._insert('attach_handles', new)

    def _gone_devices(self):
        """Delete devices neither reported nor with deployables."""
        kept = set(self.device_ids.values())
        for row in self.snap.devices.values():
            if row['id'] in kept or self.on_device.get(row['id']):
                continue
            if host_inventory.delete_device(self.context, row['id']):
                self.result.writes += 1
                self._note('device.delete', row)
            else:
                self.result.leftovers = True


def _address_key(text):
    """JSON text as this Cyborg writes it, or itself if no PCI address."""
    try:
        return hardware_obj.canonical_info_json(text)
    except (TypeError, ValueError):
        return text


def apply(context, host, records):
    """Make a host's tables match *records* in the caller's writer; a Result.

    The transaction holds the host's row lock.
    """
    result = _Diff(context, host, records,
                   host_inventory.load(context, host)).run()
    if result.writes:
        LOG.info('Host %(host)s: %(writes)d inventory row(s) written',
                 {'host': host, 'writes': result.writes})
    return result


def decode(hardware_json):
    """The Hardware records of a stored report (hosts.hardware)."""
    return [hardware_obj.Hardware.from_dict(d)
            for d in jsonutils.loads(hardware_json or '[]')]
