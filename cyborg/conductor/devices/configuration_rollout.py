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
"""Configuration rollouts: one desired configuration for a class, in waves.

Each device then goes through configuration.configure() as one device
does.  advance() (every conductor's periodic work) settles the devices in
progress and starts the next wave: as many waiting devices as
``unavailable`` less those held out of service.  A wave is one
transaction under the rollout's row lock and each device moves by a
compare-and-swap: no device starts twice, and a conductor killed
mid-wave leaves it undone, not half done.  No RPC worker waits on an agent.
"""

from oslo_log import log as logging
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import liveness
from cyborg.common import configuration_rollout
from cyborg.common import device_class
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.conductor.devices import configuration
from cyborg.db import api as db_api
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_class as device_class_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.notifications import configuration_rollout as rollout_notify

LOG = logging.getLogger(__name__)

#: What a device's configuration state makes of a device in progress.
_SETTLED = {device_config.APPLIED: configuration_rollout.DONE,
            device_config.REBOOT_REQUIRED: configuration_rollout.DONE,
            device_config.DRIFTED: configuration_rollout.DONE,
            device_config.FAILED: configuration_rollout.FAILED}


@db_api.retrying_writer
def create(context, device_class_name, desired, max_unavailable,
           drain=False, max_failures=0, follow=False):
    """Store a running rollout of *desired* over a class's devices (a dict)."""
    name, devices = select(context, device_class_name, desired)
    created = rollout_queries.create(context, {
        'uuid': uuidutils.generate_uuid(), 'device_class': name,
        'desired': desired,
        'max_unavailable': configuration_rollout.as_text(max_unavailable),
        'unavailable': configuration_rollout.unavailable(
            max_unavailable, len(devices)),
        'drain': bool(drain), 'max_failures': max_failures,
        'follow': bool(follow), 'state': configuration_rollout.RUNNING},
        devices)
    LOG.info('Configuration rollout %(uuid)s of class %(class)s: %(desired)s '
             'on %(count)d devices, %(unavailable)d at a time',
             {'uuid': created['uuid'], 'class': name, 'count': len(devices),
              'desired': device_config.as_text(desired),
              'unavailable': created['unavailable']})
    return created


def _class_of(context, name):
    """The device class *name* (a dict), or None when it is gone."""
    try:
        return device_class_queries.get_by_name(context, name)
    except exception.DeviceClassNotFound:
        return None


def class_devices(context, found, device_uuids=None):
    """Device rows (by id) class *found* selects now, from Cyborg's facts.

    Not what the push last published; of *device_uuids* if given.
    """
    if found is None:
        return []
    devices = {device['id']: device for device, _deployable in
               device_class.selected(found, device_class_queries.deployables(
                   context, device_uuids))}
    return [devices[key] for key in sorted(devices)]


def select(context, name, desired):
    """``(class name, [device rows])``, each judged to take *desired*."""
    found = device_class_queries.get_by_name(context, name.upper(),
                                             for_update=True)
    name = found['name']
    devices = class_devices(context, found)
    if not devices:
        raise exception.ConfigurationRolloutInvalid(
            reason='device class %s selects no device' % name)
    configuration_rollout.judge(devices, config_queries.get_many(
        context, [d['uuid'] for d in devices]), desired)
    return name, devices


def _locked(context, uuid, states, action):
    """The rollout's row, locked, refused unless in *states*."""
    row = rollout_queries.get(context, uuid, for_update=True)
    if row['state'] not in states:
        raise exception.ConfigurationRolloutBadState(
            uuid=row['uuid'], state=row['state'], action=action)
    return row


@db_api.retrying_writer
def pause(context, uuid):
    """Start no more devices of the rollout (those started go on)."""
    row = _locked(context, uuid, (configuration_rollout.RUNNING,), 'pause')
    rollout_queries.set_state(context, row['id'], configuration_rollout.PAUSED,
                              reason='paused by the operator')
    return rollout_queries.get(context, uuid)


@db_api.retrying_writer
def resume(context, uuid):
    """Run a paused rollout again.

    Refused while more devices failed than it tolerates or as many as its
    budget (forget them first).
    """
    row = _locked(context, uuid, (configuration_rollout.PAUSED,), 'resume')
    why = _failed_too_often(context, row)
    if why is not None:
        raise exception.ConfigurationRolloutBadState(
            uuid=uuid, state='paused: %s' % why,
            action='resume before they are forgotten')
    rollout_queries.set_state(context, row['id'],
                              configuration_rollout.RUNNING)
    return rollout_queries.get(context, uuid)


