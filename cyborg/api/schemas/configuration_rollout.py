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
"""Schemas of /v2/configuration_rollouts.

The shape only: whether every device of the class takes the desired
configuration is judged as one device's is
(cyborg.common.configuration_rollout.judge).
"""

from cyborg.api.schemas import common
from cyborg.api.schemas import device_class as class_schema
from cyborg.api.schemas import device_config as config_schema
from cyborg.common import configuration_rollout

CREATE = common.closed(
    {
        'device_class': class_schema.NAME,
        'desired': config_schema.SET['properties']['desired'],
        'max_unavailable': {'anyOf': [
            {'type': 'integer', 'minimum': 1, 'maximum': 999999},
            {'type': 'string',
             'pattern': configuration_rollout.MAX_UNAVAILABLE_PATTERN}]},
        'drain': {'type': 'boolean'},
        'max_failures': {'type': 'integer', 'minimum': 0,
                         'maximum': common.INT32_MAX},
        'follow': {'type': 'boolean'},
    },
    ['device_class', 'desired', 'max_unavailable'])

LIST_QUERY = common.query_schema(dict(
    common.pagination(['id', 'created_at', 'updated_at']),
    state={'type': 'string', 'enum': list(configuration_rollout.STATES)}))
