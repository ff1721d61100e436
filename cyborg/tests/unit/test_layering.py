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
"""What each part of the package may import of the others.

ARROWS is the one table of the allowed arrows, the layers of
doc/source/contributor/architecture.rst: every package and top-level
module under cyborg/ (tests aside) is a layer, and so are the two RPC
clients, which the other services import instead of the service's code.
A module's layer is the longest key of ARROWS it is (or is inside of).
The check reads every module's imports (those inside functions too, and
the parent packages an import runs) and follows them transitively: a
module may reach only its own layer and those its layer's arrows lead to,
through layers whose own arrows allow each step.

Requests flow one way: waits() follows the calls of every conductor RPC
method (its ``@messaging.expose`` methods), and none may wait on an agent.
"""

import ast
import collections
import os
import re
import subprocess
import sys

import cyborg
from cyborg.tests import base

ROOT = os.path.dirname(cyborg.__file__)
SKIPPED = ('cyborg.tests',)

# What everything may import: leaves that import no other layer (or only
# each other).  cyborg.servicegroup holds the services' names.
_BASE = ('cyborg', 'cyborg.exception', 'cyborg.i18n', 'cyborg.version',
         'cyborg.states', 'cyborg.common', 'cyborg.counters',
         'cyborg.metrics', 'cyborg.servicegroup')

#: The conductor's rooms (cyborg/conductor/*/).
CONDUCTOR_ROOMS = ('cyborg.conductor.arq', 'cyborg.conductor.attach',
                   'cyborg.conductor.audit', 'cyborg.conductor.devices',
                   'cyborg.conductor.inventory',
                   'cyborg.conductor.placement')
# What every room of the conductor may import.
_CONDUCTOR = _BASE + ('cyborg.agent.rpcapi', 'cyborg.clients',
                      'cyborg.context', 'cyborg.db', 'cyborg.liveness',
                      'cyborg.notifications', 'cyborg.objects',
                      'cyborg.conductor.rpcapi', 'cyborg.conductor.backoff',
                      'cyborg.conductor.pool')

