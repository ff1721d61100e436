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
"""Pushing a host's resource providers to Placement, outside transactions.

A change commits first, marking the host (``hosts.needs_sync``).  A
conductor then claims the host (one UPDATE), reads it, writes to
Placement what differs from what it last wrote, recording each write in a
short transaction, and lets go, marking the host again if incomplete.  A
change during a push makes it go round again (MAX_ROUNDS); a dead
conductor's claim expires after ``[placement] push_claim_seconds``.
"""

import time

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import uuidutils

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.common import cleaning
from cyborg.common import device_class
from cyborg.conductor.placement import provider_gc
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import device_class as device_class_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Pushes in a row of one host changed while it was pushed.
MAX_ROUNDS = 5
# Seconds reserve_now() waits for another conductor's push of a host (a
# push takes well under a second), and between two looks at it.
RESERVE_WAIT = 10
_RESERVE_POLL = 0.05


def push(context, client, host):
    """Push a host's resource providers, if it needs it and no other
    conductor is pushing it; with no transaction open.

    :param client: a PlacementClient, or None (only gone hardware never
        published is removed; the host stays marked).
    :returns: the Outcome of the last round, or None when there was nothing
        to push or another conductor has the host.
    """
    outcome = None
    for _round_number in range(MAX_ROUNDS):
        token = uuidutils.generate_uuid()
        if not host_queries.claim_sync(context, host, token,
                                       CONF.placement.push_claim_seconds):
            return outcome
        outcome = None
        try:
            outcome = _round(context, client, host)
        finally:
            again = outcome is None or outcome.again
            if not host_queries.release_sync(context, host, token, again):
                LOG.warning('The claim of host %s expired during its push; '
                            'another conductor pushes it again', host)
        if outcome.again:
            if client is not None and not outcome.complete:
                LOG.warning('Placement push of host %(host)s is incomplete '
                            '(%(error)s); retried every [placement] '
                            'sync_interval', {'host': host,
                                              'error': outcome.error})
            return outcome
    return outcome


def push_safely(context, client, host):
    """push(), logging instead of raising (the host stays marked)."""
    try:
        return push(context, client, host)
    except Exception:
        LOG.exception('Pushing host %s to Placement failed; retried later',
                      host)
        return None


def push_hosts(context, client, hosts):
    """push_safely() of each host; none without Placement."""
    if client is None:
        return
    for host in hosts:
        push_safely(context, client, host)


def reserve_now(context, client, hosts):
    """Push hosts whose devices a committed change holds out (a binding
    ended, the device left to clean), before the caller answers: Nova
    removes the allocation only after its call returns, so Placement never
    offers such a device to the next server in between.

    When another conductor pushes a host, its push goes round again (the
    host is marked after its claim), and this waits for it, at most
    RESERVE_WAIT seconds; a Placement that cannot be reached is not
    waited for (the host stays marked, and the bind refuses the device
    meanwhile).
    """
    if client is None or not hosts:
        return
    host_queries.mark_hosts_need_sync(context, hosts)
    deadline = time.monotonic() + RESERVE_WAIT
    for host in sorted(hosts):
        while True:
            outcome = push_safely(context, client, host)
            if outcome is not None or not host_queries.needs_sync(
                    context, host):
                break
            if time.monotonic() >= deadline:
                LOG.warning('Host %(host)s: another conductor\'s push did '
                            'not end within %(wait)d s; not waited for '
                            'longer', {'host': host, 'wait': RESERVE_WAIT})
                return
            time.sleep(_RESERVE_POLL)


def push_soon(pool, client, hosts):
    """push_hosts() on the conductor's pool, after the caller answers."""
    if client is not None and hosts:
        pool.kick(push_hosts, cyborg_context.get_admin_context(), client,
                  sorted(hosts))


@db_api.context_manager.reader
def _read(context, host):
    """(the host's row, its Snapshot with the device classes), in one
    reader transaction.
    """
    state = host_queries.get_sync_state(context, host)
    if state is None:
        return None, None
    snapshot = host_inventory.load(context, host)
    snapshot.device_classes = device_class_queries.get_selectors(context)
    return state, snapshot


def _round(context, client, host):
    state, snapshot = _read(context, host)
    outcome = placement_sync.Outcome()
    if state is None:
        return outcome
    parent = None
    if client is None:
        outcome.fail('Placement is not configured')
    else:
        try:
            parent = _compute_node(context, client, state)
        except (exception.ComputeResourceProviderNotFound,
                exception.PlacementError) as exc:
            outcome.fail(exc.message)
            return outcome
    try:
        _publish_all(context, client, state, snapshot, parent, outcome)
    except exception.PlacementUnavailable as exc:
        outcome.fail(exc.message)
    if not outcome.complete and parent is not None:
        _forget_missing_parent(context, client, state, parent)
    return outcome


def _publish_all(context, client, state, snapshot, parent, outcome):
    """Collect the gone hardware, then publish the present and what of
    the gone is kept: a device with a gone deployable kept has its
    present ones reserved (hold.RESHAPING), so that the gone are
    collected first.

    :raises: PlacementUnavailable
    """
    ordered = sorted(snapshot.deployables.values(), key=lambda d: d['id'])
    kept = provider_gc.collect(
        context, client, snapshot,
        [d for d in ordered if d['removed_at'] is not None],
        state['reported'], outcome)
    if client is None:
        return
    traits = {}
    fresh = []
    for deployable in [d for d in ordered if d['removed_at'] is None] + kept:
        want = placement_sync.desired(snapshot, deployable,
                                      state['agent_up'], parent,
                                      snapshot.device_classes)
        traits.setdefault(deployable['device_id'], set()).update(
            want['traits'])
        if deployable['rp_state']:
            _publish_logged(context, client, deployable, want, outcome)
        else:
            fresh.append((deployable, want))
    _publish_new(context, client, fresh, outcome)
    record_clean_steps(context, snapshot.device_classes,
                       snapshot.devices_by_id(), traits)


