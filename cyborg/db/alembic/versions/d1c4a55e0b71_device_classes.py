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
"""Device classes: device_classes (name, description, selector).

An operator's class of devices; the conductor publishes its trait
``CUSTOM_CLASS_<NAME>`` on every deployable's resource provider its
selector matches (cyborg.common.device_class).

Revision ID: d1c4a55e0b71
Revises: 9a4d2f6b8c31
Create Date: 2026-11-25 03:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'd1c4a55e0b71'
down_revision = '9a4d2f6b8c31'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'device_classes',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('uuid', sa.String(36), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.Column('name', sa.String(64), nullable=False),
        sa.Column('description', sa.Text, nullable=True),
        sa.Column('selector', sa.Text, nullable=False),
        sa.PrimaryKeyConstraint('id', name='pk_device_classes'),
        sa.UniqueConstraint('uuid', name='uniq_device_classes0uuid'),
        sa.UniqueConstraint('name', name='uniq_device_classes0name'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
