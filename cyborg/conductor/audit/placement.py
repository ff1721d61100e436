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
"""Comparing the database with Placement, and repairing the difference.

The audit reads every provider back; one with ``OWNER_CYBORG`` no
deployable accounts for is an orphan, deleted (or kept reserved while
allocated).  Drifted providers are forgotten and the host pushed again.
"""

import dataclasses

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.common import traits as cyborg_traits
from cyborg.conductor.audit import record
from cyborg.conductor.placement import push as placement_push
from cyborg.conductor.placement import sync as placement_sync
from cyborg.db import api as db_api
from cyborg.db.queries import device_class as device_class_queries
from cyborg.db.queries import host as host_queries
from cyborg.db.queries import host_inventory

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

MISSING_COMPUTE_NODE = 'missing compute node provider'
MISSING = 'missing provider'
WRONG_PARENT = 'wrong parent'
WRONG_NAME = 'wrong name'
WRONG_INVENTORY = 'wrong inventory'
MISSING_TRAIT = 'missing trait'
STALE_TRAIT = 'stale trait'
ORPHAN = 'orphan provider'


@dataclasses.dataclass(kw_only=True)
class ProviderFinding(record.Finding):
    """One difference between the database and Placement."""

    name: str
    uuid: str | None


def _drift(host, kind, name, uuid, detail):
    return ProviderFinding(host=host, kind=kind, name=name, uuid=uuid,
                           detail=detail)


def _inventory_view(inventories):
    return {rc: {k: inv.get(k) for k in ('total', 'reserved', 'max_unit')}
            for rc, inv in inventories.items()}


def _compare(host, want, uuid, client):
    """The drift of one deployable's provider."""
    drift = []

    def found(kind, detail):
        drift.append(_drift(host, kind, want['name'], uuid, detail))
        return drift

    provider = client.get_provider(uuid)
    if provider is None:
        return found(MISSING, 'not in Placement')
    if provider.get('parent_provider_uuid') != want['parent']:
        found(WRONG_PARENT, '%s, not %s' % (
            provider.get('parent_provider_uuid'), want['parent']))
    if provider['name'] != want['name']:
        found(WRONG_NAME, 'named %s' % provider['name'])
    have = _inventory_view(client.get_inventories(uuid)[1])
    wanted = _inventory_view(want['inventories'])
    if have != wanted:
        found(WRONG_INVENTORY, '%s, not %s' % (
            jsonutils.dumps(have, sort_keys=True),
            jsonutils.dumps(wanted, sort_keys=True)))
    traits = set(client.get_traits(uuid)[1])
    for trait in sorted(set(want['traits']) - traits):
        found(MISSING_TRAIT, trait)
    for trait in sorted(traits - set(want['traits'])):
        found(STALE_TRAIT, trait)
    return drift


def _audit_host(context, client, row):
    """(drift, uuids of the host's providers, compute node provider)."""
    snapshot = host_inventory.load(context, row['hostname'])
    uuids = {placement_sync.rp_uuid(d['name'])
             for d in snapshot.deployables.values()}
    provider, names = placement_sync.find_compute_node(
        client, row['rp_name'], row['hostname'])
    name = ' or '.join(names)
    if provider is None:
        return [_drift(row['hostname'], MISSING_COMPUTE_NODE, name, None,
                       'no resource provider named %s' % name)], uuids, None
    drift = []
    classes = device_class_queries.get_selectors(context)
    for dep in snapshot.deployables.values():
        want = placement_sync.desired(snapshot, dep, row['agent_up'],
                                      provider['uuid'], classes)
        drift.extend(_compare(row['hostname'], want,
                              placement_sync.rp_uuid(dep['name']), client))
    return drift, uuids, provider['uuid']


@db_api.context_manager.writer
def _forget(context, hostname, names):
    """Forget what was written to drifted providers (all: *names* None)."""
    host_inventory.forget_rp_state(context, hostname, names)
    host_queries.forget_compute_node(context, hostname)


def _heal_host(context, client, hostname, drift):
    """Forget the drifted providers and push the host: written in full."""
    everything = any(i.kind == MISSING_COMPUTE_NODE for i in drift)
    _forget(context, hostname,
            None if everything else sorted({i.name for i in drift}))
    outcome = placement_push.push(context, client, hostname)
    for item in drift:
        if outcome is None or not outcome.complete:
            # Placement failed, or another conductor pushes the host (it
            # will write them; the next audit tells).
            item.settle(False)
        else:
            item.settle(not (item.kind == WRONG_INVENTORY and
                             item.name in outcome.kept))


def _heal_orphan(client, item):
    try:
        client.delete_provider(item.uuid)
        item.settle(True)
    except exception.ResourceProviderInUse:
        # Instances still use it: take it out of scheduling only.
        generation, inventories = client.get_inventories(item.uuid)
        client.set_inventories(item.uuid, {
            rc: dict(inv, reserved=inv['total'])
            for rc, inv in inventories.items()}, generation=generation)
        item.settle(False, 'has allocations: inventory reserved, kept')


def audit(context, client, host=None, heal=False):
    """Compare the database with Placement; with *heal*, repair; findings.

    :param host: one host (orphans under its compute node only), or None.
    """
    rows = host_queries.get_all(context, host=host)
    found = []
    known = set()
    roots = set()
    for row in rows:
        drift, uuids, root = _audit_host(context, client, row)
        known |= uuids
        roots.add(root)
        if heal and drift:
            _heal_host(context, client, row['hostname'], drift)
        found.extend(drift)
    for provider in client.list_providers(
            required_trait=cyborg_traits.OWNER_CYBORG):
        if provider['uuid'] in known:
            continue
        if host is not None and provider.get('root_provider_uuid') not in (
                roots):
            continue
        item = _drift(None, ORPHAN, provider['name'], provider['uuid'],
                      'has OWNER_CYBORG but no deployable')
        if heal:
            _heal_orphan(client, item)
        found.append(item)
    for item in found:
        LOG.debug('Placement drift: %s', item.as_dict())
    return found
