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
"""oslo.middleware's CORS, configured from Cyborg's own [cors] group.

oslo.middleware's paste factory either takes the origins in the paste
file or reads the project's default configuration files; this one reads
the configuration cyborg-api was started with.
"""

from oslo_config import cfg
from oslo_middleware import cors


def filter_factory(global_conf, **local_conf):
    """paste.deploy factory."""
    def _factory(app):
        return cors.CORS(app, cfg.CONF)
    return _factory
