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
"""Tests of the one report/heal loop of cyborg-manage's audits
(cmd.manage_audit), on an audit of its own; each audit's commands are
tested in test_manage.py and cyborg/tests/functional/placement.
"""

import argparse
import dataclasses
import io
import types

import fixtures
from oslo_db import exception as db_exc
from oslo_serialization import jsonutils

from cyborg import exception
from cyborg.cmd import manage_audit
from cyborg.conductor.audit import record
from cyborg.tests import base


@dataclasses.dataclass(kw_only=True)
class _Thing(record.Finding):
    thing: str
    other: str | None = None


def _found(*outcomes):
    return [_Thing(kind='broken', host='n%d' % i, thing='t%d' % i,
                   detail='wrong', repaired=repaired)
            for i, repaired in enumerate(outcomes)]


class StatusTestCase(base.TestCase):

    def test_one_rule(self):
        for found, heal, expected in (
                ([], False, manage_audit.EXIT_IN_SYNC),
                ([], True, manage_audit.EXIT_IN_SYNC),
                (_found(None), False, manage_audit.EXIT_DRIFT),
                (_found(True, True), True, manage_audit.EXIT_REPAIRED),
                # Something a heal found and did not repair: "some left".
                (_found(True, False), True, manage_audit.EXIT_DRIFT),
                (_found(None), True, manage_audit.EXIT_DRIFT)):
            self.assertEqual(expected, manage_audit.status(found, heal),
                             (found, heal))


class RunTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stdout = io.StringIO()
        self.stderr = io.StringIO()
        self.useFixture(fixtures.MonkeyPatch('sys.stdout', self.stdout))
        self.useFixture(fixtures.MonkeyPatch('sys.stderr', self.stderr))
        self.calls = []
        self.result = []
        self.category = manage_audit.Category(
            name='thing', help='Things.', check=self._audit,
            failed='Thing audit failed: %s', all_clear='All is well.',
            columns=(('Host', 'host'), ('Thing', 'thing'),
                     ('Other', 'other'), ('Detail', 'detail')),
            audit_help='Print them.', heal_help='Repair them.',
            host_help='Only this host.')

    def _audit(self, conf, context, host, heal):
        self.calls.append((context.is_admin, host, heal))
        if isinstance(self.result, Exception):
            raise self.result
        return self.result

    def _run(self, heal=False, host=None, json=False):
        conf = types.SimpleNamespace(category=types.SimpleNamespace(
            filter_host=host, json=json))
        return manage_audit.run(self.category, conf, heal)

    def _rows(self):
        return [[cell.strip() for cell in line.split('|')[1:-1]]
                for line in self.stdout.getvalue().splitlines()
                if line.startswith('|')]

    def test_nothing_found(self):
        self.assertEqual(manage_audit.EXIT_IN_SYNC, self._run(host='n1'))
        self.assertEqual('All is well.\n', self.stdout.getvalue())
        self.assertEqual([(True, 'n1', False)], self.calls)

    def test_audit_prints_a_table(self):
        self.result = _found(None)
        self.assertEqual(manage_audit.EXIT_DRIFT, self._run())
        self.assertEqual([['Host', 'Thing', 'Other', 'Detail'],
                          ['n0', 't0', '', 'wrong']], self._rows())

    def test_heal_adds_the_repaired_column(self):
        self.result = _found(True, False)
        self.assertEqual(manage_audit.EXIT_DRIFT, self._run(heal=True))
        self.assertEqual([['Host', 'Thing', 'Other', 'Detail', 'Repaired'],
                          ['n0', 't0', '', 'wrong', 'yes'],
                          ['n1', 't1', '', 'wrong', 'no']], self._rows())
        self.assertEqual([(True, None, True)], self.calls)

    def test_heal_repaired_everything(self):
        self.result = _found(True, True)
        self.assertEqual(manage_audit.EXIT_REPAIRED, self._run(heal=True))

    def test_json(self):
        self.result = _found(False)
        self.assertEqual(manage_audit.EXIT_DRIFT,
                         self._run(heal=True, json=True))
        self.assertEqual([{'kind': 'broken', 'host': 'n0', 'thing': 't0',
                           'other': None, 'detail': 'wrong',
                           'repaired': False}],
                         jsonutils.loads(self.stdout.getvalue()))

    def test_json_of_nothing(self):
        self.assertEqual(manage_audit.EXIT_IN_SYNC, self._run(json=True))
        self.assertEqual([], jsonutils.loads(self.stdout.getvalue()))

    def test_errors(self):
        for error, message in (
                (exception.PlacementError(method='GET', path='/',
                                          reason='no route'), 'no route'),
                (db_exc.DBConnectionError('gone away'), 'gone away')):
            self.result = error
            self.stderr.truncate(0)
            self.assertEqual(manage_audit.EXIT_ERROR, self._run(heal=True))
            self.assertIn('Thing audit failed: ', self.stderr.getvalue())
            self.assertIn(message, self.stderr.getvalue())
        self.assertEqual('', self.stdout.getvalue())


class ParsersTestCase(base.TestCase):

    def test_every_category_has_audit_and_heal(self):
        parser = argparse.ArgumentParser()
        manage_audit.add_parsers(parser.add_subparsers(dest='category'))
        for category in manage_audit.CATEGORIES:
            for action, heal in (('audit', False), ('heal', True)):
                args = parser.parse_args([category.name, action, '--host',
                                          'n1', '--json'])
                self.assertEqual(('n1', True),
                                 (args.filter_host, args.json))
                self.assertEqual((manage_audit.run, (category,),
                                  {'heal': heal}),
                                 (args.func.func, args.func.args,
                                  args.func.keywords))
        self.assertEqual({'placement', 'handle', 'instance', 'device-config',
                          'usage'},
                         {c.name for c in manage_audit.CATEGORIES})
