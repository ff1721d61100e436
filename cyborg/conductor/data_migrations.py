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
"""Online data migrations: ``cyborg-dbsync online_data_migrations``.

``arq_project_id`` gives an ARQ its server's project from Nova (as
upstream's ``heal_arq_project_ids``; a gone server is reported, never
guessed); ``attach_handle_in_use`` marks in use a free handle a live ARQ
holds.  Nova is called outside transactions; UPDATEs repeat conditions.
"""

import collections

from oslo_log import log as logging

from cyborg import exception
from cyborg.db.queries import data_migration as queries
from cyborg.db.queries import handle_audit

LOG = logging.getLogger(__name__)

BATCH_SIZE = 50

# Exit codes, as nova-manage db online_data_migrations's.
ALL_DONE = 0
MORE_TO_DO = 1
ERRORS = 2
BAD_INPUT = 127

Batch = collections.namedtuple('Batch', 'found done marker problems error')


def _arq_project_id(context, nova, limit, marker):
    arqs = queries.arqs_without_project(context, limit=limit, marker=marker)
    if not arqs:
        return Batch(0, 0, marker, [], False)
    if nova is None:
        return Batch(len(arqs), 0, arqs[-1]['id'], [
            'Nova is not configured: set [nova] auth_type (and '
            'credentials) so that the ARQs without a project get their '
            'server\'s project'], True)
    done = 0
    problems = []
    projects = {}
    for arq in arqs:
        server = arq['instance_uuid']
        if server not in projects:
            try:
                projects[server] = nova.get_server(server).get('tenant_id')
            except exception.ServerNotFound:
                projects[server] = None
                problems.append(
                    'ARQ %s: Nova has no server %s; it is left without a '
                    'project (delete it, DELETE /v2/accelerator_requests?'
                    'arqs=%s, as an administrator)'
                    % (arq['uuid'], server, arq['uuid']))
                continue
            except exception.NovaUnavailable as exc:
                problems.append('ARQ %s: %s (run the command again)'
                                % (arq['uuid'], exc.message))
                return Batch(len(arqs), done, arq['id'] - 1, problems,
                             True)
        project = projects[server]
        if project is None:
            continue
        if queries.set_arq_project(context, arq['id'], server, project):
            done += 1
            LOG.info('ARQ %s of server %s: project set to %s',
                     arq['uuid'], server, project)
    return Batch(len(arqs), done, arqs[-1]['id'], problems,
                 len(problems) > 0)


def _attach_handle_in_use(context, nova, limit, marker):
    ids = queries.free_held_handles(context, limit=limit, marker=marker)
    if not ids:
        return Batch(0, 0, marker, [], False)
    done = sum(1 for handle_id in ids if handle_audit.mark_held(
        context, handle_id))
    return Batch(len(ids), done, ids[-1], [], False)


# (name, migration, count of its rows left for cyborg-status).
MIGRATIONS = (
    ('arq_project_id', _arq_project_id, queries.count_arqs_without_project),
    ('attach_handle_in_use', _attach_handle_in_use,
     queries.count_free_held_handles),
)


def remaining(context):
    """``{name: rows left}`` of the migrations with rows left."""
    counts = {name: count(context) for name, _fn, count in MIGRATIONS}
    return {name: n for name, n in counts.items() if n}


class Run:
    """run()'s ``totals`` ``{name: [found, done]}``, problems, exit_code."""

    def __init__(self):
        self.totals = collections.OrderedDict(
            (name, [0, 0]) for name, _fn, _count in MIGRATIONS)
        self.problems = []
        self.exit_code = ALL_DONE

    def table(self):
        """The summary as lines of text, as nova-manage prints it."""
        width = max(len(name) for name in self.totals)
        rule = '+-%s-+--------------+-----------+' % ('-' * width)
        lines = [rule, '| %-*s | Total Needed | Completed |' % (width,
                                                                'Migration'),
                 rule]
        for name, (found, done) in self.totals.items():
            lines.append('| %-*s | %12d | %9d |' % (width, name, found,
                                                    done))
        lines.append(rule)
        return lines


def run(context, nova, max_count=None, batch_size=BATCH_SIZE):
    """Run the migrations in batches, up to *max_count* rows; a Run."""
    result = Run()
    budget = max_count
    errors = False
    stopped = False
    for name, migrate, _count in MIGRATIONS:
        marker = 0
        while budget is None or budget > 0:
            limit = batch_size if budget is None else min(batch_size,
                                                          budget)
            batch = migrate(context, nova, limit, marker)
            if not batch.found:
                break
            result.totals[name][0] += batch.found
            result.totals[name][1] += batch.done
            result.problems.extend(batch.problems)
            errors = errors or batch.error
            if budget is not None:
                budget -= batch.found
            if batch.marker <= marker:
                break
            marker = batch.marker
        else:
            stopped = True
    done = sum(done for _found, done in result.totals.values())
    if stopped and done:
        result.exit_code = MORE_TO_DO
    elif errors or (stopped and not done):
        result.exit_code = ERRORS if errors else MORE_TO_DO
    return result
