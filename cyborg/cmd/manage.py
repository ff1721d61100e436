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
"""cyborg-manage: operator tools.

``service list``, ``hardware list`` and ``arq hostdev`` read the database
directly; ``discovery run`` asks a conductor over RPC (it needs
``transport_url``); ``placement audit`` and ``placement heal`` compare the
database with Placement (and repair) from this process, so they need the
conductor's ``[database]`` and ``[placement]`` options.

Usage::

    cyborg-manage --config-file /etc/cyborg/cyborg.conf service list \
        [--host HOST] [--binary BINARY]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf hardware list \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf discovery run \
        [--host HOST] [--driver DRIVER]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf arq hostdev \
        (--instance INSTANCE | ARQ [ARQ ...]) [--with-mdev]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf placement audit \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf placement heal \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf handle audit \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf handle heal \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf instance audit \
        [--host HOST] [--json]
    cyborg-manage --config-file /etc/cyborg/cyborg.conf instance heal \
        [--host HOST] [--json]

Exit status of ``placement audit``: 0 when Placement matches the database,
3 when something differs (printed), 1 on an error (Placement or the
database unreachable, Placement not configured).  ``placement heal``: 0
when there was nothing to repair, 4 when everything that differed was
repaired, 3 when something could not be (a missing compute node provider
without ``[placement] create_compute_rp``, an orphan with allocations), 1
on an error.

``handle audit`` and ``handle heal`` check the attach handles against the
accelerator requests and bind jobs (see cyborg.conductor.handle_audit),
from this process: they need the conductor's ``[database]`` options.
Exit statuses as ``placement audit`` and ``heal``: 0 nothing found, 3
found (audit), 4 all repaired (heal), 1 on an error (the database
unreachable).

``instance audit`` and ``instance heal``: see cyborg.cmd.manage_instance.
"""

import sys

from oslo_config import cfg
from oslo_db import exception as db_exc
import oslo_messaging as messaging
from oslo_serialization import jsonutils
import prettytable

from cyborg import conf as cyborg_conf
from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import hostdev
from cyborg import objects
from cyborg import rpc
from cyborg import service
from cyborg import servicegroup
from cyborg.clients import placement as placement_client
from cyborg.cmd import audit_status
from cyborg.cmd import manage_instance
from cyborg.conductor import handle_audit
from cyborg.conductor import placement_audit
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import hardware as hardware_queries
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


def _call_conductor(conf, method, **kwargs):
    """Call *method* of the conductor RPC API with an admin context."""
    rpc.init(conf)
    objects.register_all()
    try:
        return getattr(conductor_rpcapi.ConductorAPI(), method)(
            cyborg_context.get_admin_context(), **kwargs)
    finally:
        rpc.cleanup()


def _hardware_rows(hosts):
    for host in hosts:
        for record in host['hardware']:
            deployables = record['deployables'] or [None]
            for dep in deployables:
                yield (host['host'], host['agent_status'], record['driver'],
                       record['address'], record['type'], record['vendor'],
                       record['product'], record['acc_status']['state'],
                       dep['name'] if dep else '',
                       dep['resource_class'] if dep else '',
                       dep['num_accelerators'] if dep else 0,
                       '\n'.join(dep['traits']) if dep else '')


def hardware_list(conf):
    """Print the hosts' hardware as the conductor last received it (the
    stored reports, which the API reads too).

    :returns: 0, or 1 when a host never reported.
    """
    try:
        hosts = hardware_queries.get_all(cyborg_context.get_admin_context(),
                                         host=conf.category.filter_host)
    except (exception.CyborgException, db_exc.DBError) as exc:
        print(_('Cannot get the hardware: %s') % getattr(exc, 'message',
                                                         exc),
              file=sys.stderr)
        return 1
    if conf.category.json:
        print(jsonutils.dumps(hosts, indent=2, sort_keys=True))
        return 0
    _print_table(['Host', 'Agent', 'Driver', 'Address', 'Type', 'Vendor',
                  'Product', 'State', 'Deployable', 'Resource class',
                  'Accelerators', 'Traits'], _hardware_rows(hosts))
    return 0


def discovery_run(conf):
    """Make agents discover now; print what each reported.

    :returns: 0, or 1 when an agent or the conductor failed.
    """
    try:
        results = _call_conductor(conf, 'discovery',
                                  host=conf.category.filter_host,
                                  driver=conf.category.driver)
    except (exception.CyborgException, messaging.MessagingException) as exc:
        print(_('Discovery failed: %s') % getattr(exc, 'message', exc),
              file=sys.stderr)
        return 1
    rows = []
    for host, summary in sorted(results.items()):
        if 'error' in summary:
            rows.append((host, '', 'failed', summary['error'], '', ''))
            continue
        for driver in summary['drivers']:
            rows.append((host, driver['name'], driver['status'],
                         driver['detail'] or '', driver['devices'],
                         summary['report']))
    _print_table(['Host', 'Driver', 'Status', 'Detail', 'Devices',
                  'Report'], rows)
    return 1 if any('error' in s for s in results.values()) else 0


