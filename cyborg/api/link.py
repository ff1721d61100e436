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
"""Links in API responses, built from the URL the request came in on."""

from oslo_config import cfg
import pecan

CONF = cfg.CONF


# Where the request's base URL is kept in its environment.
_BASE_URL = 'cyborg.base_url'


def base_url(request=None):
    """The API's public root URL, without a trailing slash.

    ``[api] public_endpoint``, else the request's scheme, host and script
    name; computed once per request (a page of 20 deployables: 40 links).
    """
    request = request or pecan.request
    environ = request.environ
    url = environ.get(_BASE_URL)
    if url is None:
        url = (CONF.api.public_endpoint or
               request.application_url).rstrip('/')
        environ[_BASE_URL] = url
    return url


def make_link(rel, *parts, bookmark=False):
    """{'href', 'rel'} of ``<base>/v2/<parts>``.

    A bookmark is ``<base>/<parts>``, upstream's deployable bookmark link.
    """
    path = '/'.join(str(part).strip('/') for part in parts)
    prefix = base_url() if bookmark else base_url() + '/v2'
    return {'href': '%s/%s' % (prefix, path) if path else prefix,
            'rel': rel}


def self_links(collection, uuid):
    return [make_link('self', collection, uuid)]