#: {layer: the layers it may import (its own aside)}.
ARROWS = {
    # The root package (it picks oslo.service's threading backend).
    'cyborg': (),
    'cyborg.i18n': (),
    'cyborg.version': (),
    'cyborg.states': (),
    'cyborg.exception': ('cyborg.i18n',),
    # What the services and the drivers share (traits, driver names...).
    'cyborg.common': ('cyborg.exception',),
    'cyborg.counters': (),
    'cyborg.metrics': (),
    'cyborg.hacking': (),
    'cyborg.servicegroup': (),
    'cyborg.conf': ('cyborg.i18n',),
    'cyborg.policies': (),
    'cyborg.policy': _BASE + ('cyborg.conf', 'cyborg.policies'),
    'cyborg.context': _BASE + ('cyborg.policy',),
    'cyborg.objects': _BASE,
    'cyborg.rpc': _BASE + ('cyborg.context', 'cyborg.objects'),
    'cyborg.hostdev': _BASE,
    # The request context carries a query's transaction: cyborg.db.api
    # makes it an enginefacade transaction context.
    'cyborg.db': _BASE + ('cyborg.context', 'cyborg.objects'),
    'cyborg.clients': _BASE,
    # Which agents are up, judged from what the database says: asked by
    # the conductor's flows, the API and cyborg-manage alike.
    'cyborg.liveness': _BASE + ('cyborg.db',),
    'cyborg.privsep': _BASE + ('cyborg.conf',),
    # The services' RPC clients: what another service may import of one.
    'cyborg.agent.rpcapi': _BASE + ('cyborg.rpc',),
    'cyborg.conductor.rpcapi': _BASE + ('cyborg.rpc',),
    # Drivers know nothing of the services.
    'cyborg.drivers': _BASE + ('cyborg.conf', 'cyborg.objects',
                               'cyborg.privsep'),
    # The agent never touches the database; it reaches the conductor
    # through its RPC client.
    'cyborg.agent': _BASE + ('cyborg.clients', 'cyborg.conductor.rpcapi',
                             'cyborg.drivers', 'cyborg.objects',
                             'cyborg.agent.rpcapi'),
    # The conductor's rooms, by flow (each package's docstring says what
    # it does and what it may call).  The conductor never loads a driver:
    # names and vocabulary come from cyborg.common, the agents from their
    # RPC client.
    'cyborg.conductor.backoff': (),
    # The conductor's one worker pool (the manager gives it to the rooms).
    'cyborg.conductor.pool': ('cyborg.exception',),
    'cyborg.conductor.placement': _CONDUCTOR,
    'cyborg.conductor.arq': _CONDUCTOR,
    'cyborg.conductor.attach': _CONDUCTOR + ('cyborg.conductor.arq',),
    'cyborg.conductor.devices': _CONDUCTOR + ('cyborg.conductor.arq',
                                              'cyborg.conductor.placement'),
    'cyborg.conductor.inventory': _CONDUCTOR + (
        'cyborg.conductor.devices', 'cyborg.conductor.placement'),
    'cyborg.conductor.audit': _CONDUCTOR + (
        'cyborg.conductor.arq', 'cyborg.conductor.attach',
        'cyborg.conductor.devices', 'cyborg.conductor.placement'),
    # Its RPC endpoint (manager.py) and the online data migrations: the
    # face that calls every room.
    'cyborg.conductor': _CONDUCTOR + CONDUCTOR_ROOMS,
    # The conductor's flows call the notifications, not the other way.
    'cyborg.notifications': _BASE + ('cyborg.context', 'cyborg.db',
                                     'cyborg.objects'),
    # The API reads the database and writes through the conductor.
    'cyborg.api': _BASE + ('cyborg.conductor.rpcapi', 'cyborg.conf',
                           'cyborg.context', 'cyborg.db', 'cyborg.liveness',
                           'cyborg.objects', 'cyborg.policies',
                           'cyborg.policy', 'cyborg.rpc'),
    'cyborg.service': _BASE + ('cyborg.conf', 'cyborg.context',
                               'cyborg.db', 'cyborg.objects', 'cyborg.rpc'),
    'cyborg.embedded': _BASE,
    'cyborg.wsgi': _BASE + ('cyborg.api', 'cyborg.service'),
    'cyborg.cli': _BASE,
    # The console scripts put the services together.
    'cyborg.cmd': _BASE + (
        'cyborg.agent', 'cyborg.agent.rpcapi', 'cyborg.api',
        'cyborg.clients', 'cyborg.conductor', 'cyborg.conductor.rpcapi',
        # cyborg-manage's audits run in its own process.
        'cyborg.conductor.audit',
        'cyborg.conf', 'cyborg.context', 'cyborg.db', 'cyborg.drivers',
        'cyborg.embedded', 'cyborg.hostdev', 'cyborg.liveness',
        # cyborg-agent starts the privileged daemons with its own helper.
        'cyborg.privsep',
        'cyborg.objects', 'cyborg.rpc', 'cyborg.service'),
}


def layer(module, arrows=ARROWS):
    """The layer of *module*: the longest key of *arrows* it is in."""
    parts = module.split('.')
    for end in range(len(parts), 0, -1):
        name = '.'.join(parts[:end])
        if name in arrows:
            return name
    return None


def modules():
    """``{module name: path}`` of the package, tests aside."""
    found = {}
    for folder, _dirs, files in os.walk(ROOT):
        for name in files:
            if not name.endswith('.py'):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path[:-3], os.path.dirname(ROOT))
            module = module.replace(os.sep, '.')
            if module.endswith('.__init__'):
                module = module[:-len('.__init__')]
            if not module.startswith(SKIPPED):
                found[module] = path
    return found


def imported(source, known):
    """The modules of *known* that *source* imports (``from cyborg.x
    import y`` is cyborg.x.y when that is a module, else cyborg.x).
    """
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module \
                and not node.level:
            found.update(('%s.%s' % (node.module, alias.name))
                         if '%s.%s' % (node.module, alias.name) in known
                         else node.module for alias in node.names)
    return {name for name in found if name in known}


def graph():
    """``{module: set of modules it imports}`` of the package.

    An import also runs the packages above the module: a package whose
    ``__init__`` imports something of Cyborg counts as imported too (one
    that imports nothing cannot lead anywhere, and is left out so that
    importing a service's RPC client is not importing the service).
    """
    known = modules()
    explicit = {}
    for module, path in known.items():
        with open(path, encoding='utf-8') as f:
            explicit[module] = imported(f.read(), set(known)) - {module}
    result = {}
    for module, targets in explicit.items():
        result[module] = set(targets)
        for target in targets:
            parts = target.split('.')
            result[module].update(
                parent for parent in ('.'.join(parts[:end])
                                      for end in range(1, len(parts)))
                if explicit.get(parent) and parent != module)
    return result


