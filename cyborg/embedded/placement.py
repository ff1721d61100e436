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
"""openstack-placement served in this process, on its own SQLite database,
without Keystone (``noauth2``, every request allowed); its schema is
created or upgraded at start.
"""

import os
import threading

from oslo_config import cfg

from cyborg import exception

# Every Placement policy refers to one of these base rules.
PERMISSIVE_POLICY = """\
# Written by cyborg-all-in-one: Placement without Keystone, every request
# may do everything.  Keep the embedded Placement on loopback.
"admin_api": "@"
"service_api": "@"
"admin_or_service_api": "@"
"admin_or_project_reader_or_service_api": "@"
"""


def _placement_modules():
    try:
        from placement import conf as placement_conf
        from placement import db_api as placement_db
        from placement import deploy
    except ImportError as exc:
        raise exception.ConfigInvalid(
            reason='the embedded Placement needs openstack-placement '
                   '(the all-in-one extra: pip install ".[all-in-one]" '
                   'in the source tree): %s' % exc)
    return placement_conf, placement_db, deploy


def load_app(state_dir):
    """Placement's WSGI application on ``<state_dir>/placement.sqlite``
    (one per process: Placement configures its engine once).
    """
    placement_conf, placement_db, deploy = _placement_modules()
    policy_file = os.path.join(state_dir, 'placement-policy.yaml')
    with open(policy_file, 'w') as f:
        f.write(PERMISSIVE_POLICY)
    conf = cfg.ConfigOpts()
    placement_conf.register_opts(conf)
    conf.set_override('auth_strategy', 'noauth2', group='api')
    conf.set_override(
        'connection',
        'sqlite:///' + os.path.join(state_dir, 'placement.sqlite'),
        group='placement_database')
    conf.set_override('sync_on_startup', True, group='placement_database')
    conf.set_override('policy_file', policy_file, group='oslo_policy')
    conf([], project='placement', default_config_files=[])
    placement_db.configure(conf)
    return serialized(deploy.loadapp(conf))


def serialized(app):
    """*app* answering one request at a time: on SQLite, a transaction
    that reads before it writes fails ("database is locked") rather than
    wait for another writer.
    """
    lock = threading.Lock()

    def application(environ, start_response):
        with lock:
            return list(app(environ, start_response))
    return application
