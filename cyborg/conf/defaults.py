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
"""Cyborg's defaults for options that libraries own, applied by the
services at start and by ``opts.update_defaults()`` for the sample.
"""

from oslo_config import cfg
from oslo_middleware import cors
from oslo_middleware.healthcheck import opts as healthcheck_opts
from oslo_policy import opts as policy_opts

# Headers a browser may send to and read from cyborg-api (CORS).
CORS_ALLOW_HEADERS = ['X-Auth-Token', 'X-Identity-Status', 'X-Roles',
                      'X-Service-Catalog', 'X-User-Id', 'X-Tenant-Id',
                      'X-OpenStack-Request-ID', 'OpenStack-API-Version']
CORS_EXPOSE_HEADERS = ['X-Auth-Token', 'X-Subject-Token',
                       'X-Service-Token', 'X-OpenStack-Request-ID',
                       'OpenStack-API-Version',
                       'OpenStack-API-Minimum-Version',
                       'OpenStack-API-Maximum-Version']
CORS_ALLOW_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH']

# The health check's backends: a file that takes the node out of a load
# balancer, and the messaging backend as the process sees it
# (cyborg.api.healthcheck).
HEALTHCHECK_BACKENDS = ['disable_by_file', 'cyborg_messaging']
HEALTHCHECK_DISABLE_FILE = '/etc/cyborg/healthcheck_disable'


def set_cors_defaults():
    cors.set_defaults(allow_headers=CORS_ALLOW_HEADERS,
                      expose_headers=CORS_EXPOSE_HEADERS,
                      allow_methods=CORS_ALLOW_METHODS)


def set_healthcheck_defaults():
    cfg.set_defaults(healthcheck_opts.HEALTHCHECK_OPTS,
                     backends=HEALTHCHECK_BACKENDS)
    cfg.set_defaults(healthcheck_opts.DISABLE_BY_FILE_OPTS,
                     disable_by_file_path=HEALTHCHECK_DISABLE_FILE)


def set_policy_defaults(conf):
    """As the existing Cyborg: deprecated rules stay OR-ed with the new
    ones until ``enforce_new_defaults = True``.
    """
    policy_opts.set_defaults(conf, policy_file='policy.yaml',
                             enforce_new_defaults=False)
