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
"""nova_events.bind_started_at: when the bind an event reports began.

An ``accelerator-request-bound`` event is written when its ARQ is
resolved: in the bind's own transaction for a bind without device work,
when its bind job ends otherwise.  The bind's start (Nova's PATCH) goes
with it, so that the conductor sending the event observes the time from
the PATCH to Nova taking it (``cyborg_bind_nova_event_seconds``).
Nullable: events of other changes (an unbind, a release) and those
written before this revision have none.

Revision ID: e7b2c4d9a153
Revises: d1c4a55e0b71
Create Date: 2026-11-25 10:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'e7b2c4d9a153'
down_revision = 'd1c4a55e0b71'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('nova_events',
                  sa.Column('bind_started_at', sa.DateTime, nullable=True))
