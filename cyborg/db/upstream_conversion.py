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
"""Converting a database of upstream (the existing OpenStack Cyborg) in
place, for ``cyborg-dbsync upgrade``.

plan() reads every row and says what the conversion keeps, changes and
cannot carry over, changing nothing.  convert() refuses when anything
cannot be carried over; otherwise it moves the existing tables aside
(PostgreSQL: into the schema ``cyborg_upstream``; MariaDB/MySQL: renamed
``cyborg_upstream_<table>``), creates this Cyborg's schema, copies every
row with its id (converted as plan() says), checks the counts and drops
the old tables.  On PostgreSQL it is one transaction; MariaDB/MySQL
commit each DDL statement, so a conversion that fails after the move
leaves the old tables under their new names (the backup is the way back).

An empty ``devices.driver_name`` marks a device for adoption by its
agent's first report (cyborg.conductor.inventory.device_diff); addresses
keep upstream's bytes (reports match them by address).
"""

import collections

from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg import states
from cyborg.common import cleaning
from cyborg.db import migration
from cyborg.db import models
from cyborg.db.queries import hold
from cyborg.objects import hardware

LOG = logging.getLogger(__name__)

# Schema revisions of upstream that are converted.
UPSTREAM_REVISIONS = {
    '4cc1d79978fc': 'a PostgreSQL database of 2023.2 or later whose '
                    'upgrade stopped at 6c77bd6afea5',
    '6c77bd6afea5': 'openstack-cyborg 11.0.0 to 16.x (2023.2 to 2026.1)',
    '9625668549b5': 'openstack-cyborg 17.0.0 (development)',
    'a35b4295a0e5': 'openstack-cyborg 17.0.0 (development)',
    'b47c8f2d1e3a': 'openstack-cyborg 17.0.0 (2026.2)',
}

# Schema revisions of upstream before 11.0.0 (2023.2): not converted.
OLDER_REVISIONS = frozenset((
    'f50980397351', 'ede4e3f1a232', 'd6f033d8fa5b', 'c1b5abada09c',
    '7e6f1f107f2b', '899cead40bc9', '589ff20545b7', '60d8ac91fd20',
    '62bcf2610c5d', '7a4fd0fc3f8c', '7b696fd94949', '57539722e5cf',
    '22fb1af2d51e'))
# The oldest release whose databases are tested here, and the one to
# upgrade an older database with first.
FIRST_RELEASE = '15.0.0'

# Upstream's tables, parents first (the order rows are copied in).
TABLES = ('device_profiles', 'devices', 'controlpath_ids', 'deployables',
          'attributes', 'attach_handles', 'extended_accelerator_requests')
# Tables of upstream no code path used: dropped when empty.
UNUSED_TABLES = ('reservations', 'quota_usages')
UPSTREAM_SCHEMA = 'cyborg_upstream'
UPSTREAM_PREFIX = 'cyborg_upstream_'
# PostgreSQL enum types of upstream's schema.
_PG_TYPES = ('device_type', 'device_status', 'device_state', 'cpid_type',
             'attach_type', 'state', 'substate')

DEVICE_TYPES = {'PCI': 'GENERIC', 'MDEV': 'GPU'}
_KEPT_DEVICE_TYPES = {'GPU', 'FPGA', 'AICHIP', 'QAT', 'NIC', 'SSD', 'NVME'}
# The columns of a device copied as they are.
_DEVICE_COLUMNS = ('id', 'uuid', 'vendor', 'model', 'std_board_info',
                   'vendor_board_info', 'hostname', 'created_at', 'updated_at')
# devices.device_state values of a device the existing Cyborg left to
# clean: the state of its clean here (cyborg.db.queries.device_state).
_CLEANING_STATES = {'pending_cleaning': cleaning.PENDING,
                    'cleaning': cleaning.PENDING, 'error': cleaning.FAILED}
_CARRIED_ARQ_STATES = (states.INITIAL, states.BOUND, states.BIND_FAILED,
                       states.UNBOUND)
_KEY_LENGTH = 255