def reach(start, arrows=ARROWS):
    """The layers *start* may reach: its arrows, followed transitively."""
    seen, todo = {start}, [start]
    while todo:
        for target in arrows.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def violations(imports, arrows=ARROWS):
    """What breaks the arrows in an import graph.

    :param imports: ``{module: set of modules it imports}``.
    :returns: sorted messages: each import across layers that no arrow
        allows, each module without a layer, and each module that reaches
        (through any chain of imports) a layer its own may not reach, with
        the chain.
    """
    found = set()
    for module, targets in imports.items():
        here = layer(module, arrows)
        if here is None:
            found.add('%s is in no layer of ARROWS' % module)
            continue
        for target in targets:
            there = layer(target, arrows)
            if there is not None and there != here \
                    and there not in arrows[here]:
                found.add('%s imports %s (%s -> %s)'
                          % (module, target, here, there))
        allowed = reach(here, arrows)
        paths = {module: [module]}
        todo = collections.deque([module])
        while todo:
            current = todo.popleft()
            for target in sorted(imports.get(current, ())):
                if target in paths:
                    continue
                paths[target] = paths[current] + [target]
                todo.append(target)
                there = layer(target, arrows)
                if there is not None and there not in allowed:
                    found.add('%s reaches %s (%s)' % (
                        module, target, ' -> '.join(paths[target])))
    return sorted(found)


def agent_calls(source):
    """The methods of the agent's RPC client (its source) that wait for
    the agent's answer: those that send a call(), not a cast().
    """
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == 'AgentAPI':
            for method in node.body:
                if isinstance(method, ast.FunctionDef) and any(
                        isinstance(n, ast.Attribute) and n.attr == 'call'
                        for n in ast.walk(method)):
                    found.add(method.name)
    return found


def _calls(function):
    """The calls *function* makes itself: not those of the functions and
    lambdas it defines (passed on, to a pool say, they run elsewhere).
    """
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.Lambda)):
            continue
        if isinstance(node, ast.Call):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def _name(node):
    """The last name of an expression (``self._agent_api`` ->
    ``_agent_api``), or ''.
    """
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ''


def waits(sources, calls):
    """Where an RPC method of the conductor waits on an agent.

    The calls are followed from each ``@messaging.expose`` method through
    the functions of *sources*: ``f()`` in its module, ``self.f()`` in its
    class, ``module.f()`` through the module's imports, and ``x.f()`` to
    every method named f (more than may run: a wait is never missed that
    way).  A function handed to another (``pool.kick(f)``) is not called.
    A wait is a call of *calls* on an agent client (an object whose name
    holds ``agent``), or ``.result()`` (a future's answer).

    :param sources: ``{module name: its source}``.
    :param calls: the agent client's methods that wait (agent_calls()).
    :returns: sorted messages, each with the chain of calls.
    """
    functions, methods, exposed, imports = {}, {}, [], {}
    for module, source in sources.items():
        tree = ast.parse(source)
        aliases = imports[module] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    aliases[alias.asname or alias.name] = '%s.%s' % (
                        node.module, alias.name)
        for node in tree.body:
            members = [(node.name, node)] if isinstance(
                node, ast.FunctionDef) else []
            if isinstance(node, ast.ClassDef):
                members = [('%s.%s' % (node.name, item.name), item)
                           for item in node.body
                           if isinstance(item, ast.FunctionDef)]
            for qualname, function in members:
                key = (module, qualname)
                functions[key] = function
                if '.' in qualname:
                    methods.setdefault(function.name, []).append(key)
                    if any(_name(d) == 'expose'
                           for d in function.decorator_list):
                        exposed.append(key)

    def callees(key):
        module, qualname = key
        for call in _calls(functions[key]):
            func = call.func
            if isinstance(func, ast.Attribute) and (
                    func.attr == 'result' or func.attr in calls
                    and 'agent' in _name(func.value)):
                yield 'waits: %s()' % ast.unparse(func)
            elif isinstance(func, ast.Name):
                yield (module, func.id)
            elif not isinstance(func, ast.Attribute):
                continue
            elif _name(func.value) == 'self':
                yield (module, '%s.%s' % (qualname.split('.')[0],
                                          func.attr))
            elif (isinstance(func.value, ast.Name)
                  and func.value.id in imports[module]):
                yield (imports[module][func.value.id], func.attr)
            else:
                yield from methods.get(func.attr, ())

    found = set()
    for start in exposed:
        paths, todo = {start: [start]}, [start]
        while todo:
            key = todo.pop()
            for callee in callees(key):
                if isinstance(callee, str):
                    found.add('%s.%s %s (%s)' % (
                        start[0], start[1], callee, ' -> '.join(
                            '%s.%s' % k for k in paths[key])))
                elif callee in functions and callee not in paths:
                    paths[callee] = paths[key] + [callee]
                    todo.append(callee)
    return sorted(found)


