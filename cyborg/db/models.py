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
"""SQLAlchemy models of Cyborg's database.

Upstream tables keep their columns (the API shows the same fields).
Enumerated values are plain strings so migrations match on every
backend.  Change this file only with an alembic migration, one commit.
"""

import datetime

from oslo_db.sqlalchemy import models as oslo_models
import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.dialects import mysql

# Constraint names identical on every backend, for the migrations.
NAMING_CONVENTION = {
    'uq': 'uniq_%(table_name)s0%(column_0_N_name)s',
    'fk': 'fk_%(table_name)s0%(column_0_name)s',
    'ck': 'ck_%(table_name)s_%(constraint_name)s',
    'pk': 'pk_%(table_name)s',
}


class Base(orm.DeclarativeBase, oslo_models.ModelBase):
    """Declarative base of every Cyborg table."""

    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)
    __table_args__ = {'mysql_engine': 'InnoDB', 'mysql_charset': 'utf8mb4'}


def _table_args(*args):
    return args + (Base.__table_args__,)


def _indexes(prefix, *columns):
    """An index ``<prefix>_<column>_idx`` of each one of *columns*."""
    return tuple(sa.Index('%s_%s_idx' % (prefix, column), column)
                 for column in columns)


def _id_of(table, nullable=False, **kwargs):
    """A column of the id of a row of *table* (a RESTRICT foreign key)."""
    return sa.Column(
        sa.Integer, sa.ForeignKey(table + '.id', ondelete='RESTRICT'),
        nullable=nullable, **kwargs)


class _Id:
    """The ``id`` column, first (as the migrations made it)."""

    id = orm.mapped_column(sa.Integer, primary_key=True, sort_order=-2)


class _IdAndUuid(_Id):
    uuid = orm.mapped_column(sa.String(36), nullable=False, unique=True,
                             sort_order=-1)


class UTCSeconds(sa.types.TypeDecorator):
    """A naive UTC datetime to the second, stored as epoch seconds (BIGINT).

    Durations and sums are integer SQL on every backend, whatever a
    session's time zone.
    """

    impl = sa.BigInteger
    cache_ok = True
    EPOCH = datetime.datetime(1970, 1, 1)

    def process_bind_param(self, value, dialect):
        if isinstance(value, datetime.datetime):
            return int((value - self.EPOCH).total_seconds())
        return value

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        return self.EPOCH + datetime.timedelta(seconds=value)


