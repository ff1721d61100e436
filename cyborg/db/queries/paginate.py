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
"""Keyset pagination of list queries: sort key, limit and marker in SQL.

oslo.db's ``paginate_query`` is given bound parameters for the marker's
values and the page size, so that each shape of query is built once.
"""

import functools
import types

from oslo_db.sqlalchemy import utils as sqlalchemyutils
import sqlalchemy as sa

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models

# The mapped class of each table (paginate_query takes a model).
_MODELS = {mapper.local_table: mapper.class_
           for mapper in models.Base.registry.mappers}


@functools.lru_cache(maxsize=512)
def _page_statement(base, table, filters, sort_key, sort_dir, marker,
                    limit):
    """The SELECT of one page of *table*, built once per shape.

    Bound parameters: ``f_<column>``, ``fin_<column>`` (IN), ``m_value`` and
    ``m_id`` (the marker's row) and ``p_limit``.
    """
    query = sa.select(table) if base is None else base
    for name, kind in filters:
        column = table.c[name]
        if kind == _IN:
            query = query.where(
                column.in_(sa.bindparam('fin_' + name, expanding=True)))
        else:
            query = query.where(column == sa.bindparam('f_' + name))
    # id last: the order is total, so pages never overlap or skip a row.
    sort_keys = [sort_key] if sort_key == 'id' else [sort_key, 'id']
    # The marker's row as paginate_query reads it, with placeholders.
    placeholders = types.SimpleNamespace(id=sa.bindparam('m_id'))
    setattr(placeholders, sort_key, sa.bindparam('m_value'))
    return sqlalchemyutils.paginate_query(
        query, _MODELS[table],
        sa.bindparam('p_limit', type_=sa.Integer) if limit else None,
        sort_keys, marker=placeholders if marker else None,
        sort_dir=sort_dir)


@functools.lru_cache(maxsize=64)
def _marker_statement(table, sort_key, scope):
    query = sa.select(table.c[sort_key], table.c.id).where(
        table.c.uuid == sa.bindparam('m_uuid'))
    for name in scope:
        query = query.where(table.c[name] == sa.bindparam('ms_' + name))
    return query


_EQ = 'eq'
_IN = 'in'


@db_api.context_manager.reader
def select_page(context, table, filters=None, limit=None, marker=None,
                sort_key='id', sort_dir='asc', base=None, marker_scope=(),
                params=None):
    """Up to *limit* rows of *table* by *sort_key* then ``id``, after *marker*.

    :param filters: {column name: value}, equalities (a list: ``IN``).
    :param base: a Core SELECT built once, whose FROM includes *table*.
    :param marker_scope: names of *filters* that make the set the caller
        may see (``project_id``): a marker outside it is unknown.
    :raises: MarkerNotFound
    """
    shape = []
    params = dict(params or {})
    for name, value in sorted((filters or {}).items()):
        if isinstance(value, (list, tuple)):
            if len(value) == 1:
                value = value[0]
            else:
                shape.append((name, _IN))
                params['fin_' + name] = list(value)
                continue
        shape.append((name, _EQ))
        params['f_' + name] = value
    if marker is not None:
        scope = tuple(name for name in marker_scope
                      if 'f_' + name in params)
        marker_params = {'ms_' + name: params['f_' + name]
                         for name in scope}
        marker_params['m_uuid'] = marker
        params['m_value'], params['m_id'] = db_api.one(db_api.execute(
            context, _marker_statement(table, sort_key, scope),
            marker_params), exception.MarkerNotFound, marker=marker)
    if limit is not None:
        params['p_limit'] = limit
    statement = _page_statement(base, table, tuple(shape), sort_key,
                                sort_dir, marker is not None,
                                limit is not None)
    return db_api.execute(context, statement, params)
