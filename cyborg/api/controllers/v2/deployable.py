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
"""/v2/deployables: the schedulable units of devices (one Placement
resource provider each)."""

import datetime

from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import pecan
from wsme import types as wtypes

from cyborg import exception
from cyborg.api import errors
from cyborg.api import link
from cyborg.api import microversion
from cyborg.api import route
from cyborg.api import wait
from cyborg.api.controllers import base
from cyborg.api.controllers.v2 import device as device_controller
from cyborg.api.schemas import common as common_schema
from cyborg.api.schemas import deployable as schema
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.policies import deployable as policies

CONF = cfg.CONF

COLLECTION = 'deployables'


class Deployable(base.APIBase):
    uuid = wtypes.text
    parent_id = int
    root_id = int
    name = wtypes.text
    num_accelerators = int
    device_id = int
    # JSON text of a list of one-key objects, as the existing API shows it.
    attributes_list = wtypes.text
    rp_uuid = wtypes.text
    driver_name = wtypes.text
    bitstream_id = wtypes.text
    # 2.4: its device's health.
    health = wtypes.text
    health_reason = wtypes.text
    health_since = datetime.datetime

    _since = dict.fromkeys(('health', 'health_reason', 'health_since'),
                           microversion.allow_operator_api)


def serialize(deployable):
    attributes = jsonutils.dumps(
        [{key: value} for key, value in deployable['attributes']])
    return base.to_json(Deployable, **dict(
        deployable, attributes_list=attributes,
        links=[link.make_link('self', COLLECTION, deployable['uuid']),
               link.make_link('bookmark', COLLECTION, deployable['uuid'],
                              bookmark=True)],
        **device_controller.health_fields(deployable)))


def _with_health():
    return microversion.allow_operator_api(pecan.request.version)


def wait_for_program(context, job):
    """Wait for the outcome of a program job (the conductor's answer,
    ``{job, deadline}``) until its deadline, plus two ``[conductor]
    work_poll_interval`` and a second; raise its error, or
    ConductorUnavailable when it has not ended or is no longer recorded.
    """
    until = timeutils.normalize_time(timeutils.parse_isotime(
        job['deadline'])) + datetime.timedelta(
            seconds=2 * CONF.conductor.work_poll_interval + 1)
    found = wait.until(
        lambda: job_queries.outcome(context, job['job']),
        lambda found: found is None or found['outcome'] is not None,
        (until - timeutils.utcnow()).total_seconds())
    if found is None:
        raise exception.ConductorUnavailable(
            reason='program job %s is no longer recorded' % job['job'])
    if found['outcome'] is None:
        raise exception.ConductorUnavailable(
            reason='program job %s has not ended by its deadline, %s'
                   % (job['job'], job['deadline']))
    error = found['outcome'].get('error')
    if error is None:
        return
    # An error that is not Cyborg's is answered as the server error it is.
    raise exception.from_record(error) or RuntimeError(error['message'])


def program(context, uuid):
    """Load a bitstream now."""
    image_uuid = route.body()[0]['value'][0]['image_uuid']
    job = pecan.request.conductor_api.deployable_program(
        context, uuid, image_uuid)
    wait_for_program(context, job)
    return get_one(context, uuid)


def get_all(context):
    filters, params = device_controller.generic_filter(
        route.query(), common_schema.pagination(schema.SORT_KEYS))
    filters.update((key, params[key]) for key in ('name', 'driver_name',
                                                  'rp_uuid') if key in params)
    page = common_schema.page_args(params)
    deployables = deployable_queries.get_all(
        context, filters=filters, health=_with_health(), **page)
    return base.collection(COLLECTION, [serialize(d) for d in deployables],
                           page['limit'])


def get_one(context, uuid):
    return serialize(deployable_queries.get(context, uuid,
                                            health=_with_health()))


ROUTES = [
    route.Route('GET', '/v2/deployables', get_all, 'List deployables.',
                query=schema.LIST_QUERY,
                response=route.listed(COLLECTION, 'Deployable', True),
                policy=policies.GET_ALL),
    route.Route('GET', '/v2/deployables/{uuid}', get_one,
                'Show a deployable.', response=route.one('Deployable'),
                errors={404: [errors.DEPLOYABLE_NOT_FOUND]},
                policy=policies.GET_ONE),
    route.Route('PATCH', '/v2/deployables/{uuid}/program', program,
                'Program a deployable (FPGA) with a bitstream now.',
                body=schema.PROGRAM, response=route.one('Deployable'),
                # The agent's errors come from the program job's outcome.
                errors={404: [errors.DEPLOYABLE_NOT_FOUND,
                              errors.DRIVER_NOT_ENABLED],
                        406: [errors.NOT_ACCEPTABLE],
                        409: [errors.DEPLOYABLE_IN_USE,
                              errors.IMAGE_SERVICE_NOT_CONFIGURED],
                        # The programming tool's timeout on the host.
                        503: [errors.AGENT_UNREACHABLE,
                              errors.SERVICE_UNAVAILABLE]},
                policy=policies.PROGRAM),
]
