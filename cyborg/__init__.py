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
"""Cyborg: accelerator lifecycle management for OpenStack."""

import warnings

# futurist imports eventlet when it is installed (oslo.service depends on
# it), which prints a deprecation warning although Cyborg never uses it.
warnings.filterwarnings('ignore', message='\nEventlet is deprecated')

from oslo_service import backend as _service_backend  # noqa: E402

# Cyborg never uses eventlet.  oslo.service picks its backend the first time
# one of its modules asks for it: the hook makes that choice the threading
# one, for any Cyborg module or library that gets there.  Only the hook is
# set here, not the backend itself: loading it imports futurist (and, through
# it, eventlet), about 0.3 s that the command line client (which never uses
# oslo.service) would pay at every command.  cyborg.service, which runs the
# daemons, loads it.
_service_backend.register_backend_default_hook(
    lambda: _service_backend.BackendType.THREADING)
