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
"""Queries of the deployables table, with their attributes."""

import collections

import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

_COLUMNS = ('id', 'uuid', 'parent_id', 'root_id', 'name',
            'num_accelerators', 'device_id', 'rp_uuid', 'driver_name',
            'bitstream_id', 'created_at', 'updated_at')


def _to_dicts(session, rows):
    """Rows as dicts, each with its attributes (one query for all rows)."""
    result = [{name: getattr(row, name) for name in _COLUMNS}
              for row in rows]
    ids = [row['id'] for row in result]
    attributes = collections.defaultdict(list)
    if ids:
        attr = models.Attribute
        for deployable_id, key, value in session.execute(
                sa.select(attr.deployable_id, attr.key, attr.value)
                .where(attr.deployable_id.in_(ids)).order_by(attr.id)):
            attributes[deployable_id].append((key, value))
    for row in result:
        row['attributes'] = attributes[row['id']]
    return result


@db_api.context_manager.reader
def get(context, uuid):
    """:raises: DeployableNotFound
    :returns: the row as a dict, with attributes [(key, value)].
    """
    row = context.session.execute(
        sa.select(models.Deployable).where(models.Deployable.uuid == uuid)
    ).scalar_one_or_none()
    if row is None:
        raise exception.DeployableNotFound(uuid=uuid)
    return _to_dicts(context.session, [row])[0]


@db_api.context_manager.reader
def get_all(context, filters=None, limit=None, marker=None, sort_key='id',
            sort_dir='asc'):
    """Deployables matching every exact-match filter.

    Two statements whatever the number of rows: the deployables, then the
    attributes of all of them.

    :param filters: {column: value}, e.g. name, device_id, driver_name,
        rp_uuid.
    :raises: MarkerNotFound
    :returns: a list of dicts, each with attributes [(key, value)].
    """
    query = sa.select(models.Deployable)
    for column, value in (filters or {}).items():
        query = query.where(getattr(models.Deployable, column) == value)
    query = paginate.apply(context.session, query, models.Deployable,
                           limit, marker, sort_key, sort_dir)
    return _to_dicts(context.session,
                     context.session.execute(query).scalars().all())
