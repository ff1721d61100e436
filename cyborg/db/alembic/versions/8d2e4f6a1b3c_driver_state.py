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
"""Record the operator's decision about each driver of each host.

drivers.state is "installed", or "uninstalled" for a driver of an agent's
configuration file ([agent] enabled_drivers) that the operator uninstalled
on that host through the API: the agent keeps it unloaded, across
restarts, until it is installed again.  Existing rows are installed.

Revision ID: 8d2e4f6a1b3c
Revises: 3f2a9c7d1e40
Create Date: 2026-11-23 06:40:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '8d2e4f6a1b3c'
down_revision = '3f2a9c7d1e40'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('drivers', sa.Column('state', sa.String(length=16),
                                       nullable=False,
                                       server_default='installed'))
