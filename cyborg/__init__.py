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
"""Cyborg: accelerator lifecycle management for OpenStack.

The root picks oslo.service's threading backend (Cyborg has no
eventlet).  Each package below it is a room of the house
(doc/source/contributor/architecture.rst): its docstring says what it
holds and, last, what it may import, which
cyborg.tests.unit.test_layering holds to its ARROWS.

May import: nothing of Cyborg.
"""

import os
import warnings

# futurist imports eventlet when it is installed (oslo.service depends on
# it), which prints a deprecation warning although Cyborg never uses it.
warnings.filterwarnings('ignore', message='\nEventlet is deprecated')
# Nor does it use its green DNS resolver, whose import loads dnspython,
# httpx, rich and pygments: 0.4 s of CPU at every process start
# (EVENTLET_NO_GREENDNS is eventlet's documented switch).
os.environ.setdefault('EVENTLET_NO_GREENDNS', 'yes')

from oslo_service import backend as _service_backend  # noqa: E402

# oslo.service's backend, whenever something first asks for it, is the
# threading one.  Only the hook is set here: loading the backend costs the
# command line client 0.3 s at every command; cyborg.service loads it.
_service_backend.register_backend_default_hook(
    lambda: _service_backend.BackendType.THREADING)