def _conductor_sources():
    sources = {}
    for module, path in modules().items():
        if layer(module) not in ('cyborg.conductor.rpcapi',
                                 'cyborg.conductor.backoff') and \
                module.startswith('cyborg.conductor'):
            with open(path, encoding='utf-8') as f:
                sources[module] = f.read()
    return sources


# What a package's "May import:" paragraph may say instead of a list.
_PHRASES = {'the base': set(_BASE) - {'cyborg'},
            'what every room may': set(_CONDUCTOR) - {'cyborg'}}


def said_imports(module, docstring):
    """The layers a package's docstring says it may import (its last
    paragraph, ``May import: ...``), or its layer's name where it says
    ``what LAYER may``; None when it says nothing.
    """
    paragraph = docstring.strip().split('\n\n')[-1]
    if not paragraph.startswith('May import:'):
        return None
    paragraph = ' '.join(paragraph.split())
    inherited = re.search(r'what (cyborg[.\w]*) may \(its layer\)',
                          paragraph)
    if inherited:
        return inherited.group(1)
    said = set(re.findall(r'cyborg(?:\.\w+)+', paragraph))
    for phrase, layers in _PHRASES.items():
        if phrase in paragraph:
            said |= layers
    return said


def _imports_in_a_fresh_process(modules, prefixes):
    code = ('import importlib, sys\n'
            'for name in %r:\n'
            '    importlib.import_module(name)\n'
            'print(sorted(m for m in sys.modules if m.startswith(%r)))\n'
            % (modules, prefixes))
    out = subprocess.run([sys.executable, '-c', code], check=True,
                         capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1]


