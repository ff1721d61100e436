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
"""register_opts() and list_opts() for a module of one option group."""

from oslo_config import cfg

from cyborg.conf import _ksa


def define(opts, name, title, help, service_type=None):
    """The option group *name*, its register_opts(conf) and list_opts(),
    with keystoneauth options when it reaches another service
    (*service_type*).
    """
    group = cfg.OptGroup(name, title=title, help=help)

    def register_opts(conf):
        conf.register_group(group)
        conf.register_opts(opts, group=group)
        if service_type:
            _ksa.register_ksa_opts(conf, group, service_type)

    def list_opts():
        if service_type:
            return {group: _ksa.list_ksa_opts(service_type, opts)}
        return {group: opts}

    return group, register_opts, list_opts
