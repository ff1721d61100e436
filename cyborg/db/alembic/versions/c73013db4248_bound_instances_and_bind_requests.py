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
"""Bound instances, and the API request of bind jobs and Nova events.

bound_instances has one row per instance with accelerator requests bound
to it: its unique instance_uuid serialises binds of one instance.
bind_jobs.request_id and nova_events.request_id name the PATCH whose
answer must go out before the job starts and the event is sent;
bind_jobs.not_before delays a retried job.

Revision ID: c73013db4248
Revises: 492d55bce3e5
Create Date: 2026-11-21 14:19:18
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'c73013db4248'
down_revision = '492d55bce3e5'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'bound_instances',
        sa.Column('id', sa.Integer, nullable=False),
        sa.Column('instance_uuid', sa.String(36), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=True),
        sa.Column('updated_at', sa.DateTime, nullable=True),
        sa.PrimaryKeyConstraint('id', name='pk_bound_instances'),
        sa.UniqueConstraint('instance_uuid',
                            name='uniq_bound_instances0instance_uuid'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    # Plain ADD COLUMNs (nullable, no default): no table rebuild, on
    # SQLite either.
    for table in ('bind_jobs', 'nova_events'):
        op.add_column(table, sa.Column('request_id', sa.String(64),
                                       nullable=True))
        op.create_index('%s_request_id_idx' % table, table, ['request_id'])
    op.add_column('bind_jobs', sa.Column('not_before', sa.DateTime,
                                         nullable=True))
