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
"""Creating accelerator requests (Nova's POST /v2/accelerator_requests)."""

from oslo_log import log as logging
from oslo_utils import uuidutils

from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.objects import device_profile as dp_obj

LOG = logging.getLogger(__name__)


def create(context, device_profile_name, project_id):
    """Create every ARQ a device profile asks for, in one transaction.

    :raises: DeviceProfileNotFound, Invalid (more ARQs than ``[DEFAULT]
        max_arqs_per_group`` or ``max_arqs_per_profile``)
    :returns: the ARQs as dicts (arq_queries.create's).
    """
    # The new ARQs' uuids, drawn by the first try and kept by the others
    # (retry_on_deadlock calls _create again with the same list).
    uuids = []
    arqs = _create(context, device_profile_name, project_id, uuids)
    arq_notify.created(context, arqs)
    return arqs


@db_api.retrying_writer
def _create(context, device_profile_name, project_id, uuids):
    profile = dp_queries.get_by_name(context, device_profile_name)
    counts = dp_obj.arq_counts(profile['groups'])
    total = sum(counts)
    retried = bool(uuids)
    while len(uuids) < total:
        uuids.append(uuidutils.generate_uuid())
    # A retry after a COMMIT whose answer was lost finds them made: they
    # are answered, instead of a second set and the first one orphaned.
    rows = (arq_queries.get_all(context, uuids=uuids[:total])
            if retried else None)
    if rows:
        LOG.info('%(count)d accelerator request(s) for device profile '
                 '%(name)s were created by an earlier try',
                 {'count': len(rows), 'name': device_profile_name})
    else:
        rows = arq_queries.create(context, profile, project_id,
                                  counts, uuids=uuids[:total])
        LOG.info('Created %(count)d accelerator request(s) for device '
                 'profile %(name)s',
                 {'count': len(rows), 'name': device_profile_name})
    return rows
