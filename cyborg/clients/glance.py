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
"""The Glance client of the agent: bitstream images (``[glance]``)."""

import os
import tempfile

from cyborg import exception
from cyborg.clients import keystone

_CHUNK = 1024 * 1024


class GlanceClient(keystone.ServiceClient):
    GROUP = 'glance'
    SERVICE_TYPE = 'image'

    def image_by_function(self, function_id):
        """The one image whose ``accel:function_id`` is *function_id*."""
        response = self._adapter.get('/v2/images', params={
            'accel:function_id': function_id}, raise_exc=False)
        images = response.json().get('images', []) \
            if response.status_code == 200 else []
        if len(images) != 1:
            raise exception.ImageNotFound(
                image='function %s' % function_id,
                reason='%d images have that accel:function_id'
                % len(images))
        return images[0]['id']

    def download(self, image_uuid, path):
        """Write the image's data to *path*, atomically."""
        response = self._adapter.get('/v2/images/%s/file' % image_uuid,
                                     stream=True, raise_exc=False)
        if response.status_code != 200:
            raise exception.ImageNotFound(
                image=image_uuid,
                reason='Glance answered %d' % response.status_code)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path),
                                   prefix='.download-')
        try:
            with os.fdopen(fd, 'wb') as f:
                for chunk in response.iter_content(_CHUNK):
                    f.write(chunk)
            os.rename(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise


is_configured = GlanceClient.is_configured
from_conf = GlanceClient.from_conf
