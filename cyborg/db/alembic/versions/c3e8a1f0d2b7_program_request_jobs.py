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
"""Program requests are bind jobs: bind_jobs.arq_uuid may be NULL, and
bind_jobs.outcome keeps what a finished one came to.

``PATCH /v2/deployables/{uuid}/program`` queues a ``program`` job of no
accelerator request (arq_uuid NULL) that a conductor runs through the
agent, as it runs a bind's; the job is kept once finished (state ``done``
or ``failed``) with its outcome (JSON: the driver's result, or the error
as cyborg.exception.to_record wrote it), which cyborg-api reads to
answer the request.  Existing rows are jobs of accelerator requests that
have not finished (outcome NULL).

Revision ID: c3e8a1f0d2b7
Revises: 7c2e9b4d5a10
Create Date: 2026-11-24 21:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'c3e8a1f0d2b7'
down_revision = '7c2e9b4d5a10'
branch_labels = None
depends_on = None


def upgrade():
    # SQLite cannot drop a NOT NULL in place: batch mode copies the table
    # there (a queue of unfinished jobs, small); elsewhere it is an ALTER.
    with op.batch_alter_table('bind_jobs') as batch:
        batch.alter_column('arq_uuid', existing_type=sa.String(36),
                           nullable=True)
        batch.add_column(sa.Column('outcome', sa.Text, nullable=True))
