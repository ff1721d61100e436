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
"""The audit and heal commands of cyborg-manage, run in this process.
Exit status as placement-manage's: 0 nothing found; 3 found (audit) or
left wrong (heal); 4 all repaired; 1 an error.
"""

import dataclasses
import functools
import sys
import typing

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
import prettytable

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import rpc
from cyborg import service
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.conductor.audit import device_configs as config_audit
from cyborg.conductor.audit import handles
from cyborg.conductor.audit import instances
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.audit import record
from cyborg.conductor.audit import usage as usage_audit
from cyborg.i18n import _

EXIT_IN_SYNC = 0
EXIT_ERROR = 1
EXIT_DRIFT = 3
EXIT_REPAIRED = 4

_AUDIT_STATUSES = _('exit status 0: none, 3: some, 1: error')
_HEAL_STATUSES = _('exit status 0: nothing to do, 4: all repaired, 3: '
                   'some left, 1: error')


@dataclasses.dataclass(frozen=True)
class Category:
    """A category with an ``audit`` and a ``heal``: ``check(conf,
    context, host, heal)`` returns its Findings.
    """

    name: str
    help: str
    check: typing.Callable
    failed: str
    all_clear: str
    columns: tuple
    audit_help: str
    heal_help: str
    host_help: str
    repaired: str = _('Repaired')


def status(found, heal):
    if not found:
        return EXIT_IN_SYNC
    if heal and record.all_repaired(found):
        return EXIT_REPAIRED
    return EXIT_DRIFT


def _print_table(category, found, heal):
    table = prettytable.PrettyTable(
        [header for header, _field in category.columns] +
        ([category.repaired] if heal else []))
    table.align = 'l'
    for finding in found:
        row = ['' if value is None else value
               for value in (getattr(finding, field)
                             for _header, field in category.columns)]
        table.add_row(row + (['yes' if finding.repaired else 'no']
                             if heal else []))
    print(table)


def run(category, conf, heal):
    """Run *category*'s audit (or heal); returns the exit status."""
    try:
        found = category.check(conf, cyborg_context.get_admin_context(),
                               conf.category.filter_host, heal)
    except (exception.CyborgException, db_exc.DBError) as exc:
        print(category.failed % getattr(exc, 'message', exc),
              file=sys.stderr)
        return EXIT_ERROR
    if conf.category.json:
        print(jsonutils.dumps([f.as_dict() for f in found], indent=2,
                              sort_keys=True))
    elif found:
        _print_table(category, found, heal)
    else:
        print(category.all_clear)
    return status(found, heal)


def _placement(conf, context, host, heal):
    return placement_audit.audit(context, placement_client.from_conf(conf),
                                 host=host, heal=heal)


def _of_database(audit):
    """The check of an *audit* that reads and heals the database only."""
    return lambda conf, context, host, heal: audit(context, host=host,
                                                   heal=heal)


def _instance(conf, context, host, heal):
    nova = (nova_client.from_conf(conf) if nova_client.is_configured(conf)
            else None)
    placement = (placement_client.from_conf(conf)
                 if placement_client.is_configured(conf) else None)
    if not heal:
        return instances.audit(context, nova, placement, host=host)
    transport = rpc.TRANSPORT is None
    if transport:
        rpc.init(conf)
    try:
        return instances.heal_without_conductor(
            context, nova, placement, agent_rpcapi.AgentAPI(), host=host)
    finally:
        if transport:
            rpc.cleanup()


