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
"""The hardware record: what a driver found, as the agent reports it.

One ``Hardware`` per physical device, in the shape of the seeds'
``/hardware``, plus its deployables; its ``*_values()`` methods give the
rows of the public tables the conductor writes.
"""

import hashlib
import re
import uuid

from oslo_serialization import jsonutils
from oslo_versionedobjects import fields as ovo_fields

from cyborg.common import health_states
from cyborg.objects import base
from cyborg.objects import fields

# acc_status.state values.
STATE_READY = 'ready'
STATE_UNBOUND = 'unbound'
STATE_DOWN = 'down'

# Namespace of the device uuids: uuid5(namespace, "<host>/<driver>/<addr>"),
# so that a device keeps its uuid across discoveries and agent restarts.
_UUID_NAMESPACE = uuid.UUID('1e7c5c2a-46a4-4c57-9d1a-0c7d0f0b5f4e')

_ADDRESS_RE = re.compile(
    r'^([0-9a-fA-F]{4}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\.([0-7])$')


def _json(value):
    return jsonutils.dumps(value, sort_keys=True)


def pci_address_info(address):
    """The attach_info / cpid_info dict of a PCI address ``dddd:bb:ss.f``
    (lower-case hex strings, as the existing Cyborg writes them).
    """
    match = _ADDRESS_RE.match(address)
    if match is None:
        raise ValueError('not a PCI address: %r' % (address,))
    domain, bus, slot, function = (p.lower() for p in match.groups())
    return {'domain': domain, 'bus': bus, 'device': slot,
            'function': function}


_WIDTHS = {'domain': 4, 'bus': 2, 'device': 2, 'function': 1}


def canonical_info_json(text):
    """An attach_info / cpid_info JSON text as this Cyborg writes it
    (sorted keys, padded numbers): upstream rows are rewritten so at
    upgrade, so that reports of the same hardware find them.
    """
    info = jsonutils.loads(text)
    if not isinstance(info, dict) or not set(_WIDTHS) <= set(info):
        raise ValueError('not a PCI address: %r' % (text,))
    for key, width in _WIDTHS.items():
        value = int(str(info[key]), 16)
        info[key] = '%0*x' % (width, value)
    return _json(info)


#: The attach_info key of the type a device must be set to before an
#: instance gets it (a vGPU type): such a handle needs the driver's
#: prepare_attach() at bind and release_attach() at unbind.
ASKED_TYPE = 'asked_type'


def needs_device_work(attach_type, attach_info):
    """Whether a handle needs prepare_attach() and release_attach()."""
    return (attach_type == fields.AttachType.MDEV or
            bool((attach_info or {}).get(ASKED_TYPE)))


def device_uuid(host, driver, address):
    return str(uuid.uuid5(_UUID_NAMESPACE, '%s/%s/%s' % (
        host, driver, address)))


class _Record(base.CyborgObject):
    """Applies the fields' defaults (oslo.versionedobjects does not)."""

    def __init__(self, context=None, **kwargs):
        super().__init__(context=context, **kwargs)
        self.obj_set_defaults(*[
            name for name, field in self.fields.items()
            if name not in kwargs and
            field.default != ovo_fields.UnspecifiedDefault])

    # {field: the _Record class of its value (or of its list's items)}.
    NESTED = {}
    # The fields from_dict() needs (KeyError); the others may be missing.
    REQUIRED = ()

    def to_dict(self):
        return {name: _plain(getattr(self, name)) for name in self.fields}

    @classmethod
    def from_dict(cls, values):
        values = {name: values[name] for name in cls.fields
                  if name in values or name in cls.REQUIRED}
        for name, nested in cls.NESTED.items():
            value = values[name]
            values[name] = ([nested.from_dict(v) for v in value]
                            if isinstance(value, list)
                            else nested.from_dict(value))
        return cls(**values)


def _plain(value):
    """A field's value as to_dict() gives it: records as dicts."""
    if isinstance(value, _Record):
        return value.to_dict()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return dict(value) if isinstance(value, dict) else value


@base.CyborgObjectRegistry.register
class HardwareAttachHandle(_Record):
    """One assignable slot: a PCI function or a mediated device."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'attach_type': fields.AttachTypeField(),
        # domain/bus/device/function (hex strings), plus physical_network
        # for NIC functions, asked_type/vgpu_mark for mediated devices.
        'attach_info': ovo_fields.DictOfNullableStringsField(),
    }

    def attach_handle_values(self):
        return {'attach_type': self.attach_type,
                'attach_info': _json(self.attach_info),
                'in_use': False}

    REQUIRED = tuple(fields)


@base.CyborgObjectRegistry.register
class HardwareDeployable(_Record):
    """A schedulable unit of a device: one Placement resource provider."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        # Globally unique (it becomes the resource provider's name), so it
        # starts with the host.
        'name': ovo_fields.StringField(),
        'num_accelerators': ovo_fields.IntegerField(),
        'resource_class': ovo_fields.StringField(),
        'traits': ovo_fields.ListOfStringsField(),
        'driver_name': ovo_fields.StringField(),
        'attach_handles': ovo_fields.ListOfObjectsField(
            'HardwareAttachHandle'),
    }

    def deployable_values(self):
        return {'name': self.name, 'num_accelerators': self.num_accelerators,
                'driver_name': self.driver_name}

    def attribute_values(self):
        """(key, value): ``rc``, then ``traitN`` per trait, sorted."""
        rows = [('rc', self.resource_class)]
        rows.extend(('trait%d' % i, trait)
                    for i, trait in enumerate(sorted(self.traits)))
        return rows

    NESTED = {'attach_handles': HardwareAttachHandle}
    REQUIRED = tuple(fields)

    def to_dict(self):
        return dict(super().to_dict(), traits=sorted(self.traits))


