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
"""Client side of the conductor RPC API (topic ``cyborg-conductor``).

API version history:

* 1.0 - The first release's baseline.

Compatibility is owed to releases, not to commits: from the first release
on, a new method or argument is a minor version step, with a
``can_send_<feature>()`` helper where callers must check, and
``[upgrade_levels] conductor`` caps what a client sends during a rolling
upgrade.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import rpc
from cyborg import servicegroup
from cyborg.common import deadline

CONF = cfg.CONF

TOPIC = servicegroup.CONDUCTOR


class ConductorAPI:
    """Calls to cyborg-conductor.  Keyword arguments only."""

    # The newest version this client knows.  From the first release on,
    # bump it (and the manager's) with every new method or argument, and
    # add a line to the history.
    RPC_API_VERSION = '1.0'

    def __init__(self, topic=TOPIC, retry=None, mandatory=False):
        """:param topic: the conductors' topic.
        :param retry: connection retries of each message when the
            messaging backend cannot be reached (see rpc.get_client);
            None: forever.
        :param mandatory: a message that no conductor queue can take
            raises oslo_messaging.MessageUndeliverable at once instead of
            being dropped (see rpc.get_client); cyborg-api's clients set
            it.
        """
        target = messaging.Target(topic=topic, version='1.0')
        self.client = rpc.get_client(
            target, version_cap=rpc.version_cap(CONF, 'conductor'),
            retry=retry, mandatory=mandatory)

    def hello(self, context, host, binary, version=None, topic=None,
              drivers=None, started_at=None, timeout=None,
              installed_revision=None, config_revision=None):
        """Register a service with the conductor, or send its heartbeat.

        :param context: request context.
        :param host: the service's host.
        :param binary: cyborg-api, cyborg-conductor or cyborg-agent.
        :param version: the service's software version.
        :param topic: the RPC topic it serves, if any.
        :param drivers: for agents, each enabled driver's hello() dict
            ``{name, version, device_types, status, detail}``.
        :param started_at: the service's start time (ISO 8601 string), on
            the first hello after a start.
        :param timeout: seconds to wait for the answer (default:
            rpc_response_timeout).
        :param installed_revision: for agents, the revision of the
            operator's decisions about its drivers it runs with
            (cyborg.common.driver_config.revision; "" for none yet).
        :param config_revision: for agents, the revision of the device
            configurations it applied (cyborg.common.device_config
            .revision; "" for none yet).
        :raises: InvalidServiceBinary
        :returns: the registered service, a dict with ``uuid``, ``host``,
            ``binary`` and ``status``; with *installed_revision*, also
            ``installed`` (``[{name, config}]``) and ``removed`` when the
            host's decisions differ; with *config_revision*, also
            ``configs`` (``[{device_uuid, generation, desired}]``) and
            ``config_revision`` when the host's configurations differ.
        """
        cctxt = self.client.prepare(version='1.0', timeout=timeout)
        return cctxt.call(context, 'hello', host=host, binary=binary,
                          version=version, topic=topic, drivers=drivers,
                          started_at=started_at,
                          installed_revision=installed_revision,
                          config_revision=config_revision)

    def _write(self, cctxt, context, method, timeout=None, **kwargs):
        """Call a write with the deadline of its caller: the wall-clock
        time it stops waiting (*timeout*, by default
        rpc_response_timeout, from now) goes in the context, and a
        conductor that gets the call later drops it (see
        cyborg.common.deadline).
        """
        context.deadline = deadline.expires_in(
            timeout or CONF.rpc_response_timeout)
        return cctxt.call(context, method, **kwargs)

    # REST API writes ---------------------------------------------------------

    def device_profile_create(self, context, device_profile):
        """Store a device profile.

        :param device_profile: a DeviceProfile object (validated).
        :raises: DeviceProfileNameConflict, DeviceProfileUUIDConflict
        :returns: the stored DeviceProfile.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_profile_create',
                           device_profile=device_profile)

    def device_profile_delete(self, context, uuids=None, names=None):
        """Delete device profiles by uuid and/or name, all or nothing.

        :raises: DeviceProfileNotFound, DeviceProfileInUse
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_profile_delete',
                           uuids=uuids or [], names=names or [])

    def arq_create(self, context, device_profile_name, project_id):
        """Create every ARQ a device profile asks for (one transaction).

        :raises: DeviceProfileNotFound
        :returns: an AcceleratorRequestList.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'arq_create',
                           device_profile_name=device_profile_name,
                           project_id=project_id)

    def arq_apply_patch(self, context, patches, project_id=None,
                        check_provider=None):
        """Bind or unbind ARQs.

        :param patches: {arq_uuid: {'op': 'add'|'remove', 'values':
            {field: value}}}.
        :param project_id: the caller's project; None for an admin.
        :param check_provider: 'refuse' or 'warn' (see
            cyborg.conductor.arq.bind.bind); None: not checked.
        :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState,
            InstanceAlreadyBound, BindProviderMismatch
        :returns: {arq_uuid: state}.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'arq_apply_patch',
                           patches=patches, project_id=project_id,
                           check_provider=check_provider)

    def arq_delete(self, context, uuids=None, instance_uuid=None,
                   project_id=None):
        """Delete ARQs by uuids or by instance.

        :raises: AcceleratorRequestNotFound
        :returns: the number of ARQs deleted.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'arq_delete', uuids=uuids,
                           instance_uuid=instance_uuid, project_id=project_id)

    def device_set_status(self, context, uuid, status):
        """Enable ('enabled') or disable ('maintaining') a device.

        :raises: DeviceNotFound
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_set_status', uuid=uuid,
                           status=status)

    def device_set_status_by_selector(self, context, selector, status):
        """Enable ('enabled') or disable ('maintaining') every device a
        selector names, in one transaction; the conductor pushes their
        hosts to Placement after answering.

        :param selector: ``{hostname, vendor, model, type, driver_name,
            firmware}``, each optional, at least one given.
        :raises: DeviceSelectorEmpty
        :returns: the uuids of the devices that changed.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_set_status_by_selector',
                           selector=selector, status=status)

    def attribute_create(self, context, deployable_id, key, value):
        """Add an attribute to a deployable.

        :raises: DeployableNotFound
        :returns: the new attribute's uuid.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'attribute_create',
                           deployable_id=deployable_id, key=key, value=value)

    def attribute_delete(self, context, uuid):
        """:raises: AttributeNotFound"""
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'attribute_delete', uuid=uuid)

    # Agents and inventory ----------------------------------------------------

    def report(self, context, host, generation, inventory_hash,
               hardware=None, rp_name=None, discovery=None, timeout=None):
        """Report an agent's hardware, or only its hash when unchanged.

        :param context: request context.
        :param host: the agent's host.
        :param generation: the agent's counter of inventory changes.
        :param inventory_hash: the hash of its current inventory
            (cyborg.objects.hardware.inventory_hash).
        :param hardware: a HardwareList with the full inventory, or None
            to send the hash only.
        :param rp_name: the name of the compute node resource provider
            its devices go under ([agent] resource_provider_name); None:
            the host.
        :param discovery: ``{ids, drivers}`` or ``{ids, error}`` when
            the report answers discoveries asked of the agent
            (discover_soon): the conductor records their outcome.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :returns: ``{status, generation, inventory_hash}``; status
            ``stored``, ``unchanged`` or ``resend`` (send the full
            inventory: the conductor does not have that hash); generation
            is the conductor's count of stored reports of the host (None
            for a report of the hash only, which reads nothing), and
            ``cost``: ``{db_statements, db_writes, placement_calls, ms}``
            spent on the report.
        """
        cctxt = self.client.prepare(version='1.0', timeout=timeout)
        return cctxt.call(context, 'report', host=host,
                          generation=generation,
                          inventory_hash=inventory_hash, hardware=hardware,
                          rp_name=rp_name, discovery=discovery)

    def discovery_start(self, context, host=None, driver=None,
                        timeout=None):
        """Ask agents to discover now; answered at once.

        The outcome of each host comes with its agent's report: read it
        with cyborg.db.queries.discovery.get().

        :param context: request context.
        :param host: one host; None: every registered agent.
        :param driver: one driver's name; None: every enabled driver.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :raises: AgentNotFound, DriverNotEnabled, AgentUnreachable (for
            one host whose agent is down).
        :returns: ``{id, hosts: {host: {state, error}}}``: state
            ``asked``, or ``unreachable`` with the error (an agent that
            is down, or that could not be sent the request).
        """
        cctxt = self.client.prepare(version='1.0', timeout=timeout)
        return cctxt.call(context, 'discovery_start', host=host,
                          driver=driver)

    # Programming -------------------------------------------------------------

    def deployable_program(self, context, uuid, image_uuid):
        """Program a deployable's device with an image.

        :raises: DeployableNotFound, DeployableInUse, UnsupportedOperation
        :returns: ``{job, deadline}``: the uuid of the queued job, whose
            outcome db.queries.bind_job.outcome reads, and the time (ISO
            8601, UTC) by which it ends.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'deployable_program', uuid=uuid,
                           image_uuid=image_uuid)

    # Operator verbs ----------------------------------------------------------

    def driver_install(self, context, name, host=None, config=None):
        """Install (enable) a driver on one host, or on every agent's.

        :param name: a driver name of the cyborg.accelerator.driver
            namespace (or an alias).
        :param host: one host; None: every host with an agent.
        :param config: ``{group: {option: value}}``.
        :raises: UnknownDriver, AgentNotFound, DriverAlreadyEnabled
        :returns: ``{id, drivers, asked}``: the request's id, the driver
            records (one per host) and the hosts whose agents were told,
            whose outcome cyborg.db.queries.driver.outcome reads (the
            conductor answers once the decision is recorded; an agent
            that would not load the driver so has it put back).
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'driver_install', name=name,
                           host=host, config=config)

    def driver_update(self, context, uuid, config):
        """Give an installed driver a new configuration; its host
        rediscovers.

        :raises: DriverUUIDNotFound, DriverUninstalled
        :returns: ``{id, drivers, asked}`` as driver_install, with one
            record.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'driver_update', uuid=uuid,
                           config=config)

    def driver_uninstall(self, context, uuid, force=False):
        """Uninstall a driver installed through the API.

        :param force: unbind the ARQs bound to its devices first (Nova is
            told) instead of refusing; ARQs that Nova unbound or deleted
            meanwhile are skipped.
        :raises: DriverUUIDNotFound, DriverInUse
        :returns: ``{'unbound': [arq uuid, ...]}``, the ARQs it unbound.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'driver_uninstall', uuid=uuid,
                           force=force)

    # Attach and detach through Nova ------------------------------------------

    def instance_attach(self, context, instance_uuid, device_profile_name,
                        hostname=None, project_id=None, reboot=False):
        """Give a server the accelerators of a device profile, where Nova
        will hand them to its guest: allocate them in Placement, create
        and bind the ARQs, and with *reboot* ask Nova for a hard reboot.

        :param hostname: the host the caller expects the server on (a
            check; Nova says where it is).
        :param project_id: the server's project the caller expects (a
            check).
        :raises: NovaNotConfigured, NovaUnavailable,
            ServerNotFound, ServerNotAttachable, DeviceProfileNotFound,
            AgentNotFound, ComputeResourceProviderNotFound,
            NoAcceleratorCandidate, PlacementNotConfigured, PlacementError
        :returns: ``{arqs: {arq uuid: state}, server: {...}, attachment:
            uuid, reboot: None, pending, requested or refused}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'instance_attach',
                           instance_uuid=instance_uuid,
                           device_profile_name=device_profile_name,
                           hostname=hostname, project_id=project_id,
                           reboot=bool(reboot))

    def instance_detach(self, context, instance_uuid, arq_uuids=None,
                        reboot=False):
        """Take from a server the accelerators attach gave it: delete
        their ARQs and, once the guest cannot hold them (stopped, or
        after the hard reboot Nova is asked for), their allocation.

        :param arq_uuids: only these ARQs; None: all that attach made.
        :raises: AcceleratorRequestNotFound,
            AcceleratorRequestsNotAttached, ServerNotDetachable,
            NovaNotConfigured, NovaUnavailable
        :returns: ``{arqs: [uuid], server: {...} or None, reboot: None,
            requested or refused}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'instance_detach',
                           instance_uuid=instance_uuid, arq_uuids=arq_uuids,
                           reboot=bool(reboot))

    def instance_show(self, context, instance_uuid):
        """What Nova says of a server.

        :raises: NovaNotConfigured, NovaUnavailable,
            ServerNotFound
        :returns: ``{uuid, name, status, vm_state, task_state, host,
            nodename, project_id, flavor, device_profile}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'instance_show',
                          instance_uuid=instance_uuid)

    def instance_list(self, context, servers):
        """What Nova says of many servers (instance-list), in as few calls
        to Nova as its API allows.

        :param servers: ``{server uuid: [the hosts its Bound ARQs are
            on]}``.
        :raises: NovaNotConfigured, NovaUnavailable
        :returns: ``{server uuid: {server: instance_show()'s answer or
            None (Nova has no such server), audit: 'server gone', 'other
            host' or None (cyborg.conductor.attach.nova_server.judge)}}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'instance_list', servers=servers)

    # Device classes ----------------------------------------------------------

    def device_class_create(self, context, name, selector,
                            description=None):
        """Store a device class; the conductor pushes the hosts it
        concerns to Placement after answering.

        :param name: its name (stored upper case).
        :param selector: its list of ``{key, op, value}`` conditions
            (cyborg.common.device_class).
        :raises: DeviceClassInvalid, DeviceClassExists
        :returns: the class, a dict ``{id, uuid, name, description,
            selector, trait, created_at, updated_at}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_class_create', name=name,
                           selector=selector, description=description)

    def device_class_delete(self, context, name):
        """Delete a device class; its trait leaves every provider.

        :raises: DeviceClassNotFound
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_class_delete', name=name)

    # Device configuration ----------------------------------------------------

    def device_configure(self, context, device_uuid, desired, drain=False):
        """Store a device's desired configuration; the conductor reserves
        the device in Placement and hands the change to its agent after
        answering.

        :param device_uuid: the device's uuid.
        :param desired: ``{field: value}`` of what its driver says is
            settable (cyborg.common.device_config).
        :param drain: when instances hold the device, wait for them to
            go (the device is reserved meanwhile) instead of refusing.
        :raises: DeviceNotFound, DeviceNotConfigurable,
            DeviceConfigInvalid, DeviceConfigInUse
        :returns: the configuration, a dict ``{device_uuid, hostname,
            desired, generation, state, reason, drain, applied_at,
            created_at, updated_at}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_configure',
                           device_uuid=device_uuid, desired=desired,
                           drain=drain)

    def device_config_delete(self, context, device_uuid):
        """Forget a device's desired state: Cyborg no longer applies it
        (the device stays as it is) nor reports drift.

        :raises: DeviceConfigNotFound
        """
        cctxt = self.client.prepare(version='1.0')
        return self._write(cctxt, context, 'device_config_delete',
                           device_uuid=device_uuid)
