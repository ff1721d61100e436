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
"""WSME types shared by every resource, and serialization helpers."""

import datetime
import urllib.parse

from oslo_utils import timeutils
import pecan
from wsme import types as wtypes
from wsme.rest import json as wsme_json

from cyborg.api import link
from cyborg.api import microversion


class Link(wtypes.Base):
    """A link to a resource."""

    href = wtypes.text
    rel = wtypes.text


class APIBase(wtypes.Base):
    """Fields every resource has.

    A resource type may also say which of its members a later
    microversion added (``_since``: {name: a predicate of the version,
    cyborg.api.microversion's}) and which members keep their JSON types
    (``_json``: {name: its JSON Schema}); to_json() renders them so, and
    cyborg.api.openapi.shapes describes them from there.
    """

    created_at = datetime.datetime
    updated_at = datetime.datetime
    links = [Link]


def utc(value):
    """A naive UTC datetime from the database, made timezone-aware.

    WSME then shows it with its offset: 2019-10-25T12:01:05+00:00.  A
    record that came back over RPC carries it as an ISO 8601 string.
    """
    if value is None:
        return None
    if isinstance(value, str):
        value = timeutils.parse_isotime(value)
    if value.tzinfo is not None:
        return value.astimezone(datetime.timezone.utc)
    return value.replace(tzinfo=datetime.timezone.utc)


def _instance(wsme_type, values):
    """An instance of *wsme_type* from a dict of *values*.

    Nested resources given as dicts (links) become instances of their
    own WSME type; WSME's attribute descriptors validate every value.
    """
    kwargs = {}
    for attr in wtypes.list_attributes(wsme_type):
        value = values.get(attr.key, wtypes.Unset)
        if value is wtypes.Unset:
            continue
        datatype = attr.datatype
        if isinstance(datatype, wtypes.ArrayType):
            datatype = datatype.item_type
            if wtypes.iscomplex(datatype) and isinstance(value, list):
                value = [_nested(datatype, item) for item in value]
        elif wtypes.iscomplex(datatype):
            value = _nested(datatype, value)
        elif isinstance(value, datetime.datetime):
            # To the second, as the existing Cyborg on MySQL answers:
            # SQLite and PostgreSQL keep microseconds, and a row just
            # written has them too; without this one resource would read
            # differently in a POST answer and in a GET.
            value = value.replace(microsecond=0)
        kwargs[attr.key] = value
    return wsme_type(**kwargs)


def _nested(wsme_type, value):
    if isinstance(value, dict):
        return _instance(wsme_type, value)
    return value


def to_json(wsme_type, **values):
    """A resource as a JSON-compatible dict, rendered by WSME from an
    instance of its WSME type (the one description of the resource's
    shape, which the OpenAPI response schemas are derived from too).

    Values left out (or wtypes.Unset) are left out of the output, and so
    are the members of a later microversion than the request's (the
    type's ``_since``); the members of the type's ``_json`` are given as
    they are; other keys are ignored.  A value of the wrong type raises
    WSME's validation error.
    """
    for name, shown in getattr(wsme_type, '_since', {}).items():
        if not shown(pecan.request.version):
            values.pop(name, None)
    for key in ('created_at', 'updated_at'):
        value = values.get(key, wtypes.Unset)
        if value is not wtypes.Unset:
            values[key] = utc(value)
    body = wsme_json.tojson(wsme_type, _instance(wsme_type, values))
    body.update((name, values[name]) for name in getattr(
        wsme_type, '_json', {}) if name in values)
    return body


def collection(name, items, limit=None, resource=None, marker_key='uuid'):
    """A list response ``{name: items}``.

    From microversion 2.4, when the page is full, a ``next`` link points
    at the following page (same query, marker = the last item's
    *marker_key*).
    """
    body = {name: items}
    if (limit is not None and items and len(items) >= limit and
            microversion.allow_no_server_errors(pecan.request.version)):
        params = dict(pecan.request.GET.items())
        params['marker'] = items[-1][marker_key]
        query = urllib.parse.urlencode(sorted(params.items()))
        body['next'] = '%s?%s' % (
            link.make_link('next', resource or name)['href'], query)
    return body
