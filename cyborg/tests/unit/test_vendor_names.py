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
"""Vendor knowledge lives in cyborg/drivers/, and in the vendor tables
the drivers share with the services (cyborg/common: VENDOR_TABLES).

Every module outside cyborg/drivers/ (and the tests) is read: no
identifier and no string the code works with may name a vendor.  Text for
people is not code: comments, docstrings, option help and translatable
messages (``_()``) may name one, as the documentation does.
"""

import ast
import os
import re

import cyborg
from cyborg.tests import base

ROOT = os.path.dirname(cyborg.__file__)
VENDORS = re.compile(r'intel|xilinx|nvidia|inspur|huawei', re.IGNORECASE)
# Where vendor knowledge belongs, and what is not code.
EXEMPT = ('drivers', 'tests')
# Data the drivers share with the services, which must not import them:
# the multi-function devices (the API counts ARQs with it), the vendor
# tools (the privileged daemon's allow-list) and the existing Cyborg's
# driver names (the conductor resolves names with them).
VENDOR_TABLES = ('common/multi_function.py', 'common/privsep_allowlists.py',
                 'common/upstream_driver_names.py')
# Keyword arguments whose strings are text for people.
_TEXT_KEYWORDS = frozenset(['help', 'deprecated_reason', 'description'])


def text_nodes(tree):
    """The string constants of *tree* that are text for people."""
    text = set()
    for node in ast.walk(tree):
        body = getattr(node, 'body', None)
        if isinstance(body, list) and body and isinstance(
                body[0], ast.Expr) and isinstance(body[0].value,
                                                  ast.Constant):
            text.add(id(body[0].value))  # docstring
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == '_':
                text.update(id(n) for a in node.args for n in ast.walk(a))
            for keyword in node.keywords:
                if keyword.arg in _TEXT_KEYWORDS:
                    text.update(id(n) for n in ast.walk(keyword.value))
    return text


def violations(source, filename='<source>'):
    """``[(line, what)]``: identifiers and code strings naming a vendor."""
    tree = ast.parse(source, filename)
    text = text_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in text:
            names = [node.value]
        else:
            continue
        found.extend((node.lineno, name) for name in names
                     if VENDORS.search(name))
    return found


def package_modules(exempt):
    """(path inside the package, with /; full path) of each module of
    cyborg outside its top-level folders *exempt*.
    """
    for folder, dirs, files in os.walk(ROOT):
        if os.path.relpath(folder, ROOT).split(os.sep)[0] in exempt:
            dirs[:] = []
            continue
        for name in sorted(files):
            if name.endswith('.py'):
                path = os.path.join(folder, name)
                yield os.path.relpath(path, ROOT).replace(os.sep, '/'), path


def _modules():
    for rel, path in package_modules(EXEMPT):
        if rel not in VENDOR_TABLES:
            with open(path, encoding='utf-8') as f:
                yield os.path.relpath(path, os.path.dirname(ROOT)), \
                    f.read()


class VendorNamesTestCase(base.TestCase):

    def test_no_vendor_knowledge_outside_the_drivers(self):
        found = ['%s:%d %r' % (path, line, what)
                 for path, source in _modules()
                 for line, what in violations(source, path)]
        self.assertEqual([], found)

    def test_what_counts(self):
        source = ('"""Intel docs."""\n'
                  'from cyborg.i18n import _\n'
                  'XILINX_TRAIT = "x"\n'
                  'def f():\n'
                  '    """For NVIDIA GPUs."""\n'
                  '    return "CUSTOM_FPGA_INTEL"  # an Intel card\n'
                  'OPT = cfg.StrOpt("x", help="Huawei Ascend")\n'
                  'MSG = _("an Inspur SSD")\n')
        self.assertEqual([(3, 'XILINX_TRAIT'), (6, 'CUSTOM_FPGA_INTEL')],
                         sorted(violations(source)))
