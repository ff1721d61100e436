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
"""The RPC methods of Nova's accelerator requests and of programming."""

import functools
import threading

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import excutils
from oslo_utils import timeutils

from cyborg import exception
from cyborg import metrics
from cyborg import states
from cyborg.common import deadline
from cyborg.conductor import rpcapi
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import program
from cyborg.conductor.arq import release as arq_release
from cyborg.notifications import accelerator_request as arq_notify

CONF = cfg.CONF


def _turn(func):
    """Run one of Nova's ARQ calls in one of ``arq_concurrency`` turns.

    The turn is taken before the call's transaction begins, so a call holding
    a turn never waits on a lock that a call waiting for a turn holds.
    """
    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        with self._turns:
            return func(self, *args, **kwargs)
    return wrapper


class ArqEndpoint:
    """Nova's ARQ calls and deployable_program (*kick_jobs*: run due jobs)."""

    def __init__(self, target, kick_jobs):
        self.target = target
        self._kick_jobs = kick_jobs
        # Nova's ARQ calls run a few at a time (see _turn), on the RPC
        # workers: a limit on those, not pool work.
        self._turns = threading.BoundedSemaphore(
            CONF.conductor.arq_concurrency)

    # expose outermost: expected_exceptions does not copy attributes.
    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceProfileNotFound,
                                   exception.Invalid)
    @_turn
    @deadline.drop_when_late
    def arq_create(self, context, device_profile_name, project_id):
        return arq_create.create(context, device_profile_name, project_id)

    @messaging.expose
    @messaging.expected_exceptions(exception.AcceleratorRequestNotFound,
                                   exception.AcceleratorRequestBadState,
                                   exception.InstanceAlreadyBound,
                                   exception.BindTargetInvalid,
                                   exception.BindTargetGone,
                                   exception.BindRefused,
                                   exception.Invalid)
    @_turn
    @deadline.drop_when_late
    def arq_apply_patch(self, context, patches, project_id=None,
                        check_provider=None):
        """Bind ARQs, or unbind them; see ConductorAPI."""
        binds, unbinds = arq_bind.split_patch(patches)
        if unbinds:
            metrics.ARQ_UNBINDS.inc(len(unbinds))
            with metrics.ARQ_UNBIND_FAILURES.labels(
                    stage=metrics.PATCH).count_exceptions():
                return arq_release.unbind(context, unbinds,
                                          project_id=project_id)
        metrics.ARQ_BINDS.inc(len(binds))
        started = timeutils.utcnow()
        try:
            result, _events = arq_bind.bind(
                context, binds, project_id=project_id,
                check_provider=check_provider)
        except Exception as exc:
            with excutils.save_and_reraise_exception():
                metrics.ARQ_BIND_FAILURES.labels(stage=metrics.PATCH).inc(
                    len(binds))
                if isinstance(exc, exception.BindRefused):
                    arq_notify.bind_refused(context, list(binds))
        bound = sum(1 for state in result.values() if state == states.BOUND)
        for _ in range(bound):
            # Bound in the PATCH: no device work to wait for.
            metrics.bind_ready(metrics.NO_WORK, started)
        return result

    @messaging.expose
    @_turn
    @deadline.drop_when_late
    def arq_delete(self, context, uuids=None, instance_uuid=None,
                   project_id=None):
        deleted = arq_delete.delete(context, uuids=uuids,
                                    instance_uuid=instance_uuid,
                                    project_id=project_id)
        metrics.ARQ_DELETES.inc(len(deleted))
        return len(deleted)

    @rpcapi.write_method(exception.DeployableNotFound,
                         exception.DeployableInUse,
                         exception.UnsupportedOperation)
    def deployable_program(self, context, uuid, image_uuid):
        """Queue programming a deployable; answer ``{job, deadline}``."""
        job = program.program(context, uuid, image_uuid)
        self._kick_jobs(context)
        return job
