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
"""cyborg-status: whether a deployment is ready (oslo.upgradecheck)."""

import functools
import sys

from oslo_upgradecheck import common_checks
from oslo_upgradecheck import upgradecheck

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import servicegroup
from cyborg import states
from cyborg.api import microversion
from cyborg.api import upstream_paste
from cyborg.clients import placement as placement_client
from cyborg.common import driver_names
from cyborg.common import upstream_driver_names
from cyborg.conductor import data_migrations
from cyborg.conf import opts
from cyborg.conf import upstream_options
from cyborg.db import api as db_api
from cyborg.db import migration
from cyborg.db import upstream_conversion
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import service as service_queries
from cyborg.i18n import _

CONF = cyborg_conf.CONF

Code = upgradecheck.Code
Result = upgradecheck.Result

TRANSITIONAL = (states.BIND_STARTED, states.DELETING)
_SHOWN = 5


def _deprecated_in_files(conf, files):
    """[(option, what to do)] of the deprecated options set in *files*."""
    parser = upstream_options.read(files)
    found = []
    for group, group_opts in opts.list_opts():
        group_name = getattr(group, 'name', group)
        for opt in group_opts:
            for old in opt.deprecated_opts:
                section = old.group or group_name
                name = old.name or opt.name
                if (section, name) == (group_name, opt.name):
                    continue
                if _is_set(parser, section, name):
                    found.append(('[%s] %s' % (section, name),
                                  _('use [%(group)s] %(name)s') % {
                                      'group': group_name,
                                      'name': opt.name}))
            if opt.deprecated_for_removal and _is_set(parser, group_name,
                                                       opt.name):
                found.append(('[%s] %s' % (group_name, opt.name),
                              opt.deprecated_reason or _('remove it')))
    return found


def _is_set(parser, section, name):
    if section == 'DEFAULT':
        return name in parser.defaults()
    return parser.has_section(section) and parser.has_option(section, name)


def _schema_current(check):
    """*check*, or a warning when the schema is not current."""
    @functools.wraps(check)
    def checked(self):
        if self._schema_problem() is not None:
            return Result(Code.WARNING, _(
                'Not checked: the database schema is not current.'))
        return check(self)
    return checked


