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
"""The conductor's RPC endpoint.

Methods stay thin: they check what they were given and hand the work to an
operation module of this package.  Only methods marked ``@messaging.expose``
are reachable over RPC.
"""

import functools
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import excutils
from oslo_utils import timeutils

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import metrics
from cyborg import servicegroup
from cyborg import states
from cyborg import version
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.common import deadline
from cyborg.conductor import call_threads
from cyborg.conductor import pool as worker_pool
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import jobs as bind_jobs
from cyborg.conductor.arq import nova_events as nova_notifier
from cyborg.conductor.arq import program as deployable_ops
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.attach import allocations as attachment_ops
from cyborg.conductor.attach import instance as instance_ops
from cyborg.conductor.audit import handles as handle_audit
from cyborg.conductor.audit import instances as instance_audit
from cyborg.conductor.devices import attribute as attribute_ops
from cyborg.conductor.devices import configuration as config_ops
from cyborg.conductor.devices import device as device_ops
from cyborg.conductor.devices import device_class as device_class_ops
from cyborg.conductor.devices import device_profile as dp_ops
from cyborg.conductor.devices import driver as driver_ops
from cyborg.conductor.inventory import discovery as discovery_ops
from cyborg.conductor.inventory import registration
from cyborg.conductor.inventory import reports as inventory
from cyborg.conductor.placement import push as placement_push
from cyborg.notifications import accelerator_request as arq_notify
from cyborg.notifications import device_config as config_notify

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = servicegroup.CONDUCTOR


def _arq_turn(func):
    """Run one of Nova's ARQ calls in one of the conductor's
    ``[conductor] arq_concurrency`` turns; a late call (see
    cyborg.common.deadline) is dropped after its wait, not run.

    The turn is taken before the call's transaction begins and given back
    after it ends, so a call holding a turn never waits on a database lock
    that a call waiting for a turn holds.
    """
    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        with self._arq_turns:
            return func(self, *args, **kwargs)
    return wrapper


