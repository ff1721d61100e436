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
"""``cyborg-manage instance audit`` and ``instance heal``: accelerator
requests and allocations against Nova's servers.

::

    cyborg-manage --config-file /etc/cyborg/cyborg.conf instance audit \\
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf instance heal \\
        [--host HOST] [--json]

They run from this process (cyborg.conductor.instance_audit) and need the
conductor's ``[database]``, ``[nova]`` and ``[placement]`` options (without
``[placement]``, allocations are not checked).  Exit status as the other
audits: 0 nothing found, 3 found (audit) or some left (heal: within the
grace, or changed meanwhile), 4 all released (heal), 1 on an error (Nova,
Placement or the database unreachable, ``[nova]`` not configured).
"""

import sys

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
import prettytable

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg.clients import nova as nova_client
from cyborg.clients import placement as placement_client
from cyborg.cmd import audit_status
from cyborg.conductor import instance_audit
from cyborg.i18n import _


def _clients(conf):
    nova = (nova_client.from_conf(conf) if nova_client.is_configured(conf)
            else None)
    placement = (placement_client.from_conf(conf)
                 if placement_client.is_configured(conf) else None)
    return nova, placement


def _print(found, heal):
    table = prettytable.PrettyTable(
        ['Problem', 'Server', 'Host', 'ARQ', 'Resource provider',
         'Detail'] + (['Released'] if heal else []))
    table.align = 'l'
    for f in found:
        table.add_row([f.kind, f.server, f.host or '', f.arq or '',
                       f.provider or '', f.detail] +
                      (['yes' if f.repaired else 'no'] if heal else []))
    print(table)


def _instance_audit(conf, heal):
    try:
        nova, placement = _clients(conf)
        found = instance_audit.audit(
            cyborg_context.get_admin_context(), nova, placement,
            host=conf.category.filter_host, heal=heal)
    except (exception.CyborgException, db_exc.DBError) as exc:
        print(_('Instance audit failed: %s') % getattr(exc, 'message', exc),
              file=sys.stderr)
        return audit_status.EXIT_ERROR
    if conf.category.json:
        print(jsonutils.dumps([f.as_dict() for f in found], indent=2,
                              sort_keys=True))
    elif found:
        _print(found, heal)
    else:
        print(_("Every bound accelerator request and every allocation on "
                "Cyborg's providers belongs to a server Nova has there."))
    return audit_status.status(found, heal)


def instance_audit_cmd(conf):
    """Print what Nova's servers do not account for.

    :returns: 0 (nothing), 3 (some) or 1 (error).
    """
    return _instance_audit(conf, heal=False)


def instance_heal_cmd(conf):
    """Release what Nova's servers do not account for, after the grace.

    :returns: 0 (nothing to do), 4 (all released), 3 (some left) or 1
        (error).
    """
    return _instance_audit(conf, heal=True)


def add_parsers(subparsers):
    """The ``instance`` category of cyborg-manage."""
    instance = subparsers.add_parser(
        'instance', help=_("Accelerator requests and allocations against "
                           "Nova's servers."))
    actions = instance.add_subparsers(dest='action')
    actions.required = True
    for name, func, text in (
            ('audit', instance_audit_cmd,
             _('Print every Bound accelerator request of a server Nova no '
               'longer has or shows on another host, and every allocation '
               "on Cyborg's providers whose consumer has no bound "
               'accelerator request (exit status 0: none, 3: some, 1: '
               'error).')),
            ('heal', instance_heal_cmd,
             _('Release them once [conductor] instance_orphan_grace has '
               'passed: delete the accelerator requests, remove the '
               'allocations (exit status 0: nothing to do, 4: all '
               'released, 3: some left, 1: error).'))):
        parser = actions.add_parser(name, help=text)
        parser.add_argument('--host', dest='filter_host',
                            help=_("Only this host's accelerator requests "
                                   'and providers.'))
        parser.add_argument('--json', action='store_true',
                            help=_('Print the findings as JSON.'))
        parser.set_defaults(func=func)
