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
"""The vocabulary of cleaning a device between two tenants: a device
class's policy (``cleaning``), the steps a driver offers (as Ironic's
clean steps: a name, a priority, whether it may be aborted) and the
states of one clean.

A policy is ``off``, ``on`` (the driver's default steps), step names
comma-separated (added to the defaults) or ``only:`` and step names
(those alone).  The steps run by priority, highest first.  A step's
scope is ``unit`` when it cleans one unit a tenant had (a VF, a GPU
instance) while the device's other units serve theirs, ``device`` when
it needs the whole device (an NVMe erase, a PF's reset): a clean that
needs one waits for every unit of the device.
"""

from oslo_config import cfg
from oslo_serialization import jsonutils

from cyborg import exception

CONF = cfg.CONF

OFF = 'off'
ON = 'on'
ONLY = 'only:'
#: The driver whose devices are cleaned only when a class asks.
_OFF_BY_DEFAULT = ('fake',)

#: A step's scope.
UNIT = 'unit'
DEVICE = 'device'

#: The states of one clean (device_cleanings.state): pending (marked,
#: waiting for its hand-off), running (handed to the agent), aborting
#: (the agent asked to stop: held until it says it did); then clean,
#: failed, aborted (ended by an administrator or a timeout) or released
#: (offered uncleaned by an administrator).
PENDING = 'pending'
RUNNING = 'running'
ABORTING = 'aborting'
CLEAN = 'clean'
FAILED = 'failed'
ABORTED = 'aborted'
RELEASED = 'released'
#: The states of a clean that holds its device or unit ``cleaning``.
ACTIVE = (PENDING, RUNNING, ABORTING)
#: Those that hold it ``clean_failed``.
HELD_FAILED = (FAILED, ABORTED)
STATES = ACTIVE + (CLEAN,) + HELD_FAILED + (RELEASED,)

#: Why a clean with no step holds its device.
NO_STEP = ('no clean step: the driver offers none for this device and '
           'the class names none; configure one ([fpga] clean_images, '
           '[clean_steps] operator_steps) or release it')


def normalize(value):
    """A class's ``cleaning`` as stored: None (the drivers' default),
    'off', 'on', 'only:' and step names, or step names, comma-separated.

    :raises: DeviceClassInvalid
    """
    if value is None or value in (OFF, ON):
        return value
    text = str(value).strip()
    only = text.startswith(ONLY)
    names = [s.strip() for s in text.removeprefix(ONLY).split(',')]
    if not all(names) or len(text) > 255:
        raise exception.DeviceClassInvalid(
            reason='cleaning is off, on, step names separated by commas '
                   '(added to the driver\'s default steps) or only: and '
                   'step names, not %r' % (value,))
    return (ONLY if only else '') + ','.join(names)


def named(value):
    """The step names a stored policy names (none for off and on)."""
    if value in (None, OFF, ON):
        return []
    return value.removeprefix(ONLY).split(',')


def policy(driver_name, policies):
    """A device's policy from its classes' (devices.clean_steps): None
    (not cleaned) or JSON ``{"steps": names, "only": bool}``.

    :param policies: the ``cleaning`` of the classes it matches.  A class
        that asks for cleaning wins over one that turns it off; names are
        added together, and ``only`` holds when every class naming steps
        says it.
    """
    found = set(policies) - {None}
    naming = sorted(found - {OFF, ON})
    names = []
    for value in naming:
        names.extend(s for s in named(value) if s not in names)
    if naming:
        only = all(value.startswith(ONLY) for value in naming)
        return jsonutils.dumps({'steps': names, 'only': only})
    if ON in found or (not found and driver_name not in _OFF_BY_DEFAULT and
                       CONF.conductor.clean_devices_by_default):
        return jsonutils.dumps({'steps': [], 'only': False})
    return None


def resolve(policy_json, offer_json):
    """The steps a clean runs, by priority (highest first), and the names
    the policy asks that the driver does not offer.

    :param policy_json: devices.clean_steps (not None).
    :param offer_json: devices.clean_offer: the steps the driver offers.
    :returns: ``([step dict], [missing name])``.
    """
    wanted = jsonutils.loads(policy_json)
    offer = jsonutils.loads(offer_json or '[]')
    by_name = {step['name']: step for step in offer}
    steps = [] if wanted.get('only') else [s for s in offer if s['default']]
    missing = []
    for name in wanted.get('steps', ()):
        if name not in by_name:
            missing.append(name)
        elif by_name[name] not in steps:
            steps.append(by_name[name])
    order = {step['name']: index for index, step in enumerate(offer)}
    steps.sort(key=lambda s: (-s.get('priority', 0), order[s['name']]))
    return steps, missing


def scope(steps):
    """UNIT when every step cleans one unit alone, else DEVICE."""
    return UNIT if steps and all(s.get('scope') == UNIT for s in steps) \
        else DEVICE


def unit_address(clean):
    """The PCI address of the unit a clean (a device_cleanings row)
    cleans, or None: the whole device.
    """
    if clean.get('unit') is None:
        return None
    info = jsonutils.loads(clean['unit'])
    return '%s:%s:%s.%s' % (info['domain'], info['bus'], info['device'],
                            info['function'])