@db_api.retrying_writer
def abort(context, uuid):
    """Start no more devices and release all; (rollout, uuids it changed).

    Those in progress go on as their own desired state; those changed keep
    their configuration.
    """
    row = _locked(context, uuid, configuration_rollout.ACTIVE, 'abort')
    rollout_queries.set_state(context, row['id'],
                              configuration_rollout.ABORTED,
                              reason='aborted by the operator')
    rollout_queries.release(context, row['id'])
    changed = [d['device_uuid'] for d in rollout_queries.devices(
        context, row['id'], [configuration_rollout.DONE])]
    LOG.info('Configuration rollout %(uuid)s aborted; %(count)d devices '
             'changed keep their configuration',
             {'uuid': uuid, 'count': len(changed)})
    return rollout_queries.get(context, uuid), changed


@db_api.retrying_writer
def forget(context, uuid, device_uuid):
    """Release the device: its verbs work again, failures stop counting."""
    row = rollout_queries.get(context, uuid, for_update=True)
    if not rollout_queries.release(context, row['id'], device_uuid,
                                   state=configuration_rollout.FORGOTTEN):
        raise exception.ConfigurationRolloutDeviceNotFound(
            uuid=uuid, device=device_uuid)
    LOG.info('Configuration rollout %(uuid)s: device %(device)s forgotten',
             {'uuid': uuid, 'device': device_uuid})


# --- the waves ---------------------------------------------------------------

@db_api.retrying_writer
def settle(context, placement=True):
    """Move the devices whose configuration reached an end; how many moved.

    With *placement* (configured), a device configured is done once its
    host is pushed: until Placement offers it again it is out of service,
    in progress (a conductor killed before its push left the host claimed
    for ``[placement] push_claim_seconds``).
    """
    moved = 0
    for member in rollout_queries.started(context):
        if (member['config_state'] is None or
                member['config_generation'] != member['generation']):
            state = configuration_rollout.FAILED
            reason = 'its desired configuration was forgotten or replaced'
        elif member['config_state'] in _SETTLED:
            state = _SETTLED[member['config_state']]
            reason = member['config_reason']
            if (placement and member['pushing'] and
                    state == configuration_rollout.DONE):
                continue
        else:
            continue
        moved += rollout_queries.set_device(context, member, state,
                                            reason=reason)
    return moved


def _failed_too_often(context, row):
    """Why to pause *row* (too many failures, or they fill its budget)."""
    failed = rollout_queries.count(context, row['id'],
                                   [configuration_rollout.FAILED])
    if failed > row['max_failures']:
        why = 'failed devices: %d (max_failures %d)' % (
            failed, row['max_failures'])
    elif (failed >= row['unavailable'] and
          rollout_queries.to_start(context, row['id'], 1)):
        why = ('failed devices: %d, the whole budget (%d out of service '
               'at once): forget them to go on' % (failed,
                                                   row['unavailable']))
    else:
        return None
    last = rollout_queries.devices(context, row['id'],
                                   [configuration_rollout.FAILED])[-1]
    return '%s; device %s: %s' % (why, last['device_uuid'], last['reason'])


def _say_why_it_waits(context, row, out, budget):
    """Record (or clear) in the reason that the budget is spent."""
    why = None
    if budget <= 0 and rollout_queries.to_start(context, row['id'], 1):
        why = 'waiting: %d of the devices out of service (%s)' % (
            sum(out.values()), ', '.join(
                '%s %d' % item for item in sorted(out.items())))
    if why != row['reason']:
        rollout_queries.set_state(
            context, row['id'], configuration_rollout.RUNNING, reason=why)


def _not_to_take(device, config, selector):
    """Why a device is left for now (None: taken).

    Unhealthy (unless its class selects on health), or its own
    configuration is under way or failed.
    """
    health = device_queries.health_of(device)
    if health in health_states.HELD and not any(
            condition['key'] == 'health' for condition in selector):
        return 'it is %s (%s); tried again later' % (
            health, device.get('health_reason') or 'no reason given')
    if config is not None and config['state'] in device_config.RESERVING:
        return ('its own configuration is %s (%s); not taken over: '
                'forget it or set it again' % (
                    config['state'], config.get('reason') or '-'))
    return None


