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
"""The global configuration object, with every Cyborg option registered:
one module per option group, each with ``register_opts(conf)`` and
``list_opts()`` (``opts`` finds them for oslo-config-generator).  The
one exception is keystonemiddleware's [keystone_authtoken], which only
cyborg-api reads and registers (``keystone_authtoken``).

May import: cyborg.i18n.
"""

import importlib

from oslo_config import cfg

CONF = cfg.CONF

# Every module of this package that defines options, in the order their
# groups appear in the sample configuration file.
OPTION_MODULES = tuple(
    importlib.import_module('cyborg.conf.' + name) for name in (
        'default', 'api', 'agent', 'conductor', 'database', 'nova', 'glance',
        'notifications', 'placement', 'quota', 'device_health', 'telemetry',
        'metrics', 'upgrade_levels', 'pci', 'gpu', 'fpga', 'nic', 'nvme',
        'fake', 'clean_steps', 'privsep'))


def register_opts(conf):
    for module in OPTION_MODULES:
        module.register_opts(conf)


register_opts(CONF)
