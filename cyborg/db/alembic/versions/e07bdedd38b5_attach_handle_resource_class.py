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
"""attach_handles.resource_class, and the indexes of the capacity view.

Each attach handle carries its deployable's resource class (the value of
its first ``rc`` attribute, NULL without one), copied by the writers of
handles and of ``rc`` attributes, so that the capacity view's totals
count the handles by resource class from their own index instead of
joining each of them to its attribute (cyborg.db.queries.capacity).  The
existing handles get theirs here.  Two more indexes let the view find
the few held out deployables without reading every one:
``devices.health`` and ``deployables.removed_at``.

Revision ID: e07bdedd38b5
Revises: f3a9c2d1b7e4
Create Date: 2026-11-25 18:00:00
"""

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by alembic.
revision = 'e07bdedd38b5'
down_revision = 'f3a9c2d1b7e4'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('attach_handles',
                  sa.Column('resource_class', sa.String(255),
                            nullable=True))
    handles = sa.table('attach_handles',
                       sa.column('deployable_id', sa.Integer),
                       sa.column('resource_class', sa.String(255)))
    attributes = sa.table('attributes', sa.column('id', sa.Integer),
                          sa.column('deployable_id', sa.Integer),
                          sa.column('key', sa.String(255)),
                          sa.column('value', sa.Text))
    resource_class = (
        sa.select(sa.cast(attributes.c.value, sa.String(255)))
        .where(attributes.c.deployable_id == handles.c.deployable_id,
               attributes.c.key == 'rc')
        .order_by(attributes.c.id).limit(1).scalar_subquery())
    op.execute(sa.update(handles).values(resource_class=resource_class))
    op.create_index('attach_handles_resource_class_in_use_idx',
                    'attach_handles', ['resource_class', 'in_use'])
    op.create_index('devices_health_idx', 'devices', ['health'])
    op.create_index('deployables_removed_at_idx', 'deployables',
                    ['removed_at'])
