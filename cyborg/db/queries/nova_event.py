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

An event is written in the transaction of its state change, claimed by
one conductor and deleted once Nova took or refused it for good.  A
``failed`` event of an ARQ Nova bound is resent until Nova acts on it.
"""

import datetime

from oslo_utils import timeutils
import sqlalchemy as sa

from cyborg import states
from cyborg.db import api as db_api
from cyborg.db import models

EV = models.NovaEvent
TABLE = EV.__table__
ARQ = models.ExtendedAcceleratorRequest

PENDING = 'pending'
SENDING = 'sending'
# A failed event Nova took, to send again (send_again()).
AGAIN = 'again'

NAME = 'accelerator-request-bound'
FAILED = 'failed'


_COLUMNS = ('id', 'name', 'server_uuid', 'tag', 'status', 'state',
            'attempts', 'request_id', 'next_attempt_at', 'last_error',
            'created_at', 'bind_started_at')


def _to_dict(row):
    return {name: getattr(row, name) for name in _COLUMNS}


_INSERT = sa.insert(TABLE)
_DELETE = sa.delete(TABLE).where(
    TABLE.c.id.in_(sa.bindparam('b_ids', expanding=True)))


@db_api.retrying_writer
def add(context, server_uuid, tag, status, request_id=None,
        claim_seconds=None, bind_started_at=None):
    """Write an event in its state change's transaction; it as a dict.

    *claim_seconds*: the caller claims it to send after commit (None: it
    waits for claim_due()).  *bind_started_at*: Nova's PATCH (naive UTC).
    """
    now = timeutils.utcnow()
    values = {'name': NAME, 'server_uuid': server_uuid, 'tag': tag,
              'status': status, 'state': PENDING, 'attempts': 0,
              'next_attempt_at': now, 'request_id': request_id,
              'created_at': now, 'last_error': None,
              'bind_started_at': bind_started_at}
    if claim_seconds is not None:
        values.update(state=SENDING, attempts=1, next_attempt_at=now +
                      datetime.timedelta(seconds=claim_seconds))
    return dict(values, id=db_api.execute(
        context, _INSERT, values).inserted_primary_key[0])


@db_api.retrying_writer
def claim_due(context, limit, claim_seconds):
    """Claim due events (pending, resend, expired claim) as dicts."""
    now = timeutils.utcnow()
    due = sa.and_(EV.state.in_([PENDING, SENDING, AGAIN]),
                  EV.next_attempt_at <= now)
    candidates = context.session.execute(
        sa.select(EV.id, EV.state, EV.next_attempt_at).where(due)
        .order_by(EV.id).limit(limit)).all()
    until = now + datetime.timedelta(seconds=claim_seconds)
    taken = {}
    for event_id, state, next_attempt_at in candidates:
        if context.session.execute(
                sa.update(EV).where(EV.id == event_id, EV.state == state,
                                    EV.next_attempt_at == next_attempt_at)
                .values(state=SENDING, next_attempt_at=until,
                        attempts=EV.attempts + 1, updated_at=now)
        ).rowcount == 1:
            taken[event_id] = state == AGAIN
    if not taken:
        return []
    return [dict(_to_dict(row), again=taken[row.id])
            for row in context.session.execute(
                sa.select(EV).where(EV.id.in_(list(taken)))
                .order_by(EV.id)).scalars()]


@db_api.retrying_writer
def delete(context, event_ids):
    """Forget events Nova took (or refused for good)."""
    if event_ids:
        db_api.execute(context, _DELETE, {'b_ids': list(event_ids)})


def _again_at(context, event_ids, next_attempt_at, **values):
    if event_ids:
        context.session.execute(
            sa.update(EV).where(EV.id.in_(event_ids)).values(
                next_attempt_at=next_attempt_at,
                updated_at=timeutils.utcnow(), **values))


@db_api.retrying_writer
def retry_later(context, event_ids, next_attempt_at, error):
    """Send these events again at *next_attempt_at*."""
    _again_at(context, event_ids, next_attempt_at, state=PENDING,
              last_error=str(error)[:65535])


@db_api.context_manager.reader
def get_all(context, tag=None):
    """Events not sent yet (optionally of one ARQ), oldest first."""
    return [_to_dict(row) for row in context.session.execute(
        db_api.where_given(sa.select(EV).order_by(EV.id), (EV.tag, tag)))
        .scalars()]


@db_api.retrying_writer
def send_again(context, event_ids, next_attempt_at):
    """Resend these at *next_attempt_at* (Nova may not have acted yet)."""
    _again_at(context, event_ids, next_attempt_at, state=AGAIN)


@db_api.context_manager.reader
def still_failed(context, events):
    """{event id: Nova bound it} of failed events whose ARQ is BindFailed."""
    failed = {(e['tag'], e['server_uuid']): e['id'] for e in events
              if e['status'] == FAILED}
    if not failed:
        return {}
    rows = context.session.execute(
        sa.select(ARQ.uuid, ARQ.instance_uuid, ARQ.attachment_uuid).where(
            ARQ.uuid.in_(sorted({tag for tag, _ in failed})),
            ARQ.state == states.BIND_FAILED)).all()
    return {failed[(uuid, instance)]: attachment is None
            for uuid, instance, attachment in rows
            if (uuid, instance) in failed}


@db_api.context_manager.reader
def failing_tags(context, tags):
    """Of these ARQs, those with a failed event Nova has not acted on."""
    if not tags:
        return set()
    return set(context.session.execute(
        sa.select(EV.tag).where(EV.tag.in_(sorted(set(tags))),
                                EV.status == FAILED)
        .distinct()).scalars())
