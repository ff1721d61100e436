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
"""usage: device-hours per project in a window of time (2.4), as Nova's
``usage-list`` and ``usage``.
"""

from cyborg.cli import common
from cyborg.common import usage

# Intervals per request (the API's largest page).
PAGE = 1000


_WINDOW = (
    common.arg(
        '--start', metavar='TIME',
        help='The window\'s start, ISO 8601 (2026-11-01 or '
             '2026-11-01T00:00:00; UTC unless it has an offset).  Default: '
             'the first day of the month of --end, 00:00 UTC.'),
    common.arg(
        '--end', metavar='TIME',
        help='The window\'s end (excluded), as --start.  Default and '
             'latest: now.'),
    common.arg(
        '--device-class', metavar='NAME',
        help='Only the usage of devices of this device class (as they '
             'matched it when bound).'))


def _check_version(client):
    if client.version < (2, 4):
        raise common.CommandError(
            'usage needs microversion 2.4 or later '
            '(--os-accelerator-api-version).')


def _query(parsed_args, **params):
    return dict(start=parsed_args.start, end=parsed_args.end,
                device_class=parsed_args.device_class, **params)


class ListUsage(common.Lister):
    """List the device-hours of projects in a window of time.

    Every project's for an administrator, your project's otherwise; one
    row per project and resource class (and --group-by), counting only
    the part of each interval inside the window.
    """

    ARGUMENTS = _WINDOW + (
        common.arg('--project', metavar='PROJECT_ID',
                   help='Only this project.'),
        common.arg('--group-by', choices=sorted(usage.GROUPS),
                   help='One row per device class, host or instance too.'),
        common.arg('--intervals', action='store_true',
                   help='List the usage intervals instead (each with its '
                        'hours inside the window).'))

    def take_action(self, parsed_args):
        _check_version(self.client)
        params = _query(parsed_args, project_id=parsed_args.project)
        if parsed_args.intervals:
            intervals, _last = common.pages(
                lambda marker: self.client.get(
                    '/usage', detail='true', limit=PAGE, marker=marker,
                    **params), 'usage_intervals')
            return self.members(intervals, parsed_args)
        group = parsed_args.group_by
        body = self.client.get('/usage', group_by=group, **params)
        columns = common.field_columns(
            'project_id', 'resource_class', *([group] if group else []),
            'intervals', 'device_hours')
        items = [dict(usage, project_id=project['project_id'])
                 for project in body['project_usages']
                 for usage in project['usages']]
        if not items:
            # An empty table would say nothing at all.
            self.progress('No accelerator was held between %s and %s.',
                          body['start'], body['end'])
        return common.rows(items, columns)


#: The project of a caller without a token under ``[DEFAULT] auth_strategy
#: noauth`` (cyborg.api.middleware.noauth).
NOAUTH_PROJECT = 'cyborg-standalone'


class ShowUsage(common.ShowOne):
    """Show one project's device-hours in a window of time.

    In total and per resource class; your project's by default.
    """

    ARGUMENTS = (common.arg('project', metavar='PROJECT_ID', nargs='?',
                            help='The project (default: yours).'),
                 ) + _WINDOW

    def take_action(self, parsed_args):
        _check_version(self.client)
        # Without a token (auth_type none) the API's no-auth identity.
        project = (parsed_args.project or
                   self.client.adapter.get_project_id() or NOAUTH_PROJECT)
        body = self.client.get('/usage', **_query(parsed_args,
                                                  project_id=project))
        if len(body['project_usages']) > 1:
            raise common.CommandError('Name the project: PROJECT_ID.')
        [usage] = body['project_usages'] or [
            {'project_id': project, 'device_hours': 0.0, 'intervals': 0,
             'usages': []}]
        item = dict(usage, start=body['start'], end=body['end'],
                    usages=['%s: %s h, %d interval(s)' % (
                        entry['resource_class'], entry['device_hours'],
                        entry['intervals']) for entry in usage['usages']])
        return common.one(item, common.field_columns(
            'project_id', 'start', 'end', 'device_hours', 'intervals',
            'usages'))
