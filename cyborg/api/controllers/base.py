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

    A type may say which members a later microversion added (``_since``:
    {name: an ``allow_*`` predicate}) and which keep their JSON types
    (``_json``: {name: its JSON Schema}).
    """

    created_at = datetime.datetime
    updated_at = datetime.datetime
    links = [Link]


def utc(value):
    """A naive UTC datetime (or the ISO 8601 text of one that came over
    RPC) made timezone-aware, which WSME shows with its offset.
    """
    if value is None:
        return None
    if isinstance(value, str):
        value = timeutils.parse_isotime(value)
    if value.tzinfo is not None:
        return value.astimezone(datetime.timezone.utc)
    return value.replace(tzinfo=datetime.timezone.utc)


def _instance(wsme_type, values):
    """An instance of *wsme_type* from a dict of *values* (nested dicts,
    such as links, become instances of their own type).
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
            # To the second, as the existing Cyborg on MySQL answers, so
            # that a POST's answer and a GET read the same.
            value = value.replace(microsecond=0)
        kwargs[attr.key] = value
    return wsme_type(**kwargs)


def _nested(wsme_type, value):
    if isinstance(value, dict):
        return _instance(wsme_type, value)
    return value


def to_json(wsme_type, **values):
    """A resource as a JSON-compatible dict, rendered by WSME: values left
    out (or Unset) and members of a later microversion are left out,
    ``_json`` members given as they are, other keys ignored; times in
    UTC, with their offset.
    """
    for name, shown in getattr(wsme_type, '_since', {}).items():
        if not shown(pecan.request.version):
            values.pop(name, None)
    for attr in wtypes.list_attributes(wsme_type):
        value = values.get(attr.key, wtypes.Unset)
        if attr.datatype is datetime.datetime and value is not wtypes.Unset:
            values[attr.key] = utc(value)
    body = wsme_json.tojson(wsme_type, _instance(wsme_type, values))
    body.update((name, values[name]) for name in getattr(
        wsme_type, '_json', {}) if name in values)
    return body


def collection(name, items, limit=None, resource=None, marker_key='uuid'):
    """A list response ``{name: items}``, from 2.4 with a ``next`` link
    when the page is full (marker: the last item's *marker_key*).
    """
    body = {name: items}
    if (limit is not None and items and len(items) >= limit and
            microversion.allow_operator_api(pecan.request.version)):
        params = dict(pecan.request.GET.items())
        params['marker'] = items[-1][marker_key]
        query = urllib.parse.urlencode(sorted(params.items()))
        body['next'] = '%s?%s' % (
            link.make_link('next', resource or name)['href'], query)
    return body
