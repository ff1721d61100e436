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
"""Queries of bind_jobs: device work of binds, unbinds and program requests.

A conductor takes a due job with a conditional UPDATE of its owner and
deletes it when done; a program request's job keeps its outcome until
purge_finished().
"""

from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

JOB = models.BindJob
TABLE = JOB.__table__

PENDING = 'pending'
RUNNING = 'running'
# A program request's job that ended (outcome set); never taken again.
DONE = 'done'
FAILED = 'failed'
FINISHED = (DONE, FAILED)

# Kinds of work
PROGRAM = 'program'
PREPARE = 'prepare_attach'
RELEASE = 'release_attach'


_INSERT = sa.insert(TABLE)
_DELETE = sa.delete(TABLE).where(TABLE.c.id == sa.bindparam('b_id'))
_OF_ARQ = sa.select(TABLE).where(TABLE.c.arq_uuid == sa.bindparam('b_arq'))
# The attempt claim_due() counted, given back.
_ATTEMPT_BACK = sa.case((JOB.attempts > 0, JOB.attempts - 1), else_=0)


_COLUMNS = ('id', 'uuid', 'arq_uuid', 'kind', 'state', 'owner', 'attempts',
            'deadline', 'last_error', 'request_id', 'not_before',
            'created_at')


def _outcome(row):
    return None if row.outcome is None else jsonutils.loads(row.outcome)


def _to_dict(row):
    return dict({name: getattr(row, name) for name in _COLUMNS},
                payload=jsonutils.loads(row.payload or '{}'),
                outcome=_outcome(row))


def is_request(job):
    """Whether *job* (a dict) is a program request's, not an ARQ's."""
    return job['arq_uuid'] is None


@db_api.retrying_writer
def add(context, arq_uuid, kind, payload, deadline, request_id=None):
    """A pending job (*arq_uuid* None: a program request's); its uuid."""
    uuid = uuidutils.generate_uuid()
    db_api.execute(context, _INSERT, {
        'uuid': uuid, 'arq_uuid': arq_uuid, 'kind': kind,
        'state': PENDING, 'payload': jsonutils.dumps(payload),
        'deadline': deadline, 'attempts': 0, 'request_id': request_id,
        'created_at': timeutils.utcnow()})
    return uuid


@db_api.retrying_writer
def claim_due(context, owner, dead_owners, limit, running_here=()):
    """Take up to *limit* jobs to run now (dicts).

    Pending ones past back-off, running ones of *dead_owners*, and those of
    *owner* it does not run (not in *running_here*).
    """
    now = timeutils.utcnow()
    due = sa.or_(
        sa.and_(JOB.state == PENDING,
                sa.or_(JOB.not_before.is_(None), JOB.not_before <= now)),
        sa.and_(JOB.state == RUNNING, JOB.owner.in_(list(dead_owners))),
        sa.and_(JOB.state == RUNNING, JOB.owner == owner,
                JOB.uuid.not_in(list(running_here))))
    candidates = context.session.execute(
        sa.select(JOB.id, JOB.state, JOB.owner).where(due)
        .order_by(JOB.id).limit(limit)).all()
    taken = []
    for job_id, state, old_owner in candidates:
        stmt = (sa.update(JOB).where(JOB.id == job_id, JOB.state == state)
                .values(state=RUNNING, owner=owner,
                        attempts=JOB.attempts + 1, updated_at=now))
        if state == RUNNING:
            stmt = stmt.where(JOB.owner == old_owner)
        if context.session.execute(stmt).rowcount == 1:
            taken.append(job_id)
    if not taken:
        return []
    rows = context.session.execute(
        sa.select(JOB).where(JOB.id.in_(taken))).scalars()
    return [_to_dict(row) for row in rows]


@db_api.retrying_writer
def retry_later(context, job_id, not_before, error):
    """Requeue a job until *not_before* after it failed with *error*."""
    _requeue(context, job_id, not_before=not_before,
             last_error=str(error)[:65535])


