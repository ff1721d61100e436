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
"""Cyborg's one exception hierarchy: ``msg_fmt`` filled from keyword
arguments (made RPC-safe: exceptions cross RPC with them), and the HTTP
status (``code``) of the family, which the API answers with.
"""

import collections.abc

from oslo_log import log as logging

from cyborg.i18n import _

LOG = logging.getLogger(__name__)

_SAFE_TYPES = (str, int, float, bool, type(None))


def _serializable(value):
    if isinstance(value, _SAFE_TYPES):
        return value
    if isinstance(value, (list, tuple)):
        return [_serializable(v) for v in value]
    if isinstance(value, collections.abc.Mapping):
        return {str(k): _serializable(v) for k, v in value.items()}
    return str(value)


class CyborgException(Exception):
    msg_fmt = _("An unknown exception occurred.")
    code = 500
    headers = {}
    safe = True

    def __init__(self, message=None, **kwargs):
        kwargs.pop('code', None)
        self.kwargs = {k: _serializable(v) for k, v in kwargs.items()}
        if not message:
            try:
                message = self.msg_fmt % self.kwargs
            except (KeyError, TypeError, ValueError):
                # A programming error: a keyword the template needs is
                # missing.  Keep the template rather than losing the error.
                LOG.exception('Exception in string format operation, '
                              'kwargs: %s', self.kwargs)
                message = self.msg_fmt
        self.message = str(message)
        super().__init__(self.message)

    def __str__(self):
        return self.message


def to_record(exc):
    """A JSON-serialisable record of *exc* that from_record() rebuilds
    (another exception's has ``class`` None).
    """
    for cls in type(exc).__mro__:
        if cls.__module__ == __name__ and issubclass(cls, CyborgException):
            return {'class': cls.__name__, 'message': exc.message,
                    'kwargs': _serializable(exc.kwargs)}
    return {'class': None, 'message': '%s: %s' % (type(exc).__name__, exc),
            'kwargs': {}}


def from_record(record):
    """The exception to_record() recorded; None for another exception."""
    cls = globals().get(record.get('class') or '')
    if not (isinstance(cls, type) and issubclass(cls, CyborgException)):
        return None
    return cls(message=record.get('message'), **record.get('kwargs', {}))


# Families -------------------------------------------------------------------

class Invalid(CyborgException):
    msg_fmt = _("Invalid request: %(reason)s")
    code = 400


class Forbidden(CyborgException):
    msg_fmt = _("Forbidden: %(reason)s")
    code = 403


class NotFound(CyborgException):
    msg_fmt = _("Resource could not be found.")
    code = 404


class NotAcceptable(CyborgException):
    msg_fmt = _("Request not acceptable: %(reason)s")
    code = 406


class UnsupportedMediaType(CyborgException):
    msg_fmt = _("The body is %(media_type)s: the API takes %(accepted)s "
                "(Content-Type).")
    code = 415


class Conflict(CyborgException):
    msg_fmt = _("Conflict: %(reason)s")
    code = 409


class Locked(CyborgException):
    msg_fmt = _("Resource is locked: %(reason)s")
    code = 423


class TemporaryFailure(CyborgException):
    msg_fmt = _("Resource temporarily unavailable, please retry: "
                "%(reason)s")
    code = 503


class NoFreeConductorWorker(TemporaryFailure):
    msg_fmt = _("No free worker in the conductor's pool of %(size)s "
                "(%(state)s); the work waits for a periodic task")


# Configuration and start-up -----------------------------------------------

class ConfigInvalid(Invalid):
    msg_fmt = _("Invalid configuration: %(reason)s")


# Database upgrades ---------------------------------------------------------

class SchemaExists(Conflict):
    msg_fmt = _("The database is not empty (schema revision %(revision)s, "
                "%(tables)d table(s)): create_schema is for a new database; "
                "use \"cyborg-dbsync upgrade\".")


class UpstreamConversionRefused(Conflict):
    msg_fmt = _("The database of the existing OpenStack Cyborg cannot be "
                "converted, and nothing was changed: %(problems)s")


class UpstreamConversionFailed(CyborgException):
    msg_fmt = _("Converting the database of the existing OpenStack Cyborg "
                "failed: %(reason)s.  Restore the database from the backup "
                "taken before the upgrade.")


# API and policy ----------------------------------------------------------

class PolicyNotAuthorized(Forbidden):
    msg_fmt = _("Access was denied to the following resource: %(action)s")


class PolicyInvalidScope(Forbidden):
    msg_fmt = _("%(action)s needs a project-scoped token; the token of this "
                "request has another scope (system or domain).  Ask "
                "Keystone for a token scoped to a project.")


class ServiceTokenRequired(Forbidden):
    msg_fmt = _("This operation requires a service token: %(reason)s")


