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
"""cyborg.api.validation: validators built once per schema, and the
messages of what they refuse."""

import fixtures

from cyborg import exception
from cyborg.api import validation
from cyborg.tests import base

SCHEMA = {'type': 'object', 'properties': {'uuid': {'format': 'uuid'}},
          'additionalProperties': False}


class ValidatorCacheTestCase(base.TestCase):

    def test_one_validator_per_schema(self):
        first = validation._validator(SCHEMA)
        self.assertIs(first, validation._validator(SCHEMA))
        # An equal but distinct schema (built at run time) gets its own.
        other = dict(SCHEMA)
        self.assertIsNot(first, validation._validator(other))

    def test_cached_validator_still_refuses(self):
        for _ in range(2):
            exc = self.assertRaises(exception.Invalid, validation.check,
                                    {'uuid': 'NOT-A-UUID'}, SCHEMA, 'x')
            self.assertIn('Invalid x at uuid', exc.message)
            self.assertRaises(exception.Invalid, validation.check,
                              {'other': 1}, SCHEMA, 'x')
        validation.check({'uuid': '1b5ca74c-0000-4000-8000-000000000000'},
                         SCHEMA, 'x')

    def test_bounded(self):
        self.useFixture(fixtures.MockPatchObject(
            validation, '_MAX_VALIDATORS', 2))
        self.useFixture(fixtures.MockPatchObject(
            validation, '_VALIDATORS', {}))
        schemas = [dict(SCHEMA) for _ in range(5)]
        for schema in schemas:
            validation._validator(schema)
        self.assertLessEqual(len(validation._VALIDATORS), 2)


class MessageTestCase(base.TestCase):

    def test_a_description_is_the_message(self):
        schema = {'type': 'array', 'items': {'type': 'integer'},
                  'allOf': [{'contains': {'const': 1},
                             'description': 'One must be there.'}]}
        exc = self.assertRaises(exception.Invalid, validation.check,
                                [2], schema, 'x')
        self.assertEqual('Invalid x: One must be there.', exc.message)
        # The description says nothing of the other keywords.
        exc = self.assertRaises(exception.Invalid, validation.check,
                                ['a', 1], schema, 'x')
        self.assertEqual("Invalid x at 0: 'a' is not of type 'integer'",
                         exc.message)

    def test_a_pattern_described(self):
        schema = {'type': 'string', 'pattern': '^[0-9]+$',
                  'description': 'a number'}
        exc = self.assertRaises(exception.Invalid, validation.check,
                                'abc', schema, 'x')
        self.assertEqual("Invalid x: 'abc' is not a number", exc.message)
