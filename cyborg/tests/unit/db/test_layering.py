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
"""One way to talk to the database: the enginefacade through the context.

Every module of the cyborg package is read (its syntax tree, not run):

* outside cyborg/db (tests aside) nothing imports SQLAlchemy or the models,
  runs a statement (``.execute(``), reads ``.session`` or takes a
  ``session`` argument: every statement lives in cyborg/db;
* in cyborg/db no function takes a ``session`` (the session is
  ``context.session``; SQLAlchemy's session events aside), and every
  public function of cyborg/db/queries takes the request context first
  and is decorated with ``db_api.context_manager.reader`` or ``.writer``
  (or ``db_api.retrying_writer``, a retried writer), so that a nested
  call joins its caller's transaction.
"""

import ast
import os

import cyborg
from cyborg.tests import base

PACKAGE = os.path.dirname(cyborg.__file__)

# Modules outside cyborg/db that may import these (module path relative
# to the package, imported name), and why.
_IMPORT_ALLOWED = {
    # The context is the enginefacade's transaction context provider.
    ('context.py', 'oslo_db.sqlalchemy'),
}
_DB_MODULES = ('sqlalchemy', 'oslo_db.sqlalchemy', 'cyborg.db.models')

# ``x.execute(`` outside cyborg/db that runs no SQL: the receivers' names.
_EXECUTE_ALLOWED = {
    'privsep_command',  # cyborg/drivers/command.py: a privileged command
}

# Where a ``session`` argument is a keystoneauth Session, not a database
# one.
_SESSION_ARG_ALLOWED = ('cli/',)

# The functions of cyborg/db that SQLAlchemy calls with a session: the
# session events behind db_api.after_commit().
_SESSION_LISTENERS = {('api.py', '_committed'), ('api.py', '_ended')}

_DECORATORS = {'db_api.context_manager.reader',
               'db_api.context_manager.writer', 'db_api.retrying_writer'}

# Query functions that run their steps in transactions of their own and
# so must not join their caller's: discovery.ask() inserts a new host's
# row and commits before it locks that row (locking a row that does not
# exist yet locks the index gap on MariaDB, and two new hosts in one gap
# would deadlock).  Each step is a reader or a writer.
_OWN_TRANSACTIONS = {
    (os.path.join('queries', 'discovery.py'), 'ask'),
}


def _modules(under=''):
    """(path relative to the package, source) of every module there."""
    top = os.path.join(PACKAGE, under)
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != '__pycache__')
        for name in sorted(files):
            if name.endswith('.py'):
                path = os.path.join(root, name)
                with open(path, encoding='utf-8') as f:
                    yield os.path.relpath(path, PACKAGE), f.read()


def _dotted(node):
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return '.'.join(reversed(parts))


def _imported(node):
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module] + ['%s.%s' % (node.module, alias.name)
                                for alias in node.names]
    return []


def _is_db_module(name):
    return any(name == m or name.startswith(m + '.') for m in _DB_MODULES)


def _arguments(func):
    args = func.args
    return [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]


def outside_violations(source, relpath='x.py'):
    """``[(line, what)]``: database access a module outside cyborg/db does
    itself.
    """
    found = []
    for node in ast.walk(ast.parse(source, relpath)):
        for name in _imported(node):
            if (_is_db_module(name) and not any(
                    relpath == path and name.startswith(allowed)
                    for path, allowed in _IMPORT_ALLOWED)):
                found.append((node.lineno, 'imports ' + name))
        if (isinstance(node, ast.Call) and
                isinstance(node.func, ast.Attribute) and
                node.func.attr == 'execute' and
                _dotted(node.func.value) not in _EXECUTE_ALLOWED):
            found.append((node.lineno, 'runs .execute()'))
        if isinstance(node, ast.Attribute) and node.attr == 'session':
            found.append((node.lineno, 'reads .session'))
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                'session' in _arguments(node) and
                not relpath.startswith(_SESSION_ARG_ALLOWED)):
            found.append((node.lineno, '%s() takes a session' % node.name))
    return sorted(set(found))


