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
"""Sphinx: ``.. cyborg-openapi::`` renders the API's OpenAPI description:
a section per operation and per response schema, of the latest
microversion's document (or of the version given).  The documents of
every microversion are written into DOCUMENTS of the source directory
(which git ignores) when the build starts, for ``:download:``.
"""

import os

from docutils import nodes
from docutils import statemachine
from docutils.parsers.rst import Directive
from oslo_serialization import jsonutils
from sphinx.util import nodes as sphinx_nodes

from cyborg.api import openapi
from cyborg.api.controllers import root


def _json(value, indent='   '):
    text = jsonutils.dumps(value, indent=2, sort_keys=True)
    return ['.. code-block:: json', ''] + [
        indent + line for line in text.splitlines()] + ['']


def _title(text, char):
    return [text, char * len(text), '']


def _schema_text(schema):
    if '$ref' in schema:
        name = schema['$ref'].rsplit('/', 1)[-1]
        return ':ref:`%s <openapi-schema-%s>`' % (name, name.lower())
    return 'see below'


def _operation(path, method, operation):
    lines = _title('%s %s' % (method.upper(), path), '-')
    lines += [operation['summary'], '']
    lines += ['Since microversion %s.  Handler: ``%s``.  Policy: %s.' % (
        operation['x-openstack-since'], operation['x-openstack-handler'],
        '``%s``' % operation['x-openstack-policy']
        if 'x-openstack-policy' in operation else 'none (public)'), '']
    if operation.get('description'):
        lines += [operation['description'], '']
    params = [p for p in operation['parameters'] if 'name' in p]
    if params:
        lines += ['.. list-table:: Parameters', '   :header-rows: 1', '',
                  '   * - name', '     - in', '     - schema']
        for param in params:
            lines += ['   * - ``%s``' % param['name'],
                      '     - %s' % param['in'],
                      '     - ``%s``' % jsonutils.dumps(
                          param['schema'], sort_keys=True)]
        lines.append('')
    body = operation.get('requestBody')
    if body:
        lines += ['Request body (%s):' % (
            'required' if body['required'] else 'optional'), '']
        lines += _json(body['content']['application/json']['schema'])
    codes = operation['x-openstack-error-codes']
    lines += ['.. list-table:: Responses', '   :header-rows: 1', '',
              '   * - status', '     - body', '     - error codes']
    for status, response in sorted(operation['responses'].items()):
        content = response.get('content', {}).get('application/json')
        body_text = 'none'
        if content is not None:
            body_text = _schema_text(content['schema'])
        elif '$ref' in response:
            body_text = ('error body' if status != '401'
                         else 'from the middleware')
        lines += ['   * - %s' % status, '     - %s' % body_text,
                  '     - %s' % (', '.join(
                      '``%s``' % c for c in codes.get(status, [])) or '')]
    lines.append('')
    success = operation['responses'][min(operation['responses'])]
    content = success.get('content', {}).get('application/json')
    if content is not None and '$ref' not in content['schema']:
        lines += ['Response body:', '']
        lines += _json(content['schema'])
    return lines


def render(document):
    """The reStructuredText of *document* (an OpenAPI document)."""
    lines = []
    for path, operations in document['paths'].items():
        for method, operation in operations.items():
            lines += _operation(path, method, operation)
    lines += _title('Schemas', '-')
    for name, schema in sorted(document['components']['schemas'].items()):
        lines += ['.. _openapi-schema-%s:' % name.lower(), '']
        lines += _title(name, '~')
        lines += _json(schema)
    return lines


class OpenAPIDirective(Directive):
    """``.. cyborg-openapi::`` (no argument: the latest microversion)."""

    has_content = False
    optional_arguments = 1

    def run(self):
        versions = openapi.versions()
        version = versions[-1]
        if self.arguments:
            version = [v for v in versions
                       if str(v) == self.arguments[0]][0]
        lines = render(root.OPENAPI.document(version))
        content = statemachine.StringList(lines, source='openapi')
        node = nodes.section()
        node.document = self.state.document
        sphinx_nodes.nested_parse_with_titles(self.state, content, node)
        return node.children


# Where the documents are written, in the source directory.
DOCUMENTS = os.path.join('api', 'openapi')


def write_documents(app):
    """Write the documents before the pages that link them are read."""
    root.OPENAPI.write(os.path.join(app.srcdir, DOCUMENTS))


def setup(app):
    app.add_directive('cyborg-openapi', OpenAPIDirective)
    app.connect('builder-inited', write_documents)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
