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
"""Queries of the drivers table and the hosts' ``drivers_*`` columns."""

from oslo_db import exception as db_exc
from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.common import driver_config
from cyborg.db import api as db_api
from cyborg.db import models

LOG = logging.getLogger(__name__)

READY = 'READY'
DISABLED = 'DISABLED'

SOURCE_CONFIG = 'config'
SOURCE_API = 'api'

# The operator's decision about a driver on a host.
INSTALLED = 'installed'
UNINSTALLED = 'uninstalled'
UNINSTALLED_DETAIL = ('Uninstalled on this host through the API; '
                      'install-driver loads it again.')

# A driver installed through the API, until its agent says how it went.
WAITING_DETAIL = 'Installed; waiting for the agent to load it.'

_COLUMNS = ('uuid', 'host', 'name', 'status', 'version', 'detail', 'source',
            'state', 'created_at', 'updated_at')
# What an undo puts back (see _remember()).
_DECIDED = ('source', 'config', 'state', 'status', 'detail')
# How many settled requests a host keeps for cyborg-api to read.
SETTLED_KEPT = 10


def _to_dict(row):
    values = {name: getattr(row, name) for name in _COLUMNS}
    values['device_types'] = jsonutils.loads(row.device_types or '[]')
    values['config'] = jsonutils.loads(row.config or '{}')
    return values


def _of_host(context, host):
    return list(context.session.execute(
        sa.select(models.Driver).where(models.Driver.host == host))
        .scalars())


@db_api.context_manager.writer
def record_hello(context, host, reports):
    """Store each driver's hello(); returns the number of rows written.

    A configuration-file driver no longer reported becomes DISABLED; one
    installed through the API keeps its row whatever the agent says.
    """
    rows = {row.name: row for row in _of_host(context, host)}
    now = timeutils.utcnow()
    written = 0
    reported = set()
    for report in reports:
        name = report['name']
        reported.add(name)
        values = {'status': report.get('status') or READY,
                  'version': report.get('version'),
                  'device_types': jsonutils.dumps(sorted(
                      report.get('device_types') or [])),
                  'detail': report.get('detail')}
        row = rows.get(name)
        if row is None and report.get('source') == SOURCE_API:
            # Uninstalled since the agent said hello: it unloads it.
            continue
        if row is None:
            written += _add_config_driver(context, host, name, values, now)
        else:
            written += _set(row, values, now)
    for name, row in rows.items():
        if (name not in reported and row.source == SOURCE_CONFIG
                and row.status != DISABLED):
            row.status = DISABLED
            row.detail = (UNINSTALLED_DETAIL if row.state == UNINSTALLED
                          else 'No longer enabled on the agent.')
            row.updated_at = now
            written += 1
    return written


def _set(row, values, now):
    """Set *values* on *row* where one differs; whether one did."""
    if all(getattr(row, key) == value for key, value in values.items()):
        return False
    for key, value in values.items():
        setattr(row, key, value)
    row.updated_at = now
    return True


def _add_config_driver(context, host, name, values, now):
    """Of two hellos that both find no row, the second loses (savepoint)."""
    try:
        with db_api.savepoint(context):
            context.session.add(models.Driver(
                uuid=uuidutils.generate_uuid(), host=host, name=name,
                source=SOURCE_CONFIG, created_at=now, **values))
    except db_exc.DBDuplicateEntry:
        LOG.debug('Driver %(name)s of %(host)s was recorded meanwhile',
                  {'name': name, 'host': host})
        return 0
    return 1


def _decisions(rows):
    installs, removed = [], []
    for row in sorted(rows, key=lambda r: r.name):
        if row.state == UNINSTALLED:
            removed.append(row.name)
        elif row.source == SOURCE_API or row.config is not None:
            installs.append({'name': row.name,
                             'config': jsonutils.loads(row.config or '{}')})
    return installs, removed


@db_api.context_manager.reader
def decisions(context, host):
    """``(installs [{name, config}], removed names, asked request ids)``."""
    installs, removed = _decisions(_of_host(context, host))
    return installs, removed, jsonutils.loads(_asked(context, host) or '[]')


def _asked(context, host):
    """The host's drivers_asked (JSON text, or None)."""
    return context.session.execute(
        sa.select(models.Host.drivers_asked)
        .where(models.Host.hostname == host)).scalar()


