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
"""Device health: devices.health, health_reason, health_since.

health is NULL (healthy: every existing device), ``unhealthy`` (the
agent's checks failed: its inventory is reserved) or ``recovering``
(healthy again, held out for ``[health] hold_down``); health_since is
when it entered that state, health_reason why it was last unhealthy.

Revision ID: 7c2e9b4d5a10
Revises: 3f9c1d7a2b64
Create Date: 2026-11-23 21:15:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '7c2e9b4d5a10'
down_revision = '3f9c1d7a2b64'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs (nullable, no default): no table rebuild, on
    # SQLite either.
    op.add_column('devices', sa.Column('health', sa.String(16),
                                       nullable=True))
    op.add_column('devices', sa.Column('health_reason', sa.String(255),
                                       nullable=True))
    op.add_column('devices', sa.Column('health_since', sa.DateTime,
                                       nullable=True))
