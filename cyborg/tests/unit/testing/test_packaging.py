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
"""pyproject.toml: the one place that declares metadata and entry points.

setup.cfg stays a stub (pbr reads the name and the files from it); an
entry point added there would be a second list, so the test refuses it.
Every declared entry point names an object that imports.
"""

import configparser
import importlib
import os
import tomllib

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
        self.assertEqual(['name'], list(parser['metadata']))
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
