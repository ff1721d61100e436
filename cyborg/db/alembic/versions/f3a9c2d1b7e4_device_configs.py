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
"""device_configs: a device's configuration as desired state.

An operator's ``PUT /v2/devices/{uuid}/configuration`` (microversion
2.14) is stored here, keyed by the device's uuid, with a generation the
agent reports back once it applied it, and the state of the change
(cyborg.common.device_config.STATES).

Revision ID: f3a9c2d1b7e4
Revises: e7b2c4d9a153
Create Date: 2026-11-25 12:30:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'f3a9c2d1b7e4'
down_revision = 'e7b2c4d9a153'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'device_configs',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('device_uuid', sa.String(36), nullable=False),
        sa.Column('hostname', sa.String(255), nullable=False),
        sa.Column('desired', sa.Text, nullable=False),
        sa.Column('generation', sa.Integer, nullable=False),
        sa.Column('state', sa.String(16), nullable=False),
        sa.Column('reason', sa.String(255), nullable=True),
        sa.Column('drain', sa.Boolean, nullable=False),
        sa.Column('applied_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_device_configs'),
        sa.UniqueConstraint('device_uuid',
                            name='uniq_device_configs0device_uuid'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('device_configs_hostname_idx', 'device_configs',
                    ['hostname'])
    op.create_index('device_configs_state_idx', 'device_configs',
                    ['state'])
