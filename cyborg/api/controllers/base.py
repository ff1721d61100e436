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
    """Fields every resource has."""

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


def _scalar(datatype):
    """Text, numbers, booleans (and any other WSME type): the value itself
    when it already has the type, else WSME's validation and rendering.
    """
    def convert(value):
        if value is None or type(value) is datatype:
            return value
        # WSME's own promotion (an int from "5") or its ValueError.
        return wsme_json.tojson(
            datatype, wtypes.validate_value(datatype, value))
    return convert


def _datetime(value):
    """ISO 8601 to the second, as the existing Cyborg on MySQL answers.

    SQLite and PostgreSQL keep microseconds, and a row just written has
    them too: without this one resource would read differently in a POST
    answer and in a GET.
    """
    if value is None:
        return None
    return wtypes.validate_value(datetime.datetime, value).replace(
        microsecond=0).isoformat()


def _container(expected, build):
    def convert(value):
        if value is None:
            return None
        if not isinstance(value, expected):
            raise ValueError('Wrong type. Expected %s, got %s'
                             % (expected.__name__, type(value)))
        return build(value)
    return convert


def _array(item):
    return _container(list, lambda value: [item(entry) for entry in value])


def _dict(key, value_of):
    return _container(dict, lambda value: {
        key(k): value_of(v) for k, v in value.items()})


def _complex(wsme_type):
    def convert(value):
        if value is None:
            return None
        return _render(wsme_type, value)
    return convert


def _converter(datatype):
    """The function that renders a value of *datatype* as WSME's JSON
    renderer would, after WSME's validation of an attribute's value.
    """
    if isinstance(datatype, list):
        datatype = wtypes.ArrayType(datatype[0])
    if wtypes.iscomplex(datatype):
        return _complex(datatype)
    if isinstance(datatype, wtypes.ArrayType):
        return _array(_converter(datatype.item_type))
    if isinstance(datatype, wtypes.DictType):
        return _dict(_converter(datatype.key_type),
                     _converter(datatype.value_type))
    if datatype is datetime.datetime:
        return _datetime
    return _scalar(datatype)


_PLANS = {}


def _plan(wsme_type):
    """[(attribute, JSON name, converter)] of a WSME type, in WSME's
    order, computed once per type.
    """
    plan = _PLANS.get(wsme_type)
    if plan is None:
        plan = _PLANS[wsme_type] = [
            (attr.key, attr.name, _converter(attr.datatype))
            for attr in wtypes.list_attributes(wsme_type)]
    return plan


def _render(wsme_type, values):
    if isinstance(values, dict):
        get = values.get
    else:
        def get(key, default):
            return getattr(values, key, default)
    body = {}
    for key, name, convert in _plan(wsme_type):
        value = get(key, wtypes.Unset)
        if value is not wtypes.Unset:
            body[name] = convert(value)
    return body


def to_json(wsme_type, **values):
    """A resource as a JSON-compatible dict, shaped by its WSME type.

    Values left out (or wtypes.Unset) are left out of the output.  The
    output is what WSME's JSON renderer gives for an instance of the type
    built from *values* (same attributes, order, validation and errors),
    without building one: an instance validates every attribute through
    descriptors and costs a page of 20 deployables a third of the
    request's CPU.  ``tests/unit/api/controllers/test_base.py`` compares
    both.
    """
    for key in ('created_at', 'updated_at'):
        value = values.get(key, wtypes.Unset)
        if value is not wtypes.Unset:
            values[key] = utc(value)
    return _render(wsme_type, values)


def collection(name, items, limit=None, resource=None):
    """A list response ``{name: items}``.

    From microversion 2.4, when the page is full, a ``next`` link points
    at the following page (same query, marker = the last item).
    """
    body = {name: items}
    if (limit is not None and items and len(items) >= limit and
            microversion.allow_no_server_errors(pecan.request.version)):
        params = dict(pecan.request.GET.items())
        params['marker'] = items[-1]['uuid']
        query = urllib.parse.urlencode(sorted(params.items()))
        body['next'] = '%s?%s' % (
            link.make_link('next', resource or name)['href'], query)
    return body


def request_version():
    """The microversion of the request being handled."""
    return pecan.request.version
