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
"""The ARQ's lifecycle (cyborg.conductor.arq.lifecycle, issue 78).

* One writer: no module of the package but the lifecycle calls the
  queries that write an ARQ's state (``accelerator_request.transition``
  and ``.delete``), and no statement outside
  ``cyborg/db/queries/accelerator_request.py`` inserts or deletes an ARQ
  or updates its state (the syntax trees are read, not run; the tests
  and the conversion of an upstream database aside).  The documentation's table
  of transitions is states.TRANSITIONS.
* Its effects go after the commit, once: an outer transaction that fails
  after a nested delete tells no one, one retried on a deadlock tells
  once (counted notifications and casts).
* Every path that ends a binding tells the agents who hold their devices.
"""

import ast
import os
from unittest import mock

import fixtures
from oslo_db import exception as db_exc
from oslo_utils import uuidutils

from cyborg import exception
from cyborg import states
from cyborg.agent import rpcapi as agent_rpcapi
from cyborg.clients import nova as nova_client
from cyborg.conductor.arq import bind as arq_bind
from cyborg.conductor.arq import create as arq_create
from cyborg.conductor.arq import delete as arq_delete
from cyborg.conductor.arq import lifecycle
from cyborg.conductor.arq import release as arq_release
from cyborg.conductor.attach import allocations
from cyborg.conductor.audit import instances
from cyborg.conductor.devices import driver as driver_ops
from cyborg.db.queries import accelerator_request as arq_queries
from cyborg.db.queries import attachment as att_queries
from cyborg.db.queries import device_profile as dp_queries
from cyborg.db.queries import driver as driver_queries
from cyborg.tests import base
from cyborg.tests.fixtures import inventory
from cyborg.tests.fixtures import notifications
from cyborg.tests.fixtures import nova as nova_fixture
from cyborg.tests.unit import test_vendor_names

DOC = os.path.join(test_vendor_names.ROOT, os.pardir, 'doc', 'source',
                   'admin', 'binding.rst')
QUERIES = 'cyborg.db.queries'
#: The queries that change an ARQ's state, and their one caller.
WRITERS = {'transition', 'delete'}
HOME = 'conductor/arq/lifecycle.py'
#: Where statements write the ARQ table's state: its queries, and the
#: conversion of an upstream database (rows as upstream left them).
SQL_HOMES = ('db/queries/accelerator_request.py',
             'db/upstream_conversion.py', 'db/alembic/')
_MODEL = 'ExtendedAcceleratorRequest'


def _query_aliases(tree):
    """The names a module gives cyborg.db.queries.accelerator_request."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == QUERIES:
            names.update(a.asname or a.name for a in node.names
                         if a.name == 'accelerator_request')
        elif isinstance(node, ast.ImportFrom) and (
                node.module == QUERIES + '.accelerator_request'):
            names.update('.' + (a.asname or a.name) for a in node.names
                         if a.name in WRITERS)
    return names


def _table_aliases(tree):
    """The module-level names of the ARQ model or table."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and _MODEL in ast.dump(node.value):
            names.update(t.id for t in node.targets
                         if isinstance(t, ast.Name))
    return names


def _writes_state(node):
    """Whether the ``.values()`` of a statement's expression name the
    ``state`` column.
    """
    for call in ast.walk(node):
        if not (isinstance(call, ast.Call) and
                isinstance(call.func, ast.Attribute) and
                call.func.attr == 'values'):
            continue
        if any(k.arg == 'state' for k in call.keywords):
            return True
        for sub in (s for arg in call.args + [k.value for k in call.keywords]
                    for s in ast.walk(arg)):
            if (isinstance(sub, ast.Constant) and sub.value == 'state' or
                    isinstance(sub, ast.Attribute) and sub.attr == 'state'):
                return True
    return False


