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

import http.server
import os
import threading

import fixtures
from oslo_policy import policy as oslo_policy

from cyborg import context as cyborg_context
from cyborg import exception
from cyborg import policies
from cyborg import policy
from cyborg.api import metrics as metrics_api
from cyborg.api import route
from cyborg.api.controllers import root
from cyborg.policies import base as base_policies
from cyborg.tests import base
from cyborg.tests.fixtures import conf as conf_fixture


class PoliciesTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)

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
        # The deprecated defaults still let a member under the role name of
        # Keystone before Rocky (_member_) read and write ARQs.
        self.assertTrue(self._context(['_member_']).can('cyborg:arq:get_all'))
        self.assertTrue(self._context(['_member_']).can('cyborg:arq:delete'))
        self.assertTrue(self._context(['_member_']).can('cyborg:arq:create'))
        # ... and a manager to read devices.
        self.assertTrue(self._context(['manager']).can(
            'cyborg:device:get_all'))

    def test_legacy_defaults_need_a_role(self):
        # The existing Cyborg's rule:default matched any caller of its own
        # project (the target): no role, or a reader, could write.
        for rule in ('cyborg:arq:get_all', 'cyborg:arq:get_one',
                     'cyborg:arq:create', 'cyborg:arq:update',
                     'cyborg:arq:delete', 'cyborg:device_profile:get_all',
                     'cyborg:device_profile:get_one'):
            self.assertFalse(self._context([]).can(rule, fatal=False), rule)
        for rule in ('cyborg:arq:create', 'cyborg:arq:update',
                     'cyborg:arq:delete'):
            self.assertFalse(self._context(['reader']).can(
                rule, fatal=False), rule)
        self.assertTrue(self._context(['reader']).can('cyborg:arq:get_all'))

    def test_operator_reads_are_for_admins(self):
        rules = ('cyborg:service:get_all', 'cyborg:hardware:get_all',
                 'cyborg:hardware:get_host', 'cyborg:driver:get_all',
                 'cyborg:driver:get_one')
        for new_defaults in (False, True):
            self.flags(group='oslo_policy',
                       enforce_new_defaults=new_defaults)
            conf_fixture.reset_policy()
            for rule in rules:
                for roles in (['reader'], ['member', 'reader'],
                              ['manager', 'member', 'reader'], ['service']):
                    self.assertFalse(self._context(roles).can(
                        rule, fatal=False), (rule, roles, new_defaults))
                self.assertTrue(self._context(['admin']).can(rule))

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

    def test_a_system_scoped_token_is_told_its_scope(self):
        # oslo.policy refuses a token whose scope is not the rule's, in
        # both modes; the answer says so instead of "access denied".
        system_admin = cyborg_context.RequestContext(
            user_id='u1', roles=['admin', 'member', 'reader'],
            system_scope='all', is_admin=True)
        for new_defaults in (False, True):
            self.flags(group='oslo_policy',
                       enforce_new_defaults=new_defaults)
            conf_fixture.reset_policy()
            for rule in ('cyborg:arq:get_all', 'cyborg:service:get_all',
                         'cyborg:device_profile:create'):
                exc = self.assertRaises(exception.PolicyInvalidScope,
                                        system_admin.can, rule)
                self.assertEqual(403, exc.code)
                self.assertIn('needs a project-scoped token', exc.message)
                self.assertFalse(system_admin.can(rule, fatal=False))

    def test_denial_message_names_the_rule(self):
        exc = self.assertRaises(exception.PolicyNotAuthorized,
                                self._context(['reader']).can,
                                'cyborg:arq:create')
        self.assertEqual('Access was denied to the following resource: '
                         'cyborg:arq:create', exc.message)
        self.assertEqual(403, exc.code)


