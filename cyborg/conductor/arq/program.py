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
"""Programming an FPGA on request (``PATCH /v2/deployables/{uuid}/program``).

program() refuses under the FPGA's row lock (the binds' lock) while a
handle is in use or it is being programmed, marks it until
``bind_timeout`` from now and queues a ``program`` job; a JobRunner runs
it and records its outcome.  A job not started in time fails (expire()).
"""

import datetime

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import exception
from cyborg.common import traits as cyborg_traits
from cyborg.db import api as db_api
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import deployable as deployable_queries
from cyborg.notifications import deployable as deployable_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Seconds a finished request's job is kept at least, for cyborg-api,
# which reads its outcome until its deadline.
KEEP_FINISHED = 3600


def program(context, uuid, image_uuid):
    """Queue programming a deployable's device; ``{job, deadline}``."""
    target = deployable_queries.program_target(context, uuid)
    job = _queue(context, target, uuid, image_uuid)
    deployable_notify.program(context, deployable_notify.PROGRAM_START,
                              uuid, target, image_uuid)
    LOG.info('Queued job %(job)s: program deployable %(uuid)s with image '
             '%(image)s', {'job': job['job'], 'uuid': uuid,
                           'image': image_uuid})
    return job


@db_api.retrying_writer
def _queue(context, target, uuid, image_uuid):
    """Take the deployable for programming and queue the job, or refuse."""
    state = deployable_queries.lock_fpga(context, target['id'])
    if state is None:
        raise exception.DeployableNotFound(uuid=uuid)
    if state['in_use']:
        raise exception.DeployableInUse(
            uuid=uuid, reason='%d of its attach handles are in use; unbind '
                              'them first' % state['in_use'])
    if state['programming']:
        raise exception.DeployableInUse(uuid=uuid,
                                        reason='it is being programmed')
    now = timeutils.utcnow()
    deadline = now + datetime.timedelta(seconds=CONF.bind_timeout)
    deployable_queries.start_programming(context, target['id'], deadline)
    job_queries.purge_finished(context, now - datetime.timedelta(
        seconds=max(KEEP_FINISHED, 2 * CONF.bind_timeout)))
    job = job_queries.add(
        context, None, job_queries.PROGRAM,
        {'host': target['hostname'], 'driver': target['driver_name'],
         'address': target['address'], 'deployable_id': target['id'],
         'deployable_uuid': uuid, 'bitstream_id': image_uuid,
         'function_id': None},
        deadline, request_id=context.request_id)
    return {'job': job, 'deadline': deadline.isoformat()}


def _target(job):
    """What the notifications need of a job's deployable."""
    return {'hostname': job['payload']['host'],
            'driver_name': job['payload']['driver']}


def run_job(context, agent_api, job):
    """Run a program request's job through the agent; record its outcome."""
    payload = job['payload']
    host = payload['host']
    left = (0 if job['deadline'] is None else
            (job['deadline'] - timeutils.utcnow()).total_seconds())
    if left < 1:
        # Taken over from a conductor that died, or retried, too late:
        # a bind may take the deployable now, so the agent is not asked.
        failed(context, job, exception.AgentUnreachable(
            host=host, reason='the programming did not start within '
                              '[DEFAULT] bind_timeout (%s s)'
                              % CONF.bind_timeout))
        return
    try:
        result = agent_api.program(
            context, host, payload['driver'], payload['address'],
            bitstream_id=payload['bitstream_id'],
            function_id=payload['function_id'], timeout=int(left))
    except Exception as exc:
        # Whatever the agent call raised is the job's outcome.
        failed(context, job, _agent_error(host, exc))
        return
    if _finish(context, job, job_queries.DONE, {'result': result}):
        deployable_notify.program(
            context, deployable_notify.PROGRAM_END,
            payload['deployable_uuid'], _target(job), payload['bitstream_id'])
        LOG.info('Programmed deployable %(uuid)s with image %(image)s '
                 '(job %(job)s): %(result)s',
                 {'uuid': payload['deployable_uuid'],
                  'image': payload['bitstream_id'], 'job': job['uuid'],
                  'result': result})


def _agent_error(host, exc):
    """The error to record for what the agent call raised."""
    if isinstance(exc, messaging.MessagingTimeout):
        return exception.AgentUnreachable(
            host=host, reason='no answer within [DEFAULT] bind_timeout '
                              '(%s s)' % CONF.bind_timeout)
    if (isinstance(exc, messaging.MessagingException) and
            not isinstance(exc, messaging.RemoteError)):
        return exception.AgentUnreachable(host=host, reason=str(exc))
    return exc


@db_api.retrying_writer
def _finish(context, job, state, outcome, from_state=job_queries.RUNNING):
    """Record the job *state* (DONE or FAILED) with *outcome*, the
    programming over (False: another ended it).
    """
    if not job_queries.finish(context, job['id'], state, outcome,
                              from_state=from_state):
        return False
    if state == job_queries.DONE:
        record_programming(context, job['payload'], outcome['result'])
    deployable_queries.end_programming(context,
                                       job['payload']['deployable_id'])
    return True


def record_programming(context, payload, result):
    """Record the image and function traits a program job's result reports."""
    deployable_queries.record_programming(
        context, payload['deployable_id'], payload['bitstream_id'],
        (result or {}).get('function_traits'),
        cyborg_traits.FUNCTION_TRAIT_PREFIX)


def failed(context, job, error, from_state=job_queries.RUNNING):
    """Fail a program job still in *from_state*: outcome, mark end, notify."""
    if not _finish(context, job, job_queries.FAILED,
                   {'error': exception.to_record(error)}, from_state):
        return
    payload = job['payload']
    deployable_notify.program(
        context, deployable_notify.PROGRAM_ERROR,
        payload['deployable_uuid'], _target(job), payload['bitstream_id'],
        error=error)
    LOG.error('Programming deployable %(uuid)s with image %(image)s (job '
              '%(job)s) failed: %(error)s',
              {'uuid': payload['deployable_uuid'],
               'image': payload['bitstream_id'], 'job': job['uuid'],
               'error': getattr(error, 'message', None) or error})


def expire(context, jobs):
    """Fail the overdue program *jobs* that never started."""
    for job in jobs:
        if job['state'] != job_queries.PENDING:
            continue
        reason = ('the programming did not start within [DEFAULT] '
                  'bind_timeout (%s s)' % CONF.bind_timeout)
        if job['last_error'] == job_queries.waiting_text(
                job['payload']['host']):
            reason += '; the agent is down'
        failed(context, job, exception.AgentUnreachable(
            host=job['payload']['host'], reason=reason),
            from_state=job_queries.PENDING)
