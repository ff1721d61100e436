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
"""Keep each host's last hardware report.

hosts.hardware holds the agent's last full report (JSON), so that the
conductor can show a host's hardware while its agent is down;
hosts.agent_generation is the agent's own counter of inventory changes.

Revision ID: 6cf62fe9fdeb
Revises: b5a1c0de2026
Create Date: 2026-11-21 13:52:12.685351
"""

from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

# revision identifiers, used by alembic.
revision = '6cf62fe9fdeb'
down_revision = 'b5a1c0de2026'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs (nullable, no default): no table rebuild, on
    # SQLite either.
    op.add_column('hosts', sa.Column('agent_generation', sa.Integer(),
                                     nullable=True))
    op.add_column('hosts', sa.Column(
        'hardware', sa.Text().with_variant(mysql.MEDIUMTEXT(), 'mysql'),
        nullable=True))
