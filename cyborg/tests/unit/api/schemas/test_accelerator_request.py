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
"""The shortcut of the bind's schema: it accepts only what the schema
accepts, and Nova's binds.
"""

import hypothesis
from hypothesis import strategies as st

from cyborg.api import validation
from cyborg.api.schemas import accelerator_request as schema
from cyborg.tests import base

ARQ = '5b8a3c1e-2f4d-4e6a-9b7c-0d1e2f3a4b5c'
RP = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
INSTANCE = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9'


def nova_bind(arq=ARQ):
    """A bind as Nova's conductor sends it."""
    return {arq: [{'path': '/hostname', 'op': 'add', 'value': 'node1'},
                  {'path': '/device_rp_uuid', 'op': 'add', 'value': RP},
                  {'path': '/instance_uuid', 'op': 'add',
                   'value': INSTANCE}]}


def _valid(body):
    return not list(validation._validator(schema.PATCH).iter_errors(body))


# Values near those of a bind: right and wrong types, uuids in and out of
# the canonical form, texts of the edges of their lengths.
_VALUES = st.one_of(
    st.sampled_from([RP, INSTANCE, RP.upper(), RP.replace('-', ''), '',
                     'node1', 'x' * 255, 'x' * 256, None, 1, True, [],
                     {}, RP + '\n']),
    st.text(max_size=3))
_OPS = st.fixed_dictionaries(
    {}, optional={
        'op': st.sampled_from(['add', 'remove', 'replace', 1, None]),
        'path': st.sampled_from(['/hostname', '/device_rp_uuid',
                                 '/instance_uuid', '/project_id', '/uuid',
                                 'hostname', 1, None, ['/hostname']]),
        'value': _VALUES,
        'other': st.just(1)})
_BODIES = st.one_of(
    st.dictionaries(st.sampled_from([ARQ, INSTANCE, ARQ.upper(), 'x']),
                    st.one_of(st.lists(_OPS, max_size=5), _VALUES),
                    max_size=2),
    _VALUES)


class PlainBindTestCase(base.TestCase):

    def test_nova_binds_take_the_shortcut(self):
        self.assertTrue(schema.is_plain_bind(nova_bind()))
        both = dict(nova_bind(), **nova_bind(INSTANCE))
        self.assertTrue(schema.is_plain_bind(both))
        with_project = nova_bind()
        with_project[ARQ].append({'op': 'add', 'path': '/project_id',
                                  'value': 'p1'})
        self.assertTrue(schema.is_plain_bind(with_project))

    def test_what_the_schema_refuses_never_does(self):
        # Each of these goes to jsonschema, which refuses it.
        missing = nova_bind()
        del missing[ARQ][2]
        wrong_uuid = nova_bind()
        wrong_uuid[ARQ][1]['value'] = RP.upper()
        extra = nova_bind()
        extra[ARQ][0]['from'] = '/x'
        for body in ({}, [], {ARQ.upper(): nova_bind()[ARQ]}, missing,
                     wrong_uuid, extra, {ARQ: []}):
            self.assertFalse(schema.is_plain_bind(body), body)
            self.assertFalse(_valid(body), body)

    def test_unbinds_go_to_the_schema(self):
        body = {ARQ: [{'op': 'remove', 'path': '/hostname'}]}
        self.assertFalse(schema.is_plain_bind(body))
        self.assertTrue(_valid(body))

    @hypothesis.settings(max_examples=3000, deadline=None, database=None)
    @hypothesis.given(_BODIES)
    def test_the_shortcut_accepts_only_what_the_schema_accepts(self, body):
        if schema.is_plain_bind(body):
            self.assertTrue(_valid(body), body)

    @hypothesis.settings(max_examples=500, deadline=None, database=None)
    @hypothesis.given(st.lists(st.sampled_from(range(4)), min_size=1,
                               max_size=5),
                      st.sampled_from(['node1', 'x' * 255, RP]))
    def test_adds_of_the_bind_fields(self, fields, hostname):
        # Any number and order of the adds: the shortcut takes the binds
        # that name the three fields, the schema accepts those only.
        values = [('/hostname', hostname), ('/device_rp_uuid', RP),
                  ('/instance_uuid', INSTANCE), ('/project_id', 'p1')]
        body = {ARQ: [{'op': 'add', 'path': values[i][0],
                       'value': values[i][1]} for i in fields]}
        shortcut = schema.is_plain_bind(body)
        self.assertEqual({0, 1, 2} <= set(fields), shortcut)
        self.assertEqual(shortcut, _valid(body))
