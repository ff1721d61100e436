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
"""Every notification Cyborg sends, for the docs and the tests."""

from cyborg.notifications import accelerator_request
from cyborg.notifications import configuration_rollout
from cyborg.notifications import deployable
from cyborg.notifications import device
from cyborg.notifications import device_clean
from cyborg.notifications import device_config
from cyborg.notifications import driver
from cyborg.notifications import service
from cyborg.notifications import usage

PAYLOADS = (
    accelerator_request.AcceleratorRequestPayload,
    accelerator_request.AcceleratorRequestHealthPayload,
    configuration_rollout.ConfigurationRolloutPayload,
    device.DevicePayload,
    device_clean.DeviceCleanPayload,
    device_config.DeviceConfigPayload,
    deployable.DeployablePayload,
    deployable.DeployableProgramPayload,
    driver.DriverPayload,
    service.ServiceStatusPayload,
    usage.UsagePayload,
)


def events():
    """{event type: (payload class, priority or None, sample file)}."""
    return {event_type: (cls, priority, event_type.replace('.', '-') + '.json')
            for cls in PAYLOADS
            for event_type, priority in cls.EVENTS.items()}
