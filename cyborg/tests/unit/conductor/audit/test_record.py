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
"""Tests of the audits' one record type (conductor.audit.record.Finding)."""

import dataclasses

from cyborg.conductor.audit import handles
from cyborg.conductor.audit import instances
from cyborg.conductor.audit import placement as placement_audit
from cyborg.conductor.audit import record
from cyborg.conductor.audit import usage as usage_audit
from cyborg.tests import base


@dataclasses.dataclass(kw_only=True)
class _Thing(record.Finding):
    thing: str
    other: int | None = None


class FindingTestCase(base.TestCase):

    def test_as_dict_names_every_field(self):
        finding = _Thing(kind='broken', host='n1', thing='t', detail='d')
        self.assertEqual({'kind': 'broken', 'host': 'n1', 'detail': 'd',
                          'repaired': None, 'thing': 't', 'other': None},
                         finding.as_dict())

    def test_the_json_of_each_audit(self):
        # What ``cyborg-manage ... --json`` prints, field for field, as
        # doc/source/cli/cyborg-manage.rst describes each audit's lines.
        common = {'kind', 'host', 'detail', 'repaired'}
        for finding, fields in (
                (placement_audit.ProviderFinding, {'name', 'uuid'}),
                (handles.HandleFinding,
                 {'handle', 'deployable', 'arq'}),
                (instances.InstanceFinding,
                 {'server', 'arq', 'provider'}),
                (usage_audit.UsageFinding, {'arq', 'interval', 'project'})):
            self.assertTrue(issubclass(finding, record.Finding))
            self.assertEqual(common | fields,
                             {f.name for f in dataclasses.fields(finding)})

    def test_keywords_only(self):
        self.assertRaises(TypeError, _Thing, 'broken', 'n1', thing='t')

    def test_settle_records_the_outcome_and_the_note(self):
        finding = _Thing(kind='broken', host=None, thing='t',
                         detail='wrong')
        self.assertIs(False, finding.settle(False, 'left alone'))
        self.assertEqual((False, 'wrong; left alone'),
                         (finding.repaired, finding.detail))
        self.assertIs(True, finding.settle(True))
        self.assertEqual((True, 'wrong; left alone'),
                         (finding.repaired, finding.detail))

    def test_settle_without_a_detail(self):
        finding = _Thing(kind='broken', host=None, thing='t')
        finding.settle(True, 'fixed')
        self.assertEqual('fixed', finding.detail)

    def test_all_repaired(self):
        def found(*outcomes):
            return [_Thing(kind='k', host=None, thing='t', repaired=r)
                    for r in outcomes]
        self.assertTrue(record.all_repaired(found()))
        self.assertTrue(record.all_repaired(found(True, True)))
        self.assertFalse(record.all_repaired(found(True, False)))
        # Nobody tried: not repaired.
        self.assertFalse(record.all_repaired(found(None)))
