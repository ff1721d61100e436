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
"""The policy table: persona x route x mode, derived from the routes.

Every route of the API (cyborg.api.controllers.root.ROUTES) but the
public ones is called by every persona in both modes: who passes is what
the check string of the route's rule (and, in legacy mode, of its
deprecated default) admits, by the table ALLOWED.  From it come the two
gabbi files that check every cell (``gabbits/policy-matrix-legacy.yaml``,
``[oslo_policy] enforce_new_defaults = False``, and
``gabbits/policy-matrix-secure-rbac.yaml``, True) and the table of the
policy reference (``doc/source/configuration/policy-matrix.inc``)::

    python -m cyborg.tests.functional.policy_matrix --write

cyborg/tests/unit/policies/test_policy_matrix.py fails when the files
are not what the routes give; the gabbi files fail when the API does not
answer what they say.

Each route is called so that nothing changes whoever may call it (an
unknown UUID, a body the schema refuses): a persona that may call it gets
``ok`` (the answer past the policy check), one that may not gets 403 and
the error code that says why.
"""

import argparse
import os
import re

import yaml

from cyborg import policies
from cyborg.api import microversion
from cyborg.api import route as api_route
from cyborg.api.controllers import root
from cyborg.policies import base

# Personas: the headers keystonemiddleware would set for them.
PERSONAS = {
    'no role': {'x-roles': ''},
    'reader': {'x-roles': 'reader'},
    'member': {'x-roles': 'member,reader'},
    '_member_': {'x-roles': '_member_'},
    'manager': {'x-roles': 'manager,member,reader'},
    'admin': {'x-roles': 'admin,manager,member,reader'},
    'service user': {'x-roles': 'service'},
    'reader + service token': {'x-roles': 'reader',
                               'x-service-roles': 'service'},
    'member + service token': {'x-roles': 'member,reader',
                               'x-service-roles': 'service'},
    'system admin': {'x-roles': 'admin,member,reader', 'x-project-id': '',
                     'openstack-system-scope': 'all'},
}

_READ = {'reader', 'member', 'manager', 'admin', 'reader + service token',
         'member + service token'}
_WRITE = {'member', 'manager', 'admin', 'service user',
          'member + service token'}
_MANAGE = {'manager', 'admin'}
_ADMIN = {'admin'}

# The personas (in project scope) each check string of
# cyborg.policies.base admits.  In legacy mode a rule admits those of its
# check string and of its deprecated default's.
ALLOWED = {
    base.PROJECT_READER_OR_ADMIN: _READ,
    base.PROJECT_MEMBER_OR_SERVICE: _WRITE,
    base.PROJECT_MANAGER_OR_ADMIN: _MANAGE,
    base.ADMIN: _ADMIN,
    base.LEGACY_IS_ADMIN: _ADMIN,
    # A reader or member, _member_ (Keystone before Rocky) too.
    base.LEGACY_PROJECT_READER: _READ | {'_member_'},
    base.LEGACY_PROJECT_MEMBER: {'member', '_member_', 'manager', 'admin',
                                 'member + service token'},
}

U = '4b3f7a1e-0000-4000-8000-0000000000ff'
# The value of each path parameter: nothing has it.
_PARAMETERS = {'name': 'NO_SUCH', 'host': 'no-such-host'}
_BIND = {U: [{'path': '/hostname', 'op': 'add', 'value': 'h'},
             {'path': '/device_rp_uuid', 'op': 'add', 'value': U},
             {'path': '/instance_uuid', 'op': 'add', 'value': U}]}

# The calls of the routes whose call is not the default one (see
# calls()): (query string, body, needs a service token, ok status).
CALLS = {
    ('POST', '/v2/device_profiles'): [('', [], False, 400)],
    ('DELETE', '/v2/device_profiles'): [
        ('?value=no-such-profile', None, False, 404)],
    ('PATCH', '/v2/accelerator_requests'): [('', _BIND, True, 404)],
    ('PATCH', '/v2/accelerator_requests/{uuid}'): [('', _BIND, True, 404)],
    ('DELETE', '/v2/accelerator_requests'): [
        ('?arqs=' + U, None, False, 404),
        ('?instance=' + U, None, True, 204)],
    ('PATCH', '/v2/deployables/{uuid}/program'): [('', [], False, 400)],
    # An empty body is a valid one: clean the device (there is none).
    ('POST', '/v2/devices/{uuid}/clean'): [('', {}, False, 404)],
    # An empty body is a valid one: discover everywhere.
    ('POST', '/v2/discovery'): [('', {'colour': 'red'}, False, 400)],
    # Nova is not configured in these fixtures: 400 past the policy.
    ('GET', '/v2/instances/{instance_uuid}'): [('', None, False, 400)],
    ('DELETE', '/v2/instances/{instance_uuid}/accelerators'): [
        ('', None, False, 400)],
    # No server holds accelerators here.
    ('GET', '/v2/instances/{instance_uuid}/accelerators'): [
        ('', None, False, 200)],
}


