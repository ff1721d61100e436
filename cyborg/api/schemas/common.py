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
"""Schema pieces shared by several resources."""

UUID = {'type': 'string', 'format': 'uuid'}

# A comma-separated list in a query string.
CSV = {'type': 'string', 'minLength': 1}

# Pagination (microversion 2.4).
MAX_LIMIT = 1000
LIMIT = {'type': 'string', 'pattern': r'^(1000|[1-9][0-9]{0,2})$',
         'description': 'an integer from 1 to %d' % MAX_LIMIT}
SORT_DIR = {'type': 'string', 'enum': ['asc', 'desc']}


def pagination(sort_keys):
    """Query parameters of a paginated list.

    :param sort_keys: the columns a list may be sorted on (never NULL).
    """
    return {
        'limit': LIMIT,
        'marker': UUID,
        'sort_key': {'type': 'string', 'enum': list(sort_keys)},
        'sort_dir': SORT_DIR,
    }


def query_schema(properties, additional=False):
    """A query-string schema: every value is a string."""
    return {'type': 'object', 'properties': properties,
            'additionalProperties': additional}


def page_args(params):
    """limit, marker, sort_key and sort_dir from validated *params*."""
    limit = params.get('limit')
    if limit is not None:
        limit = int(limit)
    return {'limit': limit, 'marker': params.get('marker'),
            'sort_key': params.get('sort_key', 'id'),
            'sort_dir': params.get('sort_dir', 'asc')}
