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
"""Error responses of the API and their stable error codes.

The body of every error is the one the existing Cyborg sends, which its
clients parse::

    {"error_message": "{\"faultcode\": \"Client\", \"faultstring\":
     \"<message>\", \"debuginfo\": null, \"error_code\": \"<code>\"}"}

``error_code`` is Cyborg's addition, never changed nor reused.
"""

from oslo_serialization import jsonutils
import webob

from cyborg import exception

# Codes of the errors a client can act on.
UNDEFINED = 'cyborg.undefined_code'
INVALID_INPUT = 'cyborg.request.invalid_input'
NOT_ACCEPTABLE = 'cyborg.request.version_not_acceptable'
INVALID_VERSION = 'cyborg.request.invalid_version'
MALFORMED_JSON = 'cyborg.request.malformed_json'
UNSUPPORTED_MEDIA_TYPE = 'cyborg.request.unsupported_media_type'
BODY_TOO_LARGE = 'cyborg.request.body_too_large'
NOT_FOUND = 'cyborg.request.not_found'
METHOD_NOT_ALLOWED = 'cyborg.request.method_not_allowed'
POLICY = 'cyborg.policy.not_authorized'
POLICY_SCOPE = 'cyborg.policy.invalid_scope'
SERVICE_TOKEN = 'cyborg.policy.service_token_required'  # noqa: S105
SERVER_ERROR = 'cyborg.server.error'
MARKER_NOT_FOUND = 'cyborg.request.marker_not_found'
FORBIDDEN = 'cyborg.request.forbidden'
CONFLICT = 'cyborg.request.conflict'
SERVICE_UNAVAILABLE = 'cyborg.server.unavailable'
USAGE_INVALID_WINDOW = 'cyborg.usage.invalid_window'
DEVICE_PROFILE_NOT_FOUND = 'cyborg.device_profile.not_found'
DEVICE_PROFILE_NAME_CONFLICT = 'cyborg.device_profile.name_conflict'
DEVICE_PROFILE_UUID_CONFLICT = 'cyborg.device_profile.uuid_conflict'
DEVICE_PROFILE_IN_USE = 'cyborg.device_profile.in_use'
DEVICE_CLASS_NOT_FOUND = 'cyborg.device_class.not_found'
DEVICE_CLASS_EXISTS = 'cyborg.device_class.name_conflict'
DEVICE_CLASS_INVALID = 'cyborg.device_class.invalid'
DEVICE_CLASS_IN_ROLLOUT = 'cyborg.device_class.in_rollout'
ARQ_NOT_FOUND = 'cyborg.accelerator_request.not_found'
ARQ_WITHOUT_DEVICE = 'cyborg.accelerator_request.without_device'
ARQ_BAD_STATE = 'cyborg.accelerator_request.bad_state'
ARQ_NOT_RESOLVED = 'cyborg.accelerator_request.not_resolved'
INSTANCE_ALREADY_BOUND = 'cyborg.accelerator_request.instance_bound'
ARQ_PROVIDER_MISMATCH = 'cyborg.accelerator_request.provider_mismatch'
ARQ_BIND_REFUSED = 'cyborg.accelerator_request.bind_refused'
DEVICE_NOT_FOUND = 'cyborg.device.not_found'
DEVICE_SELECTOR_EMPTY = 'cyborg.device.empty_selector'
DEVICE_NOT_CONFIGURABLE = 'cyborg.device.not_configurable'
DEVICE_CONFIG_INVALID = 'cyborg.device.config_invalid'
DEVICE_CONFIG_IN_USE = 'cyborg.device.config_in_use'
DEVICE_CLEANING = 'cyborg.device.cleaning'
DEVICE_NOT_HELD = 'cyborg.device.not_held'
DEVICE_CLEAN_IN_USE = 'cyborg.device.clean_in_use'
DEVICE_NOT_CLEANING = 'cyborg.device.not_cleaning'
DEVICE_CLEAN_NOT_ABORTABLE = 'cyborg.device.clean_not_abortable'
DEVICE_CLEAN_RUNNING = 'cyborg.device.clean_running'
DEVICE_CONFIG_NOT_FOUND = 'cyborg.device.config_not_found'
DEVICE_DRIVER_ERROR = 'cyborg.device.driver_error'
DEVICE_IN_ROLLOUT = 'cyborg.device.in_rollout'
ROLLOUT_INVALID = 'cyborg.configuration_rollout.invalid'
ROLLOUT_NOT_FOUND = 'cyborg.configuration_rollout.not_found'
ROLLOUT_DEVICE_NOT_FOUND = 'cyborg.configuration_rollout.device_not_found'
ROLLOUT_BAD_STATE = 'cyborg.configuration_rollout.bad_state'
DEPLOYABLE_NOT_FOUND = 'cyborg.deployable.not_found'
DEPLOYABLE_IN_USE = 'cyborg.deployable.in_use'
ATTRIBUTE_NOT_FOUND = 'cyborg.attribute.not_found'
HOST_NOT_FOUND = 'cyborg.host.not_found'
AGENT_NOT_FOUND = 'cyborg.host.no_agent'
AGENT_UNREACHABLE = 'cyborg.host.agent_unreachable'
DRIVER_NOT_FOUND = 'cyborg.driver.not_found'
DRIVER_UNKNOWN = 'cyborg.driver.unknown'
DRIVER_NOT_ENABLED = 'cyborg.driver.not_enabled'
DRIVER_ALREADY_ENABLED = 'cyborg.driver.already_enabled'
DRIVER_UNINSTALLED = 'cyborg.driver.uninstalled'
DRIVER_IN_USE = 'cyborg.driver.in_use'
DRIVER_CONFIG_INVALID = 'cyborg.driver.invalid_config'
NO_ACCELERATOR_CANDIDATE = 'cyborg.instance.no_candidate'
NOVA_NOT_CONFIGURED = 'cyborg.instance.nova_not_configured'
NOVA_UNAVAILABLE = 'cyborg.instance.nova_unavailable'
SERVER_NOT_FOUND = 'cyborg.instance.server_not_found'
SERVER_NOT_ATTACHABLE = 'cyborg.instance.not_attachable'
SERVER_NOT_DETACHABLE = 'cyborg.instance.not_detachable'
ARQS_NOT_ATTACHED = 'cyborg.instance.not_attached'
OVER_LIMIT = 'cyborg.instance.over_limit'
LIMITS_UNAVAILABLE = 'cyborg.instance.limits_unavailable'
IMAGE_SERVICE_NOT_CONFIGURED = 'cyborg.image.no_image_service'
CONDUCTOR_UNAVAILABLE = 'cyborg.conductor.unavailable'
CONDUCTOR_BUSY = 'cyborg.conductor.busy'
MESSAGING_UNAVAILABLE = 'cyborg.messaging.unavailable'
DATABASE_UNAVAILABLE = 'cyborg.database.unavailable'
PLACEMENT_NOT_CONFIGURED = 'cyborg.placement.not_configured'
PLACEMENT_UNAVAILABLE = 'cyborg.placement.unavailable'

