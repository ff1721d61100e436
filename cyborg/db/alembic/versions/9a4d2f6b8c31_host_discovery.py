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
"""Discovery asked of a host: hosts.discovery_id, discovery_state,
discovery_asked_at, discovery_result.

The conductor records the discovery an operator asked of each host
(``asked``), casts to the agent and answers; the agent's report brings
the outcome (``done`` with the result, or ``failed`` with the reason);
``unreachable`` when the agent could not be asked.

Revision ID: 9a4d2f6b8c31
Revises: c3e8a1f0d2b7
Create Date: 2026-11-24 20:55:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '9a4d2f6b8c31'
down_revision = 'c3e8a1f0d2b7'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs (nullable, no default): no table rebuild, on
    # SQLite either.
    op.add_column('hosts', sa.Column('discovery_id', sa.String(36),
                                     nullable=True))
    op.add_column('hosts', sa.Column('discovery_state', sa.String(16),
                                     nullable=True))
    op.add_column('hosts', sa.Column('discovery_asked_at', sa.DateTime,
                                     nullable=True))
    op.add_column('hosts', sa.Column('discovery_result', sa.Text,
                                     nullable=True))
