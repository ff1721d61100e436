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
"""service-list: the Cyborg services and whether they are up."""

from cyborg import servicegroup
from cyborg.cli import common

COLUMNS = common.field_columns('uuid', 'host', 'binary', 'status',
                               'version', 'last_seen_up', 'started_at')


class ListServices(common.FilteredLister):
    """List the api, conductor and agent services.

    A service is down when its last heartbeat is older than the API's
    [DEFAULT] service_down_time.
    """

    PATH, KEY, COLUMNS = '/services', 'services', COLUMNS
    FILTERS = (
        ('--host', 'host', {'help': 'Only the services of HOST.'}),
        ('--binary', 'binary', {'choices': servicegroup.BINARIES,
                                'help': 'Only the services of this binary.'}),
        ('--status', 'status', {'choices': [servicegroup.UP,
                                            servicegroup.DOWN],
                                'help': 'Only the services up (or down).'}))