_BY_EXCEPTION = {
    exception.Invalid: INVALID_INPUT,
    exception.NotFound: NOT_FOUND,
    exception.NotAcceptable: NOT_ACCEPTABLE,
    exception.MalformedJSON: MALFORMED_JSON,
    exception.UnsupportedMediaType: UNSUPPORTED_MEDIA_TYPE,
    exception.InvalidVersionHeader: INVALID_VERSION,
    exception.PolicyNotAuthorized: POLICY,
    exception.PolicyInvalidScope: POLICY_SCOPE,
    exception.ServiceTokenRequired: SERVICE_TOKEN,
    exception.MarkerNotFound: MARKER_NOT_FOUND,
    exception.CyborgException: SERVER_ERROR,
    exception.Forbidden: FORBIDDEN,
    exception.Conflict: CONFLICT,
    exception.TemporaryFailure: SERVICE_UNAVAILABLE,
    exception.UsageWindowInvalid: USAGE_INVALID_WINDOW,
    exception.DeviceProfileNotFound: DEVICE_PROFILE_NOT_FOUND,
    exception.DeviceProfileNameConflict: DEVICE_PROFILE_NAME_CONFLICT,
    exception.DeviceProfileUUIDConflict: DEVICE_PROFILE_UUID_CONFLICT,
    exception.DeviceProfileInUse: DEVICE_PROFILE_IN_USE,
    exception.DeviceClassNotFound: DEVICE_CLASS_NOT_FOUND,
    exception.DeviceClassExists: DEVICE_CLASS_EXISTS,
    exception.DeviceClassInvalid: DEVICE_CLASS_INVALID,
    exception.DeviceClassInRollout: DEVICE_CLASS_IN_ROLLOUT,
    exception.AcceleratorRequestNotFound: ARQ_NOT_FOUND,
    exception.AcceleratorRequestWithoutDevice: ARQ_WITHOUT_DEVICE,
    exception.AcceleratorRequestBadState: ARQ_BAD_STATE,
    exception.InstanceAlreadyBound: INSTANCE_ALREADY_BOUND,
    exception.BindProviderMismatch: ARQ_PROVIDER_MISMATCH,
    exception.BindRefused: ARQ_BIND_REFUSED,
    exception.Locked: ARQ_NOT_RESOLVED,
    exception.DeviceNotFound: DEVICE_NOT_FOUND,
    exception.DeviceSelectorEmpty: DEVICE_SELECTOR_EMPTY,
    exception.DeviceNotConfigurable: DEVICE_NOT_CONFIGURABLE,
    exception.DeviceConfigInvalid: DEVICE_CONFIG_INVALID,
    exception.DeviceConfigInUse: DEVICE_CONFIG_IN_USE,
    exception.DeviceCleaning: DEVICE_CLEANING,
    exception.DeviceNotHeld: DEVICE_NOT_HELD,
    exception.DeviceCleanInUse: DEVICE_CLEAN_IN_USE,
    exception.DeviceNotCleaning: DEVICE_NOT_CLEANING,
    exception.DeviceCleanNotAbortable: DEVICE_CLEAN_NOT_ABORTABLE,
    exception.DeviceCleanRunning: DEVICE_CLEAN_RUNNING,
    exception.DeviceConfigNotFound: DEVICE_CONFIG_NOT_FOUND,
    exception.DeviceDriverFailing: DEVICE_DRIVER_ERROR,
    exception.DeviceInRollout: DEVICE_IN_ROLLOUT,
    exception.ConfigurationRolloutInvalid: ROLLOUT_INVALID,
    exception.ConfigurationRolloutNotFound: ROLLOUT_NOT_FOUND,
    exception.ConfigurationRolloutDeviceNotFound: ROLLOUT_DEVICE_NOT_FOUND,
    exception.ConfigurationRolloutBadState: ROLLOUT_BAD_STATE,
    exception.DeployableNotFound: DEPLOYABLE_NOT_FOUND,
    exception.DeployableInUse: DEPLOYABLE_IN_USE,
    exception.AttributeNotFound: ATTRIBUTE_NOT_FOUND,
    exception.HostNotFound: HOST_NOT_FOUND,
    exception.AgentNotFound: AGENT_NOT_FOUND,
    exception.AgentUnreachable: AGENT_UNREACHABLE,
    exception.DriverUUIDNotFound: DRIVER_NOT_FOUND,
    exception.DriverNotFound: DRIVER_UNKNOWN,
    exception.UnknownDriver: DRIVER_UNKNOWN,
    exception.DriverNotEnabled: DRIVER_NOT_ENABLED,
    exception.DriverAlreadyEnabled: DRIVER_ALREADY_ENABLED,
    exception.DriverUninstalled: DRIVER_UNINSTALLED,
    exception.DriverInUse: DRIVER_IN_USE,
    exception.DriverConfigInvalid: DRIVER_CONFIG_INVALID,
    exception.DriverRefused: DRIVER_CONFIG_INVALID,
    exception.NoAcceleratorCandidate: NO_ACCELERATOR_CANDIDATE,
    exception.NovaNotConfigured: NOVA_NOT_CONFIGURED,
    exception.NovaUnavailable: NOVA_UNAVAILABLE,
    exception.ServerNotFound: SERVER_NOT_FOUND,
    exception.ServerNotAttachable: SERVER_NOT_ATTACHABLE,
    exception.ServerNotDetachable: SERVER_NOT_DETACHABLE,
    exception.AcceleratorRequestsNotAttached: ARQS_NOT_ATTACHED,
    exception.OverLimit: OVER_LIMIT,
    exception.LimitsUnavailable: LIMITS_UNAVAILABLE,
    exception.ImageServiceNotConfigured: IMAGE_SERVICE_NOT_CONFIGURED,
    exception.ConductorUnavailable: CONDUCTOR_UNAVAILABLE,
    exception.NoFreeConductorWorker: CONDUCTOR_BUSY,
    exception.MessagingUnavailable: MESSAGING_UNAVAILABLE,
    exception.DatabaseUnavailable: DATABASE_UNAVAILABLE,
    exception.PlacementNotConfigured: PLACEMENT_NOT_CONFIGURED,
    exception.PlacementError: PLACEMENT_UNAVAILABLE,
}

