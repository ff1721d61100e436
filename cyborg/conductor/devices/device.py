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
"""Enabling and disabling devices, one or all a selector names.

A disabled device (``maintaining``) keeps its providers, wholly
reserved: nothing more is scheduled while its instances keep running.
"""

from oslo_log import log as logging

from cyborg.conductor.devices import health
from cyborg.conductor.placement import push as placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import device as device_queries
from cyborg.db.queries import device_state
from cyborg.db.queries import host as host_queries

LOG = logging.getLogger(__name__)


@db_api.context_manager.writer
def _record_status(context, uuid, status):
    device = device_state.set_status(context, uuid, status)
    # In the same transaction: if the conductor stops before Placement is
    # told, the periodic task tells it.
    host_queries.mark_needs_sync(context, device['hostname'])
    return device


def set_status(context, client, uuid, status):
    """Enable or disable a device and its Placement inventory; it as a dict."""
    device = _record_status(context, uuid, status)
    LOG.info('Device %(uuid)s on %(hostname)s is now %(status)s', device)
    if status == device_queries.ENABLED:
        # Enabling also ends a health hold-down.
        health.announce(context, health.end_hold_down(context, uuid))
    # Committed: push with no transaction open.
    placement_push.push_safely(context, client, device['hostname'])
    return device


@db_api.retrying_writer
def _record_statuses(context, selector, status):
    devices = [d for d in device_queries.lock_selected(context, selector)
               if device_queries.status_changes(d, status)]
    device_state.set_statuses(
        context, [d['id'] for d in devices if d['status'] != status],
        status)
    changes = []
    if status == device_queries.ENABLED:
        changes = health.end_hold_downs(context, devices)
    hosts = sorted({d['hostname'] for d in devices})
    # In the same transaction, as for one device.
    host_queries.mark_hosts_need_sync(context, hosts)
    return devices, changes, hosts


def set_status_by_selector(context, selector, status):
    """Enable or disable a selector's devices in one transaction.

    Enabling ends recovering hold-downs.  Returns (uuids changed, their
    hosts), marked for a push the caller starts.
    """
    devices, changes, hosts = _record_statuses(context, selector, status)
    LOG.info('%(count)d devices on %(hosts)d hosts are now %(status)s '
             '(selector %(selector)s)',
             {'count': len(devices), 'hosts': len(hosts), 'status': status,
              'selector': selector})
    health.announce(context, changes)
    return [d['uuid'] for d in devices], hosts
