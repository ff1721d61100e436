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
"""Record the name of each host's compute node resource provider.

hosts.compute_rp_name is the name of the provider hosts.compute_rp_uuid
was found under (the agent's [agent] resource_provider_name, or its host
when Placement has no provider of that name): Nova binds accelerator
requests with that name.  Existing rows are filled in by the conductor's
next synchronisation of the host.

Revision ID: 3f2a9c7d1e40
Revises: c73013db4248
Create Date: 2026-11-23 06:10:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '3f2a9c7d1e40'
down_revision = 'c73013db4248'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('hosts', sa.Column('compute_rp_name', sa.String(length=255),
                                     nullable=True))
    op.create_index('hosts_compute_rp_name_idx', 'hosts',
                    ['compute_rp_name'])
