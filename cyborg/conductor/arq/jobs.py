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
"""Running bind jobs: the device work of binds, unbinds and program
requests.

Jobs live in the bind_jobs table, so another conductor takes over what a
dead one left.  A job is claimed with a conditional UPDATE, run on the
pool through the agent, and finished in one transaction with the ARQ's
state and its event for Nova: a bind's Bound or BindFailed (``[DEFAULT]
bind_timeout``), a release's handle freed or, after retries, UnbindFailed.
A job whose agent is down waits for its hello, its attempt not counted;
any other error puts it back with a back-off.
"""

from concurrent import futures
import datetime
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import liveness
from cyborg import metrics
from cyborg import servicegroup
from cyborg import states
from cyborg.conductor import backoff
from cyborg.conductor import pool as worker_pool
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.arq import program
from cyborg.conductor.arq import release as arq_release
from cyborg.db import api as db_api
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attach_handle as handle_queries
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import service as service_queries

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Errors of the agent's device work: the job failed, the conductor did not.
_AGENT_ERRORS = (exception.CyborgException, messaging.MessagingException)


class JobRunner:
    """Runs this conductor's share of the bind jobs.

    :param on_programmed: called with the host after a program job, so that
        the device's new function traits reach Placement at once.
    :param pool: the conductor's WorkerPool; default: one of its own.
    """

    def __init__(self, host, agent_api, on_programmed=None, pool=None):
        self.host = host
        self.agent_api = agent_api
        self.on_programmed = on_programmed or (lambda host: None)
        self._own_pool = pool is None
        self.pool = pool or worker_pool.WorkerPool(
            CONF.conductor.workers_pool_size)
        # uuids of the jobs this process runs; a running job of this host
        # that is not among them is taken again.
        self._running = set()
        # The futures of the jobs spawned and not ended (for wait()).
        self._futures = set()
        self._lock = threading.Lock()
        # One run_due() at a time: a job it claimed is in _running before
        # another one looks.
        self._claiming = threading.Lock()
        self._stopped = False

    def stop(self):
        """Take no more jobs; wait for those taken to end."""
        with self._claiming:
            self._stopped = True
        self.wait()
        if self._own_pool:
            self.pool.stop()

    def wait(self, timeout=None):
        """Whether the jobs started until now end within *timeout* s."""
        with self._lock:
            started = list(self._futures)
        _done, not_done = futures.wait(started, timeout=timeout)
        return not not_done

    def _dead_owners(self, context):
        return {service['host'] for service in service_queries.get_all(
                    context, binary=servicegroup.CONDUCTOR)
                if not servicegroup.service_is_up(service)}

    def run_due(self, context):
        """Start due jobs the pool has room for (returns how many)."""
        if self._stopped:
            # A stopping conductor leaves every job to the others.
            return 0
        fail_overdue(context)
        if not self._claiming.acquire(blocking=False):
            return 0
        try:
            if self._stopped:
                return 0
            room = self.pool.free()
            if room <= 0:
                return 0
            with self._lock:
                running = set(self._running)
            jobs = job_queries.claim_due(
                context, self.host, self._dead_owners(context), room,
                running_here=running)
            if jobs:
                jobs = wait_for_agents(context, jobs)
            return sum(1 for job in jobs if self._start(context, job))
        finally:
            self._claiming.release()

    def _start(self, context, job):
        """Run a job on the pool, or put it back when no worker is free."""
        with self._lock:
            self._running.add(job['uuid'])
        try:
            future = self.pool.spawn(self._run, context, job)
        except exception.NoFreeConductorWorker:
            with self._lock:
                self._running.discard(job['uuid'])
            LOG.info('No free worker for bind job %s: put back, due',
                     job['uuid'])
            # Should this fail too, the next run_due() takes it again.
            job_queries.put_back(context, job['id'], self.host)
            return False
        with self._lock:
            self._futures.add(future)
        future.add_done_callback(self._ended)
        return True

    def _ended(self, future):
        with self._lock:
            self._futures.discard(future)

    def _run(self, context, job):
        try:
            run(context, self.agent_api, job)
            if job['kind'] == job_queries.PROGRAM:
                self.on_programmed(job['payload']['host'])
        except Exception as exc:
            LOG.exception('Bind job %(job)s (%(kind)s of %(of)s) failed '
                          'unexpectedly', {'job': job['uuid'],
                                           'kind': job['kind'],
                                           'of': _of(job)})
            try:
                crashed(context, job, exc)
            except Exception:
                # The database is gone too: the job stays running, and is
                # taken again (by this conductor) once it is back.
                LOG.exception('Cannot record the failure of bind job %s; '
                              'it runs again', job['uuid'])
        finally:
            with self._lock:
                self._running.discard(job['uuid'])


def _of(job):
    """Whose job it is, for the logs."""
    if job_queries.is_request(job):
        return 'a program request (deployable %s)' % (
            job['payload'].get('deployable_uuid'))
    return 'ARQ %s' % job['arq_uuid']