class Plan:
    """What convert() would do.

    :ivar revision: upstream's schema revision.
    :ivar counts: {table: rows} of upstream's tables.
    :ivar changes: sentences, each a change made to the rows.
    :ivar problems: sentences, each something that cannot be carried
        over; the conversion is refused while there is one.
    :ivar rows: {table: [row dict]} as they will be written (converted).
    """

    def __init__(self, revision):
        self.revision = revision
        self.counts = {}
        self.changes = []
        self.problems = []
        self.rows = {}

    def report(self):
        """The plan as lines of text, for the operator."""
        lines = ['Database of the existing OpenStack Cyborg at revision %s '
                 '(%s).' % (self.revision, UPSTREAM_REVISIONS[self.revision])]
        lines.append('Rows carried over, with their ids:')
        for table in TABLES:
            lines.append('  %-31s %d' % (table, self.counts.get(table, 0)))
        for table in ('bound_instances', 'usage_intervals'):
            lines.append('  %-31s %d' % (table + ' (new)',
                                         len(self.rows.get(table, []))))
        if self.changes:
            lines.append('Changes:')
            lines.extend('  - ' + c for c in self.changes)
        if self.problems:
            lines.append('Cannot be carried over (nothing was changed):')
            lines.extend('  - ' + p for p in self.problems)
        return lines


def _names(connection):
    return set(sa.inspect(connection).get_table_names())


def _revision(connection):
    """The revision of a database that has none of this Cyborg's tables
    (``hosts``), or None; and its tables' names.
    """
    names = _names(connection)
    if 'alembic_version' not in names or 'hosts' in names:
        return None, names
    return connection.execute(sa.text(
        'SELECT version_num FROM alembic_version')).scalar(), names


def detect(connection):
    """Upstream's schema revision of the database, or None."""
    revision, names = _revision(connection)
    if revision in UPSTREAM_REVISIONS and set(TABLES) <= names:
        return revision
    return None


def older(connection):
    """A revision too old to convert (or unknown to both schemas), or None."""
    revision, _tables = _revision(connection)
    if revision is None or revision in UPSTREAM_REVISIONS:
        return None
    if revision in OLDER_REVISIONS or revision not in migration.revisions():
        return revision
    return None


def older_message(revision):
    return ('The database is at revision %(rev)s of OpenStack Cyborg, '
            'older than 11.0.0 (2023.2), which cannot be converted: upgrade '
            'it first with openstack-cyborg %(first)s ("cyborg-dbsync '
            'upgrade" of that release), then run this command again.' % {
                'rev': revision, 'first': FIRST_RELEASE})


def _read(connection, table):
    metadata = sa.MetaData()
    reflected = sa.Table(table, metadata, autoload_with=connection)
    return [dict(row) for row in connection.execute(
        sa.select(reflected).order_by(reflected.c.id)).mappings()]


def _canonical(plan, table, row, column):
    """How this Cyborg would write the row's address."""
    try:
        return hardware.canonical_info_json(row[column])
    except (TypeError, ValueError):
        plan.problems.append('%s %s has %s %r, not a PCI address' % (
            table, row['uuid'], column, row[column]))
        return row[column]


def _kept_as_written(plan, table, column, rows):
    differ = sum(1 for row in rows
                 if _canonical(plan, table, row, column) != row[column])
    if differ:
        plan.changes.append(
            '%s.%s kept as the existing Cyborg wrote it (%d row(s) differ '
            'from how this Cyborg writes the same address; the agents\' '
            'reports match them by address)' % (table, column, differ))