def query_violations(source, relpath='queries/x.py'):
    """``[(line, what)]``: functions of a cyborg/db module that take a
    session, or public query functions (in cyborg/db/queries) that do not
    take the context first or are not decorated reader or writer.
    """
    found = []
    tree = ast.parse(source, relpath)
    for node in ast.walk(tree):
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                'session' in _arguments(node) and
                (relpath, node.name) not in _SESSION_LISTENERS):
            found.append((node.lineno, '%s() takes a session' % node.name))
    if not relpath.startswith('queries' + os.sep):
        return found
    for node in tree.body:
        if (not isinstance(node, ast.FunctionDef) or
                node.name.startswith('_')):
            continue
        args = _arguments(node)
        if args[:1] != ['context']:
            if _touches_db(node):
                found.append((node.lineno,
                              '%s() does not take the context first' %
                              node.name))
            continue
        if (not _DECORATORS & {_dotted(d) for d in node.decorator_list}
                and (relpath, node.name) not in _OWN_TRANSACTIONS):
            found.append((node.lineno, '%s() is neither a reader nor a '
                          'writer' % node.name))
    return found


def _touches_db(func):
    """Whether *func* runs statements (a row converter such as to_dict()
    does not, and need not take the context).
    """
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and node.attr in ('session',
                                                             'execute'):
            return True
        if isinstance(node, ast.Name) and node.id == 'session':
            return True
    return False


class LayeringTestCase(base.TestCase):

    def test_outside_db(self):
        problems = []
        for relpath, source in _modules():
            if relpath.startswith(('db' + os.sep, 'tests' + os.sep)):
                continue
            problems.extend('cyborg/%s:%d: %s' % (relpath, line, what)
                            for line, what in outside_violations(
                                source, relpath))
        self.assertEqual([], problems)

    def test_db_functions(self):
        problems = []
        for relpath, source in _modules('db'):
            relpath = os.path.relpath(os.path.join(PACKAGE, relpath),
                                      os.path.join(PACKAGE, 'db'))
            problems.extend('cyborg/db/%s:%d: %s' % (relpath, line, what)
                            for line, what in query_violations(
                                source, relpath))
        self.assertEqual([], problems)

    def test_every_module_read(self):
        # The walk finds the modules it must judge (a wrong root would
        # pass everything).
        outside = [p for p, _ in _modules()]
        self.assertIn(os.path.join('conductor', 'manager.py'), outside)
        queries = [p for p, _ in _modules('db')]
        self.assertIn(os.path.join('db', 'queries', 'accelerator_request.py'),
                      queries)

    def test_outside_caught(self):
        source = '\n'.join([
            'import sqlalchemy as sa',
            'from sqlalchemy import orm',
            'from cyborg.db import models',
            'def f(context):',
            '    context.session.execute(sa.select(1))',
            'def g(session, x):',
            '    db_api.execute(x, y)',
            'privsep_command.execute(argv, 1)',
        ])
        self.assertEqual(
            [(1, 'imports sqlalchemy'), (2, 'imports sqlalchemy'),
             (2, 'imports sqlalchemy.orm'), (3, 'imports cyborg.db.models'),
             (5, 'reads .session'), (5, 'runs .execute()'),
             (6, 'g() takes a session'), (7, 'runs .execute()')],
            outside_violations(source, 'conductor/x.py'))
        self.assertEqual(
            [], outside_violations('from oslo_db.sqlalchemy import '
                                   'enginefacade', 'context.py'))
        self.assertEqual(
            [(1, 'f() takes a session')],
            outside_violations('def f(session):\n    pass', 'api/x.py'))
        self.assertEqual(
            [], outside_violations('def f(session):\n    pass', 'cli/x.py'))

    def test_queries_caught(self):
        source = '\n'.join([
            'def _helper(session):',
            '    pass',
            '@db_api.context_manager.reader',
            'def get(session, uuid):',
            '    pass',
            'def plain(context, uuid):',
            '    pass',
            '@db_api.retry_on_deadlock',
            '@db_api.context_manager.writer',
            'def good(context, uuid):',
            '    pass',
            'def to_dict(row):',
            '    return dict(row)',
            'def get_all(connection):',
            '    return connection.execute(QUERY)',
            '@db_api.retrying_writer',
            'def retried(context, uuid):',
            '    pass',
        ])
        self.assertEqual(
            [(1, '_helper() takes a session'), (4, 'get() takes a session'),
             (6, 'plain() is neither a reader nor a writer'),
             (14, 'get_all() does not take the context first')],
            query_violations(source, os.path.join('queries', 'x.py')))
