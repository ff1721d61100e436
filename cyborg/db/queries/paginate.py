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
"""Keyset pagination of list queries: sort key, limit and marker in SQL."""

import sqlalchemy as sa

from cyborg import exception

ASC = 'asc'
DESC = 'desc'


def apply(session, query, model, limit=None, marker=None, sort_key='id',
          sort_dir=ASC):
    """Order *query* and cut it after *marker*, keeping at most *limit*.

    Rows are ordered by ``sort_key`` then ``id`` (unique), so pages never
    overlap or skip a row, and the database answers from an index instead
    of counting rows as an OFFSET would.  The marker is the uuid of the last
    row of the previous page.  *sort_key* must be a column that is never
    NULL (the API offers only such keys).

    :param session: the session the query will run in.
    :param query: a SELECT whose rows include *model*.
    :param model: the mapped class the query is paginated on, or the
        columns (``table.c``) of its table for a Core query.
    :param limit: the page size, or None for every row.
    :param marker: uuid of the last row seen, or None.
    :param sort_key: a column name of *model*.
    :param sort_dir: 'asc' or 'desc'.
    :raises: MarkerNotFound when no row has the marker's uuid.
    :returns: the new SELECT.
    """
    column = getattr(model, sort_key)
    descending = sort_dir == DESC
    if marker is not None:
        row = session.execute(
            sa.select(column, model.id).where(model.uuid == marker)
        ).one_or_none()
        if row is None:
            raise exception.MarkerNotFound(marker=marker)
        value, row_id = row
        if descending:
            after = sa.or_(column < value,
                           sa.and_(column == value, model.id < row_id))
        else:
            after = sa.or_(column > value,
                           sa.and_(column == value, model.id > row_id))
        query = query.where(after)
    if descending:
        query = query.order_by(column.desc(), model.id.desc())
    else:
        query = query.order_by(column.asc(), model.id.asc())
    if limit is not None:
        query = query.limit(limit)
    return query
