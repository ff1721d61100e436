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
"""A device's configuration as desired state, the conductor's side
(the vocabulary is cyborg.common.device_config's).

The flow goes one way, as discovery's and driver installs' do; no
conductor worker ever waits on an agent:

1. ``configure()`` (``PUT /v2/devices/{uuid}/configuration``) checks the
   desired configuration against what the device's driver reported
   (cyborg.common.device_config.refuse(), as the API did before it),
   refuses it while instances hold the device (409 naming them) unless
   asked to drain, and stores it in one transaction, state
   ``pending`` (or ``draining``), marking the host for a push: the
   Placement push reserves the device's whole inventory
   (cyborg.conductor.placement.sync.desired), so nothing new is
   scheduled on it while it changes.
2. Once the host's push is done (no mark left), the agent is told
   (a cast, ``configure_soon``); whatever the cast's fate, the agent's
   next heartbeat asks with the revision of what it applied, and
   ``for_agent()`` answers with the host's configurations.  A pending
   one goes to ``applying`` then, after a last look for instances bound
   to the device meanwhile (found: back to ``draining``).  A draining one
   goes to ``pending`` when the last of its instances is gone
   (``release_drained()``, from the conductor's due work).
3. The agent applies it on its work thread, through the driver's
   ``configure()``, discovers and reports; the report carries what it
   applied (``configuration.applied``: generation, state, reason) and
   what the device is now (``configuration.actual``).  ``apply_report()``
   (in the report's transaction) moves the state: ``applied`` (the
   device's inventory returns to Placement, its new providers and
   inventories with it: VFs, MIG profiles), ``failed`` with the reason
   (the device stays reserved), ``reboot_required``; an applied
   configuration the device no longer shows becomes ``drifted``.

After a host reboot the agent asks before its first discovery and puts
the desired state back before it reports (cyborg.agent.manager).

Providers replaced by a change (the PF's provider going when its VFs
come, the passthrough GPU's giving way to its MIG profiles) carry no
allocation: a device is configured only once no instance holds it, so
the push deletes and creates them and no reshape is needed.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.common import device_config
from cyborg.db import api as db_api
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_config as config_queries
from cyborg.db.queries import host as host_queries
from cyborg.notifications import device_config as config_notify

LOG = logging.getLogger(__name__)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def configure(context, device_uuid, desired, drain=False):
    """Store a device's desired configuration (see the module docstring).

    :raises: DeviceNotFound, DeviceNotConfigurable, DeviceConfigInvalid,
        DeviceConfigInUse
    :returns: the configuration (a dict).
    """
    device = device_queries.get(context, device_uuid)
    device_config.refuse(device, desired)
    instances = config_queries.bound_instances(context, device_uuid)
    if instances and not drain:
        raise exception.DeviceConfigInUse(uuid=device_uuid,
                                          instances=', '.join(instances))
    state = device_config.DRAINING if instances else device_config.PENDING
    config = config_queries.set_desired(
        context, device_uuid, device['hostname'], desired, state, drain)
    host_queries.mark_needs_sync(context, device['hostname'])
    LOG.info('Device %(uuid)s of host %(host)s: configuration %(gen)d '
             '%(desired)s stored, %(state)s%(wait)s',
             {'uuid': device_uuid, 'host': device['hostname'],
              'gen': config['generation'], 'desired': desired,
              'state': state, 'wait': ' (waiting for instances %s)' %
              ', '.join(instances) if instances else ''})
    return config


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def forget(context, device_uuid):
    """Forget a device's desired state; the device stays as it is and is
    offered again.

    :raises: DeviceConfigNotFound
    :returns: the host of the device.
    """
    config = config_queries.get(context, device_uuid)
    if config is None:
        raise exception.DeviceConfigNotFound(uuid=device_uuid)
    config_queries.delete(context, device_uuid)
    host_queries.mark_needs_sync(context, config['hostname'])
    LOG.info('Device %(uuid)s of host %(host)s: desired configuration '
             'forgotten', {'uuid': device_uuid, 'host': config['hostname']})
    return config['hostname']


def _handed(config):
    return {'device_uuid': config['device_uuid'],
            'generation': config['generation'],
            'desired': config['desired']}


def for_agent(context, host, revision, placement=True):
    """What the agent of *host* is to apply, when it differs from what
    it applied (*revision*, device_config.revision()); None otherwise.

    A pending configuration is handed only once the host's push to
    Placement reserved the device (the host carries no mark), and only
    while no instance holds the device; handed, it is ``applying``.
    Every agent's heartbeat asks: it reads, in a reader transaction, and
    only a pending configuration makes it write.

    :param placement: whether Placement is configured (without it,
        nothing waits for a push).
    :returns: ``(configs, revision)``: ``[{device_uuid, generation,
        desired}]`` and their revision, or None.
    """
    configs = _host_configs(context, host)
    if any(c['state'] == device_config.PENDING for c in configs):
        return _hand_pending(context, host, revision, placement)
    return _answer(context, host, configs, revision, placement)


@db_api.context_manager.reader
def _host_configs(context, host):
    return config_queries.for_host(context, host)


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _hand_pending(context, host, revision, placement):
    """for_agent() of a host with a pending configuration, which moves
    to ``applying`` (or back to ``draining``) as it is handed.
    """
    return _answer(context, host, config_queries.for_host(context, host),
                   revision, placement)


def _answer(context, host, configs, revision, placement):
    """for_agent()'s answer for the host's *configs*, moving the
    pending ones as they are handed (only _hand_pending()'s writer
    transaction passes any).
    """
    if not configs:
        # Nothing, and the agent applied nothing: no answer needed.
        return None if revision in (None, '', _EMPTY) else ([], _EMPTY)
    pushed = None
    handed, starting = [], []
    for config in configs:
        state = config['state']
        if state == device_config.PENDING:
            if pushed is None:
                pushed = not placement or not host_queries.needs_sync(
                    context, host)
            if not pushed:
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
        handed.append(_handed(config))
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


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def release_drained(context):
    """Draining configurations whose device no instance holds any more
    go to ``pending``.

    :returns: the hosts of those that did.
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


