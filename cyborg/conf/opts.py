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
"""Entry points of oslo-config-generator for Cyborg's own options."""

from oslo_config import cfg
from oslo_db import options as db_options
import oslo_messaging as messaging

import cyborg.conf
from cyborg.conf import database
from cyborg.conf import defaults


def list_opts():
    """[(group, [opts])] for the oslo.config.opts entry point."""
    return [(group, opts) for module in cyborg.conf.OPTION_MODULES
            for group, opts in module.list_opts().items() if opts]


def update_defaults():
    """Library options with Cyborg's defaults, for the sample."""
    # The generator lists the libraries' module-level Opt objects, so the
    # defaults are changed there (cfg.set_defaults), not on a ConfigOpts.
    cfg.set_defaults(db_options.database_opts,
                     connection=database.DEFAULT_CONNECTION)
    messaging.set_transport_defaults(control_exchange='cyborg')
    defaults.set_cors_defaults()
    defaults.set_healthcheck_defaults()
    defaults.set_policy_defaults(cfg.CONF)
