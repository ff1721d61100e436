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


def operator_verbs():
    """Refuse a 2.5 resource requested at an earlier version (404).

    :raises: NotFound
    """
    if not microversion.allow_operator_verbs(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion 2.5 on (OpenStack-API-Version: accelerator '
              '2.5).'))


def attach_through_nova():
    """Refuse a 2.6 resource requested at an earlier version (404).

    :raises: NotFound
    """
    if not microversion.allow_attach_through_nova(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion 2.6 on (OpenStack-API-Version: accelerator '
              '2.6).'))


def capacity():
    """Refuse a 2.8 resource requested at an earlier version (404).

    :raises: NotFound
    """
    if not microversion.allow_capacity(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion 2.8 on (OpenStack-API-Version: accelerator '
              '2.8).'))


def instance_list():
    """Refuse a 2.10 resource requested at an earlier version (404).

    :raises: NotFound
    """
    if not microversion.allow_instance_list(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion 2.10 on (OpenStack-API-Version: accelerator '
              '2.10).'))


def device_classes():
    """Refuse a 2.11 resource requested at an earlier version (404).

    :raises: NotFound
    """
    if not microversion.allow_device_classes(pecan.request.version):
        raise exception.NotFound(
            _('The resource could not be found. It exists from '
              'microversion 2.11 on (OpenStack-API-Version: accelerator '
              '2.11).'))