class Service(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A running Cyborg service process (api, conductor or agent)."""

    __tablename__ = 'services'
    __table_args__ = _table_args(
        sa.UniqueConstraint('host', 'binary'),
        *_indexes('services', 'binary', 'last_seen_up'),
    )

    host = sa.Column(sa.String(255), nullable=False)
    binary = sa.Column(sa.String(64), nullable=False)
    topic = sa.Column(sa.String(255), nullable=True)
    version = sa.Column(sa.String(64), nullable=True)
    started_at = sa.Column(sa.DateTime, nullable=True)
    last_seen_up = sa.Column(sa.DateTime, nullable=True)


class Host(Base, _Id, oslo_models.TimestampMixin):
    """Inventory state of one agent host, as the conductor applied it."""

    __tablename__ = 'hosts'
    __table_args__ = _table_args(*_indexes('hosts', 'compute_rp_name'))

    hostname = sa.Column(sa.String(255), nullable=False, unique=True)
    inventory_hash = sa.Column(sa.String(64), nullable=True)
    generation = sa.Column(sa.Integer, nullable=False, default=0)
    compute_rp_uuid = sa.Column(sa.String(36), nullable=True)
    last_report_at = sa.Column(sa.DateTime, nullable=True)
    # The agent's own counter of inventory changes, as last reported.
    agent_generation = sa.Column(sa.Integer, nullable=True)
    # JSON list: the last full hardware report.
    hardware = sa.Column(sa.Text().with_variant(
        mysql.MEDIUMTEXT(), 'mysql'), nullable=True)
    # [agent] resource_provider_name; None: the host name.
    rp_name = sa.Column(sa.String(255), nullable=True)
    # The name compute_rp_uuid was found under (rp_name, else the host
    # name): the nodename Nova binds with.
    compute_rp_name = sa.Column(sa.String(255), nullable=True)
    # The agent's liveness as last applied to Placement.
    agent_up = sa.Column(sa.Boolean, nullable=True)
    # The resource providers must be pushed to Placement
    # (cyborg.db.queries.host).
    needs_sync = sa.Column(sa.Boolean, nullable=False,
                           server_default=sa.false(), default=False)
    # The conductor pushing the host (a uuid of its own) and until when.
    sync_claim = sa.Column(sa.String(36), nullable=True)
    sync_claimed_until = sa.Column(sa.DateTime, nullable=True)
    # The last report left gone hardware that is still held: it is
    # applied again until it is released.
    gone_held = sa.Column(sa.Boolean, nullable=False,
                          server_default=sa.false(), default=False)
    # The last discovery asked of the host (cyborg.db.queries.discovery).
    discovery_id = sa.Column(sa.String(36), nullable=True)
    discovery_state = sa.Column(sa.String(16), nullable=True)
    discovery_asked_at = sa.Column(sa.DateTime, nullable=True)
    discovery_result = sa.Column(sa.Text, nullable=True)
    # The driver requests waiting for the host's agent (JSON list of ids)
    # and the last ones it settled (JSON list, newest first, of ``{ids,
    # refused: {driver name: why}}``): cyborg.db.queries.driver.
    drivers_asked = sa.Column(sa.Text, nullable=True)
    drivers_settled = sa.Column(sa.Text, nullable=True)


class Driver(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """An accelerator driver enabled on one host, with its reported status."""

    __tablename__ = 'drivers'
    __table_args__ = _table_args(
        sa.UniqueConstraint('host', 'name'),
    )

    host = sa.Column(sa.String(255), nullable=False)
    name = sa.Column(sa.String(255), nullable=False)
    # READY, ERROR or DISABLED
    status = sa.Column(sa.String(16), nullable=False, default='READY')
    version = sa.Column(sa.String(64), nullable=True)
    # JSON list of the device types the driver handles
    device_types = sa.Column(sa.Text, nullable=True)
    detail = sa.Column(sa.Text, nullable=True)
    # JSON object: the configuration given at install or update time
    config = sa.Column(sa.Text, nullable=True)
    # "config" ([agent] enabled_drivers) or "api" (installed through the
    # API)
    source = sa.Column(sa.String(16), nullable=False, default='config')
    # "installed", or "uninstalled" (a driver of the configuration file
    # the agent keeps unloaded); for one of the configuration file, a
    # non-NULL config is the operator's configuration of it.
    state = sa.Column(sa.String(16), nullable=False, default='installed',
                      server_default='installed')
    # The row before the decisions its agent has not answered yet (JSON),
    # put back when the agent cannot load the driver.
    undo = sa.Column(sa.Text, nullable=True)


class Device(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A physical accelerator card (or PCI function group) on a host."""

    __tablename__ = 'devices'
    __table_args__ = _table_args(*_indexes(
        'devices', 'hostname', 'type', 'vendor', 'status', 'driver_name',
        'health', 'clean_state'))

    # GPU, FPGA, AICHIP, QAT, NIC, SSD, NVME, CRYPTO or GENERIC
    type = sa.Column(sa.String(30), nullable=False)
    vendor = sa.Column(sa.String(255), nullable=False)
    model = sa.Column(sa.String(255), nullable=False)
    std_board_info = sa.Column(sa.Text, nullable=True)
    vendor_board_info = sa.Column(sa.Text, nullable=True)
    hostname = sa.Column(sa.String(255), nullable=False)
    # enabled or maintaining
    status = sa.Column(sa.String(16), nullable=False, default='enabled')
    driver_name = sa.Column(sa.String(100), nullable=True)
    # NULL (healthy), unhealthy, recovering or driver_error; since when;
    # why (cyborg.conductor.devices.health).
    health = sa.Column(sa.String(16), nullable=True)
    health_reason = sa.Column(sa.String(255), nullable=True)
    health_since = sa.Column(sa.DateTime, nullable=True)
    # Cleaning (cyborg.db.queries.device_state): NULL (clean), cleaning
    # or clean_failed, the whole device held; its policy (JSON {"steps":
    # names, "only": bool}; NULL: not cleaned), resolved from its classes
    # at each Placement push; the steps its driver offers, as its agent
    # reported them (JSON list of cyborg.common.cleaning.Step dicts);
    # its last clean of its own or of a unit of it (device_cleanings.id).
    clean_state = sa.Column(sa.String(16), nullable=True)
    clean_steps = sa.Column(sa.Text, nullable=True)
    clean_offer = sa.Column(sa.Text, nullable=True)
    clean_id = sa.Column(sa.Integer, nullable=True)


class DeviceCleaning(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """One clean of a device or of one unit of it, kept as its history.

    Its id is the clean's generation: every hand-off to the agent carries
    it, and an outcome of another one is refused (cyborg.db.queries
    .device_state).  Keyed by the device's uuid, to outlive its rows.
    """

    __tablename__ = 'device_cleanings'
    __table_args__ = _table_args(*_indexes(
        'device_cleanings', 'device_uuid', 'state'))

    device_uuid = sa.Column(sa.String(36), nullable=False)
    hostname = sa.Column(sa.String(255), nullable=False)
    driver_name = sa.Column(sa.String(100), nullable=True)
    # The unit cleaned: its attach handle's attach_info (JSON text);
    # NULL: the whole device.
    unit = sa.Column(sa.String(255), nullable=True)
    # cyborg.common.cleaning.STATES
    state = sa.Column(sa.String(16), nullable=False)
    # JSON list of the step names, in the order they run.
    steps = sa.Column(sa.Text, nullable=False)
    # JSON list of the steps done: {step, detail, seconds}.
    done = sa.Column(sa.Text, nullable=True)
    # The step the agent runs, and since when.
    step = sa.Column(sa.String(255), nullable=True)
    step_started_at = sa.Column(sa.DateTime, nullable=True)
    handed_at = sa.Column(sa.DateTime, nullable=True)
    ended_at = sa.Column(sa.DateTime, nullable=True)
    # Why it failed, was aborted or released.
    reason = sa.Column(sa.Text, nullable=True)
    # The administrator who released or aborted it (NULL: Cyborg).
    ended_by = sa.Column(sa.String(255), nullable=True)


class DeviceTelemetry(Base, oslo_models.TimestampMixin):
    """The latest telemetry sample of a device, one row per device."""

    __tablename__ = 'device_telemetry'

    # One row per device, keyed by it (no auto-increment for concurrent
    # reports' INSERT ... SELECT to contend for).
    device_uuid = sa.Column(
        sa.String(36), sa.ForeignKey('devices.uuid', ondelete='RESTRICT'),
        primary_key=True)
    # JSON text: {field: value}
    sample = sa.Column(sa.Text, nullable=False)
    # When the agent read it; why it is stale (NULL: fresh).
    read_at = sa.Column(sa.DateTime, nullable=False)
    stale_reason = sa.Column(sa.String(255), nullable=True)
    # Since when its utilization has stayed under [telemetry]
    # idle_threshold (NULL: busy, or no utilization read).
    idle_since = sa.Column(sa.DateTime, nullable=True)


class DeviceConfig(Base, _Id, oslo_models.TimestampMixin):
    """A device's desired configuration, keyed by uuid to outlive its rows."""

    __tablename__ = 'device_configs'
    __table_args__ = _table_args(*_indexes(
        'device_configs', 'hostname', 'state'))

    device_uuid = sa.Column(sa.String(36), nullable=False, unique=True)
    hostname = sa.Column(sa.String(255), nullable=False)
    # JSON text: {field: value}
    desired = sa.Column(sa.Text, nullable=False)
    # One more at each change; the agent reports the one it applied.
    generation = sa.Column(sa.Integer, nullable=False, default=1)
    # device_config.STATES
    state = sa.Column(sa.String(16), nullable=False)
    reason = sa.Column(sa.String(255), nullable=True)
    # Asked to wait for the device's bound instances to go.
    drain = sa.Column(sa.Boolean, nullable=False, default=False)
    # When the device last reported the desired state as applied.
    applied_at = sa.Column(sa.DateTime, nullable=True)


class ConfigurationRollout(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A desired configuration rolled out over a device class in waves."""

    __tablename__ = 'configuration_rollouts'
    __table_args__ = _table_args(*_indexes('configuration_rollouts', 'state'))

    # The class's name (upper case), kept when the class is deleted.
    device_class = sa.Column(sa.String(64), nullable=False)
    # JSON text: {field: value} (cyborg.common.device_config)
    desired = sa.Column(sa.Text, nullable=False)
    # As asked ("5" or "5%"), and as a number of devices.
    max_unavailable = sa.Column(sa.String(16), nullable=False)
    unavailable = sa.Column(sa.Integer, nullable=False)
    drain = sa.Column(sa.Boolean, nullable=False, default=False)
    # Failed devices tolerated before the rollout pauses.
    max_failures = sa.Column(sa.Integer, nullable=False, default=0)
    # Whether devices that join the class later are added.
    follow = sa.Column(sa.Boolean, nullable=False, default=False)
    # cyborg.common.configuration_rollout.STATES
    state = sa.Column(sa.String(16), nullable=False)
    reason = sa.Column(sa.String(255), nullable=True)


class RolloutDevice(Base, _Id, oslo_models.TimestampMixin):
    """A device of a rollout and where the rollout is with it."""

    __tablename__ = 'rollout_devices'
    __table_args__ = _table_args(
        sa.UniqueConstraint('rollout_id', 'device_uuid'),
        # A wave counts and picks a rollout's devices by state.
        sa.Index('rollout_devices_rollout_id_state_idx', 'rollout_id',
                 'state'),
        sa.Index('rollout_devices_state_idx', 'state'),
    )

    rollout_id = _id_of('configuration_rollouts')
    device_uuid = sa.Column(sa.String(36), nullable=False)
    hostname = sa.Column(sa.String(255), nullable=False)
    # The device's uuid while the rollout holds it, NULL once released:
    # the unique key lets one rollout at a time hold a device.
    held_uuid = sa.Column(sa.String(36), nullable=True, unique=True)
    # cyborg.common.configuration_rollout.DEVICE_STATES
    state = sa.Column(sa.String(16), nullable=False)
    reason = sa.Column(sa.String(255), nullable=True)
    # The generation of the device's configuration the rollout stored.
    generation = sa.Column(sa.Integer, nullable=True)


class ControlpathID(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """How the host addresses a device (its PF's PCI address)."""

    __tablename__ = 'controlpath_ids'
    __table_args__ = _table_args(*_indexes('controlpath_ids', 'device_id'))

    device_id = _id_of('devices')
    # PCI
    cpid_type = sa.Column(sa.String(16), nullable=False)
    # JSON text of the address, keys sorted
    cpid_info = sa.Column(sa.String(255), nullable=False)


class Deployable(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A schedulable unit: one resource provider (named after it: unique)."""

    __tablename__ = 'deployables'
    __table_args__ = _table_args(*_indexes(
        'deployables', 'parent_id', 'root_id', 'device_id', 'rp_uuid',
        'driver_name', 'removed_at'))

    parent_id = _id_of('deployables', nullable=True)
    root_id = _id_of('deployables', nullable=True)
    name = sa.Column(sa.String(255), nullable=False, unique=True)
    num_accelerators = sa.Column(sa.Integer, nullable=False, default=0)
    device_id = _id_of('devices')
    rp_uuid = sa.Column(sa.String(36), nullable=True)
    driver_name = sa.Column(sa.String(100), nullable=True)
    bitstream_id = sa.Column(sa.String(36), nullable=True)
    # When the agent stopped reporting it; the row stays while an ARQ or
    # a Placement allocation holds it.
    removed_at = sa.Column(sa.DateTime, nullable=True)
    # JSON of what was last written to its resource provider, so that
    # only changes are sent.
    rp_state = sa.Column(sa.Text, nullable=True)
    # Until when the program API programs it; no bind takes it before
    # (cyborg.db.queries.deployable.lock_fpga).
    programming_until = sa.Column(sa.DateTime, nullable=True)


class Attribute(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A deployable's key/value: ``rc``, ``trait*`` keys, driver data."""

    __tablename__ = 'attributes'
    __table_args__ = _table_args(
        sa.Index('attributes_deployable_id_key_idx', 'deployable_id', 'key'),
        sa.Index('attributes_key_idx', 'key'),
    )

    deployable_id = _id_of('deployables')
    key = sa.Column(sa.String(255), nullable=False)
    value = sa.Column(sa.Text, nullable=True)


class AttachHandle(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """One assignable slot (PCI function, mdev); claimed by updating in_use."""

    __tablename__ = 'attach_handles'
    __table_args__ = _table_args(
        sa.Index('attach_handles_deployable_id_in_use_idx',
                 'deployable_id', 'in_use'),
        sa.Index('attach_handles_cpid_id_idx', 'cpid_id'),
        sa.Index('attach_handles_resource_class_in_use_idx',
                 'resource_class', 'in_use'),
    )

    deployable_id = _id_of('deployables')
    cpid_id = _id_of('controlpath_ids')
    in_use = sa.Column(sa.Boolean, nullable=False, default=False)
    # PCI, MDEV or TEST_PCI
    attach_type = sa.Column(sa.String(16), nullable=False)
    # JSON text: domain/bus/device/function (+ physical_network, mdev data)
    attach_info = sa.Column(sa.String(255), nullable=False)
    # A copy of the deployable's ``rc`` attribute, so that the capacity
    # view counts handles without joining each to its attribute
    # (cyborg.db.queries.attach_handle.follow_resource_class).
    resource_class = sa.Column(sa.String(255), nullable=True)
    # The unit's own clean (what one tenant had: a VF, a mediated
    # device, a GPU instance), while the device's other units serve
    # theirs: NULL, cleaning or clean_failed; device_cleanings.id.
    clean_state = sa.Column(sa.String(16), nullable=True)
    clean_id = sa.Column(sa.Integer, nullable=True)


class DeviceProfile(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """A named list of request groups (resources, traits, accel: keys)."""

    __tablename__ = 'device_profiles'

    name = sa.Column(sa.String(255), nullable=False, unique=True)
    # JSON text: {"groups": [...]}
    profile_json = sa.Column(sa.Text, nullable=False)
    description = sa.Column(sa.Text, nullable=True)


class DeviceClass(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """An operator's device class: a name and a selector."""

    __tablename__ = 'device_classes'

    # Upper case: the trait's suffix.
    name = sa.Column(sa.String(64), nullable=False, unique=True)
    description = sa.Column(sa.Text, nullable=True)
    # JSON text: the list of conditions.
    selector = sa.Column(sa.Text, nullable=False)
    # How its devices are cleaned: NULL (each driver's default), 'off',
    # 'on' or the steps named, comma-separated.
    cleaning = sa.Column(sa.String(255), nullable=True)


class ExtendedAcceleratorRequest(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """An accelerator request (ARQ): one accelerator for one instance."""

    __tablename__ = 'extended_accelerator_requests'
    __table_args__ = _table_args(*_indexes(
        'extended_arqs', 'project_id', 'instance_uuid', 'device_profile_id',
        'device_rp_uuid', 'hostname', 'state', 'deployable_id',
        'attachment_uuid'))

    project_id = sa.Column(sa.String(255), nullable=True)
    # Initial, BindStarted, Bound, BindFailed, Unbound, UnbindFailed,
    # Deleting
    state = sa.Column(sa.String(16), nullable=False, default='Initial')
    device_profile_id = _id_of('device_profiles')
    device_profile_group_id = sa.Column(
        sa.Integer, nullable=False, default=0)
    hostname = sa.Column(sa.String(255), nullable=True)
    device_rp_uuid = sa.Column(sa.String(36), nullable=True)
    instance_uuid = sa.Column(sa.String(36), nullable=True)
    attach_handle_id = _id_of('attach_handles', nullable=True, unique=True)
    deployable_id = _id_of('deployables', nullable=True)
    # The attach-instance that made it (NULL: Nova's).  No foreign key:
    # a Deleting ARQ outlives its attachment.
    attachment_uuid = sa.Column(sa.String(36), nullable=True)


class InstanceAttachment(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """One attach-instance, written first: a dead conductor leaves a trace."""

    __tablename__ = 'instance_attachments'
    __table_args__ = _table_args(*_indexes(
        'instance_attachments', 'instance_uuid', 'state'))

    instance_uuid = sa.Column(sa.String(36), nullable=False)
    hostname = sa.Column(sa.String(255), nullable=False)
    project_id = sa.Column(sa.String(255), nullable=True)
    user_id = sa.Column(sa.String(255), nullable=True)
    state = sa.Column(sa.String(16), nullable=False)
    reboot = sa.Column(sa.String(16), nullable=True)
    # JSON {rp: {rc: amount}}: what it adds to the server's allocations.
    allocations = sa.Column(sa.Text, nullable=False)
    # JSON: the server's amounts as read before the last write to them.
    previous = sa.Column(sa.Text, nullable=True)


class BoundInstance(Base, _Id, oslo_models.TimestampMixin):
    """An instance with bound ARQs: unique instance_uuid stops racing binds."""

    __tablename__ = 'bound_instances'

    instance_uuid = sa.Column(sa.String(36), nullable=False, unique=True)


class BindJob(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """Device work of a bind, unbind or program request; survives restarts."""

    __tablename__ = 'bind_jobs'
    __table_args__ = _table_args(*_indexes('bind_jobs', 'arq_uuid',
                                           'state'))

    # NULL: a program request's job.
    arq_uuid = sa.Column(sa.String(36), nullable=True)
    # program, prepare_attach, release_attach
    kind = sa.Column(sa.String(32), nullable=False)
    # pending, running; done or failed (a program request's, kept).
    state = sa.Column(sa.String(16), nullable=False, default='pending')
    # The API request that created the job (for the logs).
    request_id = sa.Column(sa.String(64), nullable=True)
    # JSON object: what the agent needs
    payload = sa.Column(sa.Text, nullable=True)
    owner = sa.Column(sa.String(255), nullable=True)
    attempts = sa.Column(sa.Integer, nullable=False, default=0)
    # After this, the work is abandoned (binds: [DEFAULT] bind_timeout).
    deadline = sa.Column(sa.DateTime, nullable=True)
    # Not run before this (a retry's back-off).
    not_before = sa.Column(sa.DateTime, nullable=True)
    last_error = sa.Column(sa.Text, nullable=True)
    # A finished program request's outcome (JSON).
    outcome = sa.Column(sa.Text, nullable=True)


class NovaEvent(Base, _Id, oslo_models.TimestampMixin):
    """An external event for Nova: the outbox."""

    __tablename__ = 'nova_events'
    __table_args__ = _table_args(
        sa.Index('nova_events_state_next_attempt_idx',
                 'state', 'next_attempt_at'),
        sa.Index('nova_events_tag_idx', 'tag'),
    )

    name = sa.Column(sa.String(64), nullable=False,
                     default='accelerator-request-bound')
    server_uuid = sa.Column(sa.String(36), nullable=False)
    # The ARQ uuid
    tag = sa.Column(sa.String(36), nullable=False)
    # completed or failed
    status = sa.Column(sa.String(16), nullable=False)
    # pending, sending or again
    state = sa.Column(sa.String(16), nullable=False, default='pending')
    # The API request that changed the ARQ (for the logs).
    request_id = sa.Column(sa.String(64), nullable=True)
    attempts = sa.Column(sa.Integer, nullable=False, default=0)
    next_attempt_at = sa.Column(sa.DateTime, nullable=True)
    last_error = sa.Column(sa.Text, nullable=True)
    # When the bind it reports began (Nova's PATCH).
    bind_started_at = sa.Column(sa.DateTime, nullable=True)


class UsageInterval(Base, _IdAndUuid, oslo_models.TimestampMixin):
    """One interval an ARQ held its accelerator, open exactly while Bound.

    What a rating engine needs is copied at bind time, to outlive the ARQ.
    """

    __tablename__ = 'usage_intervals'
    __table_args__ = _table_args(
        # GET /v2/usage: a project's intervals, or every project's in
        # the order of the GROUP BY, read from the index alone.
        sa.Index('usage_intervals_project_window_idx', 'project_id',
                 'resource_class', 'started_at', 'ended_at'),
        # The purge of closed intervals.
        *_indexes('usage_intervals', 'ended_at', 'arq_uuid'),
    )

    arq_uuid = sa.Column(sa.String(36), nullable=False)
    # The ARQ's uuid while the interval is open, NULL once closed: the
    # unique key allows one open interval per ARQ and finds it.
    open_arq_uuid = sa.Column(sa.String(36), nullable=True, unique=True)
    instance_uuid = sa.Column(sa.String(36), nullable=True)
    project_id = sa.Column(sa.String(255), nullable=True)
    user_id = sa.Column(sa.String(255), nullable=True)
    resource_class = sa.Column(sa.String(255), nullable=True)
    deployable_uuid = sa.Column(sa.String(36), nullable=True)
    device_uuid = sa.Column(sa.String(36), nullable=True)
    hostname = sa.Column(sa.String(255), nullable=True)
    device_profile_name = sa.Column(sa.String(255), nullable=True)
    # UTC, whole seconds (the conductor's clock).
    started_at = sa.Column(UTCSeconds, nullable=False)
    ended_at = sa.Column(UTCSeconds, nullable=True)
    # unbind, delete or audit (cyborg.common.usage).
    ended_by = sa.Column(sa.String(16), nullable=True)


class UsageIntervalClass(Base, _Id, oslo_models.TimestampMixin):
    """A device class the interval's device matched at bind time."""

    __tablename__ = 'usage_interval_classes'
    __table_args__ = _table_args(
        sa.UniqueConstraint('interval_id', 'device_class'),
        # GET /v2/usage?device_class=: the intervals of a class.
        sa.Index('usage_interval_classes_device_class_idx', 'device_class',
                 'interval_id'),
    )

    interval_id = _id_of('usage_intervals')
    device_class = sa.Column(sa.String(64), nullable=False)
