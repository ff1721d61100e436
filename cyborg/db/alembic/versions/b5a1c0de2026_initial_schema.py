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
"""Initial schema.

The tables of the existing Cyborg (devices, controlpath_ids, deployables,
attributes, attach_handles, device_profiles, extended_accelerator_requests)
plus Cyborg's own: services, hosts, drivers, bind_jobs and nova_events.

Revision ID: b5a1c0de2026
Revises:
Create Date: 2026-11-21 13:30:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'b5a1c0de2026'
down_revision = None
branch_labels = None
depends_on = None

TABLE_KW = {'mysql_engine': 'InnoDB', 'mysql_charset': 'utf8mb4'}


def _common(table):
    """id, uuid and the timestamps every table but hosts and nova_events
    has, with their constraints.
    """
    return [
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('uuid', sa.String(36), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_' + table),
        sa.UniqueConstraint('uuid', name='uniq_%s0uuid' % table),
    ]


def _fk(table, column, target):
    return sa.ForeignKeyConstraint(
        [column], [target + '.id'], name='fk_%s0%s' % (table, column),
        ondelete='RESTRICT')


def _indexes(table, *indexes):
    for name, columns in indexes:
        op.create_index(name, table, columns)


def upgrade():
    op.create_table(
        'services',
        *_common('services'),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('binary', sa.String(64), nullable=False),
        sa.Column('topic', sa.String(255), nullable=True),
        sa.Column('version', sa.String(64), nullable=True),
        sa.Column('started_at', sa.DateTime, nullable=True),
        sa.Column('last_seen_up', sa.DateTime, nullable=True),
        sa.UniqueConstraint('host', 'binary',
                            name='uniq_services0host_binary'),
        **TABLE_KW)
    _indexes('services',
             ('services_binary_idx', ['binary']),
             ('services_last_seen_up_idx', ['last_seen_up']))

    op.create_table(
        'hosts',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('hostname', sa.String(255), nullable=False),
        sa.Column('inventory_hash', sa.String(64), nullable=True),
        sa.Column('generation', sa.Integer, nullable=False),
        sa.Column('compute_rp_uuid', sa.String(36), nullable=True),
        sa.Column('last_report_at', sa.DateTime, nullable=True),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_hosts'),
        sa.UniqueConstraint('hostname', name='uniq_hosts0hostname'),
        **TABLE_KW)

    op.create_table(
        'drivers',
        *_common('drivers'),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('version', sa.String(64), nullable=True),
        sa.Column('device_types', sa.Text, nullable=True),
        sa.Column('detail', sa.Text, nullable=True),
        sa.Column('config', sa.Text, nullable=True),
        sa.Column('source', sa.String(16), nullable=False),
        sa.UniqueConstraint('host', 'name', name='uniq_drivers0host_name'),
        **TABLE_KW)

    op.create_table(
        'devices',
        *_common('devices'),
        sa.Column('type', sa.String(30), nullable=False),
        sa.Column('vendor', sa.String(255), nullable=False),
        sa.Column('model', sa.String(255), nullable=False),
        sa.Column('std_board_info', sa.Text, nullable=True),
        sa.Column('vendor_board_info', sa.Text, nullable=True),
        sa.Column('hostname', sa.String(255), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('driver_name', sa.String(100), nullable=True),
        **TABLE_KW)
    _indexes('devices',
             ('devices_hostname_idx', ['hostname']),
             ('devices_type_idx', ['type']),
             ('devices_vendor_idx', ['vendor']),
             ('devices_status_idx', ['status']),
             ('devices_driver_name_idx', ['driver_name']))

    op.create_table(
        'controlpath_ids',
        *_common('controlpath_ids'),
        sa.Column('device_id', sa.Integer, nullable=False),
        sa.Column('cpid_type', sa.String(16), nullable=False),
        sa.Column('cpid_info', sa.String(255), nullable=False),
        _fk('controlpath_ids', 'device_id', 'devices'),
        **TABLE_KW)
    _indexes('controlpath_ids',
             ('controlpath_ids_device_id_idx', ['device_id']))

    op.create_table(
        'deployables',
        *_common('deployables'),
        sa.Column('parent_id', sa.Integer, nullable=True),
        sa.Column('root_id', sa.Integer, nullable=True),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('num_accelerators', sa.Integer, nullable=False),
        sa.Column('device_id', sa.Integer, nullable=False),
        sa.Column('rp_uuid', sa.String(36), nullable=True),
        sa.Column('driver_name', sa.String(100), nullable=True),
        sa.Column('bitstream_id', sa.String(36), nullable=True),
        sa.UniqueConstraint('name', name='uniq_deployables0name'),
        _fk('deployables', 'parent_id', 'deployables'),
        _fk('deployables', 'root_id', 'deployables'),
        _fk('deployables', 'device_id', 'devices'),
        **TABLE_KW)
    _indexes('deployables',
             ('deployables_parent_id_idx', ['parent_id']),
             ('deployables_root_id_idx', ['root_id']),
             ('deployables_device_id_idx', ['device_id']),
             ('deployables_rp_uuid_idx', ['rp_uuid']),
             ('deployables_driver_name_idx', ['driver_name']))

    op.create_table(
        'attributes',
        *_common('attributes'),
        sa.Column('deployable_id', sa.Integer, nullable=False),
        sa.Column('key', sa.String(255), nullable=False),
        sa.Column('value', sa.Text, nullable=True),
        _fk('attributes', 'deployable_id', 'deployables'),
        **TABLE_KW)
    _indexes('attributes',
             ('attributes_deployable_id_key_idx', ['deployable_id', 'key']),
             ('attributes_key_idx', ['key']))

    op.create_table(
        'attach_handles',
        *_common('attach_handles'),
        sa.Column('deployable_id', sa.Integer, nullable=False),
        sa.Column('cpid_id', sa.Integer, nullable=False),
        sa.Column('in_use', sa.Boolean, nullable=False),
        sa.Column('attach_type', sa.String(16), nullable=False),
        sa.Column('attach_info', sa.String(255), nullable=False),
        _fk('attach_handles', 'deployable_id', 'deployables'),
        _fk('attach_handles', 'cpid_id', 'controlpath_ids'),
        **TABLE_KW)
    _indexes('attach_handles',
             ('attach_handles_deployable_id_in_use_idx',
              ['deployable_id', 'in_use']),
             ('attach_handles_cpid_id_idx', ['cpid_id']))

    op.create_table(
        'device_profiles',
        *_common('device_profiles'),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('profile_json', sa.Text, nullable=False),
        sa.Column('description', sa.Text, nullable=True),
        sa.UniqueConstraint('name', name='uniq_device_profiles0name'),
        **TABLE_KW)

    table = 'extended_accelerator_requests'
    op.create_table(
        table,
        *_common(table),
        sa.Column('project_id', sa.String(255), nullable=True),
        sa.Column('state', sa.String(16), nullable=False),
        sa.Column('device_profile_id', sa.Integer, nullable=False),
        sa.Column('device_profile_group_id', sa.Integer, nullable=False),
        sa.Column('hostname', sa.String(255), nullable=True),
        sa.Column('device_rp_uuid', sa.String(36), nullable=True),
        sa.Column('instance_uuid', sa.String(36), nullable=True),
        sa.Column('attach_handle_id', sa.Integer, nullable=True),
        sa.Column('deployable_id', sa.Integer, nullable=True),
        sa.UniqueConstraint('attach_handle_id',
                            name='uniq_%s0attach_handle_id' % table),
        _fk(table, 'device_profile_id', 'device_profiles'),
        _fk(table, 'attach_handle_id', 'attach_handles'),
        _fk(table, 'deployable_id', 'deployables'),
        **TABLE_KW)
    _indexes(table,
             ('extended_arqs_project_id_idx', ['project_id']),
             ('extended_arqs_instance_uuid_idx', ['instance_uuid']),
             ('extended_arqs_device_profile_id_idx', ['device_profile_id']),
             ('extended_arqs_device_rp_uuid_idx', ['device_rp_uuid']),
             ('extended_arqs_hostname_idx', ['hostname']),
             ('extended_arqs_state_idx', ['state']),
             ('extended_arqs_deployable_id_idx', ['deployable_id']))

    op.create_table(
        'bind_jobs',
        *_common('bind_jobs'),
        sa.Column('arq_uuid', sa.String(36), nullable=False),
        sa.Column('kind', sa.String(32), nullable=False),
        sa.Column('state', sa.String(16), nullable=False),
        sa.Column('payload', sa.Text, nullable=True),
        sa.Column('owner', sa.String(255), nullable=True),
        sa.Column('attempts', sa.Integer, nullable=False),
        sa.Column('deadline', sa.DateTime, nullable=True),
        sa.Column('last_error', sa.Text, nullable=True),
        **TABLE_KW)
    _indexes('bind_jobs',
             ('bind_jobs_arq_uuid_idx', ['arq_uuid']),
             ('bind_jobs_state_idx', ['state']))

    op.create_table(
        'nova_events',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('name', sa.String(64), nullable=False),
        sa.Column('server_uuid', sa.String(36), nullable=False),
        sa.Column('tag', sa.String(36), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('state', sa.String(16), nullable=False),
        sa.Column('attempts', sa.Integer, nullable=False),
        sa.Column('next_attempt_at', sa.DateTime, nullable=True),
        sa.Column('last_error', sa.Text, nullable=True),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_nova_events'),
        **TABLE_KW)
    _indexes('nova_events',
             ('nova_events_state_next_attempt_idx',
              ['state', 'next_attempt_at']),
             ('nova_events_tag_idx', ['tag']))
