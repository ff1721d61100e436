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
(``PATCH /v2/deployables/{uuid}/program``)."""

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import deployable as deployable_queries
from cyborg.drivers import base as driver_base

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


@db_api.context_manager.reader
def _target(context, uuid):
    dep, dev, cpid = (models.Deployable, models.Device,
                      models.ControlpathID)
    row = context.session.execute(
        sa.select(dep.id, dep.driver_name, dev.hostname, dev.type,
                  cpid.cpid_info)
        .join(dev, dep.device_id == dev.id)
        .join(cpid, cpid.device_id == dev.id)
        .where(dep.uuid == uuid).limit(1)).one_or_none()
    if row is None:
        raise exception.DeployableNotFound(uuid=uuid)
    return row


@db_api.context_manager.writer
def _record(context, deployable_id, image_uuid, function_traits):
    deployable_queries.record_programming(
        context.session, deployable_id, image_uuid, function_traits,
        driver_base.FUNCTION_TRAIT_PREFIX)


def program(context, agent_api, uuid, image_uuid):
    """Program a deployable's device with an image, now.

    The agent of the device's host fetches the image (its cache, or
    Glance) and runs the driver's programming tool; the deployable then
    records the image as its bitstream and the loaded function as its
    function traits (the driver's, from its result).

    :param agent_api: the agent RPC client.
    :param uuid: the deployable's uuid.
    :param image_uuid: the bitstream image's uuid.
    :raises: DeployableNotFound, UnsupportedOperation, ImageNotFound,
        DriverDeviceNotFound, CommandFailed, MessagingTimeout.
    """
    target = _target(context, uuid)
    if not agent_api.can_send_device_work():
        raise exception.UnsupportedOperation(driver=target.driver_name,
                                             operation='program')
    pci = jsonutils.loads(target.cpid_info)
    address = '%s:%s:%s.%s' % (pci['domain'], pci['bus'], pci['device'],
                               pci['function'])
    result = agent_api.program(context, target.hostname, target.driver_name,
                               address, bitstream_id=image_uuid,
                               timeout=CONF.bind_timeout)
    _record(context, target.id, image_uuid,
            (result or {}).get('function_traits'))
    LOG.info('Programmed deployable %(uuid)s with image %(image)s: '
             '%(result)s', {'uuid': uuid, 'image': image_uuid,
                            'result': result})
