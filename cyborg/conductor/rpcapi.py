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

From the first release on, a new method or argument is a minor version
step, with a ``can_send_<feature>()`` helper where callers must check;
``[upgrade_levels] conductor`` caps what a client sends.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from cyborg import rpc
from cyborg import servicegroup
from cyborg.common import deadline

CONF = cfg.CONF

TOPIC = servicegroup.CONDUCTOR


def write_method(*expected):
    """The server side of a write (ConductorAPI._write): exposed, with
    the exceptions it may raise, and dropped when it arrives after its
    caller's deadline (cyborg.common.deadline).
    """
    def decorate(method):
        # expose outermost: expected_exceptions does not copy attributes.
        return messaging.expose(messaging.expected_exceptions(*expected)(
            deadline.drop_when_late(method)))
    return decorate


class ConductorAPI:
    """Calls to cyborg-conductor.  Keyword arguments only."""

    # From the first release on, bump it (and the manager's) with every new
    # method or argument, and add a line to the history.
    RPC_API_VERSION = '1.0'

    def __init__(self, topic=TOPIC, retry=None, mandatory=False):
        """:param retry: connection retries of each message (see
            rpc.get_client); None: forever.
        :param mandatory: raise MessageUndeliverable at once when no conductor
            queue can take a message, instead of dropping it (cyborg-api's).
        """
        target = messaging.Target(topic=topic, version='1.0')
        self.client = rpc.get_client(
            target, version_cap=rpc.version_cap(CONF, 'conductor'),
            retry=retry, mandatory=mandatory)

    def hello(self, context, host, binary, version=None, topic=None,
              drivers=None, started_at=None, timeout=None,
              installed_revision=None, config_revision=None):
        """Register a service with the conductor, or send its heartbeat.

        :param binary: cyborg-api, cyborg-conductor or cyborg-agent.
        :param drivers: for agents, each enabled driver's hello() dict.
        :param started_at: the start time (ISO 8601), on the first hello.
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :param installed_revision: for agents, the revision of the driver
            decisions it runs (cyborg.common.driver_config.revision).
        :param config_revision: for agents, the revision of the device
            configurations it applied (cyborg.common.device_config.revision).
        :raises: InvalidServiceBinary
        :returns: ``{uuid, host, binary, status}``, plus ``installed``,
            ``removed`` and ``asked`` (the ids of the requests that wait
            for the discovery that follows them), or ``configs`` and
            ``config_revision``, when the host's driver decisions or
            configurations differ from the revisions.
        """
        cctxt = self.client.prepare(version='1.0', timeout=timeout)
        return cctxt.call(context, 'hello', host=host, binary=binary,
                          version=version, topic=topic, drivers=drivers,
                          started_at=started_at,
                          installed_revision=installed_revision,
                          config_revision=config_revision)

    def _write(self, context, version, method, **kwargs):
        """Call a write with its caller's deadline in the context
        (``rpc_response_timeout`` from now): a conductor that gets it later
        drops it (write_method()).
        """
        context.deadline = deadline.expires_in(CONF.rpc_response_timeout)
        return self.client.prepare(version=version).call(context, method,
                                                         **kwargs)

    # REST API writes ---------------------------------------------------------

    def device_profile_create(self, context, device_profile):
        """Store a device profile.

        :param device_profile: a validated DeviceProfile.
        :raises: DeviceProfileNameConflict, DeviceProfileUUIDConflict
        :returns: the stored DeviceProfile.
        """
        return self._write(context, '1.0', 'device_profile_create',
                           device_profile=device_profile)

    def device_profile_delete(self, context, uuids=None, names=None):
        """Delete device profiles by uuid and/or name, all or nothing.

        :raises: DeviceProfileNotFound, DeviceProfileInUse
        """
        return self._write(context, '1.0', 'device_profile_delete',
                           uuids=uuids or [], names=names or [])

    def arq_create(self, context, device_profile_name, project_id):
        """Create every ARQ a device profile asks for.

        :raises: DeviceProfileNotFound
        :returns: the ARQs as dicts, as the API shows them.
        """
        return self._write(context, '1.0', 'arq_create',
                           device_profile_name=device_profile_name,
                           project_id=project_id)

    def arq_apply_patch(self, context, patches, project_id=None,
                        check_provider=None):
        """Bind or unbind ARQs.

        :param patches: {arq_uuid: {'op': 'add'|'remove', 'values': {...}}}.
        :param project_id: the caller's project; None for an admin.
        :param check_provider: 'refuse', 'warn' or None (see arq.bind.bind).
        :raises: AcceleratorRequestNotFound, AcceleratorRequestBadState,
            InstanceAlreadyBound, BindProviderMismatch
        :returns: {arq_uuid: state}.
        """
        return self._write(context, '1.0', 'arq_apply_patch',
                           patches=patches, project_id=project_id,
                           check_provider=check_provider)

    def arq_delete(self, context, uuids=None, instance_uuid=None,
                   project_id=None):
        """Delete ARQs by uuids or by instance (those gone are done: the
        caller checks that they were there).

        :returns: the number of ARQs deleted.
        """
        return self._write(context, '1.0', 'arq_delete', uuids=uuids,
                           instance_uuid=instance_uuid, project_id=project_id)

    def device_set_status(self, context, uuid, status):
        """Enable ('enabled') or disable ('maintaining') a device.

        :raises: DeviceNotFound
        """
        return self._write(context, '1.0', 'device_set_status', uuid=uuid,
                           status=status)

    def device_set_status_by_selector(self, context, selector, status):
        """Enable or disable every device a selector names, at once.

        :param selector: ``{hostname, vendor, model, type, driver_name,
            firmware}``, at least one given.
        :raises: DeviceSelectorEmpty
        :returns: the uuids of the devices that changed.
        """
        return self._write(context, '1.0', 'device_set_status_by_selector',
                           selector=selector, status=status)

    def attribute_create(self, context, deployable_id, key, value):
        """Add an attribute to a deployable.

        :raises: DeployableNotFound
        :returns: the new attribute's uuid.
        """
        return self._write(context, '1.0', 'attribute_create',
                           deployable_id=deployable_id, key=key, value=value)

    def attribute_delete(self, context, uuid):
        """:raises: AttributeNotFound"""
        return self._write(context, '1.0', 'attribute_delete', uuid=uuid)

    # Agents and inventory ----------------------------------------------------

    def report(self, context, host, generation, inventory_hash,
               hardware=None, rp_name=None, discovery=None, telemetry=None,
               timeout=None):
        """Report an agent's hardware, or only its hash when unchanged,
        with its devices' telemetry that changed.

        :param generation: the agent's counter of inventory changes.
        :param inventory_hash: cyborg.objects.hardware.inventory_hash of it.
        :param hardware: a HardwareList, or None to send the hash only.
        :param rp_name: ``[agent] resource_provider_name``; None: the host.
        :param discovery: ``{ids, drivers}`` or ``{ids, error}`` when the
            report answers discoveries.
        :param telemetry: ``{device uuid: {values, read_at, stale}}`` of the
            devices whose sample changed meaningfully
            (cyborg.common.telemetry), possibly empty; None: an agent that
            sends none (no bindings in the answer).
        :param timeout: seconds to wait (default: rpc_response_timeout).
        :returns: ``{status, generation, inventory_hash, cost}``: status
            ``stored``, ``unchanged`` or ``resend`` (send it all); generation:
            the host's stored reports (None for a hash); cost:
            ``{db_statements, db_writes, placement_calls, ms}``; with
            *telemetry*, ``telemetry``: ``{unknown: [uuids of devices it
            has no row of], bindings: {device uuid: [{instance, project}]}}``.
        """
        cctxt = self.client.prepare(version='1.0', timeout=timeout)
        return cctxt.call(context, 'report', host=host,
                          generation=generation,
                          inventory_hash=inventory_hash, hardware=hardware,
                          rp_name=rp_name, discovery=discovery,
                          telemetry=telemetry)

    def clean_progress(self, context, host, device_uuid, generation, step,
                       done=None):
        """An agent starts a step of a clean (a cast): the conductor
        records it, and times the step from now.

        :param generation: the clean's, as AgentAPI.clean gave it.
        :param done: the names of the steps done before it.
        """
        cctxt = self.client.prepare(version='1.0')
        cctxt.cast(context, 'clean_progress', host=host,
                   device_uuid=device_uuid, generation=generation,
                   step=step, done=done)

    def clean_done(self, context, host, device_uuid, generation, done=None,
                   error=None):
        """An agent's outcome of a clean (a cast).

        :param generation: the clean's, as AgentAPI.clean gave it: an
            outcome of another one changes nothing.
        :param done: ``[{step, detail, seconds}]`` of the steps done.
        :param error: why it failed or stopped, or None.
        """
        cctxt = self.client.prepare(version='1.0')
        cctxt.cast(context, 'clean_done', host=host, device_uuid=device_uuid,
                   generation=generation, done=done, error=error)

    def discovery_start(self, context, host=None, driver=None):
        """Ask agents to discover now; answered at once, the outcome
        coming with each agent's report (cyborg.db.queries.discovery.get()).

        :param host: one host; None: every registered agent.
        :param driver: one driver's name; None: every enabled driver.
        :raises: AgentNotFound, DriverNotEnabled, AgentUnreachable (one host)
        :returns: ``{id, hosts: {host: {state, error}}}``: state ``asked`` or
            ``unreachable``.
        """
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'discovery_start', host=host,
                          driver=driver)

    # Programming -------------------------------------------------------------

    def deployable_program(self, context, uuid, image_uuid):
        """Program a deployable's device with an image.

        :raises: DeployableNotFound, DeployableInUse, UnsupportedOperation
        :returns: ``{job, deadline}``: the queued job's uuid
            (db.queries.bind_job.outcome reads it) and when it ends (ISO 8601).
        """
        return self._write(context, '1.0', 'deployable_program', uuid=uuid,
                           image_uuid=image_uuid)

    # Operator verbs ----------------------------------------------------------

    def driver_install(self, context, name, host=None, config=None):
        """Install (enable) a driver on one host, or on every agent's.

        :param name: a driver name or alias (cyborg.accelerator.driver).
        :param host: one host; None: every host with an agent.
        :param config: ``{group: {option: value}}``.
        :raises: UnknownDriver, AgentNotFound, DriverAlreadyEnabled
        :returns: ``{id, drivers, asked}``: the request's id, the driver
            records and the hosts told, whose outcome
            cyborg.db.queries.driver.outcome reads.
        """
        return self._write(context, '1.0', 'driver_install', name=name,
                           host=host, config=config)

    def driver_update(self, context, uuid, config):
        """Give an installed driver a new configuration.

        :raises: DriverUUIDNotFound, DriverUninstalled
        :returns: ``{id, drivers, asked}`` as driver_install.
        """
        return self._write(context, '1.0', 'driver_update', uuid=uuid,
                           config=config)

    def driver_uninstall(self, context, uuid, force=False):
        """Uninstall a driver installed through the API.

        :param force: unbind the ARQs on its devices first (Nova is told)
            instead of refusing.
        :raises: DriverUUIDNotFound, DriverInUse
        :returns: ``{'unbound': [arq uuid, ...]}``.
        """
        return self._write(context, '1.0', 'driver_uninstall', uuid=uuid,
                           force=force)

    # Attach and detach through Nova ------------------------------------------

    def instance_attach(self, context, instance_uuid, device_profile_name,
                        hostname=None, project_id=None, reboot=False):
        """Give a server the accelerators of a device profile, through Nova.

        :param hostname: the host the caller expects the server on (a check).
        :param project_id: the project the caller expects (a check).
        :param reboot: ask Nova for a hard reboot once they are bound.
        :raises: NovaNotConfigured, NovaUnavailable, ServerNotFound,
            ServerNotAttachable, DeviceProfileNotFound, AgentNotFound,
            ComputeResourceProviderNotFound, NoAcceleratorCandidate,
            PlacementNotConfigured, PlacementError
        :returns: ``{arqs: {arq uuid: state}, server: {...}, attachment: uuid,
            reboot: None, pending, requested or refused}``.
        """
        return self._write(context, '1.0', 'instance_attach',
                           instance_uuid=instance_uuid,
                           device_profile_name=device_profile_name,
                           hostname=hostname, project_id=project_id,
                           reboot=bool(reboot))

    def instance_detach(self, context, instance_uuid, arq_uuids=None,
                        reboot=False):
        """Take from a server the accelerators attach gave it.

        :param arq_uuids: only these ARQs; None: all that attach made.
        :raises: AcceleratorRequestNotFound, AcceleratorRequestsNotAttached,
            ServerNotDetachable, NovaNotConfigured, NovaUnavailable
        :returns: ``{arqs: [uuid], server: {...} or None, reboot: None,
            requested or refused}``.
        """
        return self._write(context, '1.0', 'instance_detach',
                           instance_uuid=instance_uuid, arq_uuids=arq_uuids,
                           reboot=bool(reboot))

    def instance_show(self, context, instance_uuid):
        """What Nova says of a server.

        :raises: NovaNotConfigured, NovaUnavailable, ServerNotFound
        :returns: ``{uuid, name, status, vm_state, task_state, host, nodename,
            project_id, flavor, device_profile}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'instance_show',
                          instance_uuid=instance_uuid)

    def instance_list(self, context, servers):
        """What Nova says of many servers, in as few calls as it allows.

        :param servers: ``{server uuid: [the hosts of its Bound ARQs]}``.
        :raises: NovaNotConfigured, NovaUnavailable
        :returns: ``{server uuid: {server: instance_show()'s answer or None,
            audit: 'server gone', 'other host' or None}}``.
        """
        cctxt = self.client.prepare(version='1.0')
        return cctxt.call(context, 'instance_list', servers=servers)

    # Device classes ----------------------------------------------------------

    def device_class_create(self, context, name, selector,
                            description=None, cleaning=None):
        """Store a device class.

        :param name: its name (stored upper case).
        :param selector: its ``{key, op, value}`` conditions
            (cyborg.common.device_class).
        :param cleaning: None (each driver's default), off, on or step
            names comma-separated (cyborg.common.cleaning).
        :raises: DeviceClassInvalid, DeviceClassExists
        :returns: ``{id, uuid, name, description, cleaning, selector, trait,
            created_at, updated_at}``.
        """
        return self._write(context, '1.0', 'device_class_create', name=name,
                           selector=selector, description=description,
                           cleaning=cleaning)

    def device_class_update(self, context, name, values):
        """Change a device class's ``description`` or ``cleaning``.

        :raises: DeviceClassNotFound, DeviceClassInvalid
        :returns: as device_class_create.
        """
        return self._write(context, '1.0', 'device_class_update', name=name,
                           values=values)

    def device_class_delete(self, context, name):
        """Delete a device class; its trait leaves every provider.

        :raises: DeviceClassNotFound
        """
        return self._write(context, '1.0', 'device_class_delete', name=name)

    # Device configuration ----------------------------------------------------

    def device_configure(self, context, device_uuid, desired, drain=False):
        """Store a device's desired configuration; the device is reserved
        and its agent told after the answer.

        :param desired: ``{field: value}`` (cyborg.common.device_config),
            merged into the desired state stored before.
        :param drain: wait for the instances holding the device to go instead
            of refusing.
        :raises: DeviceNotFound, DeviceNotConfigurable, DeviceConfigInvalid,
            DeviceDriverFailing, DeviceConfigInUse
        :returns: the configuration, a dict.
        """
        return self._write(context, '1.0', 'device_configure',
                           device_uuid=device_uuid, desired=desired,
                           drain=drain)

    def device_clean(self, context, device_uuid, by, release_uncleaned=False,
                     reason=None, abort=False):
        """Clean a device (a failed clean retried, or a device no ARQ
        holds), abort its cleans under way, or release what they hold
        uncleaned.

        :param by: who asks (recorded when releasing or aborting).
        :raises: DeviceNotFound, DeviceCleaning, DeviceNotHeld,
            DeviceCleanInUse, DeviceNotCleaning, DeviceCleanNotAbortable,
            DeviceCleanRunning
        """
        return self._write(context, '1.0', 'device_clean',
                           device_uuid=device_uuid, by=by,
                           release_uncleaned=release_uncleaned, reason=reason,
                           abort=abort)

    def device_config_delete(self, context, device_uuid):
        """Forget a device's desired state (the device stays as it is).

        :raises: DeviceConfigNotFound
        """
        return self._write(context, '1.0', 'device_config_delete',
                           device_uuid=device_uuid)

    # Configuration rollouts --------------------------------------------------

    def configuration_rollout_create(self, context, device_class, desired,
                                     max_unavailable, drain=False,
                                     max_failures=0, follow=False):
        """Store a configuration rollout of *desired* over the devices of a
        device class; its waves start after the answer.

        :param max_unavailable: devices out of service at once: a count
            (``"5"``) or a percentage of the class's devices (``"5%"``).
        :param drain: wait for the instances holding a device to go,
            instead of skipping it and coming back to it.
        :param max_failures: failed devices tolerated before it pauses.
        :param follow: also roll out to devices that join the class later.
        :raises: DeviceClassNotFound, ConfigurationRolloutInvalid,
            DeviceNotConfigurable, DeviceConfigInvalid, DeviceDriverFailing,
            DeviceInRollout
        :returns: the rollout, a dict with its ``progress``.
        """
        return self._write(context, '1.0', 'configuration_rollout_create',
                           device_class=device_class, desired=desired,
                           max_unavailable=max_unavailable, drain=drain,
                           max_failures=max_failures, follow=follow)

    def configuration_rollout_pause(self, context, uuid):
        """Start no more devices of a rollout.

        :raises: ConfigurationRolloutNotFound, ConfigurationRolloutBadState
        :returns: the rollout, a dict with its ``progress``.
        """
        return self._write(context, '1.0', 'configuration_rollout_pause',
                           uuid=uuid)

    def configuration_rollout_resume(self, context, uuid):
        """Run a paused rollout again.

        :raises: ConfigurationRolloutNotFound, ConfigurationRolloutBadState
        :returns: the rollout, a dict with its ``progress``.
        """
        return self._write(context, '1.0', 'configuration_rollout_resume',
                           uuid=uuid)

    def configuration_rollout_abort(self, context, uuid):
        """Stop a rollout for good; the devices it changed keep their
        configuration.

        :raises: ConfigurationRolloutNotFound, ConfigurationRolloutBadState
        :returns: the rollout, a dict with its ``progress`` and
            ``changed`` (the uuids of the devices it changed).
        """
        return self._write(context, '1.0', 'configuration_rollout_abort',
                           uuid=uuid)

    def configuration_rollout_forget(self, context, uuid, device_uuid):
        """Release a device from a rollout.

        :raises: ConfigurationRolloutNotFound,
            ConfigurationRolloutDeviceNotFound
        """
        return self._write(context, '1.0', 'configuration_rollout_forget',
                           uuid=uuid, device_uuid=device_uuid)
