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
"""A device's configuration as desired state, the conductor's side.

configure() stores it ``pending`` (``draining`` while instances hold the
device), merged into the one stored before, and marks the host: the push
reserves the device.  Once the push wrote the device's providers
reserved (whatever the host's other devices hold), the agent's heartbeat
gets it from for_agent() (``applying``), applies it and reports;
apply_report() moves it to ``applied``, ``failed`` (also when the agent
fails it again after a restart), ``reboot_required`` or later
``drifted``, and back to ``applying`` while the agent applies it again
(restarted, or its driver loaded anew: its report says so).  No
conductor worker waits on an agent.  Providers a change replaces carry
no allocation, so no reshape is needed.
"""

import collections

from oslo_log import log as logging
from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import device_config
from cyborg.common import health_states
from cyborg.db import api as db_api
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import host as host_queries
from cyborg.notifications import device_config as config_notify

LOG = logging.getLogger(__name__)


@db_api.retrying_writer
def configure(context, device_uuid, desired, drain=False, rollout_id=None):
    """Store a device's desired configuration: *desired* merged into the
    one stored before (device_config.merge()), judged as merged.

    :param rollout_id: the configuration rollout that stores it (None:
        the operator, refused while a rollout holds the device).
    :raises: DeviceNotFound, DeviceNotConfigurable, DeviceConfigInvalid,
        DeviceDriverFailing, DeviceConfigInUse, DeviceInRollout
    :returns: the configuration (a dict).
    """
    device = device_queries.get(context, device_uuid)
    if rollout_id is None:
        rollout_queries.refuse_held(context, [device_uuid])
    stored = config_queries.get(context, device_uuid, for_update=True)
    desired = device_config.refuse(device, desired, stored)
    instances = config_queries.bound_instances(context, device_uuid)
    if instances and not drain:
        raise exception.DeviceConfigInUse(uuid=device_uuid,
                                          instances=', '.join(instances))
    state = device_config.DRAINING if instances else device_config.PENDING
    applied = (device_config.reported(device) or {}).get('applied') or {}
    config = config_queries.set_desired(
        context, device_uuid, device['hostname'], desired, state, drain,
        after=applied.get('generation') or 0)
    host_queries.mark_needs_sync(context, device['hostname'])
    LOG.info('Device %(uuid)s of host %(host)s: configuration %(gen)d '
             '%(desired)s stored, %(state)s%(wait)s',
             {'uuid': device_uuid, 'host': device['hostname'],
              'gen': config['generation'], 'desired': desired,
              'state': state, 'wait': ' (waiting for instances %s)' %
              ', '.join(instances) if instances else ''})
    return config


@db_api.retrying_writer
def forget(context, device_uuid):
    """Forget a device's desired state (offered again); return its host.

    :raises: DeviceConfigNotFound, DeviceInRollout
    """
    config = config_queries.get(context, device_uuid)
    if config is None:
        raise exception.DeviceConfigNotFound(uuid=device_uuid)
    rollout_queries.refuse_held(context, [device_uuid])
    config_queries.delete(context, device_uuid)
    host_queries.mark_needs_sync(context, config['hostname'])
    LOG.info('Device %(uuid)s of host %(host)s: desired configuration '
             'forgotten', {'uuid': device_uuid, 'host': config['hostname']})
    return config['hostname']


def for_agent(context, host, revision, placement=True):
    """What the agent of *host* is to apply, when it differs from
    *revision*; None otherwise.

    A pending configuration is handed once the push reserved the device and
    while no instance holds it; only then does a heartbeat write.

    :param placement: whether Placement is configured.
    :returns: ``([{device_uuid, generation, desired}], revision)`` or None.
    """
    configs = config_queries.for_host(context, host)
    if any(c['state'] == device_config.PENDING for c in configs):
        return _hand_pending(context, host, revision, placement)
    return _answer(context, host, configs, revision, placement)


@db_api.retrying_writer
def _hand_pending(context, host, revision, placement):
    """for_agent() of a host with a pending configuration, in a writer."""
    return _answer(context, host, config_queries.for_host(context, host),
                   revision, placement)


def _answer(context, host, configs, revision, placement):
    """for_agent()'s answer for *configs*, moving the pending ones handed."""
    if not configs:
        # Nothing, and the agent applied nothing: no answer needed.
        return None if revision in (None, '', _EMPTY) else ([], _EMPTY)
    handed, starting = [], []
    for config in configs:
        state = config['state']
        if state == device_config.PENDING:
            if not ready(context, config['device_uuid'], placement):
                continue
            instances = config_queries.bound_instances(
                context, config['device_uuid'])
            if instances:
                config_queries.set_state(
                    context, config['device_uuid'], config['generation'],
                    device_config.DRAINING,
                    reason='instances %s were bound to the device while '
                    'it was being configured' % ', '.join(instances))
                continue
            starting.append(config)
        elif state not in device_config.TO_APPLY:
            continue
        handed.append({key: config[key] for key in
                       ('device_uuid', 'generation', 'desired')})
    ours = device_config.revision(handed)
    if ours == revision:
        return None
    for config in starting:
        config_queries.set_state(context, config['device_uuid'],
                                 config['generation'],
                                 device_config.APPLYING,
                                 from_states=[device_config.PENDING])
    if starting:
        LOG.info('Host %(host)s: configurations of %(devices)s handed to '
                 'its agent', {'host': host, 'devices': [
                     c['device_uuid'] for c in starting]})
    return handed, ours


_EMPTY = device_config.revision([])