@db_api.retrying_writer
def record_status(context, host, summaries):
    """Store status and detail from a discovery summary; rows written."""
    found = {s['name']: s for s in summaries}
    written = 0
    for row in _of_host(context, host):
        summary = found.get(row.name)
        if summary is None or row.state == UNINSTALLED:
            continue
        written += _set(row, {'status': summary.get('status') or READY,
                              'detail': summary.get('detail')},
                        timeutils.utcnow())
    return written


def _with_devices(context, rows, host=None, name=None):
    """*rows* as dicts with their number of devices, counted in one query
    (of *host* and driver *name*, when given).
    """
    dev = models.Device
    query = db_api.where_given(
        sa.select(dev.hostname, dev.driver_name, sa.func.count())
        .group_by(dev.hostname, dev.driver_name),
        (dev.hostname, host), (dev.driver_name, name))
    counts = {(h, d): n for h, d, n in context.session.execute(query)}
    return [dict(_to_dict(row), devices=counts.get((row.host, row.name), 0))
            for row in rows]


@db_api.context_manager.reader
def get_all(context, host=None, name=None, status=None):
    """Driver rows (dicts with their device count), by host and name."""
    driver = models.Driver
    query = db_api.where_given(
        sa.select(driver).order_by(driver.host, driver.name),
        (driver.host, host), (driver.name, name), (driver.status, status))
    rows = list(context.session.execute(query).scalars())
    return _with_devices(context, rows, host=host, name=name)


def _row(context, uuid, locked=False):
    return db_api.row_by_uuid(context, models.Driver, uuid,
                               exception.DriverUUIDNotFound, locked)


@db_api.context_manager.writer
def lock(context, uuid):
    """One driver row (no device count), locked for the transaction."""
    return _to_dict(_row(context, uuid, locked=True))


@db_api.context_manager.reader
def get_many(context, uuids):
    """``{uuid: row}`` of the drivers of *uuids* that exist."""
    rows = list(context.session.execute(
        sa.select(models.Driver).where(models.Driver.uuid.in_(uuids)))
        .scalars())
    return {row['uuid']: row for row in _with_devices(context, rows)}


@db_api.context_manager.reader
def get(context, uuid):
    """One driver row, with its device count."""
    row = _row(context, uuid)
    return _with_devices(context, [row], host=row.host, name=row.name)[0]


@db_api.retrying_writer
def install(context, name, hosts, config, request_id):
    """Install a driver on *hosts*; *request_id* waits for their agents.

    An uninstalled configuration-file driver comes back; a DISABLED row is
    taken over.  DriverAlreadyEnabled writes nothing.
    """
    rows = {row.host: row for row in context.session.execute(
        sa.select(models.Driver).where(models.Driver.name == name,
                                       models.Driver.host.in_(hosts)))
        .scalars()}
    for host in hosts:
        row = rows.get(host)
        if row is not None and row.state != UNINSTALLED and (
                row.source == SOURCE_API or row.status != DISABLED):
            raise exception.DriverAlreadyEnabled(name=name, host=host)
    now = timeutils.utcnow()
    values = {'source': SOURCE_API, 'config': jsonutils.dumps(config),
              'status': DISABLED, 'detail': WAITING_DETAIL,
              'state': INSTALLED}
    written = []
    for host in hosts:
        row = rows.get(host)
        if row is not None:
            _remember(row)
        if row is not None and row.state == UNINSTALLED:
            # Back to what the configuration file says, or configured.
            row.state = INSTALLED
            row.config = jsonutils.dumps(config) if config else None
            row.detail = WAITING_DETAIL
            row.updated_at = now
        elif row is None:
            row = models.Driver(uuid=uuidutils.generate_uuid(), host=host,
                                name=name, device_types='[]',
                                created_at=now, undo='{}', **values)
            context.session.add(row)
        else:
            _set(row, values, now)
        written.append(row)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        # Another request installed it on one of the hosts meanwhile.
        raise exception.DriverAlreadyEnabled(name=name,
                                             host=', '.join(hosts))
    _ask(context, hosts, request_id)
    return _with_devices(context, written, name=name)