class Checks(upgradecheck.UpgradeCommands):
    def _schema_problem(self):
        """What is wrong with the schema (a Result), or None."""
        engine = db_api.get_engine()
        with engine.connect() as connection:
            too_old = upstream_conversion.older(connection)
            if too_old is not None:
                return Result(Code.FAILURE,
                              upstream_conversion.older_message(too_old))
            revision = upstream_conversion.detect(connection)
            if revision is not None:
                return Result(Code.FAILURE, _(
                    'The database is the existing OpenStack Cyborg\'s (at '
                    'revision %s): run "cyborg-dbsync upgrade" (see what '
                    'it will do with --dry-run).') % revision)
            pending = migration.pending(connection)
        if pending:
            return Result(Code.FAILURE, _(
                'The database schema is not current (%(n)d revision(s) to '
                'run: %(revs)s): run "cyborg-dbsync upgrade".') % {
                    'n': len(pending), 'revs': ', '.join(pending)})
        return None

    def _check_schema(self):
        return self._schema_problem() or Result(Code.SUCCESS)

    def _check_placement(self):
        if not placement_client.is_configured(CONF):
            return Result(Code.FAILURE,
                          exception.PlacementNotConfigured().message)
        needed = placement_client.REQUIRED_MICROVERSION
        try:
            client = placement_client.from_conf(CONF)
            versions = client.microversions()
        except exception.CyborgException as exc:
            return Result(Code.FAILURE, _(
                'Placement cannot be reached: %s') % exc.message)
        if versions is None or (microversion.parse(versions[1]) <
                                 microversion.parse(needed)):
            return Result(Code.FAILURE, _(
                'Placement serves microversions up to %(max)s; Cyborg '
                'needs %(needed)s.') % {
                    'max': versions and versions[1], 'needed': needed})
        return Result(Code.SUCCESS, _(
            'Placement serves microversions %(min)s to %(max)s (Cyborg '
            'needs %(needed)s).') % {'min': versions[0],
                                     'max': versions[1], 'needed': needed})

    @_schema_current
    def _check_services(self):
        context = cyborg_context.get_admin_context()
        services = service_queries.get_all(context)
        if not services:
            return Result(Code.WARNING, _(
                'No Cyborg service has registered yet: start '
                'cyborg-conductor, cyborg-agent and cyborg-api.'))
        down = ['%s on %s' % (s['binary'], s['host']) for s in services
                if not servicegroup.service_is_up(s)]
        if not any(s['binary'] == servicegroup.CONDUCTOR and
                   servicegroup.service_is_up(s) for s in services):
            return Result(Code.WARNING, _('No cyborg-conductor is up.'))
        if down:
            return Result(Code.WARNING, _(
                '%(n)d service(s) down: %(down)s (not heard of for '
                '[DEFAULT] service_down_time seconds).') % {
                    'n': len(down), 'down': ', '.join(down)})
        return Result(Code.SUCCESS, _('%d service(s) up.') % len(services))

    @_schema_current
    def _check_transitional_arqs(self):
        context = cyborg_context.get_admin_context()
        arqs = arq_queries.get_all(context, states_in=list(TRANSITIONAL))
        if not arqs:
            return Result(Code.SUCCESS)
        shown = ', '.join('%s (%s)' % (a['uuid'], a['state'])
                          for a in arqs[:_SHOWN])
        return Result(Code.WARNING, _(
            '%(n)d accelerator request(s) in a transitional state: '
            '%(shown)s%(more)s.  A bind or delete is running, or a '
            'conductor must finish it (bind jobs end by [DEFAULT] '
            'bind_timeout).') % {'n': len(arqs), 'shown': shown,
                                 'more': ', ...' if len(arqs) > _SHOWN
                                 else ''})

    @_schema_current
    def _check_data_migrations(self):
        left = data_migrations.remaining(cyborg_context.get_admin_context())
        if not left:
            return Result(Code.SUCCESS)
        return Result(Code.FAILURE, _(
            'Rows of OpenStack Cyborg are not repaired yet (%s): run '
            '"cyborg-dbsync online_data_migrations" until it exits 0, and '
            'settle what it reports.') % ', '.join(
                '%s: %d' % item for item in sorted(left.items())))

    def _check_deprecated_options(self):
        found = _deprecated_in_files(CONF, CONF.config_file)
        if not found:
            return Result(Code.SUCCESS)
        return Result(Code.WARNING, _(
            'Deprecated or ignored options are set: %s.') % '; '.join(
                '%s: %s' % item for item in found))

    def _check_upstream_options(self):
        found = upstream_options.found(CONF)
        known = driver_names.available()
        for name in CONF.agent.enabled_drivers:
            if (name not in known
                    and name in upstream_driver_names.DRIVER_NAMES):
                found.append((
                    '[agent] enabled_drivers %s' % name,
                    _('a driver of OpenStack Cyborg (%s) that this one does '
                      'not provide: the agent skips it and does not report '
                      'its devices; remove it from the list')
                    % upstream_driver_names.DRIVER_NAMES[name], False))
        if not found:
            return Result(Code.SUCCESS)
        code = (Code.FAILURE if any(fails for _o, _t, fails in found)
                else Code.WARNING)
        return Result(code, _(
            'Options of OpenStack Cyborg that this Cyborg does not read '
            'are set: %s.') % '; '.join(
                '%s: %s' % (option, todo) for option, todo, _f in found))

    def _check_api_paste(self):
        path = upstream_paste.find(CONF)
        if path is None:
            return Result(Code.SUCCESS)
        try:
            file_plan = upstream_paste.plan(path)
            upstream_paste.load_filters(file_plan)
        except exception.ConfigInvalid as exc:
            return Result(Code.FAILURE, exc.message)
        needs_look, text = upstream_paste.describe(file_plan)
        return Result(Code.WARNING if needs_look else Code.SUCCESS, text)

    _upgrade_checks = (
        (_('Database schema'), _check_schema),
        (_('Placement API'), _check_placement),
        (_('Services'), _check_services),
        (_('Accelerator requests'), _check_transitional_arqs),
        (_('Online data migrations'), _check_data_migrations),
        (_('Deprecated options'), _check_deprecated_options),
        (_('Options of OpenStack Cyborg'), _check_upstream_options),
        (_('API middleware (api-paste.ini)'), _check_api_paste),
        (_('Policy File JSON to YAML Migration'),
         (common_checks.check_policy_json, {'conf': CONF})),
    )


class _Command(Checks):
    def check(self):
        db_api.configure(CONF)
        return super().check()


def main():
    return upgradecheck.main(CONF, project='cyborg',
                             upgrade_command=_Command())


if __name__ == '__main__':
    sys.exit(main())
