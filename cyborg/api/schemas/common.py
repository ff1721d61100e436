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
"""Schema pieces shared by several resources.

Patterns follow JSON Schema (``$`` is the end of the text).  Integers
(numbers or digit strings) have the 32-bit bounds of their columns.
"""

UUID = {'type': 'string', 'format': 'uuid'}

INT32_MIN = -2 ** 31
INT32_MAX = 2 ** 31 - 1


def positive_int_pattern(maximum=INT32_MAX):
    """A pattern of the decimal strings 1 to *maximum* (>= 10)."""
    digits = str(maximum)
    # Fewer digits than the maximum: any such number.
    alternatives = ['[1-9][0-9]{0,%d}' % (len(digits) - 2)]
    # As many digits: the maximum's first digits, then a smaller one, then
    # any digits.
    for index, digit in enumerate(digits):
        low = 1 if index == 0 else 0
        if int(digit) > low:
            rest = len(digits) - index - 1
            alternatives.append('%s[%d-%d]%s' % (
                digits[:index], low, int(digit) - 1,
                '[0-9]{%d}' % rest if rest else ''))
    alternatives.append(digits)
    return '^(%s)$' % '|'.join(alternatives)


class Versioned:
    """Schemas by microversion: {'2.N': schema}, each from its version on."""

    def __init__(self, by_version):
        self.by_version = sorted(
            ((tuple(int(part) for part in version.split('.')), schema)
             for version, schema in by_version.items()),
            key=lambda pair: pair[0])

    def for_version(self, version):
        """The schema of *version* (a (major, minor) tuple)."""
        chosen = None
        for since, schema in self.by_version:
            if tuple(version) >= since:
                chosen = schema
        return chosen


# A positive 32-bit integer given as a string (query strings).
POSITIVE_INT_STRING = {'type': 'string',
                       'pattern': positive_int_pattern()}
POSITIVE_INT = {'type': 'integer', 'minimum': 1, 'maximum': INT32_MAX}

# A comma-separated list in a query string.
CSV = {'type': 'string', 'minLength': 1}

# Pagination (microversion 2.4).
MAX_LIMIT = 1000
LIMIT = {'type': 'string', 'pattern': r'^(1000|[1-9][0-9]{0,2})$',
         'description': 'an integer from 1 to %d' % MAX_LIMIT}
SORT_DIR = {'type': 'string', 'enum': ['asc', 'desc']}


def pagination(sort_keys):
    """Query parameters of a list sortable on *sort_keys* (never NULL)."""
    return {
        'limit': LIMIT,
        'marker': UUID,
        'sort_key': {'type': 'string', 'enum': list(sort_keys)},
        'sort_dir': SORT_DIR,
    }


def closed(properties, required=(), **more):
    """An object of *properties* and no other member (*required*: those
    it must have; *more*: other keywords).
    """
    schema = {'type': 'object', 'properties': properties}
    if required:
        schema['required'] = list(required)
    return dict(schema, additionalProperties=False, **more)


def query_schema(properties, additional=False):
    """A query-string schema: every value is a string."""
    return {'type': 'object', 'properties': properties,
            'additionalProperties': additional}


def list_query(filters, sort_keys, **added):
    """The query of a list: *filters*; from 2.4 also the filters *added*
    (or changed) and pages sortable on *sort_keys*.
    """
    return Versioned({'2.0': query_schema(filters), '2.4': query_schema(
        dict(filters, **added, **pagination(sort_keys)))})


def page_args(params):
    """limit, marker, sort_key and sort_dir from validated *params*."""
    limit = params.get('limit')
    if limit is not None:
        limit = int(limit)
    return {'limit': limit, 'marker': params.get('marker'),
            'sort_key': params.get('sort_key', 'id'),
            'sort_dir': params.get('sort_dir', 'asc')}
