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
"""DeviceProfile: a named list of request groups, as it crosses RPC."""

from oslo_config import cfg
from oslo_versionedobjects import fields

from cyborg import exception
from cyborg.common import multi_function
from cyborg.common import traits as cyborg_traits
from cyborg.i18n import _
from cyborg.objects import base

CONF = cfg.CONF


def group_mismatch(group, rc, traits):
    """Why a provider of *rc* and *traits* does not fit *group*, or None."""
    wanted = sorted(key.split(':', 1)[1] for key in group
                    if key.startswith('resources:'))
    if wanted and rc not in wanted:
        return 'its resource class is %s, not %s' % (rc, ' or '.join(wanted))
    traits = {t for t in traits if t} | {cyborg_traits.OWNER_CYBORG}
    for key, value in sorted(group.items()):
        if not key.startswith('trait:'):
            continue
        trait = key.split(':', 1)[1]
        if value == 'required' and trait not in traits:
            return 'it lacks the required trait %s' % trait
        if value == 'forbidden' and trait in traits:
            return 'it has the forbidden trait %s' % trait
    return None


def group_count(group):
    """The ARQs a group asks for, multi-function devices counted."""
    count = 0
    for key, value in group.items():
        if key.startswith('resources'):
            count += int(value) * multi_function.functions(group, key)
    return count


def arq_counts(groups):
    """How many ARQs each group asks for, within the limits."""
    counts = [group_count(group) for group in groups]
    for index, count in enumerate(counts):
        if count > CONF.max_arqs_per_group:
            raise exception.Invalid(
                _('Group %(index)d of the device profile asks for '
                  '%(count)d accelerators; the limit is %(max)d '
                  '([DEFAULT] max_arqs_per_group).') % {
                    'index': index, 'count': count,
                    'max': CONF.max_arqs_per_group})
    if sum(counts) > CONF.max_arqs_per_profile:
        raise exception.Invalid(
            _('The device profile asks for %(count)d accelerators; the '
              'limit is %(max)d ([DEFAULT] max_arqs_per_profile).') % {
                'count': sum(counts), 'max': CONF.max_arqs_per_profile})
    return counts


@base.CyborgObjectRegistry.register
class DeviceProfile(base.CyborgObject):
    """A device profile."""

    VERSION = '1.0'

    fields = {
        'uuid': fields.UUIDField(),
        'name': fields.StringField(),
        'description': fields.StringField(nullable=True),
        # Each group maps "resources:RC", "trait:NAME" and "accel:KEY" keys
        # to string values; the order is significant (group index).
        'groups': fields.ListOfDictOfNullableStringsField(),
        'created_at': fields.DateTimeField(nullable=True),
        'updated_at': fields.DateTimeField(nullable=True),
    }

    @classmethod
    def from_row(cls, row):
        return cls(**{name: row.get(name) for name in cls.fields})
