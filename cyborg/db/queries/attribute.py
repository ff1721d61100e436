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
"""Queries of the attributes table."""

from oslo_db import exception as db_exc
from oslo_utils import timeutils
from oslo_utils import uuidutils

from cyborg import exception
from cyborg.db import api as db_api
from cyborg.db import models
from cyborg.db.queries import paginate

_COLUMNS = ('id', 'uuid', 'deployable_id', 'key', 'value', 'created_at',
            'updated_at')


def to_dict(row):
    return {name: getattr(row, name) for name in _COLUMNS}


def _get(context, uuid):
    return db_api.row_by_uuid(context, models.Attribute, uuid,
                               exception.AttributeNotFound)


@db_api.context_manager.reader
def get(context, uuid):
    """:raises: AttributeNotFound"""
    return to_dict(_get(context, uuid))


@db_api.context_manager.reader
def get_all(context, deployable_id=None, key=None, limit=None, marker=None,
            sort_key='id', sort_dir='asc'):
    """Attributes (dicts), optionally of one deployable and with one key."""
    filters = {name: value for name, value in
               (('deployable_id', deployable_id), ('key', key))
               if value is not None}
    return [to_dict(row) for row in paginate.select_page(
        context, models.Attribute.__table__, filters, limit, marker,
        sort_key, sort_dir)]


@db_api.context_manager.writer
def create(context, deployable_id, key, value):
    """Add an attribute to a deployable; the new row as a dict."""
    row = models.Attribute(uuid=uuidutils.generate_uuid(),
                           deployable_id=deployable_id, key=key,
                           value=value, created_at=timeutils.utcnow())
    try:
        context.session.add(row)
        context.session.flush()
    except db_exc.DBReferenceError:
        raise exception.DeployableNotFound(uuid=deployable_id)
    return to_dict(row)


@db_api.context_manager.writer
def delete(context, uuid):
    """:raises: AttributeNotFound"""
    context.session.delete(_get(context, uuid))
    # Written now: SQLAlchemy 2.0 does not flush before the caller's Core
    # UPDATE of the handles (cyborg.conductor.devices.attribute._mark).
    context.session.flush()
