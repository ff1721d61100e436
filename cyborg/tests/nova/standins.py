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
"""Glance and Neutron reduced to what the real Nova calls in this suite.

Both are outside Cyborg and outside what the suite judges, so each is a
small HTTP server on loopback that answers only the calls Nova 34 makes
for servers booted with ``networks: none`` (and Cyborg's agent makes to
download a bitstream), and records every request.  A request it does not
know is answered 404 and kept in ``unknown``: the suite checks that there
is none, so a Nova release that calls something new shows up as a
failure naming the call, not as a silent difference.

Glance: images in memory (``add_image``), their records, their data, the
image schema glanceclient reads, and what shelve does (create, update
with a JSON patch, upload, delete).  Neutron: empty lists (ports,
networks, extensions, security groups, floating IPs).
"""

import datetime
import hashlib
import http.server
import json
import re
import threading
import uuid


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, format, *args):
        pass

    def _dispatch(self):
        owner = self.server.owner
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length) if length else b''
        path, _sep, query = self.path.partition('?')
        with owner.lock:
            owner.requests.append((self.command, path))
        answer = owner.answer(self.command, path, query, body)
        if answer is None:
            with owner.lock:
                owner.unknown.append('%s %s' % (self.command, self.path))
            answer = 404, {'error': 'not known to the stand-in'}
        status, content = answer
        ctype = 'application/json'
        if isinstance(content, bytes):
            ctype = 'application/octet-stream'
        elif content is None:
            content = b''
        else:
            content = json.dumps(content).encode()
        self.send_response(status)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _dispatch


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