class Change:
    """A configuration's state change a report brought, announced once
    committed.
    """

    def __init__(self, config, state, reason):
        self.config = config
        self.state = state
        self.reason = reason

    @property
    def event(self):
        if self.state == device_config.FAILED:
            return config_notify.ERROR
        if self.state == device_config.DRIFTED:
            return config_notify.DRIFT
        return config_notify.END


def _outcome(config, reported):
    """The state (and reason) a device's report says its configuration
    is in now, or None for no change.
    """
    state = config['state']
    applied = reported.get('applied') or {}
    diff = device_config.differences(config['desired'],
                                     reported.get('actual'))
    if (state in (device_config.PENDING, device_config.APPLYING) and
            applied.get('generation') == config['generation']):
        if applied.get('state') == device_config.FAILED:
            return device_config.FAILED, applied.get('reason')
        if applied.get('state') == device_config.REBOOT_REQUIRED:
            return device_config.REBOOT_REQUIRED, applied.get('reason')
        if diff:
            return device_config.FAILED, (
                'applied, but the device reports: %s' %
                device_config.drift_reason(diff))
        return device_config.APPLIED, None
    if state in (device_config.APPLIED, device_config.REBOOT_REQUIRED):
        if state == device_config.APPLIED and diff:
            return device_config.DRIFTED, device_config.drift_reason(diff)
        if state == device_config.REBOOT_REQUIRED and not diff:
            return device_config.APPLIED, None
    if state == device_config.DRIFTED and not diff:
        return device_config.APPLIED, None
    if (state == device_config.DRIFTED and diff and
            device_config.drift_reason(diff) != config['reason']):
        return device_config.DRIFTED, device_config.drift_reason(diff)
    return None


def apply_report(context, host, records):
    """Move the host's configurations as its report says (in the report's
    transaction; see the module docstring).

    :param records: the report's ``hardware.Hardware`` records.
    :returns: the Changes (announce() them once committed).
    """
    configs = {c['device_uuid']: c
               for c in config_queries.for_host(context, host)}
    if not configs:
        return []
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
        config_notify.send(context, change.event, dict(
            change.config, state=change.state, reason=change.reason))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def heal(context, device_uuid):
    """Ask the agent to apply a device's desired state again (a drifted
    or failed configuration): the same desired state, one generation
    more, pending.

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
