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
"""Options of the [glance] group: where agents fetch FPGA bitstreams."""

from cyborg.conf import _group
from cyborg.i18n import _

SERVICE_TYPE = 'image'

glance_opts = []


glance_group, register_opts, list_opts = _group.define(
    glance_opts, 'glance', 'Image service options',
    _("""
How cyborg-agent downloads the bitstreams device profiles name (a
keystoneauth session, auth plugin and adapter); images already in ``[agent]
image_cache_dir`` are not downloaded.
"""), SERVICE_TYPE)
