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
"""The documentation keeps up with the README and the code.

* Every page README.rst names exists and is part of the documentation's
  build (reached through the toctrees from doc/source/index.rst, or
  included by a page that is), so the warning-free build (``tox -e docs``,
  sphinx -W) checks it; the README itself is built (doc/source/readme.rst).
* The API reference names the latest microversion, links the OpenAPI
  document of each, and its table of error codes lists every code of
  cyborg/api/errors.py with the statuses it comes with.
"""

import inspect
import os
import re

from oslotest import base

import cyborg
from cyborg import exception
from cyborg.api import errors
from cyborg.api import microversion

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(cyborg.__file__)))
SOURCE = os.path.join(ROOT, 'doc', 'source')
_TOCTREE = re.compile(r'^\.\. toctree::')
_INCLUDE = re.compile(r'^\.\. (?:include|literalinclude):: (\S+)')


def _read(path):
    with open(path) as f:
        return f.read()


def _toctree_entries(text):
    """The document names of the toctrees of an rst text."""
    entries = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not _TOCTREE.match(line):
            continue
        for entry in lines[i + 1:]:
            if entry.strip() and not entry.startswith(' '):
                break
            entry = entry.strip()
            if not entry or entry.startswith(':'):
                continue
            # "Title <name>" names the document in angle brackets.
            match = re.match(r'^.*<(\S+)>$', entry)
            entries.append(match.group(1) if match else entry)
    return entries


def built_pages():
    """The files the documentation's build reads: every page reached
    through the toctrees from doc/source/index.rst, and the files they
    include.

    :returns: a set of absolute paths.
    """
    pages = set()
    todo = ['index']
    while todo:
        name = todo.pop()
        path = os.path.join(SOURCE, name + '.rst')
        if path in pages:
            continue
        pages.add(path)
        text = _read(path)
        folder = os.path.dirname(name)
        for entry in _toctree_entries(text):
            todo.append(entry.lstrip('/') if entry.startswith('/')
                        else os.path.normpath(os.path.join(folder, entry)))
        for line in text.splitlines():
            match = _INCLUDE.match(line.strip())
            if match:
                pages.add(os.path.normpath(os.path.join(
                    os.path.dirname(path), match.group(1))))
    return pages


class ReadmePagesTestCase(base.BaseTestCase):

    def test_the_pages_the_readme_names_are_built(self):
        readme = _read(os.path.join(ROOT, 'README.rst'))
        named = set(re.findall(r'``([\w./-]+\.rst)``', readme))
        self.assertIn('doc/source/install/all-in-one.rst', named)
        built = built_pages()
        for name in sorted(named):
            path = os.path.join(ROOT, name)
            self.assertTrue(os.path.exists(path),
                            'README.rst names %s, which does not exist' %
                            name)
            self.assertIn(path, built,
                          'README.rst names %s, which no toctree from '
                          'doc/source/index.rst reaches and no page of '
                          'them includes: the docs build does not check '
                          'it' % name)

    def test_the_readme_itself_is_built(self):
        self.assertIn(os.path.join(ROOT, 'README.rst'), built_pages())

    def test_the_walk_finds_toctrees_and_includes(self):
        built = built_pages()
        for name in ('api/overview.rst', 'install/all-in-one.rst',
                     'cli/cyborg.rst'):
            self.assertIn(os.path.join(SOURCE, name), built)
        self.assertIn(os.path.join(ROOT, 'cyborg', 'tests', 'README.rst'),
                      built)
        self.assertNotIn(os.path.join(SOURCE, 'no-such-page.rst'), built)


class APIReferenceTestCase(base.BaseTestCase):

    def setUp(self):
        super().setUp()
        self.latest = microversion.VERSIONS[-1]

    def test_the_latest_microversion_is_named(self):
        index = _read(os.path.join(SOURCE, 'api', 'index.rst'))
        self.assertIn('The latest microversion is %s;' % self.latest, index)
        overview = _read(os.path.join(SOURCE, 'api', 'overview.rst'))
        self.assertIn('version outside %s-%s' % (microversion.VERSIONS[0],
                                                 self.latest), overview)

    def test_every_openapi_document_is_linked(self):
        text = _read(os.path.join(SOURCE, 'api', 'openapi.rst'))
        for version in microversion.VERSIONS:
            self.assertIn(':download:`%s <openapi/v%s.json>`' % (
                version, version), text)

    def test_every_error_code_is_in_the_table(self):
        statuses = {errors.SERVER_ERROR: {500},
                    errors.NOT_FOUND: {404},
                    errors.METHOD_NOT_ALLOWED: {405},
                    errors.NOT_ACCEPTABLE: {406},
                    errors.BODY_TOO_LARGE: {413}}
        for _name, cls in inspect.getmembers(exception, inspect.isclass):
            if issubclass(cls, exception.CyborgException):
                # Issue 78: no error of Cyborg's goes out undefined (a
                # 503 of a full conductor pool did).
                code = errors.code_of(cls.__new__(cls))
                self.assertNotEqual(errors.UNDEFINED, code, cls)
                statuses.setdefault(code, set()).add(cls.code)
        codes = {value for name, value in vars(errors).items()
                 if name.isupper() and isinstance(value, str) and
                 value.startswith('cyborg.') and value != errors.UNDEFINED}
        self.assertEqual(codes, set(statuses))
        overview = _read(os.path.join(SOURCE, 'api', 'overview.rst'))
        table = {code: {int(s) for s in re.findall(r'\d{3}', status)}
                 for code, status in re.findall(
                     r'^   \* - ``(cyborg\.[\w.]+)``\n     - (.+)$',
                     overview, re.MULTILINE)}
        self.assertEqual(statuses, table)
        self.assertIn('``%s``' % errors.UNDEFINED, overview)
