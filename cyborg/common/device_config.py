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
"""A device's configuration as desired state, for the API, conductor,
agent and drivers.  A driver reports ``{"settable": {field: JSON schema},
"actual": {...}, "limits": {...}}`` in ``Hardware.configuration``; check()
is the one judgement of a desired state (doc/source/admin/
device-configuration.rst lists the fields).
"""

import hashlib
import re

from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import health_states
from cyborg.common import json_schema

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
    return {'type': 'object', 'properties': dict(settable),
            'additionalProperties': False, 'minProperties': 1}


def _message(error, settable):
    message = error.message
    if error.validator == 'pattern' and 'description' in error.schema:
        # What the pattern means, not the pattern.
        message = '%r is not %s' % (error.instance,
                                    error.schema['description'])
    if error.absolute_path:
        return '%s: %s' % (error.absolute_path[0], message)
    if error.validator == 'additionalProperties':
        return '%s (settable: %s)' % (message,
                                      ', '.join(sorted(settable)) or 'none')
    return message


def check(reported, desired):
    """Why *desired* is not a configuration the device takes, or None."""
    if not isinstance(desired, dict):
        return 'a configuration is an object of field: value'
    settable = reported.get('settable') or {}
    errors = sorted(json_schema.Strict(schema(settable)).iter_errors(desired),
                    key=lambda e: list(e.absolute_path))
    if errors:
        return _message(errors[0], settable)
    limits = reported.get('limits') or {}
    return (_contradiction(desired, reported.get('actual') or {}) or
            _misfit(desired.get(MIG_LAYOUT), limits.get(MIG_LAYOUT)))


def _contradiction(desired, actual):
    """Why fields that are each valid do not go together, or None."""
    wanted = dict(actual, **desired)
    mode = wanted.get(MODE)
    if desired.get(VF_DRIVER) is not None and wanted.get(NUM_VFS) == 0:
        return '%s: %s asked with no VF (%s 0)' % (
            VF_DRIVER, desired[VF_DRIVER], NUM_VFS)
    for field, its_mode in ((VGPU_TYPE, MODE_VGPU), (MIG_LAYOUT, MODE_MIG)):
        if desired.get(field) is not None and mode != its_mode:
            return '%s: set in mode %s only, not in mode %s' % (
                field, its_mode, mode)
    if mode == MODE_VGPU and wanted.get(VGPU_TYPE) is None:
        return '%s: %s needs a %s' % (MODE, MODE_VGPU, VGPU_TYPE)
    return None


_MIG_PROFILE = re.compile(r'^(\d+)g\.(\d+)gb(\+me)?$')


def mig_profile_size(profile):
    """``(1, 10, False)`` for ``1g.10gb``; None for another name."""
    match = _MIG_PROFILE.match(profile)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2)), bool(match.group(3))


def _largest_first(profile):
    size = mig_profile_size(profile)
    if size is None:
        return (1, 0, 0, False, profile)
    return (0, -size[0], -size[1], size[2], profile)


def mig_layout(profiles):
    """*profiles* joined by commas, largest first, so that layouts
    compare as text; None for none.
    """
    return ','.join(sorted(profiles, key=_largest_first)) or None


def _misfit(layout, limits):
    """Why *layout* cannot be made on a GPU of *limits*, or None."""
    if layout is None:
        return None
    profiles = layout.split(',')
    known = (limits or {}).get('profiles')
    if known:
        unknown = [p for p in profiles if p not in known]
    else:
        unknown = [p for p in profiles if mig_profile_size(p) is None]
    if unknown:
        return '%s: %s is not a MIG profile of the GPU%s' % (
            MIG_LAYOUT, unknown[0],
            ' (%s)' % mig_layout(known).replace(',', ', ') if known else '')
    if mig_layout(profiles) != layout:
        return '%s: give the profiles largest first: %s' % (
            MIG_LAYOUT, mig_layout(profiles))
    for key, what in (('compute_slices', 'compute slices'),
                      ('memory_slices', 'memory slices')):
        has = (limits or {}).get(key)
        if not known or has is None:
            continue
        takes = sum(known[p].get(key, 0) for p in profiles)
        if takes > has:
            return '%s: %s takes %d %s, the GPU has %d' % (
                MIG_LAYOUT, layout, takes, what, has)
    return _too_many(profiles, known or {}, limits or {})


