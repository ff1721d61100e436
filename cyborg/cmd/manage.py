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
"""cyborg-manage: operator tools that work on the database directly.

Usage::

    cyborg-manage --config-file /etc/cyborg/cyborg.conf service list \
        [--host HOST] [--binary BINARY]
"""

import sys

from oslo_config import cfg
from oslo_log import log as logging
import prettytable

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import servicegroup
from cyborg import version
from cyborg.db import api as db_api
from cyborg.db.queries import service as service_queries
from cyborg.i18n import _

CONF = cyborg_conf.CONF


def _when(value):
    return value.isoformat(sep=' ', timespec='seconds') if value else ''


def _print_table(columns, rows):
    table = prettytable.PrettyTable(columns)
    table.align = 'l'
    for row in rows:
        table.add_row(row)
    print(table)


def service_list(conf):
    """Print every service with its liveness; exit 0."""
    context = cyborg_context.get_admin_context()
    services = service_queries.get_all(
        context, host=conf.category.filter_host,
        binary=conf.category.filter_binary)
    _print_table(
        ['Host', 'Binary', 'Topic', 'Version', 'Status', 'Last seen up',
         'Started at'],
        [(s['host'], s['binary'], s['topic'] or '', s['version'] or '',
          servicegroup.service_status(s), _when(s['last_seen_up']),
          _when(s['started_at'])) for s in services])
    return 0


def add_command_parsers(subparsers):
    service = subparsers.add_parser(
        'service', help=_('Cyborg services and their liveness.'))
    actions = service.add_subparsers(dest='action')
    actions.required = True
    parser = actions.add_parser('list', help=_('List the services.'))
    # The dest names must not clash with registered options ("host").
    parser.add_argument('--host', dest='filter_host',
                        help=_('Only this host.'))
    parser.add_argument('--binary', dest='filter_binary',
                        choices=servicegroup.BINARIES,
                        help=_('Only this binary.'))
    parser.set_defaults(func=service_list)


category_opt = cfg.SubCommandOpt('category', title='Command categories',
                                 help=_('Available categories'),
                                 handler=add_command_parsers)


def main(argv=None, conf=CONF):
    """Run one command; *conf* is the global CONF except in tests.

    :returns: the exit status.
    """
    argv = sys.argv if argv is None else argv
    conf.register_cli_opt(category_opt)
    logging.register_options(conf)
    # Logs go to stderr, so that what the command prints on stdout can be
    # read by scripts.
    conf.set_default('use_stderr', True)
    conf(argv[1:], project='cyborg', version=version.version_string())
    logging.setup(conf, 'cyborg')
    db_api.configure(conf)
    return conf.category.func(conf)


if __name__ == '__main__':
    sys.exit(main())