def _rules():
    return {rule.name: rule for rule in policies.list_rules()}


def calls():
    """Every call of the table: (method, path, body, rule, needs a
    service token, ok status), in the order of the routes.  By default
    a route is called once, its path parameters unknown, with an empty
    body where it takes one: 400 with a body, 404 with a parameter, else
    200.
    """
    rules = _rules()
    table = []
    for route in root.ROUTES:
        if route.policy is api_route.PUBLIC:
            continue
        path = re.sub(r'\{(\w+)\}',
                      lambda m: _PARAMETERS.get(m.group(1), U), route.path)
        body = None if route.body is None else {}
        default = ('', body, False,
                   400 if body is not None else
                   404 if route.path_params else 200)
        for query, body, token, ok in CALLS.get(
                (route.method, route.path), [default]):
            table.append((route.method, path + query, body,
                          rules[route.policy], token, ok))
    return table


def _label(call):
    """``METHOD path`` of the route, with its query string."""
    method, path = call[:2]
    return '%s %s' % (method, path.replace(U, '{uuid}'))


MODES = ('legacy', 'secure-rbac')
_FIXTURES = {'legacy': 'APIFixtureWithInventory',
             'secure-rbac': 'APIFixtureSecureRBAC'}

_HERE = os.path.dirname(os.path.abspath(__file__))
GABBI = os.path.join(_HERE, 'gabbits', 'policy-matrix-%s.yaml')
DOC = os.path.normpath(os.path.join(
    _HERE, '..', '..', '..', 'doc', 'source', 'configuration',
    'policy-matrix.inc'))

POLICY_CODE = 'cyborg.policy.not_authorized'
SCOPE_CODE = 'cyborg.policy.invalid_scope'
TOKEN_CODE = 'cyborg.policy.service_token_required'


def cell(call, persona, mode):
    """(status, error code or None) of *persona* calling *call*."""
    rule, needs_token, ok = call[3:]
    if persona == 'system admin':
        return 403, SCOPE_CODE
    allowed = ALLOWED[rule.check_str]
    if mode == 'legacy' and rule.deprecated_rule is not None:
        allowed = allowed | ALLOWED[rule.deprecated_rule.check_str]
    if persona not in allowed:
        return 403, POLICY_CODE
    if needs_token and 'x-service-roles' not in PERSONAS[persona]:
        return 403, TOKEN_CODE
    return ok, None


def gabbi(mode):
    """The gabbi file of *mode*, as text."""
    tests = []
    for call in calls():
        method, path, body = call[:3]
        for persona, headers in PERSONAS.items():
            status, code = cell(call, persona, mode)
            test = {'name': '%s %s as %s' % (method, path, persona),
                    method: path, 'request_headers': dict(headers),
                    'status': status}
            if body is not None:
                test['data'] = body
            if code is not None:
                test['response_json_paths'] = {
                    '$.error_message': '/%s/' % code.replace('.', r'\.')}
            tests.append(test)
    document = {
        'fixtures': [_FIXTURES[mode]],
        'defaults': {'request_headers': {
            'x-user-id': "$ENVIRON['USER_ID']",
            'x-project-id': "$ENVIRON['PROJECT_ID']",
            'content-type': 'application/json',
            'openstack-api-version': 'accelerator %s' % (
                microversion.MAX_VERSION,)}},
        'tests': tests,
    }
    header = ('# Generated by "python -m cyborg.tests.functional.policy_matrix'
              ' --write"\n# from the routes; do not edit.  Mode: %s.\n\n'
              % mode)
    return header + yaml.safe_dump(document, default_flow_style=False,
                                   sort_keys=False, width=1000)


_MARKS = {(True, True): 'yes', (True, False): 'legacy only',
          (False, False): '--', (False, True): 'new only'}


def doc():
    """The reStructuredText table of the policy reference."""
    personas = list(PERSONAS)
    lines = ['.. Generated by "python -m cyborg.tests.functional.'
             'policy_matrix --write"; do not edit.', '',
             '.. list-table::', '   :header-rows: 1', '',
             '   * - route']
    lines += ['     - %s' % persona for persona in personas]
    for call in calls():
        lines.append('   * - ``%s``' % _label(call))
        for persona in personas:
            answers = [cell(call, persona, mode) for mode in MODES]
            if any(code == TOKEN_CODE for _, code in answers):
                mark = 'with a service token'
            elif any(code == SCOPE_CODE for _, code in answers):
                mark = 'no (scope)'
            else:
                mark = _MARKS[tuple(code is None for _, code in answers)]
            lines.append('     - %s' % mark)
    return '\n'.join(lines) + '\n'


def outputs():
    """{path: text} of every generated file."""
    result = {GABBI % mode: gabbi(mode) for mode in MODES}
    result[DOC] = doc()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--write', action='store_true',
                        help='write the files (else: list them)')
    args = parser.parse_args()
    for path, text in outputs().items():
        if args.write:
            with open(path, 'w') as f:
                f.write(text)
        print(path)


if __name__ == '__main__':
    main()
