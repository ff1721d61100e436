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
import functools
import inspect
import urllib.parse

from oslo_utils import timeutils
import pecan
from wsme import types as wtypes
from wsme.rest import json as wsme_json

from cyborg.api import link
from cyborg.api import microversion


class Base(wtypes.Base):
    """A WSME complex type whose attributes keep their declared order.

    WSME finds that order by reading each class's source (a sixth of a
    second of every API process's start for Cyborg's types); the class
    bodies say it as well, and WSME takes it from ``_wsme_attr_order``:
    a type's own attributes first, then its bases', as WSME reads them.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        order = []
        for klass in cls.__mro__:
            for name in vars(klass):
                if name.startswith('_') or name in order:
                    continue
                value = getattr(cls, name)
                if wtypes.iswsattr(value) and not inspect.isroutine(value):
                    order.append(name)
        cls._wsme_attr_order = order


class Link(Base):
    href = wtypes.text
    rel = wtypes.text


class APIBase(Base):
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


def iso(value):
    """A time as WSME shows it: UTC, to the second, with its offset."""
    return None if value is None else utc(value).replace(
        microsecond=0).isoformat()


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


class _Slow(Exception):
    """A value _render() leaves to WSME."""


def _exactly(kind):
    def render(value):
        if value is None or type(value) is kind:
            return value
        raise _Slow()
    return render


def _time(value):
    if value is None:
        return None
    if not isinstance(value, datetime.datetime):
        raise _Slow()
    return value.replace(microsecond=0).isoformat()


def _texts(value):
    if value is None:
        return None
    if type(value) is not dict or not all(
            type(k) is str and (v is None or type(v) is str)
            for k, v in value.items()):
        raise _Slow()
    return dict(value)


def _items(render):
    def items(value):
        if value is None:
            return None
        if type(value) is not list:
            raise _Slow()
        return [render(item) for item in value]
    return items


def _renderer(datatype):
    """What renders a value of *datatype* as WSME would, or None."""
    if datatype in (wtypes.text, int, float):
        return _exactly(datatype)
    if datatype is datetime.datetime:
        return _time
    if (isinstance(datatype, wtypes.DictType) and
            datatype.key_type is wtypes.text and
            datatype.value_type is wtypes.text):
        return _texts
    if isinstance(datatype, wtypes.ArrayType):
        item = _renderer(datatype.item_type)
        return item and _items(item)
    if wtypes.iscomplex(datatype):
        plan = _plan(datatype)
        return plan and functools.partial(_render_dict, plan)
    return None


@functools.lru_cache(maxsize=None)
def _plan(wsme_type):
    """(key, name, renderer) of each attribute of *wsme_type*, or None
    when one has a type _renderer() does not know, or a default.
    """
    attrs = wtypes.list_attributes(wsme_type)
    if any(attr.default is not wtypes.Unset for attr in attrs):
        return None
    plan = tuple((attr.key, attr.name, _renderer(attr.datatype))
                 for attr in attrs)
    return None if any(render is None for _, _, render in plan) else plan


def _render_dict(plan, value):
    if type(value) is not dict:
        raise _Slow()
    return _render(plan, value)


def _render(plan, values):
    """WSME's JSON of an instance made of *values*, without making it:
    only values of the exact types WSME keeps as they are (anything else,
    which WSME converts or refuses, raises _Slow).
    """
    body = {}
    for key, name, render in plan:
        value = values.get(key, wtypes.Unset)
        if value is not wtypes.Unset:
            body[name] = render(value)
    return body


def to_json(wsme_type, **values):
    """A resource as a JSON-compatible dict, rendered by WSME: values left
    out (or Unset) and members of a later microversion are left out,
    ``_json`` members given as they are, other keys ignored; times in
    UTC, with their offset.

    Values of the plain types WSME keeps as they are are rendered as WSME
    would, without building WSME instances (a fifth of a millisecond per
    ARQ); anything else goes through WSME.
    """
    for name, shown in getattr(wsme_type, '_since', {}).items():
        if not shown(pecan.request.version):
            values.pop(name, None)
    for attr in wtypes.list_attributes(wsme_type):
        value = values.get(attr.key, wtypes.Unset)
        if attr.datatype is datetime.datetime and value is not wtypes.Unset:
            values[attr.key] = utc(value)
    plan = _plan(wsme_type)
    try:
        if plan is None:
            raise _Slow()
        body = _render(plan, values)
    except _Slow:
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
