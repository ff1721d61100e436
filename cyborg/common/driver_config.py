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
"""The operator's configuration of a driver as stored and sent to the
agent (which checks it: cyborg.drivers.config.check).
"""

import hashlib

from oslo_serialization import jsonutils


def plain(value):
    """Objects inside a value become their JSON text (a selector of
    ``[pci] device_spec`` may be given as an object).
    """
    if isinstance(value, dict):
        return jsonutils.dumps(value, sort_keys=True)
    if isinstance(value, list):
        return [plain(item) if isinstance(item, dict) else item
                for item in value]
    return value


def normalise(config):
    """*config* as stored and shown: objects in values become JSON text."""
    if not isinstance(config, dict):
        return config
    return {group: ({name: plain(value) for name, value in values.items()}
                    if isinstance(values, dict) else values)
            for group, values in config.items()}


def revision(installs, removed=()):
    """A digest of the operator's decisions about a host's drivers, sent
    in the agent's heartbeat (the conductor answers when its own differs).
    """
    decisions = {
        'installs': sorted([{'name': i['name'], 'config': i['config'] or {}}
                            for i in installs], key=lambda i: i['name']),
        'removed': sorted(removed)}
    text = jsonutils.dumps(decisions, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()