def _devices(plan, rows):
    result = []
    renamed = collections.Counter()
    for row in rows:
        kind = row['type']
        if kind in DEVICE_TYPES:
            renamed[(kind, DEVICE_TYPES[kind])] += 1
            kind = DEVICE_TYPES[kind]
        elif kind not in _KEPT_DEVICE_TYPES:
            plan.problems.append('device %s has type %r, which this Cyborg '
                                 'does not know' % (row['uuid'], kind))
        clean = _CLEANING_STATES.get(row.get('device_state'))
        clean_state = None if clean is None else (
            hold.CLEANING if clean == cleaning.PENDING else
            hold.CLEAN_FAILED)
        result.append(dict(
            {key: row[key] for key in _DEVICE_COLUMNS}, type=kind,
            status=row.get('status') or 'enabled', driver_name=None,
            clean_state=clean_state,
            # Its clean, of the same id (_cleanings()).
            clean_id=None if clean is None else row['id'],
            # The driver's default steps; the next push applies the
            # device's policy.
            clean_steps=None if clean is None else cleaning.policy(
                None, [cleaning.ON])))
        if clean_state is not None:
            plan.changes.append('device %s (device_state %s) is %s'
                                % (row['uuid'], row['device_state'],
                                   clean_state))
    for (old, new), count in sorted(renamed.items()):
        plan.changes.append('devices.type %s is %s here (%d device(s))'
                            % (old, new, count))
    if any('device_state' in row for row in rows):
        plan.changes.append('devices.device_state is not kept (it follows '
                            'from the attach handles in use)')
    return result


def _cleanings(plan, devices, raw):
    """The cleans of the devices the existing Cyborg left to clean: their
    steps are resolved when their agents have reported what their
    drivers offer (device_state.hand()); a device an ARQ still holds is
    cleaned once it is unbound.
    """
    now = timeutils.utcnow()
    bound = {}
    deployable_device = {d['id']: d['device_id'] for d in raw['deployables']}
    for arq in raw['extended_accelerator_requests']:
        if arq['state'] == states.BOUND and arq['deployable_id']:
            bound.setdefault(deployable_device.get(arq['deployable_id']),
                             []).append(arq['uuid'])
    result = []
    for device in devices:
        if device['clean_id'] is None:
            continue
        state = (cleaning.PENDING if device['clean_state'] == hold.CLEANING
                 else cleaning.FAILED)
        result.append({
            'id': device['clean_id'], 'uuid': uuidutils.generate_uuid(),
            'device_uuid': device['uuid'], 'hostname': device['hostname'],
            'unit': None, 'state': state, 'steps': '[]',
            'reason': 'device_state %s in the existing Cyborg' % (
                'error' if state == cleaning.FAILED else 'cleaning'),
            'ended_at': now if state == cleaning.FAILED else None,
            'created_at': now})
        holders = bound.get(device['id'])
        if holders and state == cleaning.PENDING:
            plan.changes.append(
                'device %s is still held by Bound ARQ(s) %s: its clean '
                'runs once they are unbound or deleted'
                % (device['uuid'], ', '.join(sorted(holders))))
    return result


def _controlpaths(plan, rows):
    _kept_as_written(plan, 'controlpath_ids', 'cpid_info', rows)
    return [dict(row) for row in rows]


def _deployables(plan, rows):
    names = collections.Counter(row['name'] for row in rows)
    for name, count in sorted(names.items()):
        if count > 1:
            plan.problems.append('%d deployables are named %s (names '
                                 'name resource providers and must be '
                                 'unique)' % (count, name))
    return [dict(row, removed_at=None, rp_state=None) for row in rows]


def _attributes(plan, rows):
    for row in rows:
        if len(row['key']) > _KEY_LENGTH:
            plan.problems.append('attribute %s has a key longer than %d '
                                 'characters' % (row['uuid'], _KEY_LENGTH))
    return [dict(row) for row in rows]


def _resource_classes(attributes):
    """{deployable id: the value of its first ``rc`` attribute}."""
    found = {}
    for row in sorted(attributes, key=lambda row: row['id']):
        if row['key'] == 'rc':
            found.setdefault(row['deployable_id'], row['value'])
    return found


def _handles(plan, rows, arqs, attributes):
    resource_classes = _resource_classes(attributes)
    holders = collections.defaultdict(list)
    for arq in arqs:
        if arq['attach_handle_id'] is not None:
            holders[arq['attach_handle_id']].append(arq['uuid'])
    result = []
    marked = unowned = 0
    _kept_as_written(plan, 'attach_handles', 'attach_info', rows)
    for row in rows:
        in_use = bool(row['in_use'])
        owners = holders.get(row['id'], [])
        if len(owners) > 1:
            plan.problems.append('attach handle %s is held by %d ARQs (%s)'
                                 % (row['uuid'], len(owners),
                                    ', '.join(sorted(owners))))
        if owners and not in_use:
            in_use = True
            marked += 1
        elif in_use and not owners:
            unowned += 1
        result.append(dict(
            row, in_use=in_use,
            resource_class=resource_classes.get(row['deployable_id'])))
    if marked:
        plan.changes.append('%d attach handle(s) held by an ARQ but not '
                            'marked in use are marked in use' % marked)
    if unowned:
        plan.changes.append(
            '%d attach handle(s) in use with no ARQ holding them stay in '
            'use (see cyborg-manage handle audit)' % unowned)
    return result


