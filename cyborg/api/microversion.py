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
"""API microversions: the list, the negotiation and the feature checks.

Clients ask for ``OpenStack-API-Version: accelerator 2.N`` (no header:
2.0, what Nova sends).  negotiate() adds to ``microversion_parse`` what
the existing Cyborg's clients rely on or the OpenStack rules ask.

Until this API's first release, what is new is part of 2.4 (routes
``since='2.4'``, members shown by ``allow_operator_api``), described in
cyborg/api/rest_api_version_history.rst.  After it, adding a version:
append it to VERSIONS with a comment, add a constant and an
``allow_*()`` predicate for what changes (routes say their own
``since``), describe it in the history, and update the "latest" tests
(test_microversion.py, microversion.yaml).
"""

import re

import microversion_parse
from oslo_log import log as logging

from cyborg import exception
from cyborg.i18n import _

LOG = logging.getLogger(__name__)

SERVICE_TYPE = 'accelerator'
HEADER = 'OpenStack-API-Version'
MIN_HEADER = 'OpenStack-API-Minimum-Version'
MAX_HEADER = 'OpenStack-API-Maximum-Version'

VERSIONS = [
    '2.0',  # Initial version, with microversions (Ussuri).
    '2.1',  # ARQ PATCH accepts /project_id (administrators).
    '2.2',  # GET /device_profiles/{name_or_uuid} accepts a name.
    '2.3',  # Devices show their status (enabled or maintaining).
    '2.4',  # Strict input, pages; the operator's resources and fields
            # (cleaning between two tenants included).
]

MINOR_1_ARQ_PROJECT_ID = 1
MINOR_2_DEVICE_PROFILE_BY_NAME = 2
MINOR_3_DEVICE_STATUS = 3
MINOR_4_OPERATOR_API = 4

# A negotiated API version; compares like a (major, minor) tuple.
Version = microversion_parse.Version

# The Version of its text, "2.N".
parse = microversion_parse.parse_version_string

MIN_VERSION = parse(VERSIONS[0])
MAX_VERSION = parse(VERSIONS[-1])


def _range_text():
    return '[%s, %s]' % (MIN_VERSION, MAX_VERSION)


# The OpenStack form of a version: X.Y, decimal, no sign, no leading zero.
_VERSION = re.compile(r'(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)')
# A longer major or minor number is no version of this API.
_MAX_DIGITS = 9
# What the existing Cyborg took for a version (int() of each side).
_LENIENT = re.compile(r'\s*[+-]?\s*[0-9]+\s*\.\s*[+-]?\s*[0-9]+\s*')


def _names_this_service_twice(raw):
    return [parts[0].lower() for parts in (
        entry.split(None, 1) for entry in raw.split(','))
        if len(parts) == 2].count(SERVICE_TYPE) > 1


def _requested(raw):
    """The value asked of this service in the header's text *raw* (None:
    the header names other services only).

    :raises: InvalidVersionHeader when it names this service twice.
    """
    if _names_this_service_twice(raw):
        raise exception.InvalidVersionHeader(
            value=raw, reason=_('%s is given more than one version') %
            SERVICE_TYPE)
    # The one header it reads, not all of them (it folds what it is
    # given into a new dict at each call).
    value = microversion_parse.get_version({HEADER: raw}, SERVICE_TYPE)
    if value is not None or ' ' in raw.strip():
        # None: a version for another service only.
        return value
    # The bare form "OpenStack-API-Version: 2.1" predates the
    # "accelerator 2.1" form; it is still accepted.
    LOG.warning('Deprecated %(header)s header without the service type: '
                '%(value)r; send "%(type)s %(value)s"',
                {'header': HEADER, 'value': raw.strip()[:64],
                 'type': SERVICE_TYPE})
    return raw.strip()


def _parse(raw, requested):
    """The Version *requested* names, in the OpenStack form only.

    :raises: InvalidVersionHeader, NotAcceptable (see negotiate()).
    """
    match = _VERSION.fullmatch(requested)
    if match is None:
        if _LENIENT.fullmatch(requested):
            raise exception.InvalidVersionHeader(
                value=raw, reason=_('a version is two decimal numbers '
                                    'X.Y without sign or leading zeros'))
        raise exception.NotAcceptable(
            _('Invalid value for %s header') % HEADER)
    if max(len(part) for part in match.groups()) > _MAX_DIGITS:
        # No version of this API has such a number; int() would refuse
        # more than sys.get_int_max_str_digits() digits.
        raise exception.NotAcceptable(
            _('Version %(version)s was requested but is not supported by '
              'this service. The supported version range is: '
              '%(range)s.') % {'version': requested[:16] + '...',
                                'range': _range_text()})
    return parse(requested)


def negotiate(headers):
    """The Version a request's *headers* ask for (X.Y, decimal, no sign
    or leading zero, as the OpenStack rules say).

    :raises: InvalidVersionHeader (400) for what the existing Cyborg read
        as another version (``2.05``) or a service named twice;
        NotAcceptable (406) for a malformed or unsupported version.
    """
    raw = headers.get(HEADER)
    if raw is None:
        return MIN_VERSION
    requested = _requested(raw)
    if requested is None:
        return MIN_VERSION
    if requested == 'latest':
        return MAX_VERSION
    version = _parse(raw, requested)
    if version.major != MAX_VERSION.major:
        raise exception.NotAcceptable(
            _('Mutually exclusive versions requested. Version %(version)s '
              'requested but not supported by this service. The supported '
              'version range is: %(range)s.') % {
                'version': version, 'range': _range_text()})
    if not version.matches(MIN_VERSION, MAX_VERSION):
        raise exception.NotAcceptable(
            _('Version %(version)s was requested but the minor version is '
              'not supported by this service. The supported version range '
              'is: %(range)s.') % {'version': version,
                                    'range': _range_text()})
    return version


def response_headers(version):
    """The headers of every /v2 response served at *version*."""
    return {
        HEADER: '%s %s' % (SERVICE_TYPE, version),
        MIN_HEADER: str(MIN_VERSION),
        MAX_HEADER: str(MAX_VERSION),
        'Vary': HEADER,
    }


def allow_arq_project_id(version):
    """ARQ bind patches may set /project_id (administrators only)."""
    return version.minor >= MINOR_1_ARQ_PROJECT_ID


def allow_device_profile_by_name(version):
    """A device profile may be shown by name."""
    return version.minor >= MINOR_2_DEVICE_PROFILE_BY_NAME


def allow_device_status(version):
    """Devices show their status."""
    return version.minor >= MINOR_3_DEVICE_STATUS


def allow_operator_api(version):
    """2.4: bad input is refused (never a 500), unknown body members
    too, lists are paged, a bind checks its provider; devices,
    deployables and ARQs show health, origin and configuration, devices
    their ``cleaning``; the operator's resources exist (below: the
    existing Cyborg's API).
    """
    return version.minor >= MINOR_4_OPERATOR_API