def _too_many(profiles, known, limits):
    """Why *profiles* are more instances than the GPU makes, or None."""
    media = [p for p in profiles if p.endswith('+me')]
    if limits.get('media_extensions') is not None and \
            len(media) > limits['media_extensions']:
        return ('%s: %d GPU instances with the media extension (%s), the '
                'GPU makes %d' % (MIG_LAYOUT, len(media), ', '.join(media),
                                  limits['media_extensions']))
    for profile in sorted(set(profiles)):
        most = known.get(profile, {}).get('instances')
        if most is not None and profiles.count(profile) > most:
            return '%s: %d instances of %s, the GPU makes at most %d' % (
                MIG_LAYOUT, profiles.count(profile), profile, most)
    return None


# (field, the field it is judged with): a desired state that has the
# first keeps the second (check()'s _contradiction()).
_JUDGED_WITH = ((VF_DRIVER, NUM_VFS), (MIG_LAYOUT, MODE), (VGPU_TYPE, MODE))


def merge(stored, asked, actual):
    """The fields *asked* over those *stored*, less those of another mode
    or of no VF, plus the *actual* value of each field the others are
    judged with: what is stored holds whatever the device is by then.
    """
    if not isinstance(asked, dict):
        return asked
    desired = dict(stored or {}, **asked)
    if MODE in asked:
        for field, its_mode in ((MIG_LAYOUT, MODE_MIG),
                                (VGPU_TYPE, MODE_VGPU)):
            if field not in asked and asked[MODE] != its_mode:
                desired.pop(field, None)
    if asked.get(NUM_VFS) == 0 and VF_DRIVER not in asked:
        desired.pop(VF_DRIVER, None)
    actual = actual or {}
    needed = list(_JUDGED_WITH)
    if desired.get(MODE) == MODE_VGPU:
        needed.append((MODE, VGPU_TYPE))
    for field, with_field in needed:
        if (field in desired and with_field not in desired and
                actual.get(with_field) is not None):
            desired[with_field] = actual[with_field]
    return desired


def reported(device):
    """What *device*'s driver last reported of its configuration."""
    try:
        std = jsonutils.loads(device.get('std_board_info') or '{}')
    except ValueError:
        return None
    configuration = std.get('configuration') if isinstance(std, dict) \
        else None
    return configuration if isinstance(configuration, dict) else None


def refuse(device, asked, stored=None):
    """The desired state to store (merge()), unless the device does not
    take it (check()) or its driver fails.
    """
    configuration = reported(device) or {}
    if not configuration.get('settable'):
        raise exception.DeviceNotConfigurable(uuid=device['uuid'],
                                              driver=device['driver_name'])
    desired = merge(stored and stored['desired'], asked,
                    configuration.get('actual'))
    why = check(configuration, desired)
    if why is not None:
        raise exception.DeviceConfigInvalid(uuid=device['uuid'], reason=why)
    if device.get('health') == health_states.DRIVER_ERROR:
        # Held as last known: its record may no longer be the device, and
        # the change would fail for the driver's fault.
        raise exception.DeviceDriverFailing(
            uuid=device['uuid'], driver=device['driver_name'],
            reason=device.get('health_reason') or 'no reason given')
    return desired


def differences(desired, actual):
    """``{field: (desired, actual)}`` of the fields that differ."""
    actual = actual or {}
    return {field: (value, actual.get(field))
            for field, value in sorted((desired or {}).items())
            if actual.get(field) != value}


def drift_reason(diff):
    return '; '.join('%s is %s, %s wanted' % (field, jsonutils.dumps(have),
                                             jsonutils.dumps(want))
                     for field, (want, have) in sorted(diff.items()))


def as_text(desired):
    return jsonutils.dumps(desired, sort_keys=True)


def revision(configs):
    """A digest of what a host's agent is to apply, sent in its
    heartbeat (the conductor answers when its own differs).
    """
    pairs = sorted((c['device_uuid'], c['generation']) for c in configs)
    return hashlib.sha256(
        jsonutils.dumps(pairs).encode('utf-8')).hexdigest()[:16]
