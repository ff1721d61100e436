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
"""Drivers write sysfs and run tools through cyborg.privsep only.

Every module under cyborg/drivers is read: opening a file for writing,
``os.open``, ``write_text``/``write_bytes``, the subprocess module and the
process functions of ``os`` are refused there (the agent runs
unprivileged; its privileged work is cyborg.privsep's entry points).
"""

import ast
import os

import cyborg
from cyborg.tests import base

DRIVERS = os.path.join(os.path.dirname(cyborg.__file__), 'drivers')

_PROCESS_MODULES = {'subprocess', 'pty', 'multiprocessing'}
_OS_PROCESS = {'system', 'popen', 'fork', 'forkpty', 'posix_spawn',
               'posix_spawnp'}
_OS_PREFIXES = ('exec', 'spawn')
_WRITE_METHODS = {'write_text', 'write_bytes'}


def _mode(call):
    """The mode argument of an open() call, or None when not a literal."""
    if len(call.args) > 1:
        node = call.args[1]
    else:
        node = next((k.value for k in call.keywords if k.arg == 'mode'),
                    ast.Constant('r'))
    return node.value if isinstance(node, ast.Constant) else None


def _call_problem(node):
    func = node.func
    if isinstance(func, ast.Name) and func.id == 'open':
        mode = _mode(node)
        if mode is None or set(mode) & set('wax+'):
            return 'open() for writing'
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else None
        if owner == 'os' and (func.attr in _OS_PROCESS or func.attr == 'open'
                              or func.attr.startswith(_OS_PREFIXES)):
            return 'os.%s()' % func.attr
        if func.attr in _WRITE_METHODS:
            return '.%s()' % func.attr
        if owner == 'os' and func.attr == 'fdopen':
            return 'os.fdopen()'
    return None


def violations(source, filename='<source>'):
    """``[(line, what)]``: the privileged operations *source* does itself.
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, 'import ' + alias.name)
                         for alias in node.names
                         if alias.name.split('.')[0] in _PROCESS_MODULES)
        elif isinstance(node, ast.ImportFrom):
            if (node.module or '').split('.')[0] in _PROCESS_MODULES:
                found.append((node.lineno, 'from %s import' % node.module))
        elif isinstance(node, ast.Call):
            problem = _call_problem(node)
            if problem:
                found.append((node.lineno, problem))
    return found


class NoOtherWayTestCase(base.TestCase):

    def test_drivers_use_the_privileged_entry_points_only(self):
        found = []
        for dirpath, _dirs, files in os.walk(DRIVERS):
            for name in sorted(files):
                if not name.endswith('.py'):
                    continue
                path = os.path.join(dirpath, name)
                with open(path) as f:
                    found.extend('%s:%d: %s' % (
                        os.path.relpath(path, DRIVERS), line, what)
                        for line, what in violations(f.read(), path))
        self.assertEqual([], found)

    def test_the_check_finds_them(self):
        source = '\n'.join([
            'import subprocess',
            'from subprocess import run',
            'import os',
            "open('/sys/x', 'w')",
            "open(path, mode='a')",
            "open(path, mode)",
            "open('/sys/x')",
            "open('/sys/x', 'rb')",
            "os.system('x')",
            "os.execvp('x', [])",
            "os.open('/sys/x', os.O_WRONLY)",
            "pathlib.Path('/sys/x').write_text('1')",
        ])
        self.assertEqual(
            [(1, 'import subprocess'), (2, 'from subprocess import'),
             (4, 'open() for writing'), (5, 'open() for writing'),
             (6, 'open() for writing'), (9, 'os.system()'),
             (10, 'os.execvp()'), (11, 'os.open()'), (12, '.write_text()')],
            sorted(violations(source)))
