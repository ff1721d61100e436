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
"""cyborg-manage: operator tools reading the database directly (but
``discovery run``, over RPC); the audits are manage_audit's.
"""

import sys

from oslo_config import cfg
from oslo_db import exception as db_exc
import oslo_messaging as messaging
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import prettytable

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import hostdev
from cyborg import liveness
from cyborg import objects
from cyborg import rpc
from cyborg import service
from cyborg import servicegroup
from cyborg.cmd import manage_audit
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import discovery as discovery_queries
from cyborg.db.queries import service as service_queries
from cyborg.db.queries import usage as usage_queries
from cyborg.i18n import _


def _when(value):
    return value.isoformat(sep=' ', timespec='seconds') if value else ''


def _failed(text, exc):
    print(text % getattr(exc, 'message', exc), file=sys.stderr)
    return 1


def _print_table(columns, rows):
    table = prettytable.PrettyTable(columns)
    table.align = 'l'
    for row in rows:
        table.add_row(row)
    print(table)


def service_list(conf):
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
    """The hosts' hardware as last stored; 1 when a host never reported."""
    try:
        hosts = liveness.hardware(cyborg_context.get_admin_context(),
                                  host=conf.category.filter_host)
    except (exception.CyborgException, db_exc.DBError) as exc:
        return _failed(_('Cannot get the hardware: %s'), exc)
    if conf.category.json:
        print(jsonutils.dumps(hosts, indent=2, sort_keys=True))
        return 0
    _print_table(['Host', 'Agent', 'Driver', 'Address', 'Type', 'Vendor',
                  'Product', 'State', 'Deployable', 'Resource class',
                  'Accelerators', 'Traits'], _hardware_rows(hosts))
    return 0


def discovery_run(conf):
    """As ``POST /v2/discovery``; 1 when one failed or was late."""
    # Imported here: the API's controllers cost every other command of
    # cyborg-manage a second of CPU.
    from cyborg.api.controllers.v2 import discovery as discovery_api

    context = cyborg_context.get_admin_context()
    try:
        started = _call_conductor(conf, 'discovery_start',
                                  host=conf.category.filter_host,
                                  driver=conf.category.driver)
        results = discovery_api.wait_for_outcome(
            context, started, conf.api.discovery_wait)
    except (exception.CyborgException, messaging.MessagingException,
            db_exc.DBError) as exc:
        return _failed(_('Discovery failed: %s'), exc)
    rows = []
    for result in results:
        if result['state'] != discovery_queries.DONE:
            rows.append((result['host'], '', result['state'],
                         result['error'] or '', '', ''))
            continue
        for driver in result['drivers']:
            rows.append((result['host'], driver['name'], driver['status'],
                         driver['detail'] or '', driver['devices'],
                         result['report']))
    _print_table(['Host', 'Driver', 'Status', 'Detail', 'Devices',
                  'Report'], rows)
    return 0 if all(r['state'] == discovery_queries.DONE
                    for r in results) else 1


def arq_hostdev(conf):
    """Print the libvirt <hostdev> elements Nova makes of bound ARQs."""
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
        return _failed('%s', exc)
    if reason:
        print(reason, file=sys.stderr)
    for arq, element in zip(arqs, elements):
        print('<!-- ARQ %s (%s) on %s -->' % (
            arq['uuid'], arq['device_profile_name'], arq['hostname']))
        print(hostdev.to_string(element))
    return 0


def usage_purge(conf):
    """Delete the intervals closed before ``--before``, in batches."""
    category = conf.category
    try:
        before = timeutils.normalize_time(timeutils.parse_isotime(
            category.before))
    except (ValueError, OverflowError) as exc:
        print(_('--before %(date)s is no time: %(why)s') % {
            'date': category.before, 'why': exc}, file=sys.stderr)
        return 1
    if before > timeutils.utcnow():
        print(_('--before %s is after now: intervals are kept until they '
                'are closed, and then as long as the operator wants.')
              % category.before, file=sys.stderr)
        return 1
    context = cyborg_context.get_admin_context()
    deleted = 0
    while True:
        batch = usage_queries.purge_batch(context, before,
                                          category.batch_size)
        deleted += batch
        if batch < category.batch_size:
            break
    print(_('Deleted %(n)d usage interval(s) closed before %(before)s.')
          % {'n': deleted, 'before': before.isoformat()})
    return 0


def _positive(text):
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


def _action(subparsers, category, text, action, help, func,
            host=True):
    parser = service.add_actions(subparsers, category, text).add_parser(
        action, help=help)
    if host:
        # The dest must not clash with a registered option ("host").
        parser.add_argument('--host', dest='filter_host',
                            help=_('Only this host.'))
    parser.set_defaults(func=func)
    return parser


def add_command_parsers(subparsers):
    parser = _action(subparsers, 'service',
                     _('Cyborg services and their liveness.'), 'list',
                     _('List the services.'), service_list)
    parser.add_argument('--binary', dest='filter_binary',
                        choices=servicegroup.BINARIES,
                        help=_('Only this binary.'))
    parser = _action(subparsers, 'hardware',
                     _('Hardware the agents reported.'), 'list',
                     _("List each host's devices and deployables, as the "
                       "conductor last received them."), hardware_list)
    parser.add_argument('--json', action='store_true',
                        help=_('Print the full records as JSON.'))
    parser = _action(subparsers, 'discovery', _('Discovery on the agents.'),
                     'run', _("Make the agents (every agent that is up, or "
                              "one host's) discover and report now."),
                     discovery_run)
    parser.add_argument('--driver', help=_('Only this driver.'))
    parser = _action(subparsers, 'arq', _('Accelerator requests.'),
                     'hostdev', _("Print the libvirt <hostdev> XML that "
                                  "Nova's libvirt driver makes of bound "
                                  "ARQs."), arq_hostdev, host=False)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument('--instance',
                       help=_("All the ARQs bound to this instance."))
    which.add_argument('arqs', nargs='*', default=[], metavar='ARQ',
                       help=_('ARQ uuids.'))
    parser.add_argument('--with-mdev', action='store_true',
                        help=_('Compose MDEV handles too, as Nova with '
                               'Cyborg vGPU support does.'))
    actions = manage_audit.add_parsers(subparsers)['usage']
    parser = actions.add_parser(
        'purge', help=_('Delete the usage intervals closed before a date, '
                        'in short batches (open ones are never deleted).'))
    parser.add_argument('--before', required=True, metavar='DATE',
                        help=_('ISO 8601 (2026-01-01 or '
                               '2026-01-01T00:00:00, UTC unless it has an '
                               'offset), not after now.'))
    parser.add_argument('--batch-size', type=_positive, default=500,
                        metavar='ROWS',
                        help=_('Rows deleted per transaction (default '
                               '500).'))
    parser.set_defaults(func=usage_purge)


main = service.command_main(cfg.SubCommandOpt(
    'category', title='Command categories', help=_('Available categories'),
    handler=add_command_parsers))


if __name__ == '__main__':
    sys.exit(main())