class PolicyFileTestCase(base.TestCase):
    """Every check is oslo.policy's own, or an allowed decision of a pure
    rule under the very rules it was made with.
    """

    def setUp(self):
        super().setUp()
        conf_fixture.reset_policy()
        self.addCleanup(conf_fixture.reset_policy)
        self.policy_file = self.useFixture(
            fixtures.TempDir()).join('policy.yaml')
        self.flags(group='oslo_policy', policy_file=self.policy_file)
        self._write('{}\n')

    def _context(self, roles, project='p1', user='u1'):
        return cyborg_context.RequestContext(
            user_id=user, project_id=project, roles=list(roles))

    def _write(self, text):
        with open(self.policy_file, 'w') as f:
            f.write(text)
        # A new mtime even within the file system's timestamp granularity.
        stamp = os.stat(self.policy_file).st_mtime + 1
        os.utime(self.policy_file, (stamp, stamp))

    def test_the_enforcer_is_oslo_policys(self):
        # No subclass taking over oslo.policy's attributes.
        self.assertIs(oslo_policy.Enforcer, type(policy.get_enforcer()))

    def test_target_is_compared(self):
        context = self._context(['member'])
        self._write('"cyborg:arq:get_one": "project_id:%(project_id)s"\n')
        self.assertTrue(context.can('cyborg:arq:get_one',
                                    {'project_id': 'p1'}))
        self.assertFalse(context.can('cyborg:arq:get_one',
                                     {'project_id': 'p2'}, fatal=False))

    def test_a_changed_policy_file_applies_at_the_next_check(self):
        context = self._context(['member'])
        rule = 'cyborg:device_profile:create'
        self.assertFalse(context.can(rule, fatal=False))
        self._write('"%s": "role:member"\n' % rule)
        self.assertTrue(context.can(rule))
        self._write('"%s": "role:admin"\n' % rule)
        self.assertFalse(context.can(rule, fatal=False))

    def test_rules_set_through_the_enforcer_apply_at_once(self):
        context = self._context(['member'])
        rule = 'cyborg:device_profile:create'
        self.assertFalse(context.can(rule, fatal=False))
        enforcer = policy.get_enforcer()
        enforcer.set_rules(oslo_policy.Rules.from_dict({rule: 'role:member'}),
                           overwrite=False)
        self.assertTrue(context.can(rule))

    def _count_evaluations(self):
        enforcer = policy.get_enforcer()
        calls = []
        real = enforcer.authorize

        def authorize(*args, **kwargs):
            calls.append(args[0])
            return real(*args, **kwargs)

        self.useFixture(fixtures.MockPatchObject(
            enforcer, 'authorize', authorize))
        return calls

    def test_an_allowed_decision_of_a_pure_rule_is_remembered(self):
        calls = self._count_evaluations()
        member = self._context(['member'])
        for _ in range(3):
            self.assertTrue(member.can('cyborg:arq:create'))
        self.assertEqual(['cyborg:arq:create'], calls)
        # Other credentials or another target: evaluated again.
        self.assertTrue(self._context(['member'], user='u2').can(
            'cyborg:arq:create'))
        self.assertTrue(member.can('cyborg:arq:get_one',
                                   {'project_id': 'p1'}))
        self.assertFalse(member.can('cyborg:arq:get_one',
                                    {'project_id': 'p2'}, fatal=False))
        self.assertEqual(3, len(calls[1:]))

    def test_denials_are_not_remembered(self):
        calls = self._count_evaluations()
        member = self._context(['member'])
        for _ in range(3):
            self.assertFalse(member.can('cyborg:device_profile:create',
                                        fatal=False))
        self.assertEqual(3, len(calls))

    def test_a_rule_replaced_in_place_is_seen_at_once(self):
        context = self._context(['member'])
        rule = 'cyborg:arq:create'
        self.assertTrue(context.can(rule))
        enforcer = policy.get_enforcer()
        enforcer.set_rules(oslo_policy.Rules.from_dict({rule: 'role:admin'}),
                           overwrite=False)
        self.assertFalse(context.can(rule, fatal=False))

    def test_a_referred_rule_replaced_in_place_is_seen_at_once(self):
        context = self._context(['member'])
        rule = 'cyborg:arq:create'
        self._write('"%s": "rule:allowed"\n"allowed": "role:member"\n'
                    % rule)
        self.assertTrue(context.can(rule))
        enforcer = policy.get_enforcer()
        enforcer.set_rules(
            oslo_policy.Rules.from_dict({'allowed': 'role:admin'}),
            overwrite=False)
        self.assertFalse(context.can(rule, fatal=False))

    def test_which_rules_are_pure(self):
        decisions = policy._Decisions(oslo_policy.Rules.from_dict({
            'shared': 'role:member',
            'twice': 'rule:shared or (rule:shared and not rule:shared)',
            'http': 'http://127.0.0.1:9/check',
            'via_http': 'role:admin or rule:http',
            'loop_a': 'rule:loop_b', 'loop_b': 'rule:loop_a',
            'missing': 'rule:nowhere',
            'always': '@', 'attr': 'project_id:%(project_id)s',
        }))
        self.assertEqual(
            {'shared': True, 'twice': True, 'http': False,
             'via_http': False, 'loop_a': False, 'missing': False,
             'always': True, 'attr': True, 'unknown': False},
            {name: decisions.valid_for(name) for name in (
                'shared', 'twice', 'http', 'via_http', 'loop_a', 'missing',
                'always', 'attr', 'unknown')})

    def test_rules_that_call_out_ask_every_time(self):
        # An http: check asks a server at each check, whose answer may
        # change: this one says yes, then no.
        answers = ['True', 'False']

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers['Content-Length']))
                body = answers.pop(0).encode()
                self.send_response(200)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        self.addCleanup(server.server_close)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.addCleanup(server.shutdown)
        rule = 'cyborg:device_profile:create'
        self._write('"%s": "http://127.0.0.1:%d/"\n' % (
            rule, server.server_address[1]))
        self.assertTrue(self._context(['member']).can(rule))
        self.assertFalse(self._context(['member']).can(rule, fatal=False))
        self.assertEqual([], answers)

    def test_unknown_rule_is_an_error_every_time(self):
        for _ in range(2):
            self.assertRaises(oslo_policy.PolicyNotRegistered,
                              self._context(['admin']).can, 'cyborg:nope')