def _arqs(plan, rows):
    result = []
    for row in rows:
        if row['state'] not in _CARRIED_ARQ_STATES:
            plan.problems.append(
                'ARQ %s is in state %s: with the existing Cyborg running, '
                'let its bind or delete finish, or delete it'
                % (row['uuid'], row['state']))
        if row['state'] == states.BOUND and (
                row['attach_handle_id'] is None or
                row['deployable_id'] is None):
            plan.problems.append('ARQ %s is Bound without an attach '
                                 'handle or deployable' % row['uuid'])
        values = dict(row)
        values.pop('substate', None)
        result.append(values)
    if rows:
        plan.changes.append('extended_accelerator_requests.substate is not '
                            'kept (always Initial)')
    return result


def _usage_intervals(raw, now):
    """An open usage interval from *now* (the upgrade) for each Bound ARQ:
    the existing Cyborg recorded no usage.
    """
    profiles = {row['id']: row['name'] for row in raw['device_profiles']}
    deployables = {row['id']: row for row in raw['deployables']}
    devices = {row['id']: row for row in raw['devices']}
    classes = _resource_classes(raw['attributes'])
    result = []
    for arq in raw['extended_accelerator_requests']:
        if arq['state'] != states.BOUND:
            continue
        deployable = deployables.get(arq['deployable_id']) or {}
        device = devices.get(deployable.get('device_id')) or {}
        result.append({
            'uuid': uuidutils.generate_uuid(), 'arq_uuid': arq['uuid'],
            'open_arq_uuid': arq['uuid'],
            'instance_uuid': arq['instance_uuid'],
            'project_id': arq['project_id'],
            'resource_class': classes.get(arq['deployable_id']),
            'deployable_uuid': deployable.get('uuid'),
            'device_uuid': device.get('uuid'),
            'hostname': device.get('hostname') or arq['hostname'],
            'device_profile_name': profiles.get(arq['device_profile_id']),
            'started_at': now, 'created_at': now})
    return result


def plan(connection, revision=None):
    """Read upstream's rows and say what convert() would do (a Plan).

    :param revision: its schema revision (default: detect()).
    """
    revision = revision or detect(connection)
    result = Plan(revision)
    dialect = connection.dialect.name
    if dialect not in ('mysql', 'postgresql'):
        result.problems.append('databases on %s are not converted (MariaDB, '
                               'MySQL and PostgreSQL are)' % dialect)
    raw = {table: _read(connection, table) for table in TABLES}
    result.counts = {table: len(rows) for table, rows in raw.items()}
    names = _names(connection)
    for table in UNUSED_TABLES:
        if table in names:
            count = len(_read(connection, table))
            if count:
                result.problems.append(
                    '%s has %d row(s); the existing Cyborg never used the '
                    'table and this one has none' % (table, count))
            else:
                result.changes.append('%s (unused, empty) is dropped'
                                      % table)
    arqs = raw['extended_accelerator_requests']
    result.rows = {
        'device_profiles': [dict(r) for r in raw['device_profiles']],
        'devices': _devices(result, raw['devices']),
        'controlpath_ids': _controlpaths(result, raw['controlpath_ids']),
        'deployables': _deployables(result, raw['deployables']),
        'attributes': _attributes(result, raw['attributes']),
        'attach_handles': _handles(result, raw['attach_handles'], arqs,
                                   raw['attributes']),
        'extended_accelerator_requests': _arqs(result, arqs),
    }
    result.rows['device_cleanings'] = _cleanings(
        result, result.rows['devices'], raw)
    instances = sorted({a['instance_uuid'] for a in arqs
                        if a['instance_uuid']})
    now = timeutils.utcnow()
    result.rows['bound_instances'] = [
        {'instance_uuid': i, 'created_at': now} for i in instances]
    result.rows['usage_intervals'] = _usage_intervals(
        raw, now.replace(microsecond=0))
    if result.rows['usage_intervals']:
        result.changes.append(
            '%d Bound ARQ(s) get an open usage interval from now (the '
            'existing Cyborg recorded no usage)'
            % len(result.rows['usage_intervals']))
    if dialect == 'mysql':
        result.changes.append('tables are created utf8mb4 (they were '
                              'utf8mb3)')
    return result


