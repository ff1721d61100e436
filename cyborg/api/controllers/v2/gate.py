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
"""Resources that exist from a microversion on: 404 below it."""

import pecan

from cyborg import exception
from cyborg.api import microversion
from cyborg.i18n import _


def _exists_from(allowed, version):
    """Refuse a resource of microversion *version* requested at an earlier
    one (404); *allowed* is the microversion module's test of it.

    :raises: NotFound
    """
    if not allowed(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion %(v)s on (OpenStack-API-Version: accelerator '
              '%(v)s).') % {'v': version})


def operator_verbs():
    """Refuse a 2.5 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_operator_verbs, '2.5')


def attach_through_nova():
    """Refuse a 2.6 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_attach_through_nova, '2.6')


def capacity():
    """Refuse a 2.8 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_capacity, '2.8')


def instance_list():
    """Refuse a 2.10 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_instance_list, '2.10')


def device_classes():
    """Refuse a 2.11 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_device_classes, '2.11')


def device_configuration():
    """Refuse a 2.14 resource requested at an earlier version (404)."""
    _exists_from(microversion.allow_device_configuration, '2.14')