def _on_table(call, tables):
    """Whether *call* is an UPDATE, INSERT or DELETE of *tables*."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in (
            'update', 'insert', 'delete'):
        return None
    if isinstance(func.value, ast.Name) and func.value.id in tables:
        return func.attr
    if call.args and isinstance(call.args[0], ast.Name) and (
            call.args[0].id in tables):
        return func.attr
    return None


def writers(source, path):
    """``[(line, what)]``: where the module *path* (relative to cyborg/)
    writes an ARQ's state, though it is not the lifecycle.
    """
    tree = ast.parse(source, path)
    found = []
    queries = _query_aliases(tree)
    if path != HOME:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in WRITERS and
                    isinstance(func.value, ast.Name) and
                    func.value.id in queries or
                    isinstance(func, ast.Name) and '.' + func.id in queries):
                found.append((node.lineno, 'calls the query %s' % (
                    getattr(func, 'attr', None) or func.id)))
    tables = _table_aliases(tree)
    if tables and not path.startswith(SQL_HOMES):
        for statement in ast.walk(tree):
            if not isinstance(statement, (ast.Assign, ast.Return, ast.Expr)):
                continue
            for node in ast.walk(statement):
                kind = isinstance(node, ast.Call) and _on_table(node, tables)
                if kind in ('insert', 'delete') or (
                        kind and _writes_state(statement)):
                    found.append((node.lineno, '%s of the ARQ table' % kind))
    return sorted(set(found))


class OneWriterTestCase(base.TestCase):

    def test_only_the_lifecycle_writes_an_arq_state(self):
        found = []
        for path, full in test_vendor_names.package_modules(('tests',)):
            with open(full, encoding='utf-8') as f:
                found.extend('cyborg/%s:%d %s' % (path, line, what)
                             for line, what in writers(f.read(), path))
        self.assertEqual([], found)

    def test_planted_writers_are_found(self):
        planted = (
            'from cyborg.db.queries import accelerator_request as q\n'
            'def unbind(context, uuid):\n'
            '    q.transition(context, uuid, "unbind")\n'
            '    q.delete(context, [uuid])\n')
        self.assertEqual([(3, 'calls the query transition'),
                          (4, 'calls the query delete')],
                         writers(planted, 'conductor/arq/release.py'))
        self.assertEqual([], writers(planted, HOME))
        planted = (
            'from cyborg.db.queries.accelerator_request import transition\n'
            'def unbind(context, uuid):\n'
            '    transition(context, uuid, "unbind")\n')
        self.assertEqual([(3, 'calls the query transition')],
                         writers(planted, 'conductor/audit/x.py'))
        planted = (
            'import sqlalchemy as sa\n'
            'from cyborg.db import models\n'
            '_ARQ = models.ExtendedAcceleratorRequest.__table__\n'
            'def forget(context, arq_id):\n'
            '    context.session.execute(sa.update(_ARQ).where(\n'
            '        _ARQ.c.id == arq_id).values(project_id=None))\n'
            'def fail(context, arq_id):\n'
            '    context.session.execute(sa.update(_ARQ).where(\n'
            '        _ARQ.c.id == arq_id).values(state="BindFailed"))\n'
            'def drop(context, arq_id):\n'
            '    return _ARQ.delete().where(_ARQ.c.id == arq_id)\n')
        self.assertEqual([(8, 'update of the ARQ table'),
                          (11, 'delete of the ARQ table')],
                         writers(planted, 'db/queries/handle_audit.py'))
        self.assertEqual(
            [], writers(planted, 'db/queries/accelerator_request.py'))

    def test_the_documentation_shows_the_transitions(self):
        with open(DOC, encoding='utf-8') as f:
            text = f.read()
        table = text[text.index('.. The table of cyborg/states.py'):]
        lines = table.split('\n\n')[1].splitlines()
        rows = [line.split('  ') for line in lines[3:-1]]
        rows = [[cell.strip() for cell in row if cell.strip()]
                for row in rows]
        alive = set(states.ALL) - {states.DELETING}
        self.assertEqual(
            [[name,
              'every state but Deleting' if set(t.sources) == alive
              else ', '.join(t.sources),
              t.target or '(gone)', t.when]
             for name, t in states.TRANSITIONS.items()], rows)


class _Bound(base.DbTestCase):
    """ARQs bound to one FPGA of node-1; the notifications recorded, and
    the holders' cast of a conductor that lends the lifecycle its
    services.
    """

    def setUp(self):
        super().setUp()
        self.fpga = inventory.add_device(self.context, 'node-1', handles=4)
        self.profile = dp_queries.create(self.context,
                                         uuidutils.generate_uuid(), 'dp',
                                         [{'resources:FPGA': '1'}])
        self.sent = self.useFixture(notifications.Notifications())
        self.holders = []
        lifecycle.serve(lifecycle.Services(
            holders=lambda context, uuids: self.holders.append(
                sorted(uuids))))

    def _bound(self, instance, attachment=None):
        if attachment is None:
            uuid = arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
        else:
            [arq] = arq_queries.create(self.context, self.profile, 'p1',
                                       [1], attachment_uuid=attachment)
            uuid = arq['uuid']
        arq_bind.bind(self.context, {uuid: {
            'hostname': 'node-1', 'device_rp_uuid': self.fpga['rp_uuid'],
            'instance_uuid': instance, 'project_id': 'p1'}})
        return uuid

    def _told(self, prefix):
        """The notifications sent since the test's binds, by type."""
        return [event for event, _ in self.sent.events(prefix)]