def _defer(context, job):
    """The job waits for its host's agent: until its hello or
    ``report_interval``.
    """
    host = job['payload']['host']
    LOG.info('Bind job %(job)s (%(kind)s of %(of)s) waits for the '
             'agent of host %(host)s, which is down',
             {'job': job['uuid'], 'kind': job['kind'], 'of': _of(job),
              'host': host})
    job_queries.defer(context, job['id'], host, timeutils.utcnow() +
                      datetime.timedelta(seconds=CONF.report_interval))


def wake_waiting(context, host):
    """Make due the jobs waiting for *host*'s agent; return how many."""
    woken = job_queries.wake_host(context, host)
    if woken:
        LOG.info('The agent of host %(host)s is back: %(n)d bind job(s) '
                 'that waited for it run now', {'host': host, 'n': woken})
    return woken


def wait_for_agents(context, jobs):
    """Put back the *jobs* whose agent is down; :returns: the others."""
    down = liveness.agents_down(context)
    ready = []
    for job in jobs:
        if job['payload'].get('host') in down:
            _defer(context, job)
        else:
            ready.append(job)
    return ready


def _remaining(deadline):
    """Seconds until *deadline* (at least 1), for the agent call."""
    if deadline is None:
        return None
    return max(1, int((deadline - timeutils.utcnow()).total_seconds()))


def run(context, agent_api, job):
    """Run one job through the agent and record its outcome."""
    if job_queries.is_request(job):
        program.run_job(context, agent_api, job)
        return
    payload = job['payload']
    kind = job['kind']
    LOG.info('Running bind job %(job)s: %(kind)s for ARQ %(arq)s on '
             '%(host)s (attempt %(n)d)',
             {'job': job['uuid'], 'kind': kind, 'arq': job['arq_uuid'],
              'host': payload['host'], 'n': job['attempts']})
    timeout = _remaining(job['deadline'])
    try:
        if kind == job_queries.PROGRAM:
            result = agent_api.program(
                context, payload['host'], payload['driver'],
                payload['address'], bitstream_id=payload['bitstream_id'],
                function_id=payload['function_id'], timeout=timeout)
        elif kind == job_queries.PREPARE:
            result = agent_api.prepare_attach(
                context, payload['host'], payload['driver'],
                payload['attach_handle'], payload['mdev_uuid'],
                timeout=timeout)
        else:
            result = agent_api.release_attach(
                context, payload['host'], payload['driver'],
                payload['attach_handle'], payload['mdev_uuid'])
    except _AGENT_ERRORS as exc:
        error = getattr(exc, 'message', None) or str(exc)
        LOG.warning('Bind job %(job)s (%(kind)s) failed: %(error)s',
                    {'job': job['uuid'], 'kind': kind, 'error': error})
        if kind == job_queries.RELEASE:
            if payload['host'] in liveness.agents_down(context):
                # The agent went away meanwhile (a host that died before
                # its instance was evacuated): the release waits for it.
                _defer(context, job)
                return
            if release_failed(context, job, error):
                metrics.ARQ_UNBIND_FAILURES.labels(
                    stage=metrics.DEVICE).inc()
        elif bind_failed(context, job, error):
            metrics.ARQ_BIND_FAILURES.labels(stage=metrics.DEVICE).inc()
        return
    if kind == job_queries.RELEASE:
        released(context, job)
    elif bind_done(context, job, result):
        # The job was written with the bind (Nova's PATCH).
        metrics.bind_ready(kind, job['created_at'])


def _still_binding(arq, job, state=states.BIND_STARTED):
    """Whether the ARQ still waits for this bind job (or, with *state*
    Bound, whether the job bound it).
    """
    return (arq is not None and arq['state'] == state and
            arq['attach_handle_id'] == job['payload']['handle_id'])


@db_api.retrying_writer
def bind_done(context, job, result):
    """The device work succeeded: the ARQ Bound and its usage interval
    opened (False: it changed).
    """
    deleted = job_queries.delete(context, job['id'])
    arq = arq_queries.lock_state(context, job['arq_uuid'])
    if not deleted and _still_binding(arq, job, states.BOUND):
        # A try of this transaction committed, and its answer was lost.
        LOG.info('ARQ %s was bound by an earlier try of its bind job',
                 job['arq_uuid'])
        return True
    if not _still_binding(arq, job):
        # The ARQ let go of the handle, which was this job's until now.
        LOG.info('ARQ %(arq)s changed while its bind job ran (now %(st)s)',
                 {'arq': job['arq_uuid'],
                  'st': arq['state'] if arq else 'deleted'})
        arq_release.job_handle_done(context, job)
        return False
    if job['kind'] == job_queries.PROGRAM:
        program.record_programming(context, job['payload'], result)
    lifecycle.change(context, states.BIND_DONE, [{
        'uuid': job['arq_uuid'], 'instance_uuid': arq['instance_uuid'],
        'usage': job['payload']['usage'],
        'bind_started_at': job['created_at']}])
    return True