class RoutesTestCase(base.TestCase):
    """The rules and the routes that enforce them say each route once."""

    # The routes anyone may call: the version documents and the API's
    # description (a new one is a decision, not an oversight).
    PUBLIC = {('GET', '/'), ('GET', '/v2'), ('GET', '/v2/openapi.json')}

    def setUp(self):
        super().setUp()
        self.routes = {(r.method, r.path): r for r in root.ROUTES}
        self.documented = [
            rule for rule in root.list_rules()
            if isinstance(rule, oslo_policy.DocumentedRuleDefault)]

    def test_every_route_enforces_a_rule_or_is_public(self):
        names = {rule.name for rule in self.documented}
        public = {key for key, r in self.routes.items()
                  if r.policy is route.PUBLIC}
        self.assertEqual(self.PUBLIC, public)
        for key, api_route in self.routes.items():
            if api_route.policy is not route.PUBLIC:
                self.assertIn(api_route.policy, names, key)

    def test_every_operation_is_a_route(self):
        served = set(self.routes) | {('GET', metrics_api.PATH)}
        for rule in self.documented:
            for operation in rule.operations:
                self.assertIn((operation['method'], operation['path']),
                              served, rule.name)
        [update] = [rule for rule in self.documented
                    if rule.name == 'cyborg:arq:update']
        self.assertEqual(
            [{'method': 'PATCH', 'path': '/v2/accelerator_requests'},
             {'method': 'PATCH',
              'path': '/v2/accelerator_requests/{uuid}'}],
            update.operations)

    def test_every_rule_of_a_resource_is_enforced(self):
        self.assertEqual(
            {rule.name for rule in policies.resource_rules()},
            set(root.policy_operations()))
        self.assertEqual(
            [rule.name for rule in policies.list_rules()],
            [rule.name for rule in root.list_rules()])

    def test_a_rule_no_route_enforces_is_refused(self):
        unused = base_policies.Rules('cyborg:widget:')
        unused.add('get', base_policies.ADMIN, 'Show a widget.')
        self.assertRaises(oslo_policy.InvalidRuleDefault,
                          base_policies.documented, unused[0], [])