class MalformedJSON(Invalid):
    msg_fmt = _("Malformed JSON in request body: %(reason)s")


class InvalidVersionHeader(Invalid):
    msg_fmt = _("Invalid OpenStack-API-Version header %(value)s: "
                "%(reason)s")


class MarkerNotFound(Invalid):
    msg_fmt = _("Marker %(marker)s could not be found.")


class UsageWindowInvalid(Invalid):
    msg_fmt = _("Invalid usage window: %(reason)s")


# Device profiles ---------------------------------------------------------

class DeviceProfileNotFound(NotFound):
    msg_fmt = _("Device Profile not found with %(key)s=%(value)s")


class DeviceProfileNameConflict(Conflict):
    msg_fmt = _("A device profile named %(name)s already exists.")


class DeviceProfileUUIDConflict(Conflict):
    msg_fmt = _("A device profile with uuid %(uuid)s already exists.")


class DeviceProfileInUse(Conflict):
    msg_fmt = _("Device profile %(name)s is used by %(count)d accelerator "
                "request(s); delete them before the profile.")


# Accelerator requests ----------------------------------------------------

class AcceleratorRequestNotFound(NotFound):
    msg_fmt = _("Accelerator request %(uuid)s could not be found.")


class AcceleratorRequestWithoutDevice(NotFound):
    msg_fmt = _("Accelerator request %(uuid)s holds no device.")


class AcceleratorRequestBadState(Conflict):
    msg_fmt = _("Accelerator request %(uuid)s is in state %(state)s and "
                "cannot move to %(target)s.")


class BindTargetInvalid(Invalid):
    msg_fmt = _("Resource provider %(rp)s is not a deployable of host "
                "%(host)s.")


class BindProviderMismatch(Invalid):
    msg_fmt = _("Resource provider %(rp)s does not satisfy the device "
                "profile group of accelerator request %(uuid)s: "
                "%(reason)s.")


class BindRefused(Conflict):
    msg_fmt = _("Accelerator request %(uuid)s cannot be bound to deployable "
                "%(name)s of host %(host)s now: %(why)s.")


class InstanceAlreadyBound(Invalid):
    msg_fmt = _("Instance %(instance)s already has accelerator requests. "
                "Cannot bind additional ARQs.")


# Devices, deployables, attributes ----------------------------------------

class DeviceNotFound(NotFound):
    msg_fmt = _("Device %(uuid)s could not be found.")


class DeviceClassNotFound(NotFound):
    msg_fmt = _("No device class named %(name)s.")


class DeviceClassExists(Conflict):
    msg_fmt = _("A device class named %(name)s already exists.")


class DeviceClassInRollout(Conflict):
    msg_fmt = _("Device class %(name)s is the class of configuration "
                "rollout %(rollout)s (%(state)s): abort it first (POST "
                "/v2/configuration_rollouts/%(rollout)s/abort).")


class DeviceClassInvalid(Invalid):
    msg_fmt = _("Invalid device class: %(reason)s")


class DeviceSelectorEmpty(Invalid):
    msg_fmt = _("A device selector must name at least one of host, "
                "vendor, product id (model), type, driver or firmware: "
                "an empty one would select every device of the cloud.")


class DeviceNotConfigurable(Invalid):
    msg_fmt = _("Device %(uuid)s has nothing its driver (%(driver)s) can "
                "configure.")


class DeviceConfigInvalid(Invalid):
    msg_fmt = _("Invalid configuration of device %(uuid)s: %(reason)s")


class DeviceConfigInUse(Conflict):
    msg_fmt = _("Device %(uuid)s is in use by instance(s) %(instances)s: "
                "its configuration cannot change under them. Delete their "
                "accelerator requests first, or ask to drain the device "
                "(the change then waits for the last one to go).")


class DeviceCleaning(Conflict):
    msg_fmt = _("Device %(uuid)s is being cleaned.")


class DeviceNotHeld(Conflict):
    msg_fmt = _("Device %(uuid)s is neither being cleaned nor held by a "
                "failed clean: there is nothing to release.")


class DeviceCleanInUse(Conflict):
    msg_fmt = _("Device %(uuid)s is in use by accelerator requests: it is "
                "cleaned when the last of them ends.")


class DeviceNotCleaning(Conflict):
    msg_fmt = _("Device %(uuid)s has no clean under way: there is nothing "
                "to abort.")


class DeviceCleanNotAbortable(Conflict):
    msg_fmt = _("The clean of device %(uuid)s runs step %(step)s, which "
                "cannot be stopped midway: wait for it to end.")


class DeviceCleanRunning(Conflict):
    msg_fmt = _("A clean step of device %(uuid)s (%(step)s) may still run "
                "on its agent: abort the clean first, then release it.")


