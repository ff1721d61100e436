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
"""Storing and deleting device classes.

Which deployables a class matches is computed at each push
(placement.sync.desired()), so its ``CUSTOM_CLASS_<NAME>`` trait follows
the devices as they change.  Creating or deleting a class marks every host
with devices for a push, which the conductor starts after it answers.
"""

from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import uuidutils

from cyborg import exception
from cyborg.common import cleaning
from cyborg.common import device_class
from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import configuration_rollout as rollout_queries
from cyborg.db.queries import device_class as device_class_queries
from cyborg.db.queries import host as host_queries

LOG = logging.getLogger(__name__)


@db_api.retrying_writer
def _write(context, write, *args, cleaning_changed=None, **kwargs):
    """``write(context, ...)``, every host with devices marked for a push
    in the same transaction; (its row, those hosts).  Where the classes'
    cleaning changed (None: where the row created or deleted has one),
    the devices' policies are written now too: a tenant who leaves once it
    is answered is cleaned as it says (the push writes them again, as the
    devices change).
    """
    row = write(context, *args, **kwargs)
    if cleaning_changed is None:
        cleaning_changed = row.get('cleaning') is not None
    if cleaning_changed:
        classes = device_class_queries.get_selectors(context)
        devices, traits = {}, {}
        for device, *found in device_class_queries.deployables(context):
            devices[device['id']] = device
            traits.setdefault(device['id'], set()).update(
                device_class.traits(classes,
                                    device_class.facts(device, *found)))
        placement_push.record_clean_steps(context, classes, devices, traits)
    hosts = device_class_queries.hosts_with_devices(context)
    host_queries.mark_hosts_need_sync(context, hosts)
    return row, hosts


def _delete(context, name):
    row = device_class_queries.delete(context, name)
    # Its rollouts would end with their devices skipped (rolled back).
    active = rollout_queries.of_class(context, row['name'])
    if active:
        raise exception.DeviceClassInRollout(
            name=row['name'], rollout=active[0]['uuid'],
            state=active[0]['state'])
    return row


def _check_steps(context, found_class, policy):
    """Refuse a policy naming a step that no driver of the class's devices
    offers (of any device, when the class selects none yet).

    :raises: DeviceClassInvalid
    """
    named = set(cleaning.named(policy))
    if not named:
        return
    everything = device_class_queries.deployables(context)
    devices = [device for device, _dep in device_class.selected(
        found_class, everything)] or [row[0] for row in everything]
    offered = set()
    for device in devices:
        offered.update(step['name'] for step in
                       jsonutils.loads(device.get('clean_offer') or '[]'))
    unknown = sorted(named - offered)
    if unknown and devices:
        raise exception.DeviceClassInvalid(
            reason='cleaning names steps the drivers of its devices do not '
                   'offer: %s (they offer: %s)' % (
                       ', '.join(unknown),
                       ', '.join(sorted(offered)) or 'none'))


def create(context, name, selector, description=None, cleaning_policy=None):
    """Store a device class; mark every host with devices for a push.

    :param name: its name (any case: stored upper case).
    :param cleaning_policy: how its devices are cleaned: None (each
        driver's default), off, on or step names comma-separated.
    :raises: DeviceClassInvalid, DeviceClassExists
    :returns: (the class as a dict with its ``trait``, the hosts to push).
    """
    name = device_class.normalize_name(name)
    device_class.check(selector)
    policy = cleaning.normalize(cleaning_policy)
    _check_steps(context, {'name': name, 'selector': selector}, policy)
    row, hosts = _write(context, device_class_queries.create,
                        uuidutils.generate_uuid(), name, selector,
                        description=description, cleaning=policy)
    LOG.info('Created device class %(name)s (%(uuid)s): %(selector)s',
             row)
    return dict(row, trait=device_class.trait(row['name'])), hosts


def update(context, name, values):
    """Change a device class's description or ``cleaning`` (the devices'
    clean_steps follow at once).

    :raises: DeviceClassNotFound, DeviceClassInvalid
    :returns: as create().
    """
    if 'cleaning' in values:
        values = dict(values, cleaning=cleaning.normalize(values['cleaning']))
        _check_steps(context, device_class_queries.get_by_name(
            context, name.upper()), values['cleaning'])
    row, hosts = _write(context, device_class_queries.update, name.upper(),
                        values, cleaning_changed='cleaning' in values)
    LOG.info('Updated device class %(name)s (%(uuid)s): %(values)s',
             dict(row, values=values))
    return dict(row, trait=device_class.trait(row['name'])), hosts


def delete(context, name):
    """Delete a device class; return the hosts to push.

    :raises: DeviceClassNotFound, DeviceClassInRollout (a rollout of the
        class runs or is paused)
    """
    row, hosts = _write(context, _delete, name.upper())
    LOG.info('Deleted device class %(name)s (%(uuid)s)', row)
    return hosts