def ready(context, device_uuid, placement, clean=False):
    """Whether the device's pending configuration (or its clean) can be
    handed to its agent: the push wrote each of the device's providers
    reserved whole (nothing of it offered: whatever the host's other
    devices hold or wait for), its driver works (one that fails would
    fail it, not the change) and, but for its *clean*, it is not being
    cleaned (a configuration waits for the clean).
    """
    found = config_queries.published(context, device_uuid)
    if found is None:
        # The device is gone: the agent says so (failed).
        return True
    health, clean_state, written = found
    if health == health_states.DRIVER_ERROR or (clean_state and not clean):
        return False
    return not placement or all(
        text is not None and _reserved_whole(jsonutils.loads(text))
        for text in written)


def _reserved_whole(rp_state):
    return all(inventory['reserved'] >= inventory['total']
               for inventory in rp_state['inventories'].values())


@db_api.retrying_writer
def release_drained(context):
    """Draining configurations no instance holds become pending; returns
    their hosts.
    """
    hosts = set()
    for config in config_queries.in_state(context, device_config.DRAINING):
        if config_queries.bound_instances(context, config['device_uuid']):
            continue
        if config_queries.set_state(context, config['device_uuid'],
                                    config['generation'],
                                    device_config.PENDING,
                                    from_states=[device_config.DRAINING]):
            LOG.info('Device %(uuid)s of host %(host)s: drained, its '
                     'configuration %(gen)d is pending',
                     {'uuid': config['device_uuid'],
                      'host': config['hostname'],
                      'gen': config['generation']})
            hosts.add(config['hostname'])
    return sorted(hosts)


#: A configuration's state change a report brought.
Change = collections.namedtuple('Change', 'config state reason')
#: The notification of a Change, by its state (others: END).
_EVENTS = {device_config.APPLYING: config_notify.START,
           device_config.FAILED: config_notify.ERROR,
           device_config.DRIFTED: config_notify.DRIFT}


#: The reason of a configuration its agent applies again.
REAPPLYING = ('applied again by its agent (restarted, or its driver '
              'loaded anew)')


def _outcome(config, reported):
    """(state, reason) a device's report moves its configuration to, or
    None.
    """
    state = config['state']
    applied = reported.get('applied') or {}
    diff = device_config.differences(config['desired'],
                                     reported.get('actual'))
    ours = applied.get('generation') == config['generation']
    if ours and applied.get('state') == device_config.APPLYING:
        # The agent applies it again (a restart, a driver loaded anew):
        # held until it is back, whatever the device is meanwhile.
        if state in (device_config.APPLIED, device_config.REBOOT_REQUIRED,
                     device_config.DRIFTED):
            return device_config.APPLYING, REAPPLYING
        return None
    if (ours and applied.get('state') == device_config.FAILED and
            state in device_config.TO_APPLY):
        # Refused or failed, also when applied again after a restart or
        # a driver loaded anew: failed at once, with the agent's reason.
        return device_config.FAILED, (applied.get('reason') or
                                      'the agent gave no reason')
    if (state in (device_config.PENDING, device_config.APPLYING) and
            ours):
        if applied.get('state') == device_config.REBOOT_REQUIRED:
            return device_config.REBOOT_REQUIRED, applied.get('reason')
        if diff:
            return device_config.FAILED, (
                'applied, but the device reports: %s' %
                device_config.drift_reason(diff))
        return device_config.APPLIED, None
    if not diff and state in (device_config.REBOOT_REQUIRED,
                              device_config.DRIFTED):
        return device_config.APPLIED, None
    if diff and state in (device_config.APPLIED, device_config.DRIFTED):
        reason = device_config.drift_reason(diff)
        if state == device_config.APPLIED or reason != config['reason']:
            return device_config.DRIFTED, reason
    return None


def apply_report(context, host, records):
    """Move the host's configurations as its report says, in the report's
    transaction.

    :param records: the report's ``hardware.Hardware`` records.
    :returns: the Changes, for announce() once committed.
    """
    configs = {c['device_uuid']: c
               for c in config_queries.for_host(context, host)}
    changes = []
    for record in records:
        config = configs.get(record.uuid)
        if config is None:
            continue
        outcome = _outcome(config, record.configuration or {})
        if outcome is None:
            continue
        state, reason = outcome
        if config_queries.set_state(
                context, config['device_uuid'], config['generation'], state,
                reason=reason, applied=state == device_config.APPLIED):
            changes.append(Change(config, state, reason))
            LOG.log(
                logging.WARNING if state in (device_config.FAILED,
                                             device_config.DRIFTED)
                else logging.INFO,
                'Device %(uuid)s of host %(host)s: configuration %(gen)d '
                '%(state)s%(reason)s', {
                    'uuid': config['device_uuid'], 'host': host,
                    'gen': config['generation'], 'state': state,
                    'reason': ': %s' % reason if reason else ''})
    if changes:
        host_queries.mark_needs_sync(context, host)
    return changes


def announce(context, changes):
    """The notifications of apply_report()'s changes."""
    for change in changes:
        event = _EVENTS.get(change.state, config_notify.END)
        config_notify.send(context, event, dict(
            change.config, state=change.state, reason=change.reason))


@db_api.retrying_writer
def heal(context, device_uuid):
    """Hand a device's desired state to its agent again (one generation
    more, pending).

    :raises: DeviceConfigNotFound
    :returns: the configuration.
    """
    config = config_queries.get(context, device_uuid)
    if config is None:
        raise exception.DeviceConfigNotFound(uuid=device_uuid)
    instances = config_queries.bound_instances(context, device_uuid)
    state = device_config.DRAINING if instances else device_config.PENDING
    config = config_queries.set_desired(
        context, device_uuid, config['hostname'], config['desired'], state,
        config['drain'])
    host_queries.mark_needs_sync(context, config['hostname'])
    return config
