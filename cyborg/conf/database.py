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
"""Options of the [database] group (oslo.db), with Cyborg's defaults."""

from oslo_db import options as db_options

# An embedded default so that a service started without a configuration
# file has somewhere to keep its data; production deployments point this at
# MariaDB/MySQL or PostgreSQL.
DEFAULT_CONNECTION = 'sqlite:///$state_path/cyborg.sqlite'


def register_opts(conf):
    # oslo.db registers its own options; this only changes their defaults.
    db_options.set_defaults(conf, connection=DEFAULT_CONNECTION)


def list_opts():
    # The options themselves are listed by the "oslo.db" namespace of the
    # configuration generator; update_defaults() in opts.py gives them
    # Cyborg's defaults there.
    return {}
