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
"""Schemas of /v2/device_profiles, and the rules of profile groups."""

import copy
import re

import os_resource_classes
import os_traits

from cyborg import exception
from cyborg.api.schemas import common
from cyborg.i18n import _

NAME_PATTERN = r'^[a-zA-Z0-9-_]+$'

# Resource classes the existing Cyborg accepts besides CUSTOM_*; every
# standard class of os-resource-classes is accepted too.
_UPSTREAM_CLASSES = {'FPGA', 'GPU', 'VGPU', 'PGPU', 'CUSTOM_QAT',
                   'CUSTOM_NIC', 'CUSTOM_SSD'}

# Used with fullmatch: a trailing newline is not part of a name.
_GROUP_KEY = re.compile(r'(resources|trait|accel):(.*)')
_NAME = re.compile(r'[A-Z0-9_]+')
# A positive amount, small enough to count (the limits are
# [DEFAULT] max_arqs_per_group and max_arqs_per_profile).
_AMOUNT = re.compile(r'\s*[1-9][0-9]{0,8}\s*')

# Up to 2.3, an empty or over-long name and a duplicate uuid were server
# errors (the upstream tempest tests expect 500); the schema lets those
# through so that the handler can answer as earlier versions did.
_DP_V2_0 = common.closed({
    'name': {'type': 'string', 'pattern': r'^[a-zA-Z0-9-_]*$'},
    'description': {'type': ['string', 'null'], 'maxLength': 255},
    'uuid': common.UUID,
    # Values are strings; integers are accepted too (python-cyborgclient
    # documents "resources:FPGA": 1) and stored as strings.
    'groups': {
        'type': 'array', 'minItems': 1,
        'items': {'type': 'object',
                  'additionalProperties': {
                      'type': ['string', 'integer'],
                      'minimum': common.INT32_MIN,
                      'maximum': common.INT32_MAX}}},
}, ['groups'])

_DP_V2_4 = copy.deepcopy(_DP_V2_0)
_DP_V2_4['properties']['name'] = {'type': 'string', 'minLength': 1,
                                  'maxLength': 255,
                                  'pattern': NAME_PATTERN}
_DP_V2_4['required'] = ['name', 'groups']
CREATE = common.Versioned({
    version: {'type': 'array', 'minItems': 1, 'maxItems': 1, 'items': item}
    for version, item in (('2.0', _DP_V2_0), ('2.4', _DP_V2_4))})

LIST_QUERY = common.list_query({'name': common.CSV},
                               ['id', 'name', 'uuid', 'created_at'])

DELETE_QUERY = common.query_schema({'value': {'type': 'string'}})


def _valid_resource_class(name):
    return (name in _UPSTREAM_CLASSES
            or name in os_resource_classes.STANDARDS
            or (os_resource_classes.is_custom(name)
                and _NAME.fullmatch(name)))


def _valid_trait(name):
    return (os_traits.is_custom(name) and bool(_NAME.fullmatch(name))) or \
        name in os_traits.get_traits()


def normalize_groups(groups, require_resources=False):
    """The schema-checked *groups* with normalized keys, or Invalid.

    Keys are ``resources:<RC>`` (a positive integer), ``trait:<TRAIT>``
    (``required`` or ``forbidden``) or ``accel:<key>`` (anything), with
    standard or CUSTOM_ names; spaces around a name are dropped.
    """
    result = []
    for index, group in enumerate(groups):
        clean = {}
        for key, value in group.items():
            value = str(value)
            match = _GROUP_KEY.fullmatch(key)
            if not match:
                raise exception.Invalid(_(
                    'Device profile group keys must be of the form '
                    '^(resources:|trait:|accel:); got %s') % key)
            kind, name = match.group(1), match.group(2).strip()
            if kind == 'resources':
                if not _valid_resource_class(name):
                    raise exception.Invalid(_(
                        'Resource class %s must be a standard resource '
                        'class or start with CUSTOM_') % name)
                if not _AMOUNT.fullmatch(value):
                    raise exception.Invalid(_(
                        'Resources number %(value)s of %(key)s must be a '
                        'positive integer (at most 9 digits)') % {
                            'value': value, 'key': key})
                value = value.strip()
            elif kind == 'trait':
                if not _valid_trait(name):
                    raise exception.Invalid(_(
                        'Trait %s must be a standard trait or start with '
                        'CUSTOM_') % name)
                if value not in ('required', 'forbidden'):
                    raise exception.Invalid(_(
                        'Trait value of %s must be "required" or '
                        '"forbidden"') % key)
            clean['%s:%s' % (kind, name)] = value
        if require_resources and not any(
                key.startswith('resources:') for key in clean):
            raise exception.Invalid(_(
                'Group %d of the device profile requests no resources') %
                index)
        result.append(clean)
    return result
