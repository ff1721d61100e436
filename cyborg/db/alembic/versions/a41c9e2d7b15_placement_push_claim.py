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
"""Push to Placement outside database transactions.

hosts.sync_claim and hosts.sync_claimed_until: the conductor pushing a
host's resource providers to Placement (cyborg.conductor.placement.push)
takes the host for a while, so that two conductors never push one host at
once; a claim that expired is an unfinished push, done again.
hosts.gone_held marks a host whose last report left gone hardware in the
tables (attach handles or devices still held): the report is applied
again until they are released.  Existing rows have neither.

Revision ID: a41c9e2d7b15
Revises: 5e7b3a9d2c14
Create Date: 2026-11-23 12:40:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'a41c9e2d7b15'
down_revision = '5e7b3a9d2c14'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs: no table rebuild, on SQLite either.
    op.add_column('hosts', sa.Column('sync_claim', sa.String(length=36),
                                     nullable=True))
    op.add_column('hosts', sa.Column('sync_claimed_until', sa.DateTime(),
                                     nullable=True))
    op.add_column('hosts', sa.Column('gone_held', sa.Boolean(),
                                     server_default=sa.false(),
                                     nullable=False))
