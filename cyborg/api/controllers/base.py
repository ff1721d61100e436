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


def to_json(wsme_type, **values):
    """A resource as a JSON-compatible dict, through its WSME type.

    Values left out (or wtypes.Unset) are left out of the output.
    """
    values = {k: v for k, v in values.items() if v is not wtypes.Unset}
    if 'links' in values:
        values['links'] = [Link(**item) for item in values['links']]
    for key in ('created_at', 'updated_at'):
        if key in values:
            values[key] = utc(values[key])
    return wsme_json.tojson(wsme_type, wsme_type(**values))


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
