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
"""keystoneauth options of the groups that reach another service."""

import copy

from keystoneauth1 import loading as ks_loading


def register_ksa_opts(conf, group, default_service_type):
    ks_loading.register_session_conf_options(conf, group)
    ks_loading.register_auth_conf_options(conf, group)
    # The default is part of the option (not a set_default(), which
    # ConfigOpts.clear() would forget).
    conf.register_opts(_adapter_opts(default_service_type), group=group)


# A connection the service closes before answering (an idle keep-alive
# connection closed by gunicorn, Apache or HAProxy while a request is on
# its way) is tried again at once; a service that is down is known 0.2 s
# later than without.
CONNECT_RETRIES = 2
CONNECT_RETRY_DELAY = 0.1


def _adapter_opts(default_service_type):
    opts = copy.deepcopy(
        ks_loading.get_adapter_conf_options(include_deprecated=False))
    defaults = {'service_type': default_service_type,
                'connect_retries': CONNECT_RETRIES,
                'connect_retry_delay': CONNECT_RETRY_DELAY}
    for opt in opts:
        opt.default = defaults.get(opt.dest, opt.default)
    return opts


def list_ksa_opts(default_service_type, extra_opts=()):
    """*extra_opts* and the keystoneauth options, for the sample."""
    return (list(extra_opts)
            + ks_loading.get_session_conf_options()
            + ks_loading.get_auth_common_conf_options()
            + ks_loading.get_auth_plugin_conf_options('password')
            + _adapter_opts(default_service_type))
