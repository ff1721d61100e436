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
"""What each service's package may import of the others.

The services talk over RPC, never through each other's code: the
conductor reaches the agents through their RPC client
(cyborg.agent.rpcapi) only, and asks cyborg.drivers.registry which
drivers exist; the API reaches the conductor through its RPC client; the
agent never touches the database; drivers know nothing of the services.
Every module of the package (tests aside) is read.
"""

import ast
import os

import cyborg
from cyborg.tests import base

ROOT = os.path.dirname(cyborg.__file__)

# {package: [(forbidden prefix, allowed exceptions)]}
RULES = {
    'cyborg.conductor': [('cyborg.agent', ('cyborg.agent.rpcapi',)),
                         ('cyborg.api', ())],
    'cyborg.api': [('cyborg.agent', ()),
                   ('cyborg.conductor', ('cyborg.conductor.rpcapi',))],
    'cyborg.agent': [('cyborg.db', ()), ('cyborg.api', ()),
                     ('cyborg.conductor', ('cyborg.conductor.rpcapi',))],
    'cyborg.drivers': [('cyborg.agent', ()), ('cyborg.conductor', ()),
                       ('cyborg.api', ()), ('cyborg.db', ())],
    # The conductor's flows call the notifications, not the other way.
    'cyborg.notifications': [('cyborg.agent', ()), ('cyborg.api', ()),
                             ('cyborg.conductor', ())],
}


def imported(source, filename='<source>'):
    """``[(line, module)]``: the cyborg modules *source* imports
    (``from cyborg.x import y`` counts as ``cyborg.x.y``).
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module \
                and not node.level:
            found.extend((node.lineno, '%s.%s' % (node.module, alias.name))
                         for alias in node.names)
    return [(line, name) for line, name in found
            if name == 'cyborg' or name.startswith('cyborg.')]


def _within(name, prefix):
    return name == prefix or name.startswith(prefix + '.')


def violations(package, source, filename='<source>'):
    """``[(line, module)]``: the imports of *source*, a module of
    *package*, that RULES forbid.
    """
    found = []
    for line, name in imported(source, filename):
        for prefix, allowed in RULES.get(package, ()):
            if _within(name, prefix) and not any(
                    _within(name, ok) for ok in allowed):
                found.append((line, name))
    return found


def _modules(package):
    """``[(path relative to the tree, source)]`` of *package*'s modules."""
    top = os.path.join(ROOT, *package.split('.')[1:])
    for folder, _dirs, files in os.walk(top):
        for name in sorted(files):
            if name.endswith('.py'):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8') as f:
                    yield os.path.relpath(path, os.path.dirname(ROOT)), \
                        f.read()


class LayeringTestCase(base.TestCase):

    def test_packages_keep_to_their_layer(self):
        found = []
        for package in RULES:
            modules = list(_modules(package))
            self.assertTrue(modules, package)
            for path, source in modules:
                found.extend('%s:%d imports %s' % (path, line, name)
                             for line, name in violations(package, source,
                                                          path))
        self.assertEqual([], found)

    def test_conductor_may_use_the_agent_rpc_client_only(self):
        # The conductor's own check, spelled out: each form of import of
        # the agent's code is found; its RPC client is allowed.
        for source, name in (
                ('from cyborg.agent import resource_tracker',
                 'cyborg.agent.resource_tracker'),
                ('import cyborg.agent.resource_tracker',
                 'cyborg.agent.resource_tracker'),
                ('from cyborg.agent.resource_tracker import merge',
                 'cyborg.agent.resource_tracker.merge'),
                ('from cyborg import agent', 'cyborg.agent')):
            self.assertEqual([(1, name)],
                             violations('cyborg.conductor', source + '\n'))
        self.assertEqual([], violations(
            'cyborg.conductor', 'from cyborg.agent import rpcapi\n'))
        self.assertEqual([], violations(
            'cyborg.conductor', 'from cyborg.drivers import registry\n'))

    def test_relative_imports_are_not_used(self):
        # violations() reads absolute imports only; the tree has no
        # relative ones (which would escape it).
        found = []
        for package in RULES:
            for path, source in _modules(package):
                found.extend('%s:%d' % (path, node.lineno)
                             for node in ast.walk(ast.parse(source))
                             if isinstance(node, ast.ImportFrom)
                             and node.level)
        self.assertEqual([], found)