def _requeue(context, job_id, *where, **values):
    """Make a job pending again, unowned, if *where*; whether it was."""
    return context.session.execute(
        sa.update(JOB).where(JOB.id == job_id, *where).values(
            state=PENDING, owner=None, updated_at=timeutils.utcnow(),
            **values)).rowcount == 1


@db_api.retrying_writer
def delete(context, job_id):
    """Forget a finished job; whether it was there."""
    return db_api.execute(context, _DELETE, {'b_id': job_id}).rowcount == 1


@db_api.context_manager.reader
def for_arq(context, arq_uuid):
    """The jobs of an ARQ, as dicts."""
    return [_to_dict(row) for row in db_api.execute(
        context, _OF_ARQ, {'b_arq': arq_uuid})]


@db_api.context_manager.reader
def overdue(context, now):
    """The jobs whose bind deadline passed before *now*, as dicts."""
    return [_to_dict(row) for row in context.session.execute(
        sa.select(JOB).where(JOB.deadline.is_not(None),
                             JOB.deadline < now)).scalars()]


@db_api.context_manager.writer
def clear_deadline(context, job_id):
    """Clear a job's deadline (its bind was failed for it)."""
    context.session.execute(sa.update(JOB).where(JOB.id == job_id)
                            .values(deadline=None))


def waiting_text(host):
    """The last_error by which wake_host() finds jobs waiting for *host*."""
    return 'waiting for the agent of host %s, which is down' % host


@db_api.retrying_writer
def defer(context, job_id, host, not_before):
    """Requeue unrun, no attempt used, until *not_before* or wake_host()."""
    _requeue(context, job_id, not_before=not_before, attempts=_ATTEMPT_BACK,
             last_error=waiting_text(host))


@db_api.retrying_writer
def put_back(context, job_id, owner):
    """Requeue unrun, due now (no worker free); if it was *owner*'s."""
    return _requeue(context, job_id, JOB.state == RUNNING,
                    JOB.owner == owner, attempts=_ATTEMPT_BACK)


@db_api.context_manager.reader
def waits_for(context, host):
    """Whether a job waits for the agent of *host* (wake_host() wakes it)."""
    return context.session.execute(
        sa.select(JOB.id).where(JOB.state == PENDING,
                                JOB.last_error == waiting_text(host))
        .limit(1)).first() is not None


@db_api.retrying_writer
def wake_host(context, host):
    """Make the jobs waiting for the agent of *host* due now (a count)."""
    return context.session.execute(
        sa.update(JOB).where(JOB.state == PENDING,
                             JOB.last_error == waiting_text(host))
        .values(not_before=None, last_error=None,
                updated_at=timeutils.utcnow())).rowcount


@db_api.context_manager.writer
def finish(context, job_id, state, outcome, from_state=RUNNING):
    """End a program job with *outcome* if still *from_state*; if ended here.

    Of the conductor running it and the one finding it overdue, one ends it.
    """
    return context.session.execute(
        sa.update(JOB).where(JOB.id == job_id, JOB.state == from_state)
        .values(state=state, outcome=jsonutils.dumps(outcome),
                owner=None, deadline=None, not_before=None,
                updated_at=timeutils.utcnow())).rowcount == 1


@db_api.context_manager.writer
def purge_finished(context, before):
    """Forget program jobs that ended before *before* (a count)."""
    return context.session.execute(
        sa.delete(JOB).where(JOB.state.in_(FINISHED),
                             JOB.updated_at < before)).rowcount


_OUTCOME = (sa.select(TABLE.c.state, TABLE.c.outcome)
            .where(TABLE.c.uuid == sa.bindparam('b_uuid')))


@db_api.context_manager.reader
def outcome(context, uuid):
    """``{state, outcome}`` of a program job, or None when not recorded."""
    row = db_api.execute(context, _OUTCOME, {'b_uuid': uuid}).one_or_none()
    if row is None:
        return None
    return {'state': row.state, 'outcome': _outcome(row)}
