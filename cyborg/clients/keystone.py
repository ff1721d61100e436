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
"""The keystoneauth adapter of every client of another OpenStack service,
from its option group (without Keystone: ``auth_type = none`` and
``endpoint_override``).
"""

from keystoneauth1 import loading as ks_loading


def is_configured(conf, group):
    """Whether ``auth_type`` or ``endpoint_override`` of *group* is set."""
    options = conf[group]
    return bool(options.auth_type or options.endpoint_override)


def adapter(conf, group, service_type):
    """A keystoneauth Adapter of *group* (*service_type*: when it sets
    none, as after a test's configuration reset).
    """
    auth = ks_loading.load_auth_from_conf_options(conf, group)
    session = ks_loading.load_session_from_conf_options(conf, group,
                                                        auth=auth)
    return ks_loading.load_adapter_from_conf_options(
        conf, group, session=session, auth=auth,
        service_type=conf[group].service_type or service_type)


class ServiceClient:
    """A client of another service, on a keystoneauth1 Adapter: GROUP,
    SERVICE_TYPE, and NOT_CONFIGURED (raised by from_conf() unconfigured).
    """

    GROUP = None
    SERVICE_TYPE = None
    NOT_CONFIGURED = None

    def __init__(self, adapter):
        self._adapter = adapter

    @classmethod
    def is_configured(cls, conf):
        return is_configured(conf, cls.GROUP)

    @classmethod
    def from_conf(cls, conf):
        if cls.NOT_CONFIGURED and not cls.is_configured(conf):
            raise cls.NOT_CONFIGURED()
        return cls(adapter(conf, cls.GROUP, cls.SERVICE_TYPE))
