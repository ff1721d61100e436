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
"""The back-off of the conductor's retried work (bind jobs, Nova events)."""

from oslo_config import cfg

CONF = cfg.CONF


def delay(attempts):
    """Seconds before the next attempt: 1, then doubled, at most ``[nova]
    events_retry_max_interval``.

    :param attempts: the attempts made so far (1 or more).
    """
    return min(2 ** max(attempts - 1, 0),
               CONF.nova.events_retry_max_interval)
