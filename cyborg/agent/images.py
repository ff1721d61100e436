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

A device profile names an image by UUID (``accel:bitstream_id``) or by
the value of its ``accel:function_id`` property.  The agent looks in
``[agent] image_cache_dir`` first (``<uuid>`` or ``function-<id>``);
operators of hosts without Glance (and of the all-in-one) put the files
there.  Otherwise the image is downloaded from Glance (``[glance]``) into
the cache, atomically; without a ``[glance]`` configuration that is a
conflict (ImageServiceNotConfigured), which names the file to copy.
"""

import os
import re
import tempfile
import threading

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

_SAFE = re.compile(r'^[A-Za-z0-9_.-]+$')
_LOCK = threading.Lock()
_CHUNK = 1024 * 1024


def _cache_dir():
    path = CONF.agent.image_cache_dir
    os.makedirs(path, exist_ok=True)
    return path


def _cached(name):
    if not _SAFE.match(name):
        raise exception.ImageNotFound(image=name,
                                      reason='not a valid image name')
    path = os.path.join(_cache_dir(), name)
    return path if os.path.isfile(path) else None


def _glance_configured():
    """Whether ``[glance]`` says how to reach Glance at all."""
    return bool(CONF.glance.auth_type or CONF.glance.endpoint_override)


def _glance():
    auth = ks_loading.load_auth_from_conf_options(CONF, 'glance')
    session = ks_loading.load_session_from_conf_options(CONF, 'glance',
                                                        auth=auth)
    return ks_loading.load_adapter_from_conf_options(
        CONF, 'glance', session=session, auth=auth)


def _download(adapter, image_uuid, path):
    response = adapter.get('/v2/images/%s/file' % image_uuid, stream=True,
                           raise_exc=False)
    if response.status_code != 200:
        raise exception.ImageNotFound(
            image=image_uuid,
            reason='Glance answered %d' % response.status_code)
    directory = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix='.download-')
    try:
        with os.fdopen(fd, 'wb') as f:
            for chunk in response.iter_content(_CHUNK):
                f.write(chunk)
        os.rename(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _by_function(adapter, function_id):
    response = adapter.get('/v2/images', params={
        'accel:function_id': function_id}, raise_exc=False)
    images = response.json().get('images', []) \
        if response.status_code == 200 else []
    if len(images) != 1:
        raise exception.ImageNotFound(
            image='function %s' % function_id,
            reason='%d images have that accel:function_id' % len(images))
    return images[0]['id']


def fetch(bitstream_id=None, function_id=None):
    """The local path of the image to program.

    :param bitstream_id: an image UUID, or None.
    :param function_id: an accel:function_id value, or None.
    :raises: ImageNotFound, ImageServiceNotConfigured
    :returns: the path of a file in the image cache.
    """
    name = (bitstream_id if bitstream_id
            else 'function-%s' % function_id)
    with _LOCK:
        path = _cached(name)
        if path:
            return path
        path = os.path.join(_cache_dir(), name)
        if not _glance_configured():
            raise exception.ImageServiceNotConfigured(
                image=bitstream_id or 'of function %s' % function_id,
                host=CONF.host, path=path)
        try:
            adapter = _glance()
            image_uuid = bitstream_id or _by_function(adapter, function_id)
            LOG.info('Downloading image %(image)s from Glance into %(path)s',
                     {'image': image_uuid, 'path': path})
            _download(adapter, image_uuid, path)
        except (ks_exc.ClientException, ks_exc.MissingAuthPlugin,
                ks_exc.EndpointNotFound) as exc:
            raise exception.ImageNotFound(image=name, reason=str(exc))
        return path
