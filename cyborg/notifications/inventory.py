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
"""Notifications of what an agent's report changed, after its commit."""

from cyborg.notifications import deployable
from cyborg.notifications import device

_SENDERS = {'device': device.send, 'deployable': deployable.send}


def send(context, result):
    for event_type, values, changed in getattr(result, 'changes', ()):
        _SENDERS[event_type.split('.')[0]](context, event_type, values,
                                           changed=changed)