def arq_hostdev(conf):
    """Print the libvirt <hostdev> elements Nova makes of bound ARQs.

    :returns: 0, or 1 when an ARQ is unknown, not Bound or unusable.
    """
    context = cyborg_context.get_admin_context()
    category = conf.category
    try:
        if category.instance:
            arqs = arq_queries.get_all(context,
                                       instance_uuid=category.instance)
            if not arqs:
                raise exception.AcceleratorRequestNotFound(
                    uuid='of instance %s' % category.instance)
        else:
            arqs = [arq_queries.get(context, uuid) for uuid in category.arqs]
        elements, reason = hostdev.guest_hostdevs(
            arqs, with_mdev=category.with_mdev)
    except (exception.CyborgException, hostdev.NotAttachable) as exc:
        print(getattr(exc, 'message', exc), file=sys.stderr)
        return 1
    if reason:
        print(reason, file=sys.stderr)
    for arq, element in zip(arqs, elements):
        print('<!-- ARQ %s (%s) on %s -->' % (
            arq['uuid'], arq['device_profile_name'], arq['hostname']))
        print(hostdev.to_string(element))
    return 0
# Exit statuses of the audits and heals (tests read them here).
EXIT_IN_SYNC = audit_status.EXIT_IN_SYNC
EXIT_ERROR = audit_status.EXIT_ERROR
EXIT_DRIFT = audit_status.EXIT_DRIFT
EXIT_REPAIRED = audit_status.EXIT_REPAIRED


def _placement_audit(conf, heal):
    try:
        client = placement_client.from_conf(conf)
        found = placement_audit.audit(
            cyborg_context.get_admin_context(), client,
            host=conf.category.filter_host, heal=heal)
    except exception.CyborgException as exc:
        print(_('Placement audit failed: %s') % exc.message,
              file=sys.stderr)
        return EXIT_ERROR
    if conf.category.json:
        print(jsonutils.dumps([d.as_dict() for d in found], indent=2,
                              sort_keys=True))
    elif found:
        columns = ['Host', 'Drift', 'Resource provider', 'UUID', 'Detail']
        if heal:
            columns.append('Repaired')
        _print_table(columns, [
            (d.host or '', d.kind, d.name, d.uuid or '', d.detail) +
            (('yes' if d.repaired else 'no',) if heal else ())
            for d in found])
    else:
        print(_('Placement matches the database.'))
    return audit_status.status(found, heal)


def placement_audit_cmd(conf):
    """Print every difference between the database and Placement.

    :returns: 0 (none), 3 (some) or 1 (error).
    """
    return _placement_audit(conf, heal=False)


def placement_heal_cmd(conf):
    """Repair the differences between the database and Placement.

    :returns: 0 (nothing to do), 4 (all repaired), 3 (some left) or 1
        (error).
    """
    return _placement_audit(conf, heal=True)


def _handle_audit(conf, heal):
    try:
        found = handle_audit.audit(cyborg_context.get_admin_context(),
                                   host=conf.category.filter_host,
                                   heal=heal)
    except db_exc.DBError as exc:
        print(_('Attach handle audit failed: %s') % exc, file=sys.stderr)
        return EXIT_ERROR
    if conf.category.json:
        print(jsonutils.dumps([f.as_dict() for f in found], indent=2,
                              sort_keys=True))
    elif found:
        columns = ['Host', 'Problem', 'Attach handle', 'Deployable', 'ARQ',
                   'Detail']
        if heal:
            columns.append('Repaired')
        _print_table(columns, [
            (f.host, f.kind, f.handle, f.deployable, f.arq or '',
             f.detail) + (('yes' if f.repaired else 'no',) if heal else ())
            for f in found])
    else:
        print(_('Every attach handle agrees with the accelerator requests '
                'and bind jobs.'))
    if not found:
        return EXIT_IN_SYNC
    return EXIT_REPAIRED if heal else EXIT_DRIFT


def handle_audit_cmd(conf):
    """Print every attach handle whose state disagrees with the ARQs.

    :returns: 0 (none), 3 (some) or 1 (error).
    """
    return _handle_audit(conf, heal=False)


def handle_heal_cmd(conf):
    """Repair the attach handles whose state disagrees with the ARQs.

    :returns: 0 (nothing to do), 4 (all repaired) or 1 (error).
    """
    return _handle_audit(conf, heal=True)


