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
"""A device's configuration as desired state: the one vocabulary of the
API, the conductor, the agent and the drivers.

A driver that can configure a device says what can be set in the
device's record (``Hardware.configuration``)::

    {"settable": {"num_vfs": {"type": "integer", "minimum": 0,
                              "maximum": 16},
                  "vf_driver": {"type": "string",
                                "enum": ["4xxx", "vfio-pci"]}},
     "actual": {"num_vfs": 0, "vf_driver": null}}

Each settable field is a JSON schema of its value.  An operator asks for
some of them (``desired``, a subset); the conductor stores it with a
generation, the agent applies it and reports ``applied`` (the generation
it applied, how it ended), and from then on a device whose ``actual``
differs from ``desired`` has drifted.

The fields drivers use (an admin guide page, device-configuration.rst,
shows them per device kind):

* ``num_vfs``: how many SR-IOV virtual functions the physical function
  exposes (0 to ``sriov_totalvfs``);
* ``vf_driver``: the kernel driver of those VFs, the host's own for the
  function or ``vfio-pci``;
* ``mode``: of an NVIDIA GPU, ``passthrough``, ``vgpu`` or ``mig``;
* ``vgpu_type``: the vGPU type offered in mode ``vgpu``;
* ``mig_layout``: in mode ``mig``, the GPU instances to make, as
  profile names joined by commas (``3g.40gb,2g.20gb,1g.10gb``).
"""

import hashlib

import jsonschema
from oslo_serialization import jsonutils

NUM_VFS = 'num_vfs'
VF_DRIVER = 'vf_driver'
MODE = 'mode'
VGPU_TYPE = 'vgpu_type'
MIG_LAYOUT = 'mig_layout'
FIELDS = (NUM_VFS, VF_DRIVER, MODE, VGPU_TYPE, MIG_LAYOUT)

#: The kernel driver that hands a function to a guest.
VFIO_PCI = 'vfio-pci'

MODE_PASSTHROUGH = 'passthrough'
MODE_VGPU = 'vgpu'
MODE_MIG = 'mig'
MODES = (MODE_PASSTHROUGH, MODE_VGPU, MODE_MIG)

# The states of a configuration (device_configs.state).
#: Waiting for the last bound instance of the device to go (drain).
DRAINING = 'draining'
#: Stored; the agent has not taken it yet.
PENDING = 'pending'
#: Handed to the agent, which applies it.
APPLYING = 'applying'
#: Applied, and the device reports it.
APPLIED = 'applied'
#: The agent could not apply it (``reason`` says why).
FAILED = 'failed'
#: Applied; only a reboot of the host completes it.
REBOOT_REQUIRED = 'reboot_required'
#: Was applied; the device now reports something else (``reason``).
DRIFTED = 'drifted'
STATES = (DRAINING, PENDING, APPLYING, APPLIED, FAILED, REBOOT_REQUIRED,
          DRIFTED)
#: The states in which the device is not offered (its inventory in
#: Placement is reserved): never scheduled half-configured, nor while a
#: failed configuration waits for the operator.
RESERVING = (DRAINING, PENDING, APPLYING, FAILED)
#: The states the agent is handed (see for_agent()).
TO_APPLY = (PENDING, APPLYING, APPLIED, REBOOT_REQUIRED, DRIFTED)


def schema(settable):
    """The JSON schema of a desired configuration of a device whose
    driver declares *settable*.
    """
    return {'type': 'object', 'properties': dict(settable),
            'additionalProperties': False, 'minProperties': 1}


def check(settable, desired):
    """Why *desired* is not a configuration the device takes, or None.

    :param settable: the record's ``configuration.settable``.
    :param desired: ``{field: value}``.
    :returns: a message naming the field, or None when it is valid.
    """
    if not isinstance(desired, dict):
        return 'a configuration is an object of field: value'
    validator = jsonschema.Draft7Validator(schema(settable))
    errors = sorted(validator.iter_errors(desired),
                    key=lambda e: list(e.absolute_path))
    if not errors:
        # What no one field's schema says: the VFs' driver needs VFs.
        if desired.get(NUM_VFS) == 0 and desired.get(VF_DRIVER) is not None:
            return '%s: %s asked with no VF (%s 0)' % (
                VF_DRIVER, desired[VF_DRIVER], NUM_VFS)
        return None
    error = errors[0]
    if error.absolute_path:
        return '%s: %s' % (error.absolute_path[0], error.message)
    if error.validator == 'additionalProperties':
        return '%s (settable: %s)' % (error.message,
                                      ', '.join(sorted(settable)) or 'none')
    return error.message


def differences(desired, actual):
    """The fields of *desired* that *actual* does not have.

    :returns: ``{field: (desired value, actual value)}``; empty when the
        device is as desired.
    """
    actual = actual or {}
    return {field: (value, actual.get(field))
            for field, value in sorted((desired or {}).items())
            if actual.get(field) != value}


def drift_reason(diff):
    """A one-line reason for the differences of differences()."""
    return '; '.join('%s is %s, %s wanted' % (field, jsonutils.dumps(have),
                                             jsonutils.dumps(want))
                     for field, (want, have) in sorted(diff.items()))


def as_text(desired):
    """*desired* as one line of sorted JSON (logs, tables)."""
    return jsonutils.dumps(desired, sort_keys=True)


def revision(configs):
    """A digest of what a host's agent is to apply: the agent sends the
    revision it applied in its heartbeat, and the conductor answers with
    the host's configurations when its own differs.

    :param configs: ``[{device_uuid, generation, ...}]`` (for_agent()).
    """
    pairs = sorted((c['device_uuid'], c['generation']) for c in configs)
    return hashlib.sha256(
        jsonutils.dumps(pairs).encode('utf-8')).hexdigest()[:16]
