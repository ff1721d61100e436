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
"""Record what the conductor synchronised to Placement.

hosts.rp_name is the compute node resource provider the agent asked for;
hosts.agent_up the agent liveness as last applied to Placement;
hosts.needs_sync marks hosts whose tables or resource providers still
differ from the last report (retried by a periodic task).
deployables.removed_at marks hardware that is gone but still held by an
accelerator request or an allocation; deployables.rp_state is what was
last written to the deployable's resource provider.

Revision ID: 492d55bce3e5
Revises: 6cf62fe9fdeb
Create Date: 2026-11-21 14:27:14.012049
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '492d55bce3e5'
down_revision = '6cf62fe9fdeb'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs: no table rebuild, on SQLite either.  needs_sync
    # gets a server default so that existing rows are filled in.
    op.add_column('deployables', sa.Column('removed_at', sa.DateTime(),
                                           nullable=True))
    op.add_column('deployables', sa.Column('rp_state', sa.Text(),
                                           nullable=True))
    op.add_column('hosts', sa.Column('rp_name', sa.String(length=255),
                                     nullable=True))
    op.add_column('hosts', sa.Column('agent_up', sa.Boolean(),
                                     nullable=True))
    op.add_column('hosts', sa.Column('needs_sync', sa.Boolean(),
                                     server_default=sa.false(),
                                     nullable=False))
