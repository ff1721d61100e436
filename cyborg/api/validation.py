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
"""Validation of request bodies and query strings with JSON Schema.

A failing schema's ``description`` says what is wrong.  A body is JSON
by its Content-Type (below 2.4 also the two other types upstream took as
JSON); from 2.4 it is read strictly: no NaN nor Infinity, no number
beyond a double, no key given twice (upstream kept the last; so do
2.0-2.3).
"""

import math

import jsonschema
from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import pecan

from cyborg import exception
from cyborg.api import microversion
from cyborg.api.schemas import common
from cyborg.common import json_schema
from cyborg.i18n import _

_FORMAT_CHECKER = jsonschema.FormatChecker()
# Validators by schema id (building one costs as much as a validation);
# the schema is kept too, so that its id is not reused while cached.
_VALIDATORS = {}
_MAX_VALIDATORS = 256
# Shortcuts by schema id: (schema, accepts), where accepts(instance) is
# true only of instances the schema accepts (see shortcut()).
_SHORTCUTS = {}

JSON = 'application/json'
# What WSME, the existing Cyborg's, parsed as JSON (any other type was a
# 500, none was a body).
_UPSTREAM_JSON = (JSON, 'text/javascript', 'application/javascript')


@_FORMAT_CHECKER.checks('uuid')
def is_uuid(value):
    """Whether *value* is a canonical (lower-case, dashed) UUID, the form
    the database stores.
    """
    return (isinstance(value, str) and uuidutils.is_uuid_like(value) and
            value == value.lower() and len(value) == 36)


def _validator(schema):
    cached = _VALIDATORS.get(id(schema))
    if cached is not None and cached[0] is schema:
        return cached[1]
    validator = json_schema.Draft7(schema, format_checker=_FORMAT_CHECKER)
    if len(_VALIDATORS) >= _MAX_VALIDATORS:
        _VALIDATORS.clear()
    _VALIDATORS[id(schema)] = (schema, validator)
    return validator


def shortcut(schema, accepts):
    """Let *accepts* pass the instances it knows *schema* accepts; *schema*.

    jsonschema walks every keyword at each check: a conditional body costs
    more than the rest of the request.  *accepts* answers True only for
    instances the schema accepts (a test compares them); the rest goes to
    jsonschema.
    """
    _SHORTCUTS[id(schema)] = (schema, accepts)
    return schema


def check(instance, schema, what):
    """Check *instance* (called *what*) against *schema*; Invalid if not."""
    if isinstance(schema, common.Versioned):
        schema = schema.for_version(pecan.request.version)
    fast = _SHORTCUTS.get(id(schema))
    if fast is not None and fast[0] is schema and fast[1](instance):
        return
    validator = _validator(schema)
    errors = sorted(validator.iter_errors(instance),
                    key=lambda e: list(e.absolute_path))
    if errors:
        error = errors[0]
        where = '/'.join(str(p) for p in error.absolute_path)
        message = error.message
        if error.validator == 'pattern' and 'description' in error.schema:
            # What the pattern means, not the pattern.
            message = _('%(value)r is not %(description)s') % {
                'value': error.instance,
                'description': error.schema['description']}
        elif 'description' in error.schema:
            # The rule a schema states, not how it states it.
            message = error.schema['description']
        raise exception.Invalid(
            _('Invalid %(what)s%(where)s: %(message)s') % {
                'what': what,
                'where': (' at %s' % where) if where else '',
                'message': message})


def extract_json(schema):
    """The request body, parsed and checked against *schema*.

    :raises: UnsupportedMediaType; MalformedJSON (from 2.4 also for NaN,
        Infinity, a number beyond a double, a key twice); Invalid for a
        lone UTF-16 surrogate or a mismatch.
    """
    request = pecan.request
    strict = microversion.allow_operator_api(request.version)
    _check_media_type(request.content_type, strict)
    hooks = ({'parse_constant': _not_a_number, 'parse_float': _finite,
              'object_pairs_hook': _unique_keys} if strict else {})
    try:
        body = jsonutils.loads(request.body or b'', **hooks)
    except ValueError as exc:
        raise exception.MalformedJSON(
            reason=str(exc) if request.body else _('the body is empty'))
    except RecursionError:
        # cyborg.api.middleware.well_formed refuses such bodies earlier.
        raise exception.MalformedJSON(reason=_('nested too deeply'))
    where = _surrogate_in(body)
    if where is not None:
        raise exception.Invalid(
            _('Invalid request body%s: a lone UTF-16 surrogate is not '
              'text') % ((' at %s' % where) if where else ''))
    check(body, schema, _('request body'))
    return body


def _check_media_type(content_type, strict):
    """Refuse a body whose Content-Type is not JSON (*strict*: 2.4 on)."""
    media_type = (content_type or '').strip().lower()
    accepted = (JSON,) if strict else _UPSTREAM_JSON
    if media_type not in accepted:
        raise exception.UnsupportedMediaType(
            media_type=media_type or _('without Content-Type'),
            accepted=' or '.join(accepted))


def _not_a_number(name):
    raise exception.MalformedJSON(
        reason=_('%s is not a number of JSON (it has no NaN nor '
                 'Infinity)') % name)


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise exception.MalformedJSON(
            reason=_('%s is beyond the largest number (1.8e308)') %
            _shortened(text))
    return value


def _shortened(text, most=40):
    return text if len(text) <= most else text[:most] + '...'


def _unique_keys(pairs):
    found = {}
    for key, value in pairs:
        if key in found:
            raise exception.MalformedJSON(
                reason=_('the key "%s" is given twice in one object') %
                _shortened(key))
        found[key] = value
    return found


def _surrogate_in(value, path=''):
    """Path of the first string or key with a lone surrogate, or None."""
    if isinstance(value, str):
        try:
            value.encode('utf-8')
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _surrogate_in(key, path)
            if found is None:
                found = _surrogate_in(item, '%s/%s' % (path, key)
                                      if path else key)
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _surrogate_in(item, '%s/%d' % (path, index)
                                  if path else str(index))
            if found is not None:
                return found
    return None


def query(schema):
    """The query string as {name: value} (last of repeats), checked."""
    params = dict(pecan.request.GET.items())
    check(params, schema, _('query string'))
    return params


def uuid_path(value, what):
    """*value*, a UUID from the URL path; else Invalid naming *what*."""
    if not is_uuid(value):
        raise exception.Invalid(
            _('Invalid %(what)s UUID: %(value)s') % {'what': what,
                                                     'value': value})
    return value
