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
"""The conductor's service: start, stop, periodic tasks, and its RPC
endpoints.

Each room that answers calls has its endpoint (``endpoint.py``: thin
methods handing off to the room's modules), so that a method is found
where its flow lives: arq (Nova's ARQ calls, programming), attach (attach
and detach through Nova), devices (the operator's verbs) and inventory
(the agents' hello and report, discovery).  The manager builds them with
what they share (the one worker pool, the clients) and the callbacks
that cross rooms; the RPC server serves them all on topic
``cyborg-conductor``, each method where its ``@messaging.expose`` is.
No RPC method waits on an agent (cyborg/tests/unit/test_layering.py).
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
from cyborg.conductor.arq import jobs as bind_jobs
from cyborg.conductor.arq import nova_events as nova_notifier
from cyborg.conductor.attach import allocations as attachment_ops
from cyborg.conductor.attach import endpoint as attach_endpoint
from cyborg.conductor.audit import handles as handle_audit
from cyborg.conductor.audit import instances as instance_audit
from cyborg.conductor.devices import configuration as config_ops
from cyborg.conductor.devices import endpoint as devices_endpoint
from cyborg.conductor.inventory import endpoint as inventory_endpoint
from cyborg.conductor.inventory import registration
from cyborg.conductor.inventory import reports as inventory
from cyborg.conductor.placement import push as placement_push

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = servicegroup.CONDUCTOR


class ConductorManager:
    """The conductor of topic ``cyborg-conductor``.

    :param host: this conductor's host.
    :param topic: the topic it serves.
    :param agent_api: the agent RPC client (tests pass their own).
    :param placement: a PlacementClient (tests pass their own); default:
        one from the ``[placement]`` options, or none when they do not
        say how to reach Placement.
    :ivar arq, attach, devices, inventory: its RPC endpoints.
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
        # The one pool of this conductor: bind jobs, and the work RPC
        # methods start so that they answer at once (WorkerPool.kick).
        self.pool = worker_pool.WorkerPool(CONF.conductor.workers_pool_size)
        self.jobs = bind_jobs.JobRunner(host, self.agent_api,
                                        on_resolved=self._kick_notifier,
                                        on_programmed=self._push_soon,
                                        pool=self.pool)
        self.arq = arq_endpoint.ArqEndpoint(self.target, self.pool,
                                            self.jobs, self.notifier)
        self.attach = attach_endpoint.AttachEndpoint(
            self.target, self.arq, self.placement, self.nova,
            self._kick_work)
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
        # Its counters, for Prometheus ([metrics] conductor_port; off by
        # default), served by this process: the one that counts.
        metrics.serve_conductor(CONF)
        self._heartbeat(context, started_at=timeutils.utcnow())
        self._kick_work(context)

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
        """What a kick the pool refused leaves for later is done here:
        _work (``[conductor] work_poll_interval``) runs due jobs, sends
        due and queued events and does what attach, detach and drained
        configurations left; the Placement check (``[placement]
        sync_interval``) pushes the hosts marked for a push and restores
        agents that are back.
        """
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

    def nova(self):
        """The Nova client of attach and detach, or None when ``[nova]``
        does not say how to reach Nova.
        """
        if self._nova is None and nova_client.is_configured(CONF):
            self._nova = nova_client.from_conf(CONF)
        return self._nova

    # Callbacks of the rooms, run on the pool ---------------------------------

    def _kick_work(self, context):
        self.pool.kick_due(self._work, context)

    def _kick_notifier(self):
        self.pool.kick_due(self.notifier.send_due,
                           cyborg_context.get_admin_context())

    def _push_soon(self, host):
        """A program job changed a device's function traits."""
        placement_push.push_soon(self.pool, self.placement, [host])

    def _agent_back(self, host):
        context = cyborg_context.get_admin_context()
        if bind_jobs.agent_heard(context, host):
            self.jobs.run_due(context)

    # Periodic tasks ----------------------------------------------------------

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
            devices_endpoint.configure_soon(self.pool, self.placement,
                                            self.agent_api, host)

    def _sync_placement(self, context):
        inventory.periodic(context, self.placement)

    def _check_agents(self, context):
        inventory.check_liveness(context, self.placement)

    def _instance_audit(self, context):
        instance_audit.periodic(context, self.nova(), self.placement)

    def _heartbeat(self, context, started_at=None):
        # The conductor owns the database, so it records its own heartbeat
        # directly instead of through RPC.
        registration.hello(context, self.host, BINARY, topic=self.topic,
                           version=version.version_string(),
                           started_at=started_at)