class StandIn:
    """An HTTP server on 127.0.0.1 (``url``); start() and stop()."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []
        self.unknown = []
        self._server = None

    def start(self):
        self._server = _Server(('127.0.0.1', 0), _Handler)
        self._server.owner = self
        self.url = 'http://127.0.0.1:%d' % self._server.server_address[1]
        thread = threading.Thread(target=self._server.serve_forever,
                                  kwargs={'poll_interval': 0.02},
                                  daemon=True)
        thread.start()

    def stop(self):
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def answer(self, method, path, query, body):
        """(status, JSON-able or bytes) or None for an unknown call."""
        raise NotImplementedError


def _now():
    return datetime.datetime.now(datetime.timezone.utc).strftime(
        '%Y-%m-%dT%H:%M:%SZ')


# The part of Glance's image schema glanceclient needs to build its
# model: any further property is a string.
IMAGE_SCHEMA = {
    'name': 'image',
    'properties': {
        'id': {'type': 'string'}, 'name': {'type': ['null', 'string']},
        'status': {'type': 'string'}, 'visibility': {'type': 'string'},
        'protected': {'type': 'boolean'}, 'tags': {'type': 'array'},
        'container_format': {'type': ['null', 'string']},
        'disk_format': {'type': ['null', 'string']},
        'min_ram': {'type': 'integer'}, 'min_disk': {'type': 'integer'},
        'size': {'type': ['null', 'integer']},
        'virtual_size': {'type': ['null', 'integer']},
        'checksum': {'type': ['null', 'string']},
        'os_hash_algo': {'type': ['null', 'string']},
        'os_hash_value': {'type': ['null', 'string']},
        'owner': {'type': ['null', 'string']},
        'created_at': {'type': 'string'}, 'updated_at': {'type': 'string'},
        'self': {'type': 'string'}, 'file': {'type': 'string'},
        'schema': {'type': 'string'},
        'locations': {'type': 'array'},
    },
    'additionalProperties': {'type': 'string'},
    'links': [],
}

_IMAGE = re.compile(r'^/v2/images/([^/]+)$')
_IMAGE_FILE = re.compile(r'^/v2/images/([^/]+)/file$')


class Glance(StandIn):
    """Glance v2 images: records and data."""

    def __init__(self):
        super().__init__()
        self.images = {}
        self.data = {}

    def add_image(self, data=b'', name=None, **properties):
        """An active image of *data*; returns its id."""
        image_id = str(uuid.uuid4())
        with self.lock:
            self.images[image_id] = self._record(
                image_id, name or 'image-' + image_id[:8], properties)
            self._store(image_id, data)
        return image_id

    def _record(self, image_id, name, properties):
        now = _now()
        record = {
            'id': image_id, 'name': name, 'status': 'queued',
            'visibility': 'public', 'protected': False, 'tags': [],
            'container_format': 'bare', 'disk_format': 'raw',
            'min_ram': 0, 'min_disk': 0, 'size': None,
            'virtual_size': None, 'checksum': None,
            'os_hash_algo': None, 'os_hash_value': None,
            'owner': None, 'created_at': now, 'updated_at': now,
            'self': '/v2/images/' + image_id,
            'file': '/v2/images/%s/file' % image_id,
            'schema': '/v2/schemas/image', 'locations': []}
        record.update(properties)
        return record

    def _store(self, image_id, data):
        self.data[image_id] = data
        self.images[image_id].update(
            status='active', size=len(data),
            checksum=hashlib.md5(data, usedforsecurity=False).hexdigest(),
            os_hash_algo='sha512',
            os_hash_value=hashlib.sha512(data).hexdigest(),
            updated_at=_now())

    def answer(self, method, path, query, body):
        with self.lock:
            return self._answer(method, path, body)

    def _answer(self, method, path, body):
        if method == 'GET' and path in ('/', '/versions'):
            return 300, {'versions': [{
                'id': 'v2.16', 'status': 'CURRENT',
                'links': [{'rel': 'self', 'href': self.url + '/v2/'}]}]}
        if method == 'GET' and path == '/v2/schemas/image':
            return 200, IMAGE_SCHEMA
        if method == 'GET' and path == '/v2/images':
            return 200, {'images': list(self.images.values())}
        if method == 'POST' and path == '/v2/images':
            properties = json.loads(body or b'{}')
            image_id = properties.pop('id', None) or str(uuid.uuid4())
            self.images[image_id] = self._record(
                image_id, properties.pop('name', None), properties)
            return 201, self.images[image_id]
        match = _IMAGE.match(path)
        if match and match.group(1) in self.images:
            image_id = match.group(1)
            if method == 'GET':
                return 200, self.images[image_id]
            if method == 'DELETE':
                del self.images[image_id]
                self.data.pop(image_id, None)
                return 204, None
            if method == 'PATCH':
                self._patch(self.images[image_id], json.loads(body))
                return 200, self.images[image_id]
        match = _IMAGE_FILE.match(path)
        if match and match.group(1) in self.images:
            image_id = match.group(1)
            if method == 'PUT':
                self._store(image_id, body)
                return 204, None
            if method == 'GET' and image_id in self.data:
                return 200, self.data[image_id]
        return None

    @staticmethod
    def _patch(record, operations):
        for op in operations:
            key = op['path'].lstrip('/')
            if op['op'] in ('add', 'replace'):
                record[key] = op['value']
            elif op['op'] == 'remove':
                record.pop(key, None)
        record['updated_at'] = _now()


class Neutron(StandIn):
    """Neutron with nothing in it: servers boot with ``networks: none``."""

    LISTS = {'/v2.0/ports': 'ports', '/v2.0/networks': 'networks',
             '/v2.0/extensions': 'extensions',
             '/v2.0/security-groups': 'security_groups',
             '/v2.0/floatingips': 'floatingips'}

    def answer(self, method, path, query, body):
        path = path[:-len('.json')] if path.endswith('.json') else path
        if method == 'GET' and path in self.LISTS:
            return 200, {self.LISTS[path]: []}
        if method == 'GET' and path in ('/', '/v2.0', '/v2.0/'):
            return 200, {'versions': [{
                'id': 'v2.0', 'status': 'CURRENT',
                'links': [{'rel': 'self', 'href': self.url + '/v2.0/'}]}]}
        return None
