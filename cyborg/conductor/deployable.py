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
"""Deployable operations of the conductor: programming an FPGA on request
(``PATCH /v2/deployables/{uuid}/program``).

A program request and a bind exclude each other through the deployable's
row lock (db.queries.deployable.lock_fpga), which both take: the request
is refused (DeployableInUse) while any attach handle of the deployable is
in use (reprogramming would change the function under the instances
bound to it) or while something else programs it; otherwise it marks the
deployable as being programmed, in the same transaction, and no bind
takes it until the programming ended.  The agent is called after that
transaction commits, never inside it; the mark expires after
``[DEFAULT] bind_timeout`` (the call's own timeout) should the conductor
die meanwhile.
"""

import datetime

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import exception
from cyborg.common import traits as cyborg_traits
from cyborg.conductor import placement_push
from cyborg.db import api as db_api
from cyborg.db.queries import deployable as deployable_queries
from cyborg.notifications import deployable as deployable_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


@db_api.context_manager.writer
def _start(context, deployable_id, uuid):
    """Take the deployable for programming, or refuse.

    :raises: DeployableInUse, DeployableNotFound
    """
    state = deployable_queries.lock_fpga(context, deployable_id)
    if state is None:
        raise exception.DeployableNotFound(uuid=uuid)
    if state['in_use']:
        raise exception.DeployableInUse(
            uuid=uuid, reason='%d of its attach handles are in use; unbind '
                              'them first' % state['in_use'])
    if state['programming']:
        raise exception.DeployableInUse(uuid=uuid,
                                        reason='it is being programmed')
    deployable_queries.start_programming(
        context, deployable_id,
        timeutils.utcnow() + datetime.timedelta(seconds=CONF.bind_timeout))


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def _record(context, deployable_id, image_uuid, function_traits):
    deployable_queries.record_programming(
        context, deployable_id, image_uuid, function_traits,
        cyborg_traits.FUNCTION_TRAIT_PREFIX)
    deployable_queries.end_programming(context, deployable_id)


def program(context, agent_api, client, uuid, image_uuid):
    """Program a deployable's device with an image, now.

    The agent of the device's host fetches the image (its cache, or
    Glance) and runs the driver's programming tool; the deployable then
    records the image as its bitstream and the loaded function as its
    function traits (the driver's, from its result).

    :param agent_api: the agent RPC client.
    :param client: a PlacementClient, or None: the host's providers are
        pushed at once (the new function traits), after the commit.
    :param uuid: the deployable's uuid.
    :param image_uuid: the bitstream image's uuid.
    :raises: DeployableNotFound, DeployableInUse, UnsupportedOperation,
        ImageNotFound, DriverDeviceNotFound, CommandFailed,
        MessagingTimeout.
    """
    target = deployable_queries.program_target(context, uuid)
    if not agent_api.can_send_device_work():
        raise exception.UnsupportedOperation(driver=target['driver_name'],
                                             operation='program')
    _start(context, target['id'], uuid)
    deployable_notify.program(context, deployable_notify.PROGRAM_START,
                              uuid, target, image_uuid)
    try:
        result = agent_api.program(
            context, target['hostname'], target['driver_name'],
            target['address'], bitstream_id=image_uuid,
            timeout=CONF.bind_timeout)
    except Exception as exc:
        deployable_queries.end_programming(context, target['id'])
        deployable_notify.program(context, deployable_notify.PROGRAM_ERROR,
                                  uuid, target, image_uuid, error=exc)
        raise
    _record(context, target['id'], image_uuid,
            (result or {}).get('function_traits'))
    deployable_notify.program(context, deployable_notify.PROGRAM_END, uuid,
                              target, image_uuid)
    LOG.info('Programmed deployable %(uuid)s with image %(image)s: '
             '%(result)s', {'uuid': uuid, 'image': image_uuid,
                            'result': result})
    if client is not None:
        placement_push.push_safely(context, client, target['hostname'])