class AfterCommitTestCase(_Bound):
    """A detach deletes its ARQs in its own transaction, which then makes
    its attachment ``releasing``.
    """

    def _attached(self):
        attachment = uuidutils.generate_uuid()
        att_queries.create(self.context, attachment, 'i1', 'node-1',
                           {self.fpga['rp_uuid']: {'FPGA': 1}},
                           project_id='p1', user_id='u1')
        att_queries.update(self.context, attachment,
                           state=att_queries.ATTACHED)
        uuid = self._bound('i1', attachment)
        del self.holders[:]
        self.before = len(self.sent.sent())
        return att_queries.get(self.context, attachment), uuid

    def _since_binds(self):
        return [n['event_type'] for n in self.sent.sent()[self.before:]]

    def test_a_detach_that_fails_after_its_delete_tells_no_one(self):
        attachment, uuid = self._attached()
        # Another detach took the attachment first: Conflict, after the
        # delete, in the same transaction.
        att_queries.update(self.context, attachment['uuid'],
                           state=att_queries.RELEASING)
        self.assertRaises(exception.Conflict, allocations.start_release,
                          self.context, [attachment])
        self.assertEqual(states.BOUND,
                         arq_queries.get(self.context, uuid)['state'])
        self.assertEqual([], self._since_binds())
        self.assertEqual([], self.holders)

    def test_a_detach_retried_on_a_deadlock_tells_once(self):
        attachment, uuid = self._attached()
        real, tries = att_queries.update, []

        def deadlock_once(context, uuid, **kwargs):
            tries.append(uuid)
            if len(tries) == 1:
                raise db_exc.DBDeadlock()
            return real(context, uuid, **kwargs)
        self.useFixture(fixtures.MockPatchObject(
            att_queries, 'update', autospec=True, side_effect=deadlock_once))
        self.assertEqual([uuid], allocations.start_release(
            self.context, [attachment]))
        self.assertEqual(2, len(tries))
        self.assertEqual(['accelerator_request.delete',
                          'accelerator_usage.close'], self._since_binds())
        self.assertEqual([[uuid]], self.holders)


class HoldersTestCase(_Bound):
    """Each path that ends a binding tells the agents (the lifecycle's
    holders service), once it committed.
    """

    def setUp(self):
        super().setUp()
        self.uuid = self._bound('i1')
        self.assertEqual([[self.uuid]], self.holders)
        del self.holders[:]

    def test_an_unbind(self):
        arq_release.unbind(self.context, [self.uuid])
        self.assertEqual([[self.uuid]], self.holders)

    def test_a_delete(self):
        arq_delete.delete(self.context, instance_uuid='i1')
        self.assertEqual([[self.uuid]], self.holders)

    def test_the_instance_audits_heal(self):
        # Nova has no server i1 any more.
        nova = self.useFixture(nova_fixture.FakeNova())
        self.flags(group='nova', auth_type='none',
                   endpoint_override=nova.url)
        self.flags(group='conductor', instance_orphan_grace=0)
        [finding] = instances.audit(self.context,
                                    nova_client.from_conf(base.CONF),
                                    heal=True)
        self.assertTrue(finding.repaired)
        self.assertEqual([[self.uuid]], self.holders)

    def test_a_forced_driver_uninstall(self):
        [row] = driver_queries.install(
            self.context, 'fake', ['node-1'],
            {'fake_driver': {'devices': ['fpga=1']}}, 'request-1')
        agent_api = mock.create_autospec(agent_rpcapi.AgentAPI,
                                         instance=True)
        self.assertEqual({'unbound': [self.uuid]}, driver_ops.uninstall(
            self.context, agent_api, None, row['uuid'], force=True))
        self.assertEqual([[self.uuid]], self.holders)
        self.assertEqual(['accelerator_request.unbind'],
                         self._told('accelerator_request.unbind'))

    def test_a_bind_that_fails_tells_nothing_more(self):
        # A refused bind rolls back: nothing to tell.
        others = [arq_create.create(self.context, 'dp', 'p1')[0]['uuid']
                  for _ in range(4)]
        self.assertRaises(exception.BindRefused, arq_bind.bind,
                          self.context, {uuid: {
                              'hostname': 'node-1',
                              'device_rp_uuid': self.fpga['rp_uuid'],
                              'instance_uuid': 'i-' + uuid}
                              for uuid in others})
        self.assertEqual([], self.holders)