class ConductorManager:
    """Endpoint of topic ``cyborg-conductor``.

    :param host: this conductor's host.
    :param topic: the topic it serves.
    :param agent_api: the agent RPC client (tests pass their own).
    :param placement: a PlacementClient (tests pass their own); default:
        one from the ``[placement]`` options, or none when they do not
        say how to reach Placement.
    """

    # Must equal ConductorAPI.RPC_API_VERSION (checked by a unit test).
    RPC_API_VERSION = '1.0'

    target = messaging.Target(version=RPC_API_VERSION)

    def __init__(self, host, topic, agent_api=None, placement=None):
        self.host = host
        self.topic = topic
        self.agent_api = agent_api or agent_rpcapi.AgentAPI()
        if placement is None and placement_client.is_configured(CONF):
            placement = placement_client.from_conf(CONF)
        self.placement = placement
        self.notifier = nova_notifier.Notifier()
        self._nova = None
        # The one pool of this conductor: bind jobs, the work RPC
        # handlers start so that they answer at once (_kick), driver
        # pushes.
        self.pool = worker_pool.WorkerPool(CONF.conductor.workers_pool_size)
        self.jobs = bind_jobs.JobRunner(host, self.agent_api,
                                        on_resolved=self._kick_notifier,
                                        on_programmed=self._push_soon,
                                        pool=self.pool)
        # The functions _kick_due() runs or will run again: {func: whether
        # it runs again}.
        self._due = {}
        self._due_lock = threading.Lock()
        # Nova's ARQ calls run a few at a time (see _arq_turn), on the RPC
        # workers: a limit on those, not pool work.
        self._arq_turns = threading.BoundedSemaphore(
            CONF.conductor.arq_concurrency)

    def init_host(self, context):
        """Register this conductor; resume the work left by a restart."""
        if self.placement is None:
            LOG.warning('[placement] sets neither auth_type nor '
                        'endpoint_override: devices are recorded but not '
                        'published to Placement, so Nova cannot schedule '
                        'them')
        if not nova_client.is_configured(CONF):
            LOG.warning('[nova] sets neither auth_type nor '
                        'endpoint_override: Nova is not told when '
                        'accelerator requests are bound')
        # Its counters, for Prometheus ([metrics] conductor_port; off by
        # default), served by this process: the one that counts.
        metrics.serve_conductor(CONF)
        self._heartbeat(context, started_at=timeutils.utcnow())
        self._kick_due(self._work, context)

    def del_host(self, context):
        """Stop gracefully: finish what this conductor took on.

        Called once the RPC server and the periodic tasks have stopped.
        Nothing this conductor claimed is left to wait for its claim to
        expire (issue 37):

        1. no new bind job is taken; the jobs taken run to their end
           (each was given a free worker of the pool, or put back);
        2. every kick the pool accepted runs, taken by a worker yet or
           not: the events binds queued go to Nova (a failed send puts
           them back as due, as any failed send does), hosts marked for
           a push are pushed; the pool refuses new work from then on;
        3. events still queued (their kick was refused: the pool full,
           or stopping) are sent here.

        A conductor killed instead, or stopped past
        ``graceful_shutdown_timeout``, leaves its claims to expire: another
        conductor takes them over then.
        """
        self.jobs.stop()
        self.pool.stop()
        self.notifier.send_queued(context)

    def periodic_tasks(self):
        tasks = [(CONF.report_interval, self._heartbeat),
                 (CONF.conductor.work_poll_interval, self._work),
                 (CONF.placement.sync_interval, self._sync_placement),
                 (CONF.report_interval, self._check_agents)]
        if CONF.conductor.handle_audit_interval:
            tasks.append((CONF.conductor.handle_audit_interval,
                          handle_audit.periodic))
        if CONF.conductor.instance_audit_interval:
            tasks.append((CONF.conductor.instance_audit_interval,
                          self._instance_audit))
        return tasks

    def rpc_threads(self):
        """The threads of this conductor's RPC server: no more than its
        database connections serve (cyborg.conductor.call_threads).
        """
        return call_threads.size(CONF, len(self.periodic_tasks()))

    def _kick(self, func, *args):
        """Run work an RPC method started on the pool, after its answer.

        Every kick's work is in the database first, so a kick the pool
        refuses (every worker busy and its queue full, or stopping) is
        only late: _work (``[conductor] work_poll_interval``) runs due
        jobs, sends due and queued events and wakes what agents' hellos
        woke; the Placement check (``[placement] sync_interval``) pushes
        the hosts marked for a push and restores agents that are back;
        del_host sends queued events.

        :returns: whether the pool took it.
        """
        try:
            self.pool.spawn(func, *args)
        except exception.NoFreeConductorWorker as exc:
            LOG.debug('%(func)s left for the periodic tasks: %(exc)s',
                      {'func': getattr(func, '__qualname__', func),
                       'exc': exc})
            return False
        return True

    def _kick_due(self, func, context):
        """Kick ``func(context)``, a function that does what is due (runs
        due jobs, sends queued or due events): a kick while it runs, or
        waits for a worker, makes it run once more after that, not
        beside it.  So a burst of binds holds one worker, not one each,
        and their events go together (up to a batch per request).
        """
        with self._due_lock:
            if func in self._due:
                self._due[func] = True
                return
            self._due[func] = False
        if not self._kick(self._run_kicked, func, context):
            with self._due_lock:
                del self._due[func]

    def _run_kicked(self, func, context):
        while True:
            try:
                func(context)
            except Exception:
                LOG.exception('%s failed; retried by the periodic tasks',
                              getattr(func, '__qualname__', func))
            with self._due_lock:
                if not self._due[func]:
                    del self._due[func]
                    return
                self._due[func] = False

    def _kick_notifier(self):
        self._kick_due(self.notifier.send_due,
                       cyborg_context.get_admin_context())

    def _push_soon(self, host):
        """Push a host's providers to Placement from the work pool (a
        program job changed a device's function traits).
        """
        if self.placement is not None:
            self._kick(placement_push.push_safely,
                       cyborg_context.get_admin_context(), self.placement,
                       host)

    def _push_and_configure(self, host):
        """From the work pool: push the host's providers (a device
        reserved for its configuration), then tell its agent to take it.
        """
        self._kick(self._push_then_tell, host)

    def _push_then_tell(self, host):
        context = cyborg_context.get_admin_context()
        if self.placement is not None:
            placement_push.push_safely(context, self.placement, host)
        self._tell_agent(context, host)

    def _tell_agent(self, context, host):
        """Cast configure_soon to the host's agent; a lost cast is only
        late (its heartbeat asks all the same).
        """
        try:
            self.agent_api.configure_soon(context, host)
        except messaging.MessagingException:
            LOG.warning('Could not tell the agent of %s about its devices\' '
                        'configuration; its next heartbeat asks', host)

    def nova(self):
        """The Nova client of attach and detach, or None when ``[nova]``
        does not say how to reach Nova.
        """
        if self._nova is None and nova_client.is_configured(CONF):
            self._nova = nova_client.from_conf(CONF)
        return self._nova

    def _work(self, context):
        """Run due bind jobs, send due events for Nova, and do what
        attach and detach left for later.
        """
        self.jobs.run_due(context)
        # What binds queued and a refused kick did not send.
        self.notifier.send_queued(context)
        self.notifier.send_due(context)
        attachment_ops.run_due(context, self.placement, self.nova())
        # Devices whose configuration waited for their instances to go.
        for host in config_ops.release_drained(context):
            self._push_and_configure(host)

    def _sync_placement(self, context):
        inventory.periodic(context, self.placement)

    def _check_agents(self, context):
        inventory.check_liveness(context, self.placement)

    def _instance_audit(self, context):
        instance_audit.periodic(context, self.nova(), self.placement)

    def _agent_back(self, host):
        context = cyborg_context.get_admin_context()
        if bind_jobs.agent_heard(context, host):
            self.jobs.run_due(context)

    def _heartbeat(self, context, started_at=None):
        # The conductor owns the database, so it records its own heartbeat
        # directly instead of through RPC.
        registration.hello(context, self.host, BINARY, topic=self.topic,
                           version=version.version_string(),
                           started_at=started_at)

    # expose must be the outermost decorator: expected_exceptions does not
    # copy the function's attributes.
    @messaging.expose
    @messaging.expected_exceptions(exception.InvalidServiceBinary)
    def hello(self, context, host, binary, version=None, topic=None,
              drivers=None, started_at=None, installed_revision=None,
              config_revision=None):
        """Register a service or record its heartbeat.

        See ConductorAPI.hello for the arguments.
        """
        LOG.debug('hello from %(binary)s on %(host)s',
                  {'binary': binary, 'host': host})
        if started_at is not None:
            started_at = timeutils.normalize_time(
                timeutils.parse_isotime(started_at))
        service = registration.hello(
            context, host, binary, version=version, topic=topic,
            drivers=drivers, started_at=started_at)
        if binary == inventory.AGENT_BINARY:
            # Jobs that waited for this agent run now (issue 27).
            self._kick(self._agent_back, host)
        if (binary == inventory.AGENT_BINARY and
                inventory.is_reserved(context, host)):
            # Back: service.up and its inventory restored now, not at the
            # next sync (with or without Placement: issue 30).
            self._kick(inventory.agent_heard,
                       cyborg_context.get_admin_context(), self.placement,
                       host)
        answer = {'uuid': service['uuid'], 'host': service['host'],
                  'binary': service['binary'],
                  'status': servicegroup.service_status(service)}
        if installed_revision is not None:
            decisions = registration.decisions_if_changed(
                context, host, installed_revision)
            if decisions is not None:
                answer['installed'], answer['removed'] = decisions
        if config_revision is not None:
            configs = config_ops.for_agent(
                context, host, config_revision,
                placement=self.placement is not None)
            if configs is not None:
                answer['configs'], answer['config_revision'] = configs
        return answer

    # REST API writes ---------------------------------------------------------

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceProfileNameConflict,
                                   exception.DeviceProfileUUIDConflict)
    @deadline.drop_when_late
    def device_profile_create(self, context, device_profile):
        return dp_ops.create(context, device_profile)

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceProfileNotFound,
                                   exception.DeviceProfileInUse)
    @deadline.drop_when_late
    def device_profile_delete(self, context, uuids, names):
        dp_ops.delete(context, uuids=uuids, names=names)

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceProfileNotFound,
                                   exception.Invalid)
    @_arq_turn
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
                                   exception.AgentDown,
                                   exception.Invalid)
    @_arq_turn
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
            result, events = arq_bind.bind(
                context, binds, project_id=project_id,
                check_provider=check_provider, take_events=True)
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
        self._bound(context, result, events)
        return result

    def _bound(self, context, result, events):
        """A bind committed: send its events now, start its device work.
        """
        arq_notify.bind_committed(context, result)
        if events:
            self.notifier.queue(events)
            self._kick_due(self.notifier.send_queued, context)
        if states.BIND_STARTED in result.values():
            self._kick_due(self.jobs.run_due, context)

    @messaging.expose
    @messaging.expected_exceptions(exception.AcceleratorRequestNotFound)
    @_arq_turn
    @deadline.drop_when_late
    def arq_delete(self, context, uuids=None, instance_uuid=None,
                   project_id=None):
        deleted = arq_delete.delete(context, uuids=uuids,
                                    instance_uuid=instance_uuid,
                                    project_id=project_id)
        metrics.ARQ_DELETES.inc(deleted)
        return deleted

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceNotFound)
    @deadline.drop_when_late
    def device_set_status(self, context, uuid, status):
        device_ops.set_status(context, self.placement, uuid, status)

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceSelectorEmpty)
    @deadline.drop_when_late
    def device_set_status_by_selector(self, context, selector, status):
        """Enable or disable every device a selector names; their hosts
        are pushed to Placement from the work pool, so that the answer
        does not wait for thousands of pushes.

        See ConductorAPI.device_set_status_by_selector.
        """
        uuids, hosts = device_ops.set_status_by_selector(context, selector,
                                                         status)
        if hosts and self.placement is not None:
            self._kick(device_ops.push_hosts,
                       cyborg_context.get_admin_context(), self.placement,
                       hosts)
        return uuids

    @messaging.expose
    @messaging.expected_exceptions(exception.DeployableNotFound)
    @deadline.drop_when_late
    def attribute_create(self, context, deployable_id, key, value):
        return attribute_ops.create(context, deployable_id, key, value,
                                    placement=self.placement)['uuid']

    @messaging.expose
    @messaging.expected_exceptions(exception.AttributeNotFound)
    @deadline.drop_when_late
    def attribute_delete(self, context, uuid):
        attribute_ops.delete(context, uuid, placement=self.placement)

    # Agents and inventory ----------------------------------------------------

    @messaging.expose
    def report(self, context, host, generation, inventory_hash,
               hardware=None, rp_name=None, discovery=None):
        """Apply an agent's hardware report, hash-gated.

        See ConductorAPI.report for the arguments.
        """
        return inventory.report(context, self.placement, host, generation,
                                inventory_hash, hardware=hardware,
                                rp_name=rp_name, discovery=discovery)

    @messaging.expose
    @messaging.expected_exceptions(exception.DriverNotEnabled,
                                   exception.AgentUnreachable,
                                   exception.AgentNotFound)
    @deadline.drop_when_late
    def discovery_start(self, context, host=None, driver=None):
        """Ask one agent, or every agent, to discover now; answer at once.
        The agents' reports bring the outcome.

        See ConductorAPI.discovery_start for the arguments.
        """
        return discovery_ops.start(context, self.agent_api, host=host,
                                   driver=driver)

    # Programming -------------------------------------------------------------

    @messaging.expose
    @messaging.expected_exceptions(exception.DeployableNotFound,
                                   exception.DeployableInUse,
                                   exception.UnsupportedOperation)
    @deadline.drop_when_late
    def deployable_program(self, context, uuid, image_uuid):
        """Queue the programming of a deployable; answer ``{job,
        deadline}`` once queued (cyborg.conductor.arq.program).
        """
        job = deployable_ops.program(context, uuid, image_uuid)
        self._kick_due(self.jobs.run_due, context)
        return job

    # Operator verbs ----------------------------------------------------------

    @messaging.expose
    @messaging.expected_exceptions(exception.UnknownDriver,
                                   exception.DriverLoadError,
                                   exception.DriverConfigInvalid,
                                   exception.AgentNotFound,
                                   exception.DriverAlreadyEnabled)
    @deadline.drop_when_late
    def driver_install(self, context, name, host=None, config=None):
        """Install a driver; see ConductorAPI."""
        return driver_ops.install(context, self.agent_api, name, host=host,
                                  config=config, pool=self.pool)

    @messaging.expose
    @messaging.expected_exceptions(exception.DriverUUIDNotFound,
                                   exception.DriverUninstalled,
                                   exception.DriverConfigInvalid)
    @deadline.drop_when_late
    def driver_update(self, context, uuid, config):
        """Reconfigure an installed driver; see ConductorAPI."""
        return driver_ops.update(context, self.agent_api, uuid, config,
                                 pool=self.pool)

    @messaging.expose
    @messaging.expected_exceptions(exception.DriverUUIDNotFound,
                                   exception.DriverUninstalled,
                                   exception.DriverInUse,
                                   exception.PlacementError)
    @deadline.drop_when_late
    def driver_uninstall(self, context, uuid, force=False):
        """Uninstall a driver; answers ``{unbound}``, the ARQs a forced
        uninstall unbound.
        """
        answer = driver_ops.uninstall(context, self.agent_api,
                                      self.placement, uuid, force=force,
                                      pool=self.pool)
        self._kick_due(self._work, context)
        return answer

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceProfileNotFound,
                                   exception.AgentNotFound,
                                   exception.ComputeResourceProviderNotFound,
                                   exception.NoAcceleratorCandidate,
                                   exception.PlacementNotConfigured,
                                   exception.PlacementError,
                                   exception.BindTargetInvalid,
                                   exception.BindTargetGone,
                                   exception.AcceleratorRequestBadState,
                                   exception.NovaNotConfigured,
                                   exception.NovaUnavailable,
                                   exception.ServerNotFound,
                                   exception.ServerNotAttachable,
                                   exception.OverLimit,
                                   exception.LimitsUnavailable,
                                   exception.Conflict,
                                   exception.Invalid)
    @deadline.drop_when_late
    def instance_attach(self, context, instance_uuid, device_profile_name,
                        hostname=None, project_id=None, reboot=False):
        """Attach a device profile's accelerators to a server, checked
        with Nova; see ConductorAPI.instance_attach.
        """
        result, events = instance_ops.attach(
            context, self.placement, self.nova(), instance_uuid,
            device_profile_name, hostname=hostname, project_id=project_id,
            reboot=reboot)
        self._bound(context, result['arqs'], events)
        return result

    @messaging.expose
    @messaging.expected_exceptions(exception.AcceleratorRequestNotFound,
                                   exception.AcceleratorRequestsNotAttached,
                                   exception.ServerNotDetachable,
                                   exception.NovaNotConfigured,
                                   exception.NovaUnavailable,
                                   exception.PlacementError,
                                   exception.Conflict)
    @deadline.drop_when_late
    def instance_detach(self, context, instance_uuid, arq_uuids=None,
                        reboot=False):
        """Detach the accelerators attach gave a server; see
        ConductorAPI.instance_detach.
        """
        result = instance_ops.detach(context, self.placement, self.nova(),
                                     instance_uuid, arq_uuids=arq_uuids,
                                     reboot=reboot)
        self._kick_due(self._work, context)
        return result

    @messaging.expose
    @messaging.expected_exceptions(exception.NovaNotConfigured,
                                   exception.NovaUnavailable,
                                   exception.ServerNotFound)
    def instance_show(self, context, instance_uuid):
        """What Nova says of a server."""
        return instance_ops.show(context, self.nova(), instance_uuid)

    @messaging.expose
    @messaging.expected_exceptions(exception.NovaNotConfigured,
                                   exception.NovaUnavailable)
    def instance_list(self, context, servers):
        """What Nova says of many servers."""
        return instance_ops.list_servers(self.nova(), servers)

    # Device classes ----------------------------------------------------------

    def _push_hosts_soon(self, hosts):
        if hosts and self.placement is not None:
            self._kick(device_class_ops.push_hosts,
                       cyborg_context.get_admin_context(), self.placement,
                       hosts)

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceClassInvalid,
                                   exception.DeviceClassExists)
    @deadline.drop_when_late
    def device_class_create(self, context, name, selector,
                            description=None):
        """Store a device class; the hosts it concerns are
        pushed to Placement from the work pool after the answer.
        """
        created, hosts = device_class_ops.create(
            context, name, selector, description=description)
        self._push_hosts_soon(hosts)
        return created

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceClassNotFound)
    @deadline.drop_when_late
    def device_class_delete(self, context, name):
        """Delete a device class, pushed as device_class_create pushes.
        """
        self._push_hosts_soon(device_class_ops.delete(context, name))

    # Device configuration ----------------------------------------------------

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceNotFound,
                                   exception.DeviceNotConfigurable,
                                   exception.DeviceConfigInvalid,
                                   exception.DeviceConfigInUse)
    @deadline.drop_when_late
    def device_configure(self, context, device_uuid, desired, drain=False):
        """Store a device's desired configuration; the host is pushed to
        Placement (the device reserved) and its agent told from the work
        pool after the answer (cyborg.conductor.devices.configuration).
        """
        config = config_ops.configure(context, device_uuid, desired,
                                      drain=drain)
        config_notify.send(context, config_notify.START, config)
        self._push_and_configure(config['hostname'])
        return config

    @messaging.expose
    @messaging.expected_exceptions(exception.DeviceConfigNotFound)
    @deadline.drop_when_late
    def device_config_delete(self, context, device_uuid):
        """Forget a device's desired state; its inventory is offered
        again (pushed from the work pool).
        """
        host = config_ops.forget(context, device_uuid)
        self._push_soon(host)
