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
"""Bitstream images for FPGA programming: a local cache, filled from Glance.

``[agent] image_cache_dir``/``<uuid>`` or ``function-<id>``; without
Glance the operator puts the files there.
"""

import os
import re
import threading

from keystoneauth1 import exceptions as ks_exc
from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception
from cyborg.clients import glance as glance_client

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

_SAFE = re.compile(r'^[A-Za-z0-9_.-]+$')
_LOCK = threading.Lock()


def _cache_dir():
    path = CONF.agent.image_cache_dir
    os.makedirs(path, exist_ok=True)
    return path


def fetch(bitstream_id=None, function_id=None):
    """The cache path of the image of *bitstream_id* or *function_id*.

    :raises: ImageNotFound, ImageServiceNotConfigured
    """
    name = (bitstream_id if bitstream_id
            else 'function-%s' % function_id)
    with _LOCK:
        if not _SAFE.match(name):
            raise exception.ImageNotFound(image=name,
                                          reason='not a valid image name')
        path = os.path.join(_cache_dir(), name)
        if os.path.isfile(path):
            return path
        if not glance_client.is_configured(CONF):
            raise exception.ImageServiceNotConfigured(
                image=bitstream_id or 'of function %s' % function_id,
                host=CONF.host, path=path)
        try:
            glance = glance_client.from_conf(CONF)
            image_uuid = (bitstream_id or
                          glance.image_by_function(function_id))
            LOG.info('Downloading image %(image)s from Glance into %(path)s',
                     {'image': image_uuid, 'path': path})
            glance.download(image_uuid, path)
        except (ks_exc.ClientException, ks_exc.MissingAuthPlugin,
                ks_exc.EndpointNotFound) as exc:
            raise exception.ImageNotFound(image=name, reason=str(exc))
        return path
