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
"""Attribute operations of the conductor."""

from oslo_log import log as logging

from cyborg.db.queries import attribute as attribute_queries

LOG = logging.getLogger(__name__)


def create(context, deployable_id, key, value):
    """Add a key/value to a deployable.

    :raises: DeployableNotFound
    :returns: the attribute as a dict.
    """
    row = attribute_queries.create(context, deployable_id, key, value)
    LOG.info('Created attribute %(key)s=%(value)s of deployable '
             '%(deployable_id)s', row)
    return row


def delete(context, uuid):
    """:raises: AttributeNotFound"""
    attribute_queries.delete(context, uuid)
    LOG.info('Deleted attribute %s', uuid)
