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
"""The first release's schema.

The tables of the existing Cyborg plus Cyborg's own.  A database of the
existing Cyborg is converted to it in place
(cyborg.db.upstream_conversion).

Revision ID: c6e6033278a6
Revises:
Create Date: 2026-11-26 12:00:00
"""

from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

# revision identifiers, used by alembic.
revision = 'c6e6033278a6'
down_revision = None
branch_labels = None
depends_on = None

TABLE_KW = {'mysql_engine': 'InnoDB', 'mysql_charset': 'utf8mb4'}


def _create_table(name, *items, uuid=True):
    """op.create_table() with what every table has: an ``id`` primary
    key, a unique ``uuid`` (unless *uuid* is False) and the timestamps.
    """
    common = [sa.Column('id', sa.Integer(), nullable=False)]
    if uuid:
        common.append(sa.Column('uuid', sa.String(length=36),
                                nullable=False))
    op.create_table(
        name, *common, *items,
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_' + name)),
        *([_unique(name, 'uuid')] if uuid else []),
        **TABLE_KW)


def _unique(table, *columns):
    return sa.UniqueConstraint(
        *columns, name=op.f('uniq_%s0%s' % (table, '_'.join(columns))))


def _fk(table, column, parent):
    return sa.ForeignKeyConstraint(
        [column], [parent + '.id'], name=op.f('fk_%s0%s' % (table, column)),
        ondelete='RESTRICT')