_BY_STATUS = {
    404: NOT_FOUND,
    405: METHOD_NOT_ALLOWED,
    406: NOT_ACCEPTABLE,
    413: BODY_TOO_LARGE,
    415: UNSUPPORTED_MEDIA_TYPE,
}


def code_of(exc):
    """The error code of a Cyborg exception (or of a remote copy of one):
    its own, else its family's.
    """
    for cls in type(exc).__mro__:
        if cls in _BY_EXCEPTION:
            return _BY_EXCEPTION[cls]
    return UNDEFINED


# The longest message an error body carries: a longer one quotes a value
# of the request (a 100 000-character name) and is cut in the middle.
MAX_MESSAGE = 1000
_KEEP_HEAD = 700
_KEEP_TAIL = 200


def shorten(message):
    """*message*, cut in the middle when longer than MAX_MESSAGE: the
    start (what and where) and the end (why) are kept.
    """
    if len(message) <= MAX_MESSAGE:
        return message
    return '%s... (%d characters left out) ...%s' % (
        message[:_KEEP_HEAD], len(message) - _KEEP_HEAD - _KEEP_TAIL,
        message[-_KEEP_TAIL:])


def body(status, message, code=None):
    """The error body for *status* and *message* (shortened), as bytes."""
    fault = {
        'faultcode': 'Client' if status < 500 else 'Server',
        'faultstring': shorten(message),
        'debuginfo': None,
        'error_code': code or _BY_STATUS.get(status, UNDEFINED
                                              if status < 500
                                              else SERVER_ERROR),
    }
    return jsonutils.dump_as_bytes(
        {'error_message': jsonutils.dumps(fault)})


def response(status, message, code=None, headers=None):
    resp = webob.Response(status=status, body=body(status, message, code),
                          content_type='application/json',
                          charset='UTF-8')
    for name, value in (headers or {}).items():
        resp.headers[name] = value
    return resp