class DeviceDriverFailing(Conflict):
    msg_fmt = _("Device %(uuid)s is held as last known: its driver "
                "%(driver)s fails (%(reason)s). Its configuration can "
                "change once the driver works again.")


class DeviceConfigNotFound(NotFound):
    msg_fmt = _("Device %(uuid)s has no configuration set through Cyborg.")


class DeviceConfigFailed(CyborgException):
    """The device did not become what its driver asked the host for."""

    msg_fmt = _("Configuration of device %(uuid)s failed: %(reason)s")


class DeviceCleanFailed(CyborgException):
    """A clean step failed, or its verification read something else."""

    msg_fmt = _("Clean step %(step)s of device %(address)s failed: "
                "%(reason)s")


class ConfigurationRolloutInvalid(Invalid):
    msg_fmt = _("Invalid configuration rollout: %(reason)s")


class ConfigurationRolloutNotFound(NotFound):
    msg_fmt = _("Configuration rollout %(uuid)s could not be found.")


class ConfigurationRolloutDeviceNotFound(NotFound):
    msg_fmt = _("Device %(device)s is not held by configuration rollout "
                "%(uuid)s.")


class ConfigurationRolloutBadState(Conflict):
    msg_fmt = _("Configuration rollout %(uuid)s is %(state)s: it cannot "
                "%(action)s.")


class DeviceInRollout(Conflict):
    msg_fmt = _("Device %(uuid)s is held by configuration rollout "
                "%(rollout)s: forget it from that rollout first "
                "(DELETE /v2/configuration_rollouts/%(rollout)s/devices/"
                "%(uuid)s).")


class DeployableNotFound(NotFound):
    msg_fmt = _("Deployable %(uuid)s could not be found.")


class BindTargetGone(DeployableNotFound):
    msg_fmt = _("Deployable %(name)s of host %(host)s is gone (its "
                "driver was uninstalled or its device removed) and cannot "
                "be bound.")


class DeployableInUse(Conflict):
    msg_fmt = _("Deployable %(uuid)s cannot be programmed now: %(reason)s")


class AttributeNotFound(NotFound):
    msg_fmt = _("Attribute %(uuid)s could not be found.")


# Services ------------------------------------------------------------------

class InvalidServiceBinary(Invalid):
    msg_fmt = _("Unknown service binary %(binary)s; expected one of "
                "%(allowed)s.")


# Agent, drivers and hardware reports -----------------------------------------

class DriverNotFound(NotFound):
    msg_fmt = _("Accelerator driver %(name)s is not available; known "
                "drivers: %(known)s.")


class DriverNotProvided(DriverNotFound):
    msg_fmt = _("Accelerator driver %(name)s of OpenStack Cyborg "
                "(%(drives)s) is not provided by this Cyborg yet: remove it "
                "from [agent] enabled_drivers.  Known drivers: %(known)s.")


class DriverNotEnabled(NotFound):
    msg_fmt = _("Accelerator driver %(name)s is not enabled on host "
                "%(host)s; enabled: %(enabled)s.")


class DriverLoadError(ConfigInvalid):
    msg_fmt = _("Accelerator driver %(name)s could not be loaded: "
                "%(reason)s")


class InvalidSelector(ConfigInvalid):
    msg_fmt = _("Invalid device selector %(spec)s: %(reason)s")


class UnsupportedOperation(Invalid):
    msg_fmt = _("Driver %(driver)s does not support %(operation)s.")


class DriverDeviceNotFound(NotFound):
    msg_fmt = _("Device %(address)s is not managed by driver %(driver)s.")


class CommandNotFound(CyborgException):
    msg_fmt = _("Command %(command)s was not found.")


class ImageNotFound(NotFound):
    msg_fmt = _("Image %(image)s could not be found: %(reason)s")


class ImageServiceNotConfigured(Conflict):
    msg_fmt = _("Image %(image)s is not in the image cache of host "
                "%(host)s (%(path)s) and no image service is configured "
                "([glance] auth_type or endpoint_override): copy the image "
                "file to that path, or configure [glance].")


class CommandFailed(CyborgException):
    msg_fmt = _("Command %(command)s failed with exit code %(exit_code)s: "
                "%(stderr)s")


class CommandTimeout(TemporaryFailure):
    msg_fmt = _("Command %(command)s did not finish within %(timeout)s "
                "seconds.")


class HostNotFound(NotFound):
    msg_fmt = _("No hardware report of host %(host)s was received.")


class AgentUnreachable(TemporaryFailure):
    msg_fmt = _("The agent of host %(host)s did not answer: %(reason)s")


