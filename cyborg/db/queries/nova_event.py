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
"""Queries of nova_events, the outbox of events for Nova.

An event is written in the transaction of the state change it reports,
``held`` until cyborg-api has answered the bind (or ``pending`` when
that answer is long gone), taken by one conductor (``sending``, with a
claim that expires), and deleted once Nova took it or refused it for good.
"""

import datetime

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg.db import api as db_api
from cyborg.db import models

EV = models.NovaEvent
TABLE = EV.__table__

HELD = 'held'
PENDING = 'pending'
SENDING = 'sending'

NAME = 'accelerator-request-bound'


def _to_dict(row):
    return {'id': row.id, 'name': row.name, 'server_uuid': row.server_uuid,
            'tag': row.tag, 'status': row.status, 'state': row.state,
            'attempts': row.attempts, 'request_id': row.request_id,
            'next_attempt_at': row.next_attempt_at,
            'last_error': row.last_error, 'created_at': row.created_at}


_INSERT = sa.insert(TABLE)
_HELD_OF_REQUEST = (
    sa.select(TABLE).where(TABLE.c.request_id == sa.bindparam('b_request'),
                           TABLE.c.state == HELD)
    .order_by(TABLE.c.id).with_for_update())
_TAKE_HELD = (
    sa.update(TABLE)
    .where(TABLE.c.id.in_(sa.bindparam('b_ids', expanding=True)),
           TABLE.c.state == HELD)
    .values(state=SENDING, next_attempt_at=sa.bindparam('b_until'),
            attempts=TABLE.c.attempts + 1, updated_at=sa.bindparam('b_now')))
_DELETE = sa.delete(TABLE).where(
    TABLE.c.id.in_(sa.bindparam('b_ids', expanding=True)))


def add(session, server_uuid, tag, status, request_id=None, held=False):
    """Write an event in the caller's transaction.

    :param server_uuid: the instance.
    :param tag: the ARQ uuid.
    :param status: completed or failed.
    :param request_id: the API request it waits for, when *held*.
    :param held: wait for release() (or the release timeout).
    """
    now = timeutils.utcnow()
    db_api.execute(session, _INSERT, {
        'name': NAME, 'server_uuid': server_uuid, 'tag': tag,
        'status': status, 'state': HELD if held else PENDING,
        'attempts': 0, 'next_attempt_at': now, 'request_id': request_id,
        'created_at': now})


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def release(context, request_id):
    """Let the held events of an API request go.

    :returns: how many were released.
    """
    now = timeutils.utcnow()
    return context.session.execute(
        sa.update(EV).where(EV.request_id == request_id, EV.state == HELD)
        .values(state=PENDING, next_attempt_at=now, updated_at=now)
    ).rowcount


def release_and_claim(session, request_id, claim_seconds):
    """Let the held events of an API request go, taken at once by the
    caller for *claim_seconds* (as claim_due() takes them), in the
    caller's transaction.

    The conductor that releases them sends them right away instead of
    leaving them to the next claim_due(): one transaction instead of three
    before Nova hears of a bind.

    :returns: the taken events as dicts (none when there were none).
    """
    now = timeutils.utcnow()
    until = now + datetime.timedelta(seconds=claim_seconds)
    # Locked: a claim_due() of another conductor (for events held too
    # long) cannot take them between the two statements.
    rows = [_to_dict(row) for row in db_api.execute(
        session, _HELD_OF_REQUEST, {'b_request': request_id})]
    if not rows:
        return []
    ids = [row['id'] for row in rows]
    taken = db_api.execute(session, _TAKE_HELD, {
        'b_ids': ids, 'b_until': until, 'b_now': now}).rowcount
    if taken != len(ids):
        # Not ours after all: claim_due() will find them.
        return []
    return [dict(row, state=SENDING, next_attempt_at=until,
                 attempts=row['attempts'] + 1) for row in rows]


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def claim_due(context, limit, claim_seconds, hold_timeout):
    """Take the events to send now, for *claim_seconds*.

    Due: pending events whose retry time has come, held events older than
    *hold_timeout* seconds, and events another conductor took but did not
    finish within its claim.

    :returns: the taken events as dicts.
    """
    now = timeutils.utcnow()
    held_before = now - datetime.timedelta(seconds=hold_timeout)
    due = sa.or_(
        sa.and_(EV.state.in_([PENDING, SENDING]),
                EV.next_attempt_at <= now),
        sa.and_(EV.state == HELD, EV.created_at <= held_before))
    candidates = context.session.execute(
        sa.select(EV.id, EV.state, EV.next_attempt_at).where(due)
        .order_by(EV.id).limit(limit)).all()
    until = now + datetime.timedelta(seconds=claim_seconds)
    taken = []
    for event_id, state, next_attempt_at in candidates:
        if context.session.execute(
                sa.update(EV).where(EV.id == event_id, EV.state == state,
                                    EV.next_attempt_at == next_attempt_at)
                .values(state=SENDING, next_attempt_at=until,
                        attempts=EV.attempts + 1, updated_at=now)
        ).rowcount == 1:
            taken.append(event_id)
    if not taken:
        return []
    return [_to_dict(row) for row in context.session.execute(
        sa.select(EV).where(EV.id.in_(taken)).order_by(EV.id)).scalars()]


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def delete(context, event_ids):
    """Forget events Nova took (or refused for good)."""
    if event_ids:
        db_api.execute(context.session, _DELETE, {'b_ids': list(event_ids)})


@db_api.retry_on_deadlock
@db_api.context_manager.writer
def retry_later(context, event_ids, next_attempt_at, error):
    """Send these events again at *next_attempt_at*."""
    if event_ids:
        context.session.execute(
            sa.update(EV).where(EV.id.in_(event_ids)).values(
                state=PENDING, next_attempt_at=next_attempt_at,
                last_error=str(error)[:65535],
                updated_at=timeutils.utcnow()))


@db_api.context_manager.reader
def get_all(context, tag=None):
    """Events not sent yet (optionally of one ARQ), oldest first."""
    query = sa.select(EV).order_by(EV.id)
    if tag is not None:
        query = query.where(EV.tag == tag)
    return [_to_dict(row) for row in context.session.execute(query)
            .scalars()]