CATEGORIES = (
    Category(
        name='placement', help=_("Cyborg's resource providers in Placement."),
        check=_placement, failed=_('Placement audit failed: %s'),
        all_clear=_('Placement matches the database.'),
        columns=((_('Host'), 'host'), (_('Drift'), 'kind'),
                 (_('Resource provider'), 'name'), (_('UUID'), 'uuid'),
                 (_('Detail'), 'detail')),
        audit_help=_('Print every difference between the database and '
                     'Placement.'),
        heal_help=_('Repair the differences.'),
        host_help=_('Only this host (and orphans under its compute '
                    'node).')),
    Category(
        name='handle', help=_('Attach handles and the accelerator requests '
                              'that hold them.'),
        check=_of_database(handles.audit),
        failed=_('Attach handle audit failed: %s'),
        all_clear=_('Every attach handle agrees with the accelerator '
                    'requests and bind jobs.'),
        columns=((_('Host'), 'host'), (_('Problem'), 'kind'),
                 (_('Attach handle'), 'handle'),
                 (_('Deployable'), 'deployable'), (_('ARQ'), 'arq'),
                 (_('Detail'), 'detail')),
        audit_help=_('Print every attach handle in use that no accelerator '
                     'request or bind job holds, and every free one that '
                     'an accelerator request references.'),
        heal_help=_('Repair them: free the unheld handles (or queue their '
                    'release), mark the referenced ones in use.'),
        host_help=_("Only this host's handles.")),
    Category(
        name='instance', help=_("Accelerator requests and allocations "
                                "against Nova's servers."),
        check=_instance, failed=_('Instance audit failed: %s'),
        all_clear=_("Every bound accelerator request and every allocation "
                    "on Cyborg's providers belongs to a server Nova has "
                    "there."),
        columns=((_('Problem'), 'kind'), (_('Server'), 'server'),
                 (_('Host'), 'host'), (_('ARQ'), 'arq'),
                 (_('Resource provider'), 'provider'),
                 (_('Detail'), 'detail')),
        audit_help=_('Print every Bound accelerator request of a server '
                     'Nova no longer has or shows on another host, and '
                     "every allocation on Cyborg's providers whose "
                     'consumer has no bound accelerator request.'),
        heal_help=_('Release them once [conductor] instance_orphan_grace '
                    'has passed: delete the accelerator requests, remove '
                    'the allocations.'),
        host_help=_("Only this host's accelerator requests and "
                    "providers."),
        repaired=_('Released')),
    Category(
        name='device-config', help=_("Devices' configurations (desired "
                                     "state) against what their agents "
                                     "report."),
        check=_of_database(config_audit.audit),
        failed=_('Device configuration audit failed: %s'),
        all_clear=_('Every configured device is as desired, or on its '
                    'way.'),
        columns=((_('Host'), 'host'), (_('State'), 'kind'),
                 (_('Device'), 'device'), (_('Desired'), 'desired'),
                 (_('Detail'), 'detail')),
        audit_help=_('Print every device that no longer shows its applied '
                     'configuration (drifted) and every configuration its '
                     'agent could not apply (failed).'),
        heal_help=_('Hand them to their agents again (one generation '
                    'more, the device reserved until it is applied); the '
                    'next audit tells how each ended.'),
        host_help=_("Only this host's devices."),
        repaired=_('Settled')),
    Category(
        name='usage', help=_('Usage intervals (device-hours) and the '
                             'accelerator requests they record.'),
        check=_of_database(usage_audit.audit),
        failed=_('Usage audit failed: %s'),
        all_clear=_('Every usage interval is open exactly while its '
                    'accelerator request is bound.'),
        columns=((_('Host'), 'host'), (_('Problem'), 'kind'),
                 (_('ARQ'), 'arq'), (_('Interval'), 'interval'),
                 (_('Project'), 'project'), (_('Detail'), 'detail')),
        audit_help=_('Print every open usage interval whose accelerator '
                     'request is gone or no longer bound, and every bound '
                     'accelerator request without one.'),
        heal_help=_('Close those intervals at the time their binding went '
                    'away, open the missing ones from the requests\' last '
                    'change (the conductor does it every [conductor] '
                    'usage_audit_interval).'),
        host_help=_("Only this host's intervals and requests.")),
)


def add_parsers(subparsers):
    """{category: its actions' subparsers}, for its other commands."""
    categories = {}
    for category in CATEGORIES:
        actions = service.add_actions(subparsers, category.name,
                                      category.help)
        categories[category.name] = actions
        for heal, text, statuses in (
                (False, category.audit_help, _AUDIT_STATUSES),
                (True, category.heal_help, _HEAL_STATUSES)):
            parser = actions.add_parser(
                'heal' if heal else 'audit',
                help='%s (%s).' % (text.rstrip('.'), statuses))
            # The dest must not clash with a registered option ("host").
            parser.add_argument('--host', dest='filter_host',
                                help=category.host_help)
            parser.add_argument('--json', action='store_true',
                                help=_('Print the findings as JSON.'))
            parser.set_defaults(
                func=functools.partial(run, category, heal=heal))
    return categories