def upgrade():
    _create_table(
        'bind_jobs',
        sa.Column('arq_uuid', sa.String(length=36), nullable=True),
        sa.Column('kind', sa.String(length=32), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=True),
        sa.Column('payload', sa.Text(), nullable=True),
        sa.Column('owner', sa.String(length=255), nullable=True),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('deadline', sa.DateTime(), nullable=True),
        sa.Column('not_before', sa.DateTime(), nullable=True),
        sa.Column('last_error', sa.Text(), nullable=True),
        sa.Column('outcome', sa.Text(), nullable=True))
    op.create_index('bind_jobs_arq_uuid_idx', 'bind_jobs', ['arq_uuid'])
    op.create_index('bind_jobs_state_idx', 'bind_jobs', ['state'])
    _create_table(
        'bound_instances',
        sa.Column('instance_uuid', sa.String(length=36), nullable=False),
        _unique('bound_instances', 'instance_uuid'),
        uuid=False)
    _create_table(
        'device_classes',
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('description', sa.Text(), nullable=True),
        sa.Column('selector', sa.Text(), nullable=False),
        sa.Column('cleaning', sa.String(length=255), nullable=True),
        _unique('device_classes', 'name'))
    _create_table(
        'configuration_rollouts',
        sa.Column('device_class', sa.String(length=64), nullable=False),
        sa.Column('desired', sa.Text(), nullable=False),
        sa.Column('max_unavailable', sa.String(length=16), nullable=False),
        sa.Column('unavailable', sa.Integer(), nullable=False),
        sa.Column('drain', sa.Boolean(), nullable=False),
        sa.Column('max_failures', sa.Integer(), nullable=False),
        sa.Column('follow', sa.Boolean(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=True))
    op.create_index('configuration_rollouts_state_idx',
                    'configuration_rollouts', ['state'])
    _create_table(
        'device_configs',
        sa.Column('device_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('desired', sa.Text(), nullable=False),
        sa.Column('generation', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=True),
        sa.Column('drain', sa.Boolean(), nullable=False),
        sa.Column('applied_at', sa.DateTime(), nullable=True),
        _unique('device_configs', 'device_uuid'),
        uuid=False)
    op.create_index('device_configs_hostname_idx', 'device_configs',
                    ['hostname'])
    op.create_index('device_configs_state_idx', 'device_configs', ['state'])
    _create_table(
        'device_profiles',
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('profile_json', sa.Text(), nullable=False),
        sa.Column('description', sa.Text(), nullable=True),
        _unique('device_profiles', 'name'))
    _create_table(
        'devices',
        sa.Column('type', sa.String(length=30), nullable=False),
        sa.Column('vendor', sa.String(length=255), nullable=False),
        sa.Column('model', sa.String(length=255), nullable=False),
        sa.Column('std_board_info', sa.Text(), nullable=True),
        sa.Column('vendor_board_info', sa.Text(), nullable=True),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('driver_name', sa.String(length=100), nullable=True),
        sa.Column('health', sa.String(length=16), nullable=True),
        sa.Column('health_reason', sa.String(length=255), nullable=True),
        sa.Column('health_since', sa.DateTime(), nullable=True),
        sa.Column('clean_state', sa.String(length=16), nullable=True),
        sa.Column('clean_steps', sa.Text(), nullable=True),
        sa.Column('clean_offer', sa.Text(), nullable=True),
        sa.Column('clean_id', sa.Integer(), nullable=True))
    op.create_index('devices_clean_state_idx', 'devices', ['clean_state'])
    _create_table(
        'device_cleanings',
        sa.Column('device_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('driver_name', sa.String(length=100), nullable=True),
        sa.Column('unit', sa.String(length=255), nullable=True),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('steps', sa.Text(), nullable=False),
        sa.Column('done', sa.Text(), nullable=True),
        sa.Column('step', sa.String(length=255), nullable=True),
        sa.Column('step_started_at', sa.DateTime(), nullable=True),
        sa.Column('handed_at', sa.DateTime(), nullable=True),
        sa.Column('ended_at', sa.DateTime(), nullable=True),
        sa.Column('reason', sa.Text(), nullable=True),
        sa.Column('ended_by', sa.String(length=255), nullable=True))
    op.create_index('device_cleanings_device_uuid_idx', 'device_cleanings',
                    ['device_uuid'])
    op.create_index('device_cleanings_state_idx', 'device_cleanings',
                    ['state'])
    op.create_index('devices_driver_name_idx', 'devices', ['driver_name'])
    op.create_index('devices_health_idx', 'devices', ['health'])
    op.create_index('devices_hostname_idx', 'devices', ['hostname'])
    op.create_index('devices_status_idx', 'devices', ['status'])
    op.create_index('devices_type_idx', 'devices', ['type'])
    op.create_index('devices_vendor_idx', 'devices', ['vendor'])
    # Keyed by its device: one row per device, no auto-increment (an
    # INSERT ... SELECT of concurrent reports would contend for it).
    op.create_table(
        'device_telemetry',
        sa.Column('device_uuid', sa.String(length=36), nullable=False),
        sa.Column('sample', sa.Text(), nullable=False),
        sa.Column('read_at', sa.DateTime(), nullable=False),
        sa.Column('stale_reason', sa.String(length=255), nullable=True),
        sa.Column('idle_since', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('device_uuid',
                                name=op.f('pk_device_telemetry')),
        sa.ForeignKeyConstraint(
            ['device_uuid'], ['devices.uuid'],
            name=op.f('fk_device_telemetry0device_uuid'),
            ondelete='RESTRICT'),
        **TABLE_KW)
    _create_table(
        'drivers',
        sa.Column('host', sa.String(length=255), nullable=False),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('version', sa.String(length=64), nullable=True),
        sa.Column('device_types', sa.Text(), nullable=True),
        sa.Column('detail', sa.Text(), nullable=True),
        sa.Column('config', sa.Text(), nullable=True),
        sa.Column('source', sa.String(length=16), nullable=False),
        sa.Column('state', sa.String(length=16), server_default='installed',
                  nullable=False),
        sa.Column('undo', sa.Text(), nullable=True),
        _unique('drivers', 'host', 'name'))
    _create_table(
        'hosts',
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('inventory_hash', sa.String(length=64), nullable=True),
        sa.Column('generation', sa.Integer(), nullable=False),
        sa.Column('compute_rp_uuid', sa.String(length=36), nullable=True),
        sa.Column('last_report_at', sa.DateTime(), nullable=True),
        sa.Column('agent_generation', sa.Integer(), nullable=True),
        sa.Column('hardware',
                  sa.Text().with_variant(mysql.MEDIUMTEXT(), 'mysql'),
                  nullable=True),
        sa.Column('rp_name', sa.String(length=255), nullable=True),
        sa.Column('compute_rp_name', sa.String(length=255), nullable=True),
        sa.Column('agent_up', sa.Boolean(), nullable=True),
        sa.Column('needs_sync', sa.Boolean(), server_default=sa.false(),
                  nullable=False),
        sa.Column('sync_claim', sa.String(length=36), nullable=True),
        sa.Column('sync_claimed_until', sa.DateTime(), nullable=True),
        sa.Column('gone_held', sa.Boolean(), server_default=sa.false(),
                  nullable=False),
        sa.Column('discovery_id', sa.String(length=36), nullable=True),
        sa.Column('discovery_state', sa.String(length=16), nullable=True),
        sa.Column('discovery_asked_at', sa.DateTime(), nullable=True),
        sa.Column('discovery_result', sa.Text(), nullable=True),
        sa.Column('drivers_asked', sa.Text(), nullable=True),
        sa.Column('drivers_settled', sa.Text(), nullable=True),
        _unique('hosts', 'hostname'),
        uuid=False)
    op.create_index('hosts_compute_rp_name_idx', 'hosts', ['compute_rp_name'])
    _create_table(
        'instance_attachments',
        sa.Column('instance_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('project_id', sa.String(length=255), nullable=True),
        sa.Column('user_id', sa.String(length=255), nullable=True),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reboot', sa.String(length=16), nullable=True),
        sa.Column('allocations', sa.Text(), nullable=False),
        sa.Column('previous', sa.Text(), nullable=True))
    op.create_index('instance_attachments_instance_uuid_idx',
                    'instance_attachments', ['instance_uuid'])
    op.create_index('instance_attachments_state_idx',
                    'instance_attachments', ['state'])
    _create_table(
        'nova_events',
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('server_uuid', sa.String(length=36), nullable=False),
        sa.Column('tag', sa.String(length=36), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=True),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('next_attempt_at', sa.DateTime(), nullable=True),
        sa.Column('last_error', sa.Text(), nullable=True),
        sa.Column('bind_started_at', sa.DateTime(), nullable=True),
        uuid=False)
    op.create_index('nova_events_state_next_attempt_idx', 'nova_events',
                    ['state', 'next_attempt_at'])
    op.create_index('nova_events_tag_idx', 'nova_events', ['tag'])
    _create_table(
        'services',
        sa.Column('host', sa.String(length=255), nullable=False),
        sa.Column('binary', sa.String(length=64), nullable=False),
        sa.Column('topic', sa.String(length=255), nullable=True),
        sa.Column('version', sa.String(length=64), nullable=True),
        sa.Column('started_at', sa.DateTime(), nullable=True),
        sa.Column('last_seen_up', sa.DateTime(), nullable=True),
        _unique('services', 'host', 'binary'))
    op.create_index('services_binary_idx', 'services', ['binary'])
    op.create_index('services_last_seen_up_idx', 'services', ['last_seen_up'])
    _create_table(
        'usage_intervals',
        sa.Column('arq_uuid', sa.String(length=36), nullable=False),
        sa.Column('open_arq_uuid', sa.String(length=36), nullable=True),
        sa.Column('instance_uuid', sa.String(length=36), nullable=True),
        sa.Column('project_id', sa.String(length=255), nullable=True),
        sa.Column('user_id', sa.String(length=255), nullable=True),
        sa.Column('resource_class', sa.String(length=255), nullable=True),
        sa.Column('deployable_uuid', sa.String(length=36), nullable=True),
        sa.Column('device_uuid', sa.String(length=36), nullable=True),
        sa.Column('hostname', sa.String(length=255), nullable=True),
        sa.Column('device_profile_name', sa.String(length=255),
                  nullable=True),
        # Seconds since 1970, UTC (cyborg.db.models.UTCSeconds).
        sa.Column('started_at', sa.BigInteger(), nullable=False),
        sa.Column('ended_at', sa.BigInteger(), nullable=True),
        sa.Column('ended_by', sa.String(length=16), nullable=True),
        _unique('usage_intervals', 'open_arq_uuid'))
    op.create_index('usage_intervals_arq_uuid_idx', 'usage_intervals',
                    ['arq_uuid'])
    op.create_index('usage_intervals_ended_at_idx', 'usage_intervals',
                    ['ended_at'])
    op.create_index('usage_intervals_project_window_idx',
                    'usage_intervals', ['project_id', 'resource_class',
                                        'started_at', 'ended_at'])
    _create_table(
        'usage_interval_classes',
        sa.Column('interval_id', sa.Integer(), nullable=False),
        sa.Column('device_class', sa.String(length=64), nullable=False),
        _fk('usage_interval_classes', 'interval_id', 'usage_intervals'),
        _unique('usage_interval_classes', 'interval_id', 'device_class'),
        uuid=False)
    op.create_index('usage_interval_classes_device_class_idx',
                    'usage_interval_classes', ['device_class',
                                               'interval_id'])
    _create_table(
        'rollout_devices',
        sa.Column('rollout_id', sa.Integer(), nullable=False),
        sa.Column('device_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('held_uuid', sa.String(length=36), nullable=True),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=True),
        sa.Column('generation', sa.Integer(), nullable=True),
        _fk('rollout_devices', 'rollout_id', 'configuration_rollouts'),
        _unique('rollout_devices', 'rollout_id', 'device_uuid'),
        _unique('rollout_devices', 'held_uuid'),
        uuid=False)
    op.create_index('rollout_devices_rollout_id_state_idx',
                    'rollout_devices', ['rollout_id', 'state'])
    op.create_index('rollout_devices_state_idx', 'rollout_devices',
                    ['state'])
    _create_table(
        'controlpath_ids',
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('cpid_type', sa.String(length=16), nullable=False),
        sa.Column('cpid_info', sa.String(length=255), nullable=False),
        _fk('controlpath_ids', 'device_id', 'devices'))
    op.create_index('controlpath_ids_device_id_idx', 'controlpath_ids',
                    ['device_id'])
    _create_table(
        'deployables',
        sa.Column('parent_id', sa.Integer(), nullable=True),
        sa.Column('root_id', sa.Integer(), nullable=True),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('num_accelerators', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('rp_uuid', sa.String(length=36), nullable=True),
        sa.Column('driver_name', sa.String(length=100), nullable=True),
        sa.Column('bitstream_id', sa.String(length=36), nullable=True),
        sa.Column('removed_at', sa.DateTime(), nullable=True),
        sa.Column('rp_state', sa.Text(), nullable=True),
        sa.Column('programming_until', sa.DateTime(), nullable=True),
        _fk('deployables', 'device_id', 'devices'),
        _fk('deployables', 'parent_id', 'deployables'),
        _fk('deployables', 'root_id', 'deployables'),
        _unique('deployables', 'name'))
    op.create_index('deployables_device_id_idx', 'deployables', ['device_id'])
    op.create_index('deployables_driver_name_idx', 'deployables',
                    ['driver_name'])
    op.create_index('deployables_parent_id_idx', 'deployables', ['parent_id'])
    op.create_index('deployables_removed_at_idx', 'deployables',
                    ['removed_at'])
    op.create_index('deployables_root_id_idx', 'deployables', ['root_id'])
    op.create_index('deployables_rp_uuid_idx', 'deployables', ['rp_uuid'])
    _create_table(
        'attach_handles',
        sa.Column('deployable_id', sa.Integer(), nullable=False),
        sa.Column('cpid_id', sa.Integer(), nullable=False),
        sa.Column('in_use', sa.Boolean(), nullable=False),
        sa.Column('attach_type', sa.String(length=16), nullable=False),
        sa.Column('attach_info', sa.String(length=255), nullable=False),
        sa.Column('resource_class', sa.String(length=255), nullable=True),
        sa.Column('clean_state', sa.String(length=16), nullable=True),
        sa.Column('clean_id', sa.Integer(), nullable=True),
        _fk('attach_handles', 'cpid_id', 'controlpath_ids'),
        _fk('attach_handles', 'deployable_id', 'deployables'))
    op.create_index('attach_handles_cpid_id_idx', 'attach_handles',
                    ['cpid_id'])
    op.create_index('attach_handles_deployable_id_in_use_idx',
                    'attach_handles', ['deployable_id', 'in_use'])
    op.create_index('attach_handles_resource_class_in_use_idx',
                    'attach_handles', ['resource_class', 'in_use'])
    _create_table(
        'attributes',
        sa.Column('deployable_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=255), nullable=False),
        sa.Column('value', sa.Text(), nullable=True),
        _fk('attributes', 'deployable_id', 'deployables'))
    op.create_index('attributes_deployable_id_key_idx', 'attributes',
                    ['deployable_id', 'key'])
    op.create_index('attributes_key_idx', 'attributes', ['key'])
    arqs = 'extended_accelerator_requests'
    _create_table(
        arqs,
        sa.Column('project_id', sa.String(length=255), nullable=True),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('device_profile_id', sa.Integer(), nullable=False),
        sa.Column('device_profile_group_id', sa.Integer(), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=True),
        sa.Column('device_rp_uuid', sa.String(length=36), nullable=True),
        sa.Column('instance_uuid', sa.String(length=36), nullable=True),
        sa.Column('attach_handle_id', sa.Integer(), nullable=True),
        sa.Column('deployable_id', sa.Integer(), nullable=True),
        sa.Column('attachment_uuid', sa.String(length=36), nullable=True),
        _fk(arqs, 'attach_handle_id', 'attach_handles'),
        _fk(arqs, 'deployable_id', 'deployables'),
        _fk(arqs, 'device_profile_id', 'device_profiles'),
        _unique(arqs, 'attach_handle_id'))
    for column in ('attachment_uuid', 'deployable_id', 'device_profile_id',
                   'device_rp_uuid', 'hostname', 'instance_uuid',
                   'project_id', 'state'):
        op.create_index('extended_arqs_%s_idx' % column, arqs, [column])