@db_api.retrying_writer
def set_config(context, uuid, config, request_id):
    """Replace a driver's config; returns the row before, None if same.

    An empty *config* of a configuration-file driver means the file's.
    """
    row = _row(context, uuid)
    if row.state == UNINSTALLED:
        raise exception.DriverUninstalled(name=row.name, host=row.host)
    if row.source == SOURCE_CONFIG and not config:
        config = None
    else:
        config = jsonutils.dumps(config or {})
    if config == row.config or (
            config and row.config and
            jsonutils.loads(config) == jsonutils.loads(row.config)):
        return None
    previous = _to_dict(row)
    _remember(row)
    row.config = config
    row.updated_at = timeutils.utcnow()
    _ask(context, [row.host], request_id)
    return previous


@db_api.context_manager.writer
def uninstall_config_driver(context, uuid):
    """Uninstall a driver of the configuration file on its host."""
    row = _row(context, uuid)
    row.state = UNINSTALLED
    row.config = None
    row.status = DISABLED
    row.detail = UNINSTALLED_DETAIL
    # Nothing to put back: the operator decided otherwise since.
    row.undo = None
    row.updated_at = timeutils.utcnow()


@db_api.context_manager.writer
def delete(context, uuids):
    """Forget drivers installed through the API (no-op for gone rows)."""
    if uuids:
        context.session.execute(sa.delete(models.Driver).where(
            models.Driver.uuid.in_(uuids),
            models.Driver.source == SOURCE_API))


def _remember(row):
    """Keep *row*'s values for an undo, unless an earlier one waits."""
    if row.undo is None:
        row.undo = jsonutils.dumps({k: getattr(row, k) for k in _DECIDED})


def _hosts_locked(context, hosts):
    """The hosts' rows, locked in the order of their names."""
    query = (sa.select(models.Host)
             .where(models.Host.hostname.in_(sorted(hosts)))
             .order_by(models.Host.hostname).with_for_update())
    return list(context.session.execute(query).scalars())


def _ask(context, hosts, request_id):
    """Record that *request_id* waits for the agents of *hosts*."""
    for row in _hosts_locked(context, hosts):
        asked = jsonutils.loads(row.drivers_asked or '[]')
        row.drivers_asked = jsonutils.dumps(asked + [request_id])


def _put_back(context, row):
    undo = jsonutils.loads(row.undo)
    if not undo:
        context.session.delete(row)
        return
    for key, value in undo.items():
        setattr(row, key, value)
    row.undo = None
    row.updated_at = timeutils.utcnow()


@db_api.retrying_writer
def settle(context, host, installed_revision, load_errors):
    """Settle the waiting requests once *installed_revision* matches.

    A decision whose driver would not load is put back.  Returns
    ``{name: error}`` of those, or None when nothing was settled.
    """
    if not _asked(context, host):
        # The common case (every heartbeat), without the row's lock.
        return None
    hosts = _hosts_locked(context, [host])
    if not hosts or not hosts[0].drivers_asked:
        return None
    rows = _of_host(context, host)
    if driver_config.revision(*_decisions(rows)) != installed_revision:
        return None
    refused = {}
    for row in rows:
        if row.undo is None:
            continue
        if row.name in load_errors:
            refused[row.name] = load_errors[row.name]
            _put_back(context, row)
        else:
            row.undo = None
    settled = jsonutils.loads(hosts[0].drivers_settled or '[]')
    settled.insert(0, {'ids': jsonutils.loads(hosts[0].drivers_asked),
                       'refused': refused})
    hosts[0].drivers_settled = jsonutils.dumps(settled[:SETTLED_KEPT])
    hosts[0].drivers_asked = None
    return refused


@db_api.context_manager.reader
def outcome(context, hosts, request_id):
    """``{host: None while waiting, else {driver name: load error}}``."""
    result = {}
    for row in context.session.execute(
            sa.select(models.Host.hostname, models.Host.drivers_asked,
                      models.Host.drivers_settled)
            .where(models.Host.hostname.in_(sorted(hosts)))):
        if request_id in jsonutils.loads(row.drivers_asked or '[]'):
            result[row.hostname] = None
            continue
        result[row.hostname] = next(
            (s['refused'] for s in jsonutils.loads(
                row.drivers_settled or '[]') if request_id in s['ids']), {})
    return result
