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
"""cyborg-dbsync: create and upgrade Cyborg's database schema."""

import sys

from oslo_config import cfg

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import service
from cyborg.clients import nova as nova_client
from cyborg.conductor import data_migrations
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.db import upstream_conversion
from cyborg.i18n import _


def do_upgrade(conf):
    """Upgrade this Cyborg's schema, or convert upstream's database."""
    with db_api.get_engine().begin() as connection:
        revision = upstream_conversion.detect(connection)
        if revision is None:
            too_old = upstream_conversion.older(connection)
            if too_old is not None:
                print(upstream_conversion.older_message(too_old))
                print(_('Nothing was changed.'))
                return 1
            return _upgrade_ours(conf, connection)
        the_plan = upstream_conversion.plan(connection, revision)
        for line in the_plan.report():
            print(line)
        if the_plan.problems:
            print(_('Nothing was changed.'))
            return 1
        if conf.command.dry_run:
            print(_('Dry run: nothing was changed.'))
            return 0
        if conf.command.revision != 'head':
            print(_('The existing Cyborg\'s database is converted to the '
                    'newest revision only: run without --revision.'))
            return 1
        upstream_conversion.convert(connection, the_plan)
        print(_('Converted.  Database schema is at revision %s.')
              % migration.version_of(connection))
    return 0


def _upgrade_ours(conf, connection):
    if conf.command.dry_run:
        pending = migration.pending(connection)
        print(_('Revisions an upgrade would run: %s')
              % (', '.join(pending) or _('none (the schema is current)')))
        print(_('Dry run: nothing was changed.'))
        return 0
    migration.upgrade_connection(connection, conf.command.revision)
    print(_('Database schema is at revision %s.')
          % migration.version_of(connection))
    return 0


def do_create_schema(conf):
    """Create the current schema in an empty database and stamp it."""
    try:
        head = migration.create_schema()
    except exception.SchemaExists as exc:
        print(exc.message)
        return 1
    print(_('Schema created.  Database schema is at revision %s.') % head)
    return 0


def do_online_data_migrations(conf):
    """Repair upstream's rows in batches; exit status as nova-manage's."""
    max_count = conf.command.max_count
    if max_count is not None:
        try:
            max_count = int(max_count)
        except ValueError:
            max_count = 0
        if max_count < 1:
            print(_('--max-count must be a positive number.'))
            return data_migrations.BAD_INPUT
    if migration.pending_on_engine():
        print(_('The database schema is not current: run "cyborg-dbsync '
                'upgrade" first.'))
        return data_migrations.ERRORS
    nova = (nova_client.from_conf(conf) if nova_client.is_configured(conf)
            else None)
    result = data_migrations.run(cyborg_context.get_admin_context(), nova,
                                 max_count=max_count)
    for line in result.table():
        print(line)
    for problem in result.problems:
        print(_('Not done: %s') % problem)
    if result.exit_code == data_migrations.MORE_TO_DO:
        print(_('More rows may be left: run the command again.'))
    return result.exit_code


def do_version(conf):
    current = migration.version()
    print(current if current else _('None (empty database)'))


def do_stamp(conf):
    migration.stamp(conf.command.revision)


def do_revision(conf):
    migration.revision(conf.command.message, conf.command.autogenerate)


def add_command_parsers(subparsers):
    parser = subparsers.add_parser(
        'upgrade', help=_('Upgrade the schema (default: to the newest '
                          'revision).'))
    parser.add_argument('--revision', default='head',
                        help=_('Revision to upgrade to.'))
    parser.add_argument('--dry-run', action='store_true',
                        help=_('Say what the upgrade would do (for a '
                               'database of the existing OpenStack Cyborg: '
                               'what its conversion keeps, changes and '
                               'cannot carry over) and change nothing.'))
    parser.set_defaults(func=do_upgrade)

    parser = subparsers.add_parser(
        'create_schema', help=_('Create the current schema in a new, empty '
                                'database and stamp it at the newest '
                                'revision (instead of running every '
                                'migration).'))
    parser.set_defaults(func=do_create_schema)

    parser = subparsers.add_parser(
        'online_data_migrations',
        help=_('Repair, in batches and while the services run, the rows '
               'OpenStack Cyborg wrote (ARQs without a project, handles held '
               'but marked free).  Exit status: 0 nothing left, 1 more '
               'left (with --max-count), 2 errors, 127 bad input.'))
    parser.add_argument('--max-count', default=None,
                        help=_('Repair at most this many rows in this run '
                               '(default: all, in batches of %d).')
                        % data_migrations.BATCH_SIZE)
    parser.set_defaults(func=do_online_data_migrations)

    parser = subparsers.add_parser(
        'version', help=_('Print the schema revision of the database.'))
    parser.set_defaults(func=do_version)

    parser = subparsers.add_parser(
        'stamp', help=_('Record a revision without running migrations.'))
    parser.add_argument('revision', help=_('Revision to record, or "head".'))
    parser.set_defaults(func=do_stamp)

    parser = subparsers.add_parser(
        'revision', help=_('Create a new migration script (developers).'))
    parser.add_argument('-m', '--message', required=True,
                        help=_('What the migration does.'))
    parser.add_argument('--autogenerate', action='store_true',
                        help=_('Compare the models with the database (at '
                               'head) and write the differences.'))
    parser.set_defaults(func=do_revision)


main = service.command_main(cfg.SubCommandOpt(
    'command', title='Commands', help=_('Available commands'),
    handler=add_command_parsers))


if __name__ == '__main__':
    sys.exit(main())