def _add_handle_parsers(subparsers):
    handle = subparsers.add_parser(
        'handle', help=_('Attach handles and the accelerator requests '
                         'that hold them.'))
    actions = handle.add_subparsers(dest='action')
    actions.required = True
    for name, func, text in (
            ('audit', handle_audit_cmd,
             _('Print every attach handle in use that no accelerator '
               'request or bind job holds, and every free one that an '
               'accelerator request references (exit status 0: none, 3: '
               'some, 1: error).')),
            ('heal', handle_heal_cmd,
             _('Repair them: free the unheld handles (or queue their '
               'release), mark the referenced ones in use (exit status '
               '0: nothing to do, 4: all repaired, 1: error).'))):
        parser = actions.add_parser(name, help=text)
        parser.add_argument('--host', dest='filter_host',
                            help=_("Only this host's handles."))
        parser.add_argument('--json', action='store_true',
                            help=_('Print the findings as JSON.'))
        parser.set_defaults(func=func)


def add_command_parsers(subparsers):
    services = subparsers.add_parser(
        'service', help=_('Cyborg services and their liveness.'))
    actions = services.add_subparsers(dest='action')
    actions.required = True
    parser = actions.add_parser('list', help=_('List the services.'))
    # The dest names must not clash with registered options ("host").
    parser.add_argument('--host', dest='filter_host',
                        help=_('Only this host.'))
    parser.add_argument('--binary', dest='filter_binary',
                        choices=servicegroup.BINARIES,
                        help=_('Only this binary.'))
    parser.set_defaults(func=service_list)

    hardware = subparsers.add_parser(
        'hardware', help=_('Hardware the agents reported.'))
    actions = hardware.add_subparsers(dest='action')
    actions.required = True
    parser = actions.add_parser(
        'list', help=_("List each host's devices and deployables, as the "
                       "conductor last received them."))
    parser.add_argument('--host', dest='filter_host',
                        help=_('Only this host.'))
    parser.add_argument('--json', action='store_true',
                        help=_('Print the full records as JSON.'))
    parser.set_defaults(func=hardware_list)

    discovery = subparsers.add_parser(
        'discovery', help=_('Discovery on the agents.'))
    actions = discovery.add_subparsers(dest='action')
    actions.required = True
    parser = actions.add_parser(
        'run', help=_("Make the agents (every agent that is up, or one "
                      "host's) discover and report now."))
    parser.add_argument('--host', dest='filter_host',
                        help=_('Only this host.'))
    parser.add_argument('--driver', help=_('Only this driver.'))
    parser.set_defaults(func=discovery_run)

    arq = subparsers.add_parser(
        'arq', help=_('Accelerator requests.'))
    actions = arq.add_subparsers(dest='action')
    actions.required = True
    parser = actions.add_parser(
        'hostdev', help=_("Print the libvirt <hostdev> XML that Nova's "
                          "libvirt driver makes of bound ARQs."))
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument('--instance',
                       help=_("All the ARQs bound to this instance."))
    which.add_argument('arqs', nargs='*', default=[], metavar='ARQ',
                       help=_('ARQ uuids.'))
    parser.add_argument('--with-mdev', action='store_true',
                        help=_('Compose MDEV handles too, as Nova with '
                               'Cyborg vGPU support does.'))
    parser.set_defaults(func=arq_hostdev)
    placement = subparsers.add_parser(
        'placement', help=_("Cyborg's resource providers in Placement."))
    actions = placement.add_subparsers(dest='action')
    actions.required = True
    for name, func, text in (
            ('audit', placement_audit_cmd,
             _('Print every difference between the database and Placement '
               '(exit status 0: none, 3: some, 1: error).')),
            ('heal', placement_heal_cmd,
             _('Repair the differences (exit status 0: nothing to do, 4: '
               'all repaired, 3: some left, 1: error).'))):
        parser = actions.add_parser(name, help=text)
        parser.add_argument('--host', dest='filter_host',
                            help=_('Only this host (and orphans under its '
                                   'compute node).'))
        parser.add_argument('--json', action='store_true',
                            help=_('Print the differences as JSON.'))
        parser.set_defaults(func=func)
    _add_handle_parsers(subparsers)
    manage_instance.add_parsers(subparsers)


category_opt = cfg.SubCommandOpt('category', title='Command categories',
                                 help=_('Available categories'),
                                 handler=add_command_parsers)


def main(argv=None, conf=CONF):
    """Run one command; *conf* is the global CONF except in tests.

    :returns: the exit status.
    """
    return service.run_command(argv, conf, category_opt)


if __name__ == '__main__':
    sys.exit(main())
