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
"""Checking that attach handles and ARQs agree, and repairing them.

A handle is in use exactly when a live ARQ references it or a bind job
names it.  An unheld handle is freed (or its release queued); a held free
handle is marked in use for a live ARQ, else the ARQ forgets it.  Each is
re-checked under the handle's row lock.
"""

import dataclasses

from oslo_log import log as logging
from oslo_utils import uuidutils

from cyborg.conductor.arq import lifecycle
from cyborg.conductor.audit import record
from cyborg.db import api as db_api
from cyborg.db.queries import bind_job as job_queries
from cyborg.db.queries import handle_audit as audit_queries
from cyborg.objects import hardware

LOG = logging.getLogger(__name__)

UNHELD = 'unheld handle'
HELD_FREE = 'held free handle'


@dataclasses.dataclass(kw_only=True)
class HandleFinding(record.Finding):
    """A handle whose state disagrees with the ARQs and bind jobs."""

    handle: str
    deployable: str
    arq: str | None = None


def _finding(handle, kind, settled, arq=None):
    """The finding of *handle* from ``(detail, repaired)``."""
    detail, repaired = settled
    return HandleFinding(kind=kind, host=handle['host'],
                         handle=handle['uuid'],
                         deployable=handle['deployable_name'], arq=arq,
                         detail=detail, repaired=repaired)


@db_api.retrying_writer
def _settle_unheld(context, handle_id, heal):
    """Re-check and heal an unheld handle under its lock (None: fine now)."""
    handle = audit_queries.lock_handle(context, handle_id)
    if handle is None or not handle['in_use']:
        return None
    arqs = audit_queries.holders(context, handle_id)
    if any(state in audit_queries.LIVE for _, state in arqs):
        return None
    if handle_id in audit_queries.job_handle_ids(context):
        return None
    stale = ', '.join('%s (%s)' % arq for arq in arqs)
    work = hardware.needs_device_work(handle['attach_type'],
                                      handle['attach_info'])
    detail = 'in use, held by no live ARQ and no bind job'
    if stale:
        detail += '; referenced by %s' % stale
    action = 'queue its release' if work else 'free it'
    if not heal:
        return '%s (heal: %s)' % (detail, action), None
    audit_queries.drop_stale_references(context, handle_id)
    if work:
        job = job_queries.add(
            context, uuidutils.generate_uuid(), job_queries.RELEASE,
            lifecycle.release_payload(handle, handle['host'],
                                      handle['driver_name']),
            deadline=None)
        # Still in use: the job frees it once the agent removed the
        # device's state, or gives up again (and the next audit says so).
        return ('%s; release job %s queued: in use until it ends' % (
            detail, job), False)
    if audit_queries.free_unheld(context, handle_id):
        return detail + '; freed', True
    return detail + '; changed meanwhile: left alone', False


@db_api.retrying_writer
def _settle_held_free(context, handle_id, heal):
    """Re-check and heal a free handle an ARQ references (None: fine now)."""
    handle = audit_queries.lock_handle(context, handle_id)
    if handle is None or handle['in_use']:
        return None
    arqs = audit_queries.holders(context, handle_id)
    if not arqs:
        return None
    [(arq, state)] = arqs  # the reference is unique
    live = state in audit_queries.LIVE
    detail = 'free, but ARQ %s (%s) references it' % (arq, state)
    if not heal:
        return arq, (detail + (' (heal: mark it in use)' if live else
                               ' (heal: make the ARQ forget it)'), None)
    if live:
        done = audit_queries.mark_held(context, handle_id)
        return arq, (detail + ('; marked in use' if done else
                               '; changed meanwhile: left alone'), done)
    done = audit_queries.drop_stale_references(context, handle_id) > 0
    return arq, (detail + ('; the ARQ forgot it' if done else
                           '; changed meanwhile: left alone'), done)


def audit(context, host=None, heal=False):
    """Find (and with *heal*, repair) handles in the wrong state."""
    unheld, held_free = audit_queries.candidates(context, host=host)
    found = []
    for handle in unheld:
        settled = _settle_unheld(context, handle['id'], heal)
        if settled is not None:
            found.append(_finding(handle, UNHELD, settled))
    for handle in held_free:
        settled = _settle_held_free(context, handle['id'], heal)
        if settled is not None:
            found.append(_finding(handle, HELD_FREE, settled[1],
                                  arq=settled[0]))
    return found


def periodic(context):
    """The conductor's periodic check: log what audit() finds."""
    found = audit(context)
    for finding in found:
        LOG.warning('Attach handle %(handle)s of %(deployable)s on '
                    '%(host)s: %(kind)s: %(detail)s; run "cyborg-manage '
                    'handle heal" to repair', finding.as_dict())
    if not found:
        LOG.debug('Attach handle audit: every handle agrees with the '
                  'accelerator requests and bind jobs')
    return found