class LayeringTestCase(base.TestCase):

    def test_every_part_of_the_package_has_a_layer(self):
        tops = {'.'.join(module.split('.')[:2]) for module in modules()}
        self.assertEqual(sorted(tops), sorted(
            name for name in ARROWS if name.count('.') < 2))
        for targets in ARROWS.values():
            self.assertEqual([], sorted(set(targets) - set(ARROWS)))

    def test_each_package_says_what_it_holds_and_may_import(self):
        wrong = []
        for module, path in sorted(modules().items()):
            if not path.endswith('__init__.py'):
                continue
            with open(path, encoding='utf-8') as f:
                doc = ast.get_docstring(ast.parse(f.read())) or ''
            here = layer(module)
            # Its own inner layers (the conductor's rooms, its client)
            # are its own to import.
            allowed = {name for name in ARROWS[here]
                       if name != 'cyborg' and
                       not name.startswith(here + '.')}
            said = said_imports(module, doc)
            if len(doc.split('\n\n')) < 2:
                wrong.append('%s: what it holds, then May import' % module)
            elif said != (here if here != module else allowed):
                wrong.append('%s says it may import %s; ARROWS: %s' % (
                    module, said, here if here != module
                    else sorted(allowed)))
        self.assertEqual([], wrong)

    def test_a_docstring_s_imports_are_read(self):
        self.assertEqual({'cyborg.db', 'cyborg.conf'}, said_imports(
            'cyborg.x', 'What.\n\nMay import: cyborg.db,\ncyborg.conf.'))
        self.assertEqual('cyborg.api', said_imports(
            'cyborg.api.x', 'What.\n\nMay import: what cyborg.api may '
            '(its layer).'))
        self.assertIn('cyborg.exception', said_imports(
            'cyborg.x', 'What.\n\nMay import: the base only.'))
        self.assertIsNone(said_imports('cyborg.x', 'What it holds.'))

    def test_every_room_of_the_conductor_has_a_layer(self):
        rooms = {'.'.join(module.split('.')[:3]) for module in modules()
                 if module.startswith('cyborg.conductor.') and
                 os.path.basename(modules()[module]) == '__init__.py'}
        self.assertEqual(sorted(CONDUCTOR_ROOMS), sorted(rooms))
        # No module sits in the conductor's face but the endpoint, the
        # client, the online data migrations, the back-off, the pool and
        # the size of the RPC server.
        self.assertEqual(
            ['cyborg.conductor', 'cyborg.conductor.backoff',
             'cyborg.conductor.call_threads',
             'cyborg.conductor.data_migrations', 'cyborg.conductor.manager',
             'cyborg.conductor.pool', 'cyborg.conductor.rpcapi'],
            sorted(m for m in modules() if m.startswith('cyborg.conductor')
                   and layer(m) in ('cyborg.conductor',
                                    'cyborg.conductor.backoff',
                                    'cyborg.conductor.pool',
                                    'cyborg.conductor.rpcapi')))

    def test_a_forbidden_import_between_rooms_is_found(self):
        # Placement is called by the rooms, never the other way; and a
        # room reaches another only through the arrows.
        imports = {
            'cyborg.conductor.placement.push': {
                'cyborg.conductor.arq.release'},
            'cyborg.conductor.arq.release': set(),
            'cyborg.conductor.devices.health': {
                'cyborg.conductor.audit.handles'},
            'cyborg.conductor.audit.handles': set(),
        }
        self.assertEqual([
            'cyborg.conductor.devices.health imports '
            'cyborg.conductor.audit.handles (cyborg.conductor.devices -> '
            'cyborg.conductor.audit)',
            'cyborg.conductor.devices.health reaches '
            'cyborg.conductor.audit.handles (cyborg.conductor.devices.health'
            ' -> cyborg.conductor.audit.handles)',
            'cyborg.conductor.placement.push imports '
            'cyborg.conductor.arq.release (cyborg.conductor.placement -> '
            'cyborg.conductor.arq)',
            'cyborg.conductor.placement.push reaches '
            'cyborg.conductor.arq.release (cyborg.conductor.placement.push'
            ' -> cyborg.conductor.arq.release)',
        ], violations(imports))
        # Through an arrow, the same kind of import is allowed.
        self.assertEqual([], violations({
            'cyborg.conductor.audit.handles': {
                'cyborg.conductor.arq.release'},
            'cyborg.conductor.arq.release': set()}))

    def test_imports_follow_the_arrows(self):
        imports = graph()
        self.assertIn('cyborg.drivers.base',
                      imports['cyborg.agent.resource_tracker'])
        self.assertEqual([], violations(imports))

    def test_a_back_arrow_is_found(self):
        # A test of the check: a planted back-arrow (the neutral module
        # importing a driver) is reported where it is, and in every
        # module that reaches it.
        imports = {
            'cyborg.conductor.devices.driver': {
                'cyborg.common.driver_names'},
            'cyborg.common.driver_names': {'cyborg.drivers.base'},
            'cyborg.drivers.base': {'cyborg.objects.hardware'},
            'cyborg.objects.hardware': set(),
        }
        self.assertEqual([
            'cyborg.common.driver_names imports cyborg.drivers.base '
            '(cyborg.common -> cyborg.drivers)',
            'cyborg.common.driver_names reaches cyborg.drivers.base '
            '(cyborg.common.driver_names -> cyborg.drivers.base)',
            'cyborg.common.driver_names reaches cyborg.objects.hardware '
            '(cyborg.common.driver_names -> cyborg.drivers.base -> '
            'cyborg.objects.hardware)',
            'cyborg.conductor.devices.driver reaches cyborg.drivers.base '
            '(cyborg.conductor.devices.driver -> cyborg.common.driver_names'
            ' -> cyborg.drivers.base)',
        ], violations(imports))
        del imports['cyborg.common.driver_names']
        self.assertEqual([], violations(imports))
        self.assertEqual(['cyborg.nowhere is in no layer of ARROWS'],
                         violations({'cyborg.nowhere': set()},
                                    {'cyborg.x': ()}))

    def test_the_agent_s_code_is_not_the_conductor_s(self):
        # Each form of import of the agent's code is found; its RPC
        # client is allowed.
        known = {'cyborg.agent', 'cyborg.agent.resource_tracker',
                 'cyborg.agent.rpcapi', 'cyborg.conductor'}
        for source in ('from cyborg.agent import resource_tracker',
                       'import cyborg.agent.resource_tracker',
                       'from cyborg.agent.resource_tracker import merge'):
            self.assertIn('cyborg.agent.resource_tracker',
                          imported(source, known))
            self.assertTrue(violations(
                {'cyborg.conductor': imported(source, known)}))
        self.assertEqual({'cyborg.agent.rpcapi'},
                         imported('from cyborg.agent import rpcapi\n',
                                  known))

    def test_relative_imports_are_not_used(self):
        # imported() reads absolute imports only; the tree has no
        # relative ones (which would escape it).
        found = []
        for module, path in modules().items():
            with open(path, encoding='utf-8') as f:
                found.extend('%s:%d' % (module, node.lineno)
                             for node in ast.walk(ast.parse(f.read()))
                             if isinstance(node, ast.ImportFrom)
                             and node.level)
        self.assertEqual([], found)

    def test_the_conductor_loads_no_driver(self):
        # In a process of its own, as the service starts: no driver code
        # (pyudev, vendor modules) behind any of the conductor's modules.
        conductor = sorted(m for m in modules()
                           if layer(m) == 'cyborg.conductor')
        self.assertIn('cyborg.conductor.manager', conductor)
        self.assertEqual('[]', _imports_in_a_fresh_process(
            conductor, ('cyborg.drivers', 'pyudev')))

    def test_the_clients_import_no_database(self):
        self.assertEqual('[]', _imports_in_a_fresh_process(
            ['cyborg.clients.placement', 'cyborg.counters'],
            ('cyborg.db',)))

    def test_no_rpc_method_of_the_conductor_waits_on_an_agent(self):
        with open(os.path.join(ROOT, 'agent', 'rpcapi.py'),
                  encoding='utf-8') as f:
            calls = agent_calls(f.read())
        self.assertEqual({'program', 'prepare_attach', 'release_attach'},
                         calls)
        sources = _conductor_sources()
        self.assertIn('cyborg.conductor.arq.endpoint', sources)
        self.assertEqual([], waits(sources, calls))

    def test_a_planted_wait_is_found(self):
        # A test of the check: an RPC method whose helper calls the agent,
        # or waits on a future of the pool, through the arrows of the
        # rooms; what it hands to the pool is not a wait.
        sources = {
            'cyborg.conductor.devices.endpoint': (
                'import oslo_messaging as messaging\n'
                'from cyborg.conductor.devices import driver\n'
                'class DevicesEndpoint:\n'
                '    @messaging.expose\n'
                '    def driver_install(self, context):\n'
                '        self._pool.kick(lambda: self._api.program())\n'
                '        return driver.install(context, self._api)\n'
                '    @messaging.expose\n'
                '    def driver_update(self, context):\n'
                '        return self._push(context)\n'
                '    def _push(self, context):\n'
                '        return self._pool.spawn(len, []).result()\n'),
            'cyborg.conductor.devices.driver': (
                'def install(context, agent_api):\n'
                '    return _push(context, agent_api)\n'
                'def _push(context, agent_api):\n'
                '    return agent_api.program(context)\n'),
        }
        self.assertEqual([
            'cyborg.conductor.devices.endpoint.DevicesEndpoint.'
            'driver_install waits: agent_api.program() '
            '(cyborg.conductor.devices.endpoint.DevicesEndpoint.'
            'driver_install -> cyborg.conductor.devices.driver.install -> '
            'cyborg.conductor.devices.driver._push)',
            'cyborg.conductor.devices.endpoint.DevicesEndpoint.'
            'driver_update waits: self._pool.spawn(len, []).result() '
            '(cyborg.conductor.devices.endpoint.DevicesEndpoint.'
            'driver_update -> cyborg.conductor.devices.endpoint.'
            'DevicesEndpoint._push)',
        ], waits(sources, {'program'}))
        # Cast, or handed to the pool: no wait.
        sources['cyborg.conductor.devices.driver'] = (
            'def install(context, agent_api):\n'
            '    agent_api.configure_soon(context)\n')
        del sources['cyborg.conductor.devices.endpoint']
        self.assertEqual([], waits(sources, {'program'}))
