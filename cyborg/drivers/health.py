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
"""Device health as a driver reports it (``check_health()``): a Health,
healthy or unhealthy with its reason, and the worst of several.  The
checks the agent applies to every driver are cyborg.agent.health.
"""

import collections

from cyborg.common import health_states


class Health(collections.namedtuple('Health', ['status', 'reason'])):
    """``status`` healthy or unhealthy, and ``reason`` (None when
    healthy).
    """

    @property
    def healthy(self):
        return self.status == health_states.HEALTHY


OK = Health(health_states.HEALTHY, None)


def unhealthy(reason):
    return Health(health_states.UNHEALTHY, reason)


def worst(healths):
    """Unhealthy with every reason (sorted, ``; ``) when any is."""
    reasons = sorted({h.reason or health_states.UNHEALTHY for h in healths
                      if not h.healthy})
    return unhealthy('; '.join(reasons)) if reasons else OK
