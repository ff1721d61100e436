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
"""The keystoneauth adapter of every client of another OpenStack service.

Each service is reached through an option group of keystoneauth's auth,
session and adapter options, with Keystone (the catalog finds it by
service type) or without (``auth_type = none`` and ``endpoint_override``).
Each client is a ServiceClient naming its group and service type.
"""

from keystoneauth1 import loading as ks_loading


def is_configured(conf, group):
    """Whether option group *group* says how to reach its service at all
    (``auth_type`` or ``endpoint_override`` is set).
    """
    options = conf[group]
    return bool(options.auth_type or options.endpoint_override)


def adapter(conf, group, service_type):
    """A keystoneauth Adapter built from option group *group*.

    :param service_type: the service type to use when the group sets none
        (a test's configuration reset forgets registered defaults).
    """
    auth = ks_loading.load_auth_from_conf_options(conf, group)
    session = ks_loading.load_session_from_conf_options(conf, group,
                                                        auth=auth)
    return ks_loading.load_adapter_from_conf_options(
        conf, group, session=session, auth=auth,
        service_type=conf[group].service_type or service_type)


class ServiceClient:
    """A client of another service, on a keystoneauth1 Adapter.

    Subclasses set GROUP (the option group's name), SERVICE_TYPE (used
    when the group sets none) and, where a client cannot work
    unconfigured, NOT_CONFIGURED (the exception from_conf() raises then).
    """

    GROUP = None
    SERVICE_TYPE = None
    NOT_CONFIGURED = None

    def __init__(self, adapter):
        self._adapter = adapter

    @classmethod
    def is_configured(cls, conf):
        """Whether the client's option group says how to reach it."""
        return is_configured(conf, cls.GROUP)

    @classmethod
    def from_conf(cls, conf):
        """A client built from its option group.

        :raises: NOT_CONFIGURED, where the class sets one, when the group
            is not configured.
        """
        if cls.NOT_CONFIGURED and not cls.is_configured(conf):
            raise cls.NOT_CONFIGURED()
        return cls(adapter(conf, cls.GROUP, cls.SERVICE_TYPE))