def _move_aside(connection, names):
    if connection.dialect.name == 'postgresql':
        connection.execute(sa.text('CREATE SCHEMA %s' % UPSTREAM_SCHEMA))
        for table in names:
            connection.execute(sa.text('ALTER TABLE %s SET SCHEMA %s'
                                       % (table, UPSTREAM_SCHEMA)))
        return
    # One statement: MariaDB/MySQL rename the tables atomically.
    connection.execute(sa.text('RENAME TABLE ' + ', '.join(
        '%s TO %s%s' % (t, UPSTREAM_PREFIX, t) for t in names)))


def _drop_aside(connection, names):
    if connection.dialect.name == 'postgresql':
        connection.execute(sa.text('DROP SCHEMA %s CASCADE'
                                   % UPSTREAM_SCHEMA))
        for name in _PG_TYPES:
            connection.execute(sa.text('DROP TYPE IF EXISTS %s' % name))
        return
    # Children before their parents (foreign keys).
    connection.execute(sa.text('DROP TABLE ' + ', '.join(
        UPSTREAM_PREFIX + t for t in reversed(names))))


def _copy(connection, rows):
    for table in TABLES + ('device_cleanings', 'bound_instances',
                           'usage_intervals'):
        values = rows[table]
        if not values:
            continue
        target = models.Base.metadata.tables[table]
        if table == 'deployables':
            # Parents may come after their children: link them after.
            links = [(r['id'], r['parent_id'], r['root_id']) for r in values
                     if r['parent_id'] or r['root_id']]
            values = [dict(r, parent_id=None, root_id=None) for r in values]
        connection.execute(sa.insert(target), values)
        if table == 'deployables':
            for row_id, parent_id, root_id in links:
                connection.execute(
                    sa.update(target).where(target.c.id == row_id)
                    .values(parent_id=parent_id, root_id=root_id))
        count = connection.execute(
            sa.select(sa.func.count()).select_from(target)).scalar()
        if count != len(rows[table]):
            raise exception.UpstreamConversionFailed(
                reason='%s has %d rows after the copy, not %d'
                       % (table, count, len(rows[table])))
        if connection.dialect.name == 'postgresql' and 'id' in target.c:
            # The ids were copied: the sequence goes on after them.
            connection.execute(sa.select(sa.func.setval(
                sa.func.pg_get_serial_sequence(table, 'id'),
                sa.select(sa.func.max(target.c.id)).scalar_subquery())))


def convert(connection, the_plan=None):
    """Convert upstream's database to this Cyborg's schema.

    :param connection: a connection in a transaction (on PostgreSQL the
        whole conversion is in it).
    :param the_plan: plan()'s result, when the caller has it.
    :raises: UpstreamConversionRefused (nothing changed) when something
        cannot be carried over; UpstreamConversionFailed when the copy
        did not give the rows it should.
    :returns: the Plan carried out.
    """
    the_plan = the_plan or plan(connection)
    if the_plan.problems:
        raise exception.UpstreamConversionRefused(
            problems='; '.join(the_plan.problems))
    names = _names(connection)
    moved = [t for t in ('alembic_version',) + UNUSED_TABLES[::-1] + TABLES
             if t in names]
    LOG.info('Converting the database of the existing OpenStack Cyborg '
             '(revision %s)', the_plan.revision)
    _move_aside(connection, moved)
    migration.upgrade_connection(connection, 'head')
    _copy(connection, the_plan.rows)
    _drop_aside(connection, moved)
    LOG.info('Converted: %s', ', '.join(
        '%s %d' % (t, n) for t, n in sorted(the_plan.counts.items())))
    return the_plan
