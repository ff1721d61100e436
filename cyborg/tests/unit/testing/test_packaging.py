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
"""Packaging: pyproject.toml declares metadata and entry points, the
release is named, and the requirements install under OpenStack's pins.

setup.cfg stays a stub (pbr reads the name, the release and the files
from it); an entry point added there would be a second list, so the test
refuses it.  Every declared entry point names an object that imports.
"""

import configparser
import importlib
import os
import pkgutil
import re
import tomllib

from packaging import version

import cyborg
from cyborg import version as cyborg_version
from cyborg.tests import base

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..', '..'))


def _pyproject():
    with open(os.path.join(ROOT, 'pyproject.toml'), 'rb') as f:
        return tomllib.load(f)['project']


class PackagingTestCase(base.TestCase):

    def test_setup_cfg_is_a_stub(self):
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(os.path.join(ROOT, 'setup.cfg'))
        self.assertEqual(['metadata', 'files'], parser.sections())
        self.assertEqual(['name', 'version'], list(parser['metadata']))
        self.assertEqual(['packages'], list(parser['files']))

    def test_every_entry_point_imports(self):
        project = _pyproject()
        groups = dict(project['entry-points'])
        groups['console_scripts'] = project['scripts']
        self.assertIn('cyborg.accelerator.driver', groups)
        for group, points in groups.items():
            for name, target in points.items():
                module, _, attribute = target.partition(':')
                obj = importlib.import_module(module)
                for part in attribute.split('.'):
                    obj = getattr(obj, part, None)
                self.assertIsNotNone(
                    obj, '%s entry point %s: %s does not exist'
                    % (group, name, target))

    def test_license_is_an_spdx_expression(self):
        # The TOML table form ({text = ...}) made setuptools print its
        # deprecation block at every install (PEP 639).
        project = _pyproject()
        self.assertEqual('Apache-2.0', project['license'])
        self.assertEqual(['LICENSE'], project['license-files'])
        self.assertTrue(os.path.exists(os.path.join(ROOT, 'LICENSE')))
        self.assertFalse([c for c in project['classifiers']
                          if c.startswith('License ::')])


def _bounds(*paths):
    """{name: lower bound} of requirements files (names in lower case)."""
    bounds = {}
    for path in paths:
        with open(os.path.join(ROOT, path)) as f:
            for line in f:
                line = line.split('#')[0].strip()
                match = re.match(r'([\w.-]+)(\[[^]]*\])?>=([\w.]+)', line)
                if match:
                    bounds[_key(match.group(1))] = match.group(3)
    return bounds


def _key(name):
    return re.sub(r'[-_.]+', '-', name).lower()


def _pins(path):
    """{name: version} of a constraints file (== or ===)."""
    pins = {}
    with open(os.path.join(ROOT, path)) as f:
        for line in f:
            line = line.split('#')[0].split(';')[0].strip()
            if line:
                name, version = re.split(r'===?', line)
                pins[_key(name)] = version
    return pins


class ReleaseTestCase(base.TestCase):

    def test_the_release_is_named(self):
        # Not pbr's 0.0.1 of a repository without tags: the release that
        # follows openstack-cyborg 17.0.0, as the upgrade guide says.
        setup = configparser.ConfigParser()
        setup.read(os.path.join(ROOT, 'setup.cfg'))
        release = setup['metadata']['version']
        self.assertEqual('18.0.0', release)
        self.assertEqual(release, cyborg_version.version_string())
        with open(os.path.join(ROOT, 'doc', 'source', 'admin',
                               'upgrade.rst')) as f:
            self.assertIn('release %s of' % release, f.read())


class RequirementsTestCase(base.TestCase):
    """The lower bounds install under OpenStack's pins, and
    lower-constraints.txt says what they are.
    """

    REQUIREMENTS = ('requirements.txt', 'test-requirements.txt',
                    'doc/requirements.txt', 'umockdev-requirements.txt')

    def test_no_lower_bound_is_above_the_upper_constraints(self):
        pins = _pins('tools/upper-constraints.txt')
        above = {name: (bound, pins.get(name))
                 for name, bound in _bounds(*self.REQUIREMENTS).items()
                 if name not in pins or
                 version.Version(bound) > version.Version(pins[name])}
        self.assertEqual({}, above)

    def test_each_package_is_pinned_once(self):
        names = []
        with open(os.path.join(ROOT, 'tools', 'upper-constraints.txt')) as f:
            for line in f:
                line = line.split('#')[0].strip()
                if line:
                    names.append((_key(re.split(r'===?', line)[0]),
                                  line.partition(';')[2].strip()))
        self.assertEqual(len(names), len(set(names)))

    def test_lower_constraints_are_the_lower_bounds(self):
        self.assertEqual(
            _bounds('requirements.txt', 'test-requirements.txt'),
            _pins('lower-constraints.txt'))

    def test_every_module_imports(self):
        # What "tox -e lower-constraints" proves of the lower bounds.  Not
        # the tests, alembic's environment (alembic runs it) and the
        # Sphinx extension (the docs' requirements).
        skip = ('cyborg.tests', 'cyborg.db.alembic.env',
                'cyborg.api.openapi.sphinxext')
        failed = {}
        for module in pkgutil.walk_packages(cyborg.__path__, 'cyborg.'):
            if module.name.startswith(skip):
                continue
            try:
                importlib.import_module(module.name)
            except Exception as exc:
                failed[module.name] = repr(exc)
        self.assertEqual({}, failed)
