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
"""The conductor's service: start, stop, periodic tasks, RPC endpoints.

The rooms' endpoints (arq, attach, devices, inventory) are built here with
what they share (the worker pool, the clients) and the callbacks that
cross rooms, and served together on topic ``cyborg-conductor``.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import context as cyborg_context
from cyborg import metrics
from cyborg import servicegroup
from cyborg import version
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.conductor import call_threads
from cyborg.conductor import pool as worker_pool
from cyborg.conductor.arq import endpoint as arq_endpoint
from cyborg.conductor.arq import holders as arq_holders
from cyborg.conductor.arq import jobs
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.arq import nova_events
from cyborg.conductor.attach import allocations
from cyborg.conductor.attach import endpoint as attach_endpoint
from cyborg.conductor.audit import handles
from cyborg.conductor.audit import instances
from cyborg.conductor.audit import usage as usage_audit
from cyborg.conductor.devices import configuration
from cyborg.conductor.devices import configuration_rollout
from cyborg.conductor.devices import endpoint as devices_endpoint
from cyborg.conductor.inventory import endpoint as inventory_endpoint
from cyborg.conductor.inventory import registration
from cyborg.conductor.inventory import reports
from cyborg.conductor.placement import push as placement_push

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = servicegroup.CONDUCTOR


class ConductorManager:
    """The conductor of topic ``cyborg-conductor``.

    :param agent_api: the agent RPC client; default: a new AgentAPI.
    :param placement: a PlacementClient; default: one from ``[placement]``,
        or None when it does not say how to reach Placement.
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
        self.notifier = nova_events.Notifier()
        self._nova = None
        self.pool = worker_pool.WorkerPool(CONF.conductor.workers_pool_size)
        self.holders = arq_holders.Holders(self.pool, self.agent_api)
        self.jobs = jobs.JobRunner(host, self.agent_api,
                                   on_programmed=self._push_soon,
                                   pool=self.pool)
        # What the ARQs' changes owe after their commits goes through this
        # conductor's pool, agents, Nova and Placement clients, from its
        # start to its stop.
        self.lifecycle = lifecycle.Services(
            holders=self.holders.changed, events=self._send_events,
            jobs=self._kick_jobs, reserve=self._reserve)
        self.arq = arq_endpoint.ArqEndpoint(self.target, self._kick_jobs)
        self.attach = attach_endpoint.AttachEndpoint(
            self.target, self.placement, self.nova, self._kick_work)
        self.devices = devices_endpoint.DevicesEndpoint(
            self.target, self.pool, self.placement, self.agent_api,
            self._kick_work)
        self.inventory = inventory_endpoint.InventoryEndpoint(
            self.target, self.pool, self.placement, self.agent_api,
            self._agent_back)

    def endpoints(self):
        """What the RPC server serves: the rooms' endpoints."""
        return [self.inventory, self.arq, self.attach, self.devices]

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
        metrics.serve_conductor(CONF)
        lifecycle.serve(self.lifecycle)
        self._heartbeat(context, started_at=timeutils.utcnow())
        self._kick_work(context)

    def del_host(self, context):
        """Stop gracefully, once the RPC server and periodic tasks stopped.

        The jobs taken and the work the pool accepted run to their end, and
        the events still queued are sent, so that nothing this conductor
        claimed waits for its claim to expire.
        """
        lifecycle.withdraw(self.lifecycle)
        self.jobs.stop()
        self.pool.stop()
        self.notifier.send_queued(context)

    def periodic_tasks(self):
        """``[(interval, task)]``: they also do what a refused kick left."""
        tasks = [(CONF.report_interval, self._heartbeat),
                 (CONF.conductor.work_poll_interval, self._work),
                 (CONF.placement.sync_interval, self._sync_placement),
                 (CONF.report_interval, self._check_agents)]
        # The audits, each off with an interval of 0.
        audits = ((CONF.conductor.handle_audit_interval, handles.periodic),
                  (CONF.conductor.instance_audit_interval,
                   self._instance_audit),
                  (CONF.conductor.usage_audit_interval,
                   usage_audit.periodic))
        return tasks + [audit for audit in audits if audit[0]]

    def rpc_threads(self):
        """The number of threads of this conductor's RPC server."""
        return call_threads.size(CONF, len(self.periodic_tasks()))

    def nova(self):
        """The Nova client, or None when ``[nova]`` is not configured."""
        if self._nova is None and nova_client.is_configured(CONF):
            self._nova = nova_client.from_conf(CONF)
        return self._nova

    # Callbacks of the rooms, run on the pool ---------------------------------

    def _kick_work(self, context):
        self.pool.kick_due(self._work, context)

    def _send_events(self, context, events):
        """Events for Nova a committed change claimed for this conductor."""
        self.notifier.queue(events)
        self.pool.kick_due(self.notifier.send_queued, context)

    def _kick_jobs(self, context):
        self.pool.kick_due(self.jobs.run_due, context)

    def _push_soon(self, host):
        """A program job changed a device's function traits."""
        placement_push.push_soon(self.pool, self.placement, [host])

    def _reserve(self, context, hosts):
        """A binding's end left devices of *hosts* to clean: pushed
        reserved before the call answers, their cleans handed over from
        the pool at once rather than at the next work poll.
        """
        placement_push.reserve_now(context, self.placement, hosts)
        self.pool.kick_due(self.devices.cleaner.run, context)

    def _agent_back(self, host):
        context = cyborg_context.get_admin_context()
        if jobs.wake_waiting(context, host):
            self.jobs.run_due(context)

    # Periodic tasks ----------------------------------------------------------

    def _work(self, context):
        """Run due jobs, send events, do what attach and detach left."""
        self.jobs.run_due(context)
        self.notifier.send_queued(context)
        self.notifier.send_due(context)
        allocations.run_due(context, self.placement, self.nova())
        # Devices whose configuration waited for their instances to go,
        # and the next waves of the configuration rollouts.
        hosts = set(configuration.release_drained(context))
        hosts.update(configuration_rollout.advance(
            context, placement=self.placement is not None))
        for host in sorted(hosts):
            devices_endpoint.configure_soon(self.pool, self.placement,
                                            self.agent_api, host)
        # Devices left to clean.
        self.devices.cleaner.run(context)

    def _sync_placement(self, context):
        reports.periodic(context, self.placement)

    def _check_agents(self, context):
        reports.check_liveness(context, self.placement)

    def _instance_audit(self, context):
        instances.periodic(context, self.nova(), self.placement)

    def _heartbeat(self, context, started_at=None):
        # The conductor owns the database, so it records its own heartbeat
        # directly instead of through RPC.
        registration.hello(context, self.host, BINARY, topic=self.topic,
                           version=version.version_string(),
                           started_at=started_at)