@base.CyborgObjectRegistry.register
class AccSpecs(_Record):
    """What the device offers (the seeds' ``acc_specs``)."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'remote': ovo_fields.BooleanField(default=False),
        'num': ovo_fields.IntegerField(),
        'device_type': fields.DeviceTypeField(),
        # Driver-specific: class code, NUMA node, IOMMU group, QAT
        # services, loaded FPGA function...
        'acc_capability': fields.JsonField(),
    }


@base.CyborgObjectRegistry.register
class AccStatus(_Record):
    """The device's readiness (the seeds' ``acc_status``)."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'setup_required': ovo_fields.BooleanField(default=False),
        'reboot_required': ovo_fields.BooleanField(default=False),
        # ready, unbound (no kernel driver) or down
        'state': ovo_fields.StringField(default=STATE_READY),
    }


@base.CyborgObjectRegistry.register
class Hardware(_Record):
    """One device found by a driver."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'uuid': ovo_fields.UUIDField(),
        'driver': ovo_fields.StringField(),
        # The control path: the PCI address of the (physical) function
        # that manages the device.
        'address': ovo_fields.StringField(),
        'vendor': ovo_fields.StringField(),
        'product': ovo_fields.StringField(),
        'type': fields.DeviceTypeField(),
        'acc_specs': ovo_fields.ObjectField('AccSpecs'),
        'acc_status': ovo_fields.ObjectField('AccStatus'),
        'deployables': ovo_fields.ListOfObjectsField('HardwareDeployable'),
        # PCI facts (IDs, class, NUMA node...) and driver facts (board,
        # firmware, loaded function...).
        'std_board_info': ovo_fields.DictOfNullableStringsField(default={}),
        'vendor_board_info': ovo_fields.DictOfNullableStringsField(default={}),
        # What the agent's health checks found (cyborg.agent.health):
        # healthy or unhealthy, and why.
        'health': ovo_fields.StringField(default=health_states.HEALTHY),
        'health_reason': ovo_fields.StringField(nullable=True, default=None),
        # Of a device whose driver can configure it (SR-IOV VFs, a GPU's
        # mode), None otherwise: ``{"settable": {field: JSON schema},
        # "actual": {field: value}}``, and, set by the agent once it
        # applied a configuration the conductor handed it, ``"applied":
        # {"generation", "state", "reason"}`` (see
        # cyborg.common.device_config).
        'configuration': fields.JsonField(nullable=True, default=None),
        # The clean steps its driver offers for it (the drivers'
        # clean.CleanStep.to_dict()), or None: not known.
        'clean_steps': fields.JsonField(nullable=True, default=None),
    }

    def device_values(self, host):
        """``std_board_info`` holds acc_specs, acc_status, configuration."""
        std = dict(self.std_board_info, acc_specs=self.acc_specs.to_dict(),
                   acc_status=self.acc_status.to_dict())
        if self.configuration is not None:
            # What can be set and what is (the API's device view, the
            # conductor's check of a desired configuration).
            std['configuration'] = self.configuration
        return {'uuid': self.uuid, 'type': self.type, 'vendor': self.vendor,
                'model': self.product, 'hostname': host,
                'std_board_info': _json(std),
                'vendor_board_info': _json(dict(self.vendor_board_info)),
                'driver_name': self.driver,
                'clean_offer': (None if self.clean_steps is None
                                else _json(self.clean_steps))}

    def controlpath_values(self):
        return {'cpid_type': 'PCI',
                'cpid_info': _json(pci_address_info(self.address))}

    NESTED = {'acc_specs': AccSpecs, 'acc_status': AccStatus,
              'deployables': HardwareDeployable}
    REQUIRED = ('uuid', 'driver', 'address', 'vendor', 'product', 'type',
                'acc_specs', 'acc_status', 'deployables', 'std_board_info',
                'vendor_board_info')

    def to_dict(self):
        values = super().to_dict()
        # Only an unhealthy, configurable or cleanable device's record
        # carries those: the stored reports of other hardware stay short.
        if self.health == health_states.HEALTHY:
            del values['health'], values['health_reason']
        for name in ('configuration', 'clean_steps'):
            if values[name] is None:
                del values[name]
        return values


@base.CyborgObjectRegistry.register
class HardwareList(base.CyborgObjectListBase, base.CyborgObject):
    """The hardware of one host, as sent to the conductor."""

    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'objects': ovo_fields.ListOfObjectsField('Hardware'),
    }


def sort_key(record):
    return (record['driver'], record['address'])


def inventory_hash(records):
    """A digest of a host's hardware (objects or their to_dict())."""
    dicts = [r if isinstance(r, dict) else r.to_dict() for r in records]
    dicts.sort(key=sort_key)
    return hashlib.sha256(_json(dicts).encode('utf-8')).hexdigest()
