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

The tables of the existing Cyborg (devices, controlpath_ids, deployables,
attributes, attach_handles, device_profiles, extended_accelerator_requests)
plus Cyborg's own: services, hosts, drivers, bind_jobs, nova_events,
bound_instances, instance_attachments, device_classes and device_configs.
The revisions written before the first release are folded into this one:
none was released.  A database of the existing Cyborg is converted to it
in place (cyborg.db.upstream_conversion).

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


def upgrade():
    op.create_table(
        'bind_jobs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
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
        sa.Column('outcome', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bind_jobs')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_bind_jobs0uuid')),
        **TABLE_KW,
    )
    op.create_index('bind_jobs_arq_uuid_idx', 'bind_jobs', ['arq_uuid'])
    op.create_index('bind_jobs_state_idx', 'bind_jobs', ['state'])
    op.create_table(
        'bound_instances',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('instance_uuid', sa.String(length=36), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bound_instances')),
        sa.UniqueConstraint(
            'instance_uuid', name=op.f('uniq_bound_instances0instance_uuid')
        ),
        **TABLE_KW,
    )
    op.create_table(
        'device_classes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('name', sa.String(length=64), nullable=False),
        sa.Column('description', sa.Text(), nullable=True),
        sa.Column('selector', sa.Text(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_classes')),
        sa.UniqueConstraint('name', name=op.f('uniq_device_classes0name')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_device_classes0uuid')),
        **TABLE_KW,
    )
    op.create_table(
        'device_configs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('desired', sa.Text(), nullable=False),
        sa.Column('generation', sa.Integer(), nullable=False),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=255), nullable=True),
        sa.Column('drain', sa.Boolean(), nullable=False),
        sa.Column('applied_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_configs')),
        sa.UniqueConstraint(
            'device_uuid', name=op.f('uniq_device_configs0device_uuid')
        ),
        **TABLE_KW,
    )
    op.create_index(
        'device_configs_hostname_idx', 'device_configs', ['hostname']
    )
    op.create_index('device_configs_state_idx', 'device_configs', ['state'])
    op.create_table(
        'device_profiles',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('profile_json', sa.Text(), nullable=False),
        sa.Column('description', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_profiles')),
        sa.UniqueConstraint('name', name=op.f('uniq_device_profiles0name')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_device_profiles0uuid')),
        **TABLE_KW,
    )
    op.create_table(
        'devices',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
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
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_devices')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_devices0uuid')),
        **TABLE_KW,
    )
    op.create_index('devices_driver_name_idx', 'devices', ['driver_name'])
    op.create_index('devices_health_idx', 'devices', ['health'])
    op.create_index('devices_hostname_idx', 'devices', ['hostname'])
    op.create_index('devices_status_idx', 'devices', ['status'])
    op.create_index('devices_type_idx', 'devices', ['type'])
    op.create_index('devices_vendor_idx', 'devices', ['vendor'])
    op.create_table(
        'drivers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('host', sa.String(length=255), nullable=False),
        sa.Column('name', sa.String(length=255), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('version', sa.String(length=64), nullable=True),
        sa.Column('device_types', sa.Text(), nullable=True),
        sa.Column('detail', sa.Text(), nullable=True),
        sa.Column('config', sa.Text(), nullable=True),
        sa.Column('source', sa.String(length=16), nullable=False),
        sa.Column(
            'state',
            sa.String(length=16),
            server_default='installed',
            nullable=False,
        ),
        sa.Column('undo', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_drivers')),
        sa.UniqueConstraint(
            'host', 'name', name=op.f('uniq_drivers0host_name')
        ),
        sa.UniqueConstraint('uuid', name=op.f('uniq_drivers0uuid')),
        **TABLE_KW,
    )
    op.create_table(
        'hosts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('inventory_hash', sa.String(length=64), nullable=True),
        sa.Column('generation', sa.Integer(), nullable=False),
        sa.Column('compute_rp_uuid', sa.String(length=36), nullable=True),
        sa.Column('last_report_at', sa.DateTime(), nullable=True),
        sa.Column('agent_generation', sa.Integer(), nullable=True),
        sa.Column(
            'hardware',
            sa.Text().with_variant(mysql.MEDIUMTEXT(), 'mysql'),
            nullable=True,
        ),
        sa.Column('rp_name', sa.String(length=255), nullable=True),
        sa.Column('compute_rp_name', sa.String(length=255), nullable=True),
        sa.Column('agent_up', sa.Boolean(), nullable=True),
        sa.Column(
            'needs_sync',
            sa.Boolean(),
            server_default=sa.false(),
            nullable=False,
        ),
        sa.Column('sync_claim', sa.String(length=36), nullable=True),
        sa.Column('sync_claimed_until', sa.DateTime(), nullable=True),
        sa.Column(
            'gone_held',
            sa.Boolean(),
            server_default=sa.false(),
            nullable=False,
        ),
        sa.Column('discovery_id', sa.String(length=36), nullable=True),
        sa.Column('discovery_state', sa.String(length=16), nullable=True),
        sa.Column('discovery_asked_at', sa.DateTime(), nullable=True),
        sa.Column('discovery_result', sa.Text(), nullable=True),
        sa.Column('drivers_asked', sa.Text(), nullable=True),
        sa.Column('drivers_settled', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_hosts')),
        sa.UniqueConstraint('hostname', name=op.f('uniq_hosts0hostname')),
        **TABLE_KW,
    )
    op.create_index('hosts_compute_rp_name_idx', 'hosts', ['compute_rp_name'])
    op.create_table(
        'instance_attachments',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('instance_uuid', sa.String(length=36), nullable=False),
        sa.Column('hostname', sa.String(length=255), nullable=False),
        sa.Column('project_id', sa.String(length=255), nullable=True),
        sa.Column('user_id', sa.String(length=255), nullable=True),
        sa.Column('state', sa.String(length=16), nullable=False),
        sa.Column('reboot', sa.String(length=16), nullable=True),
        sa.Column('allocations', sa.Text(), nullable=False),
        sa.Column('previous', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_instance_attachments')),
        sa.UniqueConstraint(
            'uuid', name=op.f('uniq_instance_attachments0uuid')
        ),
        **TABLE_KW,
    )
    op.create_index(
        'instance_attachments_instance_uuid_idx',
        'instance_attachments',
        ['instance_uuid'],
    )
    op.create_index(
        'instance_attachments_state_idx', 'instance_attachments', ['state']
    )
    op.create_table(
        'nova_events',
        sa.Column('id', sa.Integer(), nullable=False),
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
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_nova_events')),
        **TABLE_KW,
    )
    op.create_index(
        'nova_events_state_next_attempt_idx',
        'nova_events',
        ['state', 'next_attempt_at'],
    )
    op.create_index('nova_events_tag_idx', 'nova_events', ['tag'])
    op.create_table(
        'services',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('host', sa.String(length=255), nullable=False),
        sa.Column('binary', sa.String(length=64), nullable=False),
        sa.Column('topic', sa.String(length=255), nullable=True),
        sa.Column('version', sa.String(length=64), nullable=True),
        sa.Column('started_at', sa.DateTime(), nullable=True),
        sa.Column('last_seen_up', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_services')),
        sa.UniqueConstraint(
            'host', 'binary', name=op.f('uniq_services0host_binary')
        ),
        sa.UniqueConstraint('uuid', name=op.f('uniq_services0uuid')),
        **TABLE_KW,
    )
    op.create_index('services_binary_idx', 'services', ['binary'])
    op.create_index('services_last_seen_up_idx', 'services', ['last_seen_up'])
    op.create_table(
        'controlpath_ids',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('device_id', sa.Integer(), nullable=False),
        sa.Column('cpid_type', sa.String(length=16), nullable=False),
        sa.Column('cpid_info', sa.String(length=255), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ['device_id'],
            ['devices.id'],
            name=op.f('fk_controlpath_ids0device_id'),
            ondelete='RESTRICT',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_controlpath_ids')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_controlpath_ids0uuid')),
        **TABLE_KW,
    )
    op.create_index(
        'controlpath_ids_device_id_idx', 'controlpath_ids', ['device_id']
    )
    op.create_table(
        'deployables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
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
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ['device_id'],
            ['devices.id'],
            name=op.f('fk_deployables0device_id'),
            ondelete='RESTRICT',
        ),
        sa.ForeignKeyConstraint(
            ['parent_id'],
            ['deployables.id'],
            name=op.f('fk_deployables0parent_id'),
            ondelete='RESTRICT',
        ),
        sa.ForeignKeyConstraint(
            ['root_id'],
            ['deployables.id'],
            name=op.f('fk_deployables0root_id'),
            ondelete='RESTRICT',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_deployables')),
        sa.UniqueConstraint('name', name=op.f('uniq_deployables0name')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_deployables0uuid')),
        **TABLE_KW,
    )
    op.create_index('deployables_device_id_idx', 'deployables', ['device_id'])
    op.create_index(
        'deployables_driver_name_idx', 'deployables', ['driver_name']
    )
    op.create_index('deployables_parent_id_idx', 'deployables', ['parent_id'])
    op.create_index(
        'deployables_removed_at_idx', 'deployables', ['removed_at']
    )
    op.create_index('deployables_root_id_idx', 'deployables', ['root_id'])
    op.create_index('deployables_rp_uuid_idx', 'deployables', ['rp_uuid'])
    op.create_table(
        'attach_handles',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('deployable_id', sa.Integer(), nullable=False),
        sa.Column('cpid_id', sa.Integer(), nullable=False),
        sa.Column('in_use', sa.Boolean(), nullable=False),
        sa.Column('attach_type', sa.String(length=16), nullable=False),
        sa.Column('attach_info', sa.String(length=255), nullable=False),
        sa.Column('resource_class', sa.String(length=255), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ['cpid_id'],
            ['controlpath_ids.id'],
            name=op.f('fk_attach_handles0cpid_id'),
            ondelete='RESTRICT',
        ),
        sa.ForeignKeyConstraint(
            ['deployable_id'],
            ['deployables.id'],
            name=op.f('fk_attach_handles0deployable_id'),
            ondelete='RESTRICT',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_attach_handles')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_attach_handles0uuid')),
        **TABLE_KW,
    )
    op.create_index(
        'attach_handles_cpid_id_idx', 'attach_handles', ['cpid_id']
    )
    op.create_index(
        'attach_handles_deployable_id_in_use_idx',
        'attach_handles',
        ['deployable_id', 'in_use'],
    )
    op.create_index(
        'attach_handles_resource_class_in_use_idx',
        'attach_handles',
        ['resource_class', 'in_use'],
    )
    op.create_table(
        'attributes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
        sa.Column('deployable_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=255), nullable=False),
        sa.Column('value', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ['deployable_id'],
            ['deployables.id'],
            name=op.f('fk_attributes0deployable_id'),
            ondelete='RESTRICT',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_attributes')),
        sa.UniqueConstraint('uuid', name=op.f('uniq_attributes0uuid')),
        **TABLE_KW,
    )
    op.create_index(
        'attributes_deployable_id_key_idx',
        'attributes',
        ['deployable_id', 'key'],
    )
    op.create_index('attributes_key_idx', 'attributes', ['key'])
    op.create_table(
        'extended_accelerator_requests',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('uuid', sa.String(length=36), nullable=False),
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
        sa.Column('created_at', sa.DateTime(), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ['attach_handle_id'],
            ['attach_handles.id'],
            name=op.f('fk_extended_accelerator_requests0attach_handle_id'),
            ondelete='RESTRICT',
        ),
        sa.ForeignKeyConstraint(
            ['deployable_id'],
            ['deployables.id'],
            name=op.f('fk_extended_accelerator_requests0deployable_id'),
            ondelete='RESTRICT',
        ),
        sa.ForeignKeyConstraint(
            ['device_profile_id'],
            ['device_profiles.id'],
            name=op.f('fk_extended_accelerator_requests0device_profile_id'),
            ondelete='RESTRICT',
        ),
        sa.PrimaryKeyConstraint(
            'id', name=op.f('pk_extended_accelerator_requests')
        ),
        sa.UniqueConstraint(
            'attach_handle_id',
            name=op.f('uniq_extended_accelerator_requests0attach_handle_id'),
        ),
        sa.UniqueConstraint(
            'uuid', name=op.f('uniq_extended_accelerator_requests0uuid')
        ),
        **TABLE_KW,
    )
    op.create_index(
        'extended_arqs_attachment_uuid_idx',
        'extended_accelerator_requests',
        ['attachment_uuid'],
    )
    op.create_index(
        'extended_arqs_deployable_id_idx',
        'extended_accelerator_requests',
        ['deployable_id'],
    )
    op.create_index(
        'extended_arqs_device_profile_id_idx',
        'extended_accelerator_requests',
        ['device_profile_id'],
    )
    op.create_index(
        'extended_arqs_device_rp_uuid_idx',
        'extended_accelerator_requests',
        ['device_rp_uuid'],
    )
    op.create_index(
        'extended_arqs_hostname_idx',
        'extended_accelerator_requests',
        ['hostname'],
    )
    op.create_index(
        'extended_arqs_instance_uuid_idx',
        'extended_accelerator_requests',
        ['instance_uuid'],
    )
    op.create_index(
        'extended_arqs_project_id_idx',
        'extended_accelerator_requests',
        ['project_id'],
    )
    op.create_index(
        'extended_arqs_state_idx', 'extended_accelerator_requests', ['state']
    )
    # ### end Alembic commands ###
