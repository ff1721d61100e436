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
"""Versioned objects: what crosses RPC (driver reports, device
profiles); they carry data, never make network calls.

May import: the base only.
"""


def register_all():
    """Register every object class (once at start, before the first RPC)."""
    # Imported for their registration side effect.
    from cyborg.objects import device_profile  # noqa: F401
    from cyborg.objects import hardware  # noqa: F401
