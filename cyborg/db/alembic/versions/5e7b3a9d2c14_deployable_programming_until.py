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
"""Mark a deployable while the program API programs it.

deployables.programming_until is set by ``PATCH /v2/deployables/{uuid}/
program`` (under the deployable's row lock, when none of its attach
handles is in use) for as long as the agent may take, and cleared when
the programming ends: until then no bind takes the deployable.  Existing
rows are not being programmed (NULL).

Revision ID: 5e7b3a9d2c14
Revises: 8d2e4f6a1b3c
Create Date: 2026-11-24 09:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = '5e7b3a9d2c14'
down_revision = '8d2e4f6a1b3c'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('deployables', sa.Column('programming_until', sa.DateTime(),
                                           nullable=True))