def _start(context, row, member, selector):
    """Store the rollout's desired state as the device's; its host."""
    try:
        why = _not_to_take(
            device_queries.get(context, member['device_uuid']),
            config_queries.get(context, member['device_uuid']), selector)
    except exception.DeviceNotFound:
        why = None  # configure() says so
    if why is not None:
        rollout_queries.set_device(
            context, member, configuration_rollout.SKIPPED, reason=why)
        return None
    if not rollout_queries.set_device(context, member,
                                      configuration_rollout.IN_PROGRESS):
        return None  # another conductor took it
    member = dict(member, state=configuration_rollout.IN_PROGRESS)
    try:
        config = configuration.configure(
            context, member['device_uuid'], row['desired'],
            drain=row['drain'], rollout_id=row['id'])
    except exception.DeviceConfigInUse as e:
        outcome = (configuration_rollout.SKIPPED,
                   {'reason': '%s; tried again later' % e})
    except exception.DeviceNotFound:
        outcome = (configuration_rollout.SKIPPED,
                   {'reason': 'the device is gone', 'release': True})
    except (exception.Invalid, exception.DeviceDriverFailing) as e:
        outcome = configuration_rollout.FAILED, {'reason': str(e)}
    else:
        outcome = (configuration_rollout.IN_PROGRESS,
                   {'generation': config['generation']})
    rollout_queries.set_device(context, member, outcome[0], **outcome[1])
    if outcome[0] != configuration_rollout.IN_PROGRESS:
        return None
    return config['hostname']


@db_api.retrying_writer
def wave(context, uuid):
    """Start a running rollout's next wave under its row lock.

    Pauses after too many failures, completes when nothing is left.
    Returns (the new state or None, hosts to push).
    """
    row = rollout_queries.get(context, uuid, for_update=True)
    if row['state'] != configuration_rollout.RUNNING:
        return None, []
    why = _failed_too_often(context, row)
    if why is not None:
        rollout_queries.set_state(context, row['id'],
                                  configuration_rollout.PAUSED,
                                  reason=why)
        LOG.warning('Configuration rollout %(uuid)s paused: %(why)s',
                    {'uuid': uuid, 'why': why})
        return configuration_rollout.PAUSED, []
    # As Kubernetes counts unavailable pods: every device of the class
    # out of service, whatever the reason, its own ones included.
    out = rollout_queries.out_of_service(context, row['id'],
                                         liveness.agents_down(context))
    budget = row['unavailable'] - sum(out.values())
    members = rollout_queries.to_start(context, row['id'], max(budget, 0))
    _say_why_it_waits(context, row, out, budget)
    if members:
        return None, _start_all(context, row, members)
    if rollout_queries.any_in(context, row['id'], (
            configuration_rollout.IN_PROGRESS, configuration_rollout.WAITING,
            configuration_rollout.SKIPPED)):
        # Devices to wait for, or to start again.
        return None, []
    if row['follow']:
        # Devices that joined the class (a following rollout runs until
        # it is aborted).
        joined = class_devices(context, _class_of(context,
                                                  row['device_class']))
        held = rollout_queries.holders(context, [d['uuid'] for d in joined])
        held.update((d['device_uuid'], None) for d in rollout_queries.devices(
            context, row['id'], configuration_rollout.DEVICE_STATES))
        rollout_queries.add_devices(
            context, row['id'], [d for d in joined if d['uuid'] not in held])
        return None, []
    rollout_queries.set_state(
        context, row['id'], configuration_rollout.COMPLETED)
    rollout_queries.release(context, row['id'])
    LOG.info('Configuration rollout %s completed', uuid)
    return configuration_rollout.COMPLETED, []


def _start_all(context, row, members):
    """Start the *members* of a wave still in the class; their hosts."""
    found = _class_of(context, row['device_class'])
    in_class = {d['uuid'] for d in class_devices(
        context, found, [m['device_uuid'] for m in members])}
    hosts = set()
    for member in members:
        if member['device_uuid'] not in in_class:
            rollout_queries.set_device(context, member,
                                       configuration_rollout.SKIPPED,
                                       reason='it left the device class '
                                       '%s' % row['device_class'],
                                       release=True)
            continue
        hosts.add(_start(context, row, member, found['selector']))
    hosts.discard(None)
    return sorted(hosts)


def advance(context, placement=True):
    """Settle devices, start each running rollout's wave; hosts to push.

    :param placement: whether Placement is configured (settle()).
    """
    settle(context, placement)
    hosts = set()
    for uuid in rollout_queries.uuids_in(context,
                                         [configuration_rollout.RUNNING]):
        state, started = wave(context, uuid)
        hosts.update(started)
        if state is not None:
            announce(context, uuid, rollout_notify.EVENTS_BY_STATE[state])
    return sorted(hosts)


def announce(context, uuid, event):
    """The notification of a rollout's state change."""
    row = rollout_queries.get(context, uuid)
    rollout_notify.send(context, event,
                        rollout_queries.with_progress(context, row))
