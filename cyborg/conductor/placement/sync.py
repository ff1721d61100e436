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
"""A host's deployables as Placement resource providers; reads no table.

Each deployable is a child of the compute node provider, with uuid
``uuid3(NAMESPACE_DNS, name)`` (as upstream Cyborg, so providers survive a
migration), its ``rc`` reserved whole while hold has a reason (its units
cleaned on their own reserved one each), and traits
``OWNER_CYBORG``, its ``trait*`` attributes and ``CUSTOM_CLASS_<NAME>``.
"""

import re
import uuid as uuid_lib

import os_resource_classes
import os_traits
from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception
from cyborg.common import device_class
from cyborg.common import traits as cyborg_traits
from cyborg.db.queries import hold

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def rp_uuid(name):
    """The resource provider uuid of the deployable named *name*."""
    return str(uuid_lib.uuid3(uuid_lib.NAMESPACE_DNS, name))


# What Placement accepts as a custom trait or resource class name.
_CUSTOM_NAME = re.compile(r'^CUSTOM_[A-Z0-9_]{1,248}$')
_STANDARD_TRAITS = frozenset(os_traits.get_traits())
_STANDARD_CLASSES = frozenset(os_resource_classes.STANDARDS)


def _valid(name, standard):
    """Whether Placement takes *name* (a trait or a resource class)."""
    return name in standard or bool(_CUSTOM_NAME.match(name))


class Outcome:
    """What one host's push did.

    *leftovers*: gone hardware still held; *kept*: deployables whose
    provider keeps an old, allocated resource class, reserved.
    """

    def __init__(self):
        self.complete = True
        self.leftovers = False
        self.pushed = 0
        self.removed = 0
        self.kept = set()
        self.error = None

    @property
    def again(self):
        """Whether the host must be pushed again later."""
        return not self.complete or self.leftovers

    def fail(self, message):
        self.complete = False
        self.error = self.error or message


def desired(snapshot, deployable, agent_up, parent, classes=()):
    """``{name, parent, inventories, traits}`` of *deployable*'s provider."""
    attributes = snapshot.attributes.get(deployable['id'], ())
    rc = next((a['value'] for a in attributes if a['key'] == 'rc'), None)
    traits = {cyborg_traits.OWNER_CYBORG}
    for attribute in attributes:
        value = attribute['value']
        if attribute['key'].startswith('trait') and value:
            if _valid(value, _STANDARD_TRAITS):
                traits.add(value)
            else:
                LOG.warning('Deployable %(name)s: %(trait)s is not a '
                            'valid trait name; not published',
                            {'name': deployable['name'], 'trait': value})
    device = snapshot.devices_by_id()[deployable['device_id']]
    if classes:
        traits |= device_class.traits(classes, device_class.facts(
            device, deployable, attributes,
            snapshot.handles.get(deployable['id'], ())))
    total = deployable['num_accelerators'] or 0
    if hold.reasons(device, deployable, agent_up,
                    reshaping=snapshot.reshaping(deployable['device_id'])):
        reserved = total
    else:
        # Its units cleaned on their own (a VF, a mediated device).
        reserved = min(total, hold.units_held(
            snapshot.handles.get(deployable['id'], ())))
    inventories = {}
    if rc and _valid(rc, _STANDARD_CLASSES) and total > 0:
        inventories[rc] = {'total': total, 'reserved': reserved,
                           'min_unit': 1, 'max_unit': total,
                           'step_size': 1, 'allocation_ratio': 1.0}
    elif total > 0:
        LOG.warning('Deployable %(name)s has no valid resource class '
                    '(%(rc)s): published without inventory',
                    {'name': deployable['name'], 'rc': rc})
    return {'name': deployable['name'], 'parent': parent,
            'inventories': inventories, 'traits': sorted(traits)}


def find_compute_node(client, rp_name, hostname):
    """:returns: (the compute node provider or None, the names tried, in
    lookup order).
    """
    names = [rp_name] if rp_name and rp_name != hostname else []
    names.append(hostname)
    for name in names:
        provider = client.find_provider(name)
        if provider is not None:
            return provider, names
    return None, names


def compute_node(client, host):
    """(uuid, name) of the compute node provider.

    The one recorded, else the first found by name, else (``[placement]
    create_compute_rp``) a new one.
    """
    if host['compute_rp_uuid'] and host['compute_rp_name']:
        return host['compute_rp_uuid'], host['compute_rp_name']
    provider, names = find_compute_node(client, host['rp_name'],
                                        host['hostname'])
    if provider is None:
        if not CONF.placement.create_compute_rp:
            raise exception.ComputeResourceProviderNotFound(
                name=' or '.join(names), host=host['hostname'])
        provider = client.create_provider(str(uuid_lib.uuid4()),
                                          host['hostname'])
        LOG.info('Created compute node resource provider %(name)s '
                 '(%(uuid)s) for host %(host)s ([placement] '
                 'create_compute_rp)', {'name': provider['name'],
                                        'uuid': provider['uuid'],
                                        'host': host['hostname']})
    elif provider['name'] != names[0]:
        LOG.warning('Placement has no resource provider named %(name)s: '
                    'the devices of host %(host)s go under %(found)s',
                    {'name': names[0], 'host': host['hostname'],
                     'found': provider['name']})
    return provider['uuid'], provider['name']


def write_provider(client, uuid, want, have=None):
    """Write what differs from *have* (None: unknown) to *want*.

    Returns (state written with generation, whether an old allocated
    resource class was kept, reserved).
    """
    generation = have.get('generation') if have else None
    if have is None or (have['name'], have['parent']) != (want['name'],
                                                         want['parent']):
        write = (client.create_provider if have is None
                 else client.ensure_provider)
        provider = write(uuid, want['name'], want['parent'])
        generation = provider['generation']
        have = None
    inventories = want['inventories']
    kept = False
    if have is None or have['inventories'] != inventories:
        client.ensure_resource_classes(inventories)
        try:
            generation = client.set_inventories(uuid, inventories,
                                                generation=generation)
        except exception.InventoryInUse:
            # The resource class changed while instances use the old one:
            # keep the old one, all reserved, until they are gone.
            old = (have or {}).get('inventories')
            if old is None:
                old = client.get_inventories(uuid)[1]
            inventories = dict(inventories)
            for rc, inventory in old.items():
                if rc not in inventories:
                    inventories[rc] = dict(inventory,
                                           reserved=inventory['total'])
            generation = client.set_inventories(uuid, inventories)
            kept = True
    if have is None or have['traits'] != want['traits']:
        generation = client.set_traits(uuid, want['traits'],
                                       generation=generation)
    return dict(want, inventories=inventories,
                generation=generation), kept


def same(have, want):
    """Whether what was last written (*have*) is what desired() wants."""
    return have is not None and all(have.get(k) == want[k] for k in want)


def describe(have, state):
    """A provider write, for the log."""
    parts = []
    for rc, inventory in sorted(state['inventories'].items()):
        parts.append('%s total %d reserved %d' % (
            rc, inventory['total'], inventory['reserved']))
    parts.append('traits ' + ','.join(state['traits']))
    return ('created ' if have is None else 'now ') + '; '.join(parts)