def _publish_new(context, client, fresh, outcome):
    """Publish deployables never written: each provider created with its
    traits and recorded, so that a bind finds it, before the inventories
    of all of them, set in one request, make them schedulable.  Those
    Placement had, or whose inventories it refused together, go through
    publish().

    :param fresh: [(deployable, desired())].
    """
    created = {}
    for deployable, want in fresh:
        uuid = placement_sync.rp_uuid(deployable['name'])
        try:
            provider = client.create_provider(uuid, want['name'],
                                              want['parent'],
                                              take_over=False)
        except exception.PlacementUnavailable:
            raise
        except exception.PlacementError:
            provider = None
        if provider is None:
            _publish_logged(context, client, deployable, want, outcome)
            continue
        gen = _logged(deployable, outcome, client.set_traits, uuid,
                      want['traits'], generation=provider['generation'])
        if gen is _FAILED:
            continue
        bare = dict(want, inventories={}, generation=gen)
        if want['inventories']:
            host_inventory.update(context, 'deployables', deployable['id'],
                                  {'rp_state': jsonutils.dumps(bare),
                                   'rp_uuid': uuid})
            created[uuid] = (deployable, want, bare)
        else:
            _record(context, deployable, uuid, None, bare, outcome)
    generations = client.set_new_inventories(
        {uuid: (bare['generation'], want['inventories'])
         for uuid, (_dep, want, bare) in created.items()}
    ) if created else {}
    for uuid, (deployable, want, bare) in sorted(created.items()):
        if generations is None:
            _publish_logged(context, client, deployable, want, outcome,
                            have=bare)
        else:
            _record(context, deployable, uuid, None,
                    dict(want, generation=generations[uuid]), outcome)


def record_clean_steps(context, classes, devices, traits):
    """Each device's cleaning policy (cyborg.common.cleaning.policy())
    from the *classes* its deployables match, written where it changed.

    :param devices: {device id: its row}.
    :param traits: {device id: the traits of its deployables}.
    """
    policies = {device_class.trait(c['name']): c.get('cleaning')
                for c in classes}
    for device_id, found in traits.items():
        device = devices[device_id]
        want = cleaning.policy(device['driver_name'], [
            policies[t] for t in found if t in policies])
        if want != device['clean_steps']:
            host_inventory.update(context, 'devices', device_id,
                                  {'clean_steps': want})


_FAILED = object()


def _logged(deployable, outcome, func, *args, **kwargs):
    """*func*'s answer; a failure of Placement's for this deployable (not
    Placement unreachable) logged and failed in *outcome*: _FAILED.
    """
    try:
        return func(*args, **kwargs)
    except exception.PlacementUnavailable:
        raise
    except exception.PlacementError as exc:
        LOG.error('Resource provider of deployable %(name)s: %(err)s',
                  {'name': deployable['name'], 'err': exc.message})
        outcome.fail(exc.message)
        return _FAILED


def _publish_logged(context, client, deployable, want, outcome,
                    have=None):
    _logged(deployable, outcome, publish, context, client, deployable,
            want, outcome, have=have)


def publish(context, client, deployable, want, outcome, have=None):
    """Write one deployable's provider where it differs from what was last
    written, then record what was written.

    :param want: placement_sync.desired() of it.
    :param outcome: the push's Outcome.
    :param have: what Placement has, when known otherwise than by what
        was last written.
    :raises: PlacementError
    """
    if have is None and deployable['rp_state']:
        have = jsonutils.loads(deployable['rp_state'])
    if placement_sync.same(have, want):
        return
    uuid = placement_sync.rp_uuid(deployable['name'])
    state, kept = placement_sync.write_provider(client, uuid, want, have)
    if kept:
        outcome.leftovers = True
        outcome.kept.add(deployable['name'])
    _record(context, deployable, uuid, have, state, outcome)


def _record(context, deployable, uuid, have, state, outcome):
    host_inventory.update(context, 'deployables', deployable['id'],
                          {'rp_state': jsonutils.dumps(state),
                           'rp_uuid': uuid})
    outcome.pushed += 1
    LOG.info('Resource provider %(name)s (%(uuid)s): %(what)s',
             {'name': state['name'], 'uuid': uuid,
              'what': placement_sync.describe(have, state)})


def _compute_node(context, client, state):
    uuid, name = placement_sync.compute_node(client, state)
    if (uuid, name) != (state['compute_rp_uuid'], state['compute_rp_name']):
        host_queries.record_compute_node(context, state['hostname'],
                                         state['rp_name'], uuid, name)
    return uuid


def _forget_missing_parent(context, client, state, parent):
    # The compute node provider may have been deleted and registered again
    # under another uuid: look it up by name next time.
    try:
        if client.get_provider(parent) is None:
            LOG.warning('Compute node resource provider %(uuid)s of host '
                        '%(host)s is gone; looking it up by name again',
                        {'uuid': parent, 'host': state['hostname']})
            host_queries.record_compute_node(
                context, state['hostname'], state['rp_name'], None, None)
    except exception.PlacementError:
        pass
