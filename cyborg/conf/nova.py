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
"""Options of the [nova] group: how the conductor reaches Nova's API."""

from oslo_config import cfg

from cyborg.conf import _ksa
from cyborg.i18n import _

SERVICE_TYPE = 'compute'

nova_group = cfg.OptGroup(
    'nova',
    title='Nova API options',
    help=_("""
How cyborg-conductor reaches Nova's API to send
``accelerator-request-bound`` external events: a keystoneauth session,
auth plugin and adapter, usually with the Cyborg service user's
credentials.
"""))

nova_opts = []


def register_opts(conf):
    conf.register_group(nova_group)
    conf.register_opts(nova_opts, group=nova_group)
    _ksa.register_ksa_opts(conf, nova_group, SERVICE_TYPE)


def list_opts():
    return {nova_group: _ksa.list_ksa_opts(SERVICE_TYPE, nova_opts)}