@db_api.retrying_writer
def bind_failed(context, job, error):
    """The device work failed or timed out: BindFailed (False: changed)."""
    job_queries.delete(context, job['id'])
    arq = arq_queries.lock_state(context, job['arq_uuid'])
    failed = _still_binding(arq, job)
    if failed:
        _fail(context, job, arq['instance_uuid'])
        LOG.error('Bind of ARQ %(arq)s failed: %(error)s',
                  {'arq': job['arq_uuid'], 'error': error})
    # Whatever the device was left in, the handle is released.
    arq_release.job_handle_done(context, job)
    return failed


def _fail(context, job, instance_uuid, handle_id=None):
    """The job's ARQ BindFailed without a handle (*handle_id*: let go of
    it), and its event.
    """
    lifecycle.change(context, states.BIND_FAIL, [{
        'uuid': job['arq_uuid'], 'instance_uuid': instance_uuid,
        'bind_started_at': job['created_at'],
        'attach_handle_id': handle_id}])


def _forget_deleting(context, arq_uuid, arq):
    """Delete a Deleting ARQ whose release ended."""
    lifecycle.change(context, states.FORGET, [{
        'uuid': arq_uuid, 'instance_uuid': arq['instance_uuid']}])


@db_api.retrying_writer
def released(context, job):
    """The device-side state is gone: free the handle; a Deleting ARQ goes."""
    job_queries.delete(context, job['id'])
    handle_queries.release(context, job['payload']['handle_id'],
                           job['arq_uuid'])
    arq = arq_queries.lock_state(context, job['arq_uuid'])
    if arq is not None and arq['state'] == states.DELETING:
        _forget_deleting(context, job['arq_uuid'], arq)


@db_api.retrying_writer
def release_failed(context, job, error):
    """Retry with back-off; give up (True) after events_max_attempts."""
    if job['attempts'] < CONF.nova.events_max_attempts:
        _retry_later(context, job, error)
        return False
    job_queries.delete(context, job['id'])
    arq = arq_queries.lock_state(context, job['arq_uuid'])
    LOG.error('Giving up releasing attach handle %(handle)s of ARQ '
              '%(arq)s after %(n)d attempts: %(error)s; the handle stays '
              'out of use', {'handle': job['payload']['handle_id'],
                             'arq': job['arq_uuid'], 'n': job['attempts'],
                             'error': error})
    if arq is None:
        return True
    if arq['state'] == states.DELETING:
        _forget_deleting(context, job['arq_uuid'], arq)
    elif arq['state'] == states.UNBOUND:
        lifecycle.change(context, states.UNBIND_FAIL,
                         [{'uuid': job['arq_uuid']}])
    return True


def crashed(context, job, error):
    """A job ended with an unexpected error (a lost database, a bug).

    A release is retried as a failed release; a bind's work runs again after
    a back-off until its deadline, then the bind fails.
    """
    text = '%s: %s' % (type(error).__name__, error)
    if job['kind'] == job_queries.RELEASE:
        if release_failed(context, job, text):
            metrics.ARQ_UNBIND_FAILURES.labels(stage=metrics.DEVICE).inc()
    elif (job['deadline'] is None or
            job['deadline'] <= timeutils.utcnow() or
            job['attempts'] >= CONF.nova.events_max_attempts):
        if job_queries.is_request(job):
            # Answered as the unexpected error it is (a server error).
            program.failed(context, job, error)
        elif bind_failed(context, job, text):
            metrics.ARQ_BIND_FAILURES.labels(stage=metrics.DEVICE).inc()
    else:
        _retry_later(context, job, text)


def _retry_later(context, job, error):
    delay = backoff.delay(job['attempts'])
    LOG.warning('Bind job %(job)s runs again in %(delay)s s',
                {'job': job['uuid'], 'delay': delay})
    job_queries.retry_later(
        context, job['id'],
        timeutils.utcnow() + datetime.timedelta(seconds=delay), error)


def fail_overdue(context):
    """Fail the binds whose device work missed its deadline, and the
    program requests' jobs that never started (program.expire).

    :returns: the number of ARQs failed.
    """
    failed, requests = _fail_overdue(context)
    if failed:
        metrics.ARQ_BIND_FAILURES.labels(stage=metrics.DEVICE).inc(
            len(failed))
    program.expire(context, requests)
    return len(failed)


@db_api.retrying_writer
def _fail_overdue(context):
    """(the ARQs failed, the overdue jobs of program requests)."""
    failed, requests = [], []
    for job in job_queries.overdue(context, timeutils.utcnow()):
        if job_queries.is_request(job):
            requests.append(job)
            continue
        arq = arq_queries.lock_state(context, job['arq_uuid'])
        if arq is None or arq['state'] != states.BIND_STARTED:
            continue
        # A job that runs keeps the handle until it ends; one that did not
        # start is dropped and the handle freed.
        _fail(context, job, arq['instance_uuid'], arq['attach_handle_id'])
        job_queries.clear_deadline(context, job['id'])
        LOG.error('Bind of ARQ %(arq)s timed out: its %(kind)s job did not '
                  'finish within [DEFAULT] bind_timeout (%(t)s s)',
                  {'arq': job['arq_uuid'], 'kind': job['kind'],
                   't': CONF.bind_timeout})
        failed.append(job['arq_uuid'])
    return failed, requests
