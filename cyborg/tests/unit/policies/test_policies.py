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
"""Tests of the policies in code."""

from oslo_policy import policy as oslo_policy

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import policies
from cyborg import policy
from cyborg.tests import base


class PoliciesTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        policy.reset()
        self.addCleanup(policy.reset)

    def _context(self, roles, project='p1', service_roles=()):
        return cyborg_context.RequestContext(
            user_id='u1', project_id=project, roles=list(roles),
            service_roles=list(service_roles),
            is_admin='admin' in roles)

    def test_names(self):
        names = [rule.name for rule in policies.list_rules()]
        self.assertEqual(len(names), len(set(names)))
        for rule in policies.list_rules():
            if isinstance(rule, oslo_policy.DocumentedRuleDefault):
                self.assertRegex(rule.name, r'^cyborg:[a-z_]+:[a-z_]+$')
                self.assertEqual(['project'], rule.scope_types)
                self.assertTrue(rule.operations)
        # The existing Cyborg's names, kept for existing policy files.
        for name in ('cyborg:arq:create', 'cyborg:device_profile:get_all',
                     'cyborg:device:disable', 'cyborg:deployable:program',
                     'cyborg:attribute:delete'):
            self.assertIn(name, names)

    def test_admin_only(self):
        self.assertTrue(self._context(['admin']).can(
            'cyborg:device_profile:create'))
        self.assertRaises(exception.PolicyNotAuthorized,
                          self._context(['member']).can,
                          'cyborg:device_profile:create')
        self.assertFalse(self._context(['member']).can(
            'cyborg:device:enable', fatal=False))

    def test_legacy_defaults_are_ored(self):
        # rule:default (admin or owner) still lets any project user read.
        self.assertTrue(self._context([]).can('cyborg:arq:get_all'))

    def test_new_defaults_only(self):
        self.flags(group='oslo_policy', enforce_new_defaults=True)
        self.assertFalse(self._context([]).can('cyborg:arq:get_all',
                                               fatal=False))
        self.assertTrue(self._context(['reader']).can('cyborg:arq:get_all'))
        self.assertFalse(self._context(['reader']).can('cyborg:arq:create',
                                                       fatal=False))
        self.assertTrue(self._context(['member']).can('cyborg:arq:create'))
        self.assertTrue(self._context(['service']).can('cyborg:arq:create'))
        self.assertTrue(self._context(['manager']).can(
            'cyborg:device:get_all'))

    def test_denial_message_names_the_rule(self):
        exc = self.assertRaises(exception.PolicyNotAuthorized,
                                self._context(['reader']).can,
                                'cyborg:arq:create')
        self.assertEqual('Access was denied to the following resource: '
                         'cyborg:arq:create', exc.message)
        self.assertEqual(403, exc.code)