class ConductorUnavailable(TemporaryFailure):
    msg_fmt = _("No cyborg-conductor can serve the request now: "
                "%(reason)s. Retry later.")


class DatabaseUnavailable(TemporaryFailure):
    msg_fmt = _("The database cannot be reached or lost the transaction: "
                "%(reason)s. Retry later.")


class MessagingUnavailable(TemporaryFailure):
    msg_fmt = _("The messaging backend (RabbitMQ) cannot be reached: "
                "%(reason)s. Retry later.")


class AgentNotFound(NotFound):
    msg_fmt = _("No cyborg-agent has registered on host %(host)s.")


# Drivers installed through the API (microversion 2.4) -----------------------

class DriverUUIDNotFound(NotFound):
    msg_fmt = _("Driver %(uuid)s could not be found.")


class DriverAlreadyEnabled(Conflict):
    msg_fmt = _("Driver %(name)s is already enabled on host %(host)s.")


class DriverUninstalled(Conflict):
    msg_fmt = _("Driver %(name)s is uninstalled on host %(host)s; "
                "install-driver %(name)s --host %(host)s loads it again.")


class DriverInUse(Conflict):
    msg_fmt = _("Driver %(name)s on host %(host)s has devices bound to "
                "instances %(instances)s; unbind them first, or uninstall "
                "with force to unbind them.")


class UnknownDriver(Invalid):
    msg_fmt = _("Accelerator driver %(name)s is not available; known "
                "drivers: %(known)s.")


class DriverConfigInvalid(Invalid):
    msg_fmt = _("Invalid configuration of driver %(name)s: %(reason)s")


class DriverRefused(Invalid):
    """An agent would not load a driver: *refusals* say where and why
    (each agent's own error, a DriverConfigInvalid's message).
    """
    msg_fmt = _("Refused %(refusals)s")


class NoAcceleratorCandidate(Conflict):
    msg_fmt = _("No accelerator of device profile %(profile)s is free on "
                "host %(host)s.")


# Nova servers (attach-instance, detach-instance) ---------------------------

class NovaNotConfigured(ConfigInvalid):
    msg_fmt = _("Nova is not configured: attaching and detaching "
                "accelerators asks Nova about the server; set [nova] "
                "auth_type (and credentials) on the conductors.")


class NovaUnavailable(TemporaryFailure):
    msg_fmt = _("Nova cannot be reached or failed: %(reason)s")


class ServerNotFound(NotFound):
    msg_fmt = _("Nova has no server %(uuid)s.")


class ServerNotAttachable(Conflict):
    msg_fmt = _("Accelerators cannot be attached to server %(uuid)s: "
                "%(reason)s")


class ServerNotDetachable(Conflict):
    msg_fmt = _("Accelerators cannot be detached from server %(uuid)s: "
                "%(reason)s")


class AcceleratorRequestsNotAttached(Conflict):
    msg_fmt = _("Accelerator requests %(arqs)s of server %(uuid)s were not "
                "made by attach-instance: Nova made them from the "
                "server's flavor or ports, reads them at every hard "
                "reboot, power-on and rebuild, and deletes them with the "
                "server.  detach-instance leaves them to Nova.")


class ServerRebootRefused(Conflict):
    msg_fmt = _("Nova refused to hard reboot server %(uuid)s: %(reason)s")


class OverLimit(Forbidden):
    msg_fmt = _("Attaching device profile %(profile)s to server %(uuid)s "
                "would take project %(project)s over its limits: "
                "%(limits)s.")


class LimitsUnavailable(TemporaryFailure):
    msg_fmt = _("The limits of project %(project)s cannot be checked: "
                "%(reason)s")


# Placement ------------------------------------------------------------------

class PlacementError(TemporaryFailure):
    msg_fmt = _("Placement request %(method)s %(path)s failed: %(reason)s")


class PlacementUnavailable(PlacementError):
    """Placement cannot be reached or failed (5xx, auth): further
    requests are not worth trying now.
    """


class PlacementNotConfigured(ConfigInvalid):
    msg_fmt = _("Placement is not configured: set [placement] auth_type "
                "(and credentials), or auth_type = none and "
                "endpoint_override.")


class ComputeResourceProviderNotFound(NotFound):
    msg_fmt = _("Placement has no resource provider named %(name)s, the "
                "compute node of host %(host)s.  Is nova-compute running "
                "there under that name, and is the agent's "
                "[agent] resource_provider_name right?  Without Nova, set "
                "[placement] create_compute_rp = true on the conductor.")


class ResourceProviderInUse(Conflict):
    msg_fmt = _("Resource provider %(uuid)s has allocations: %(reason)s")


class InventoryInUse(Conflict):
    msg_fmt = _("Inventory of resource provider %(uuid)s is in use: "
                "%(reason)s")
