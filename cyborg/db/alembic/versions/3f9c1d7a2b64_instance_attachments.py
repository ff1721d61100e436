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
"""Accelerators attached to servers by attach-instance.

instance_attachments has one row per attach-instance: what it added to
the server's allocations in Placement and where it stands (see
cyborg.db.models.InstanceAttachment).
extended_accelerator_requests.attachment_uuid marks the ARQs it made;
existing ARQs were made by POST /v2/accelerator_requests and have none.

Revision ID: 3f9c1d7a2b64
Revises: a41c9e2d7b15
Create Date: 2026-11-26 10:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '3f9c1d7a2b64'
down_revision = 'a41c9e2d7b15'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'instance_attachments',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('uuid', sa.String(36), nullable=False),
        sa.Column('instance_uuid', sa.String(36), nullable=False),
        sa.Column('hostname', sa.String(255), nullable=False),
        sa.Column('project_id', sa.String(255), nullable=True),
        sa.Column('user_id', sa.String(255), nullable=True),
        sa.Column('state', sa.String(16), nullable=False),
        sa.Column('reboot', sa.String(16), nullable=True),
        sa.Column('allocations', sa.Text, nullable=False),
        sa.Column('previous', sa.Text, nullable=True),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_instance_attachments'),
        sa.UniqueConstraint('uuid', name='uniq_instance_attachments0uuid'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('instance_attachments_instance_uuid_idx',
                    'instance_attachments', ['instance_uuid'])
    op.create_index('instance_attachments_state_idx',
                    'instance_attachments', ['state'])
    # A plain ADD COLUMN (nullable, no default): no table rebuild, on
    # SQLite either.
    op.add_column('extended_accelerator_requests',
                  sa.Column('attachment_uuid', sa.String(36),
                            nullable=True))
    op.create_index('extended_arqs_attachment_uuid_idx',
                    'extended_accelerator_requests', ['attachment_uuid'])
