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
"""The policy table: persona x route x mode, in one place.

From it come the two gabbi files that check every cell
(``gabbits/policy-matrix-legacy.yaml``, ``[oslo_policy]
enforce_new_defaults = False``, and ``gabbits/policy-matrix-secure-rbac.yaml``,
True) and the table of the policy reference
(``doc/source/configuration/policy-matrix.inc``)::

    python -m cyborg.tests.functional.policy_matrix --write

cyborg/tests/unit/policies/test_policy_matrix.py fails when the files
are not what this table gives; the gabbi files fail when the API does not
answer what they say.

Each route is called so that nothing changes whoever may call it (an
unknown UUID, a body the schema refuses): a persona that may call it gets
``ok`` (the answer past the policy check), one that may not gets 403 and
the error code that says why.
"""

import argparse
import os

import yaml

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

# Rule: (personas allowed in legacy mode, in new-defaults mode).
RULES = {
    'reader': (_READ | {'_member_'}, _READ),
    'reader (no legacy rule)': (_READ, _READ),
    'member or service': (_WRITE | {'_member_'}, _WRITE),
    'manager': (_MANAGE, _MANAGE),
    'admin': (_ADMIN, _ADMIN),
}

U = '4b3f7a1e-0000-4000-8000-0000000000ff'
_BIND = {U: [{'path': '/hostname', 'op': 'add', 'value': 'h'},
             {'path': '/device_rp_uuid', 'op': 'add', 'value': U},
             {'path': '/instance_uuid', 'op': 'add', 'value': U}]}

# (method, path, body, rule, needs a service token, ok status)
ROUTES = [
    ('GET', '/v2/device_profiles', None, 'reader', False, 200),
    ('GET', '/v2/device_profiles/' + U, None, 'reader', False, 404),
    ('POST', '/v2/device_profiles', [], 'admin', False, 400),
    ('DELETE', '/v2/device_profiles/' + U, None, 'admin', False, 404),
    ('DELETE', '/v2/device_profiles?value=no-such-profile', None, 'admin',
     False, 404),
    ('GET', '/v2/accelerator_requests', None, 'reader', False, 200),
    ('GET', '/v2/accelerator_requests/' + U, None, 'reader', False, 404),
    ('POST', '/v2/accelerator_requests', {}, 'member or service', False,
     400),
    ('PATCH', '/v2/accelerator_requests', _BIND, 'member or service', True,
     404),
    ('PATCH', '/v2/accelerator_requests/' + U, _BIND, 'member or service',
     True, 404),
    ('DELETE', '/v2/accelerator_requests?arqs=' + U, None,
     'member or service', False, 404),
    ('DELETE', '/v2/accelerator_requests?instance=' + U, None,
     'member or service', True, 204),
    ('DELETE', '/v2/accelerator_requests/' + U, None, 'member or service',
     False, 404),
    ('GET', '/v2/devices', None, 'manager', False, 200),
    ('GET', '/v2/devices/' + U, None, 'manager', False, 404),
    ('POST', '/v2/devices/%s/enable' % U, None, 'admin', False, 404),
    ('POST', '/v2/devices/%s/disable' % U, None, 'admin', False, 404),
    ('POST', '/v2/devices/enable', {}, 'admin', False, 400),
    ('POST', '/v2/devices/disable', {}, 'admin', False, 400),
    ('PUT', '/v2/devices/%s/configuration' % U, {}, 'admin', False, 400),
    ('DELETE', '/v2/devices/%s/configuration' % U, None, 'admin', False,
     404),
    ('GET', '/v2/deployables', None, 'manager', False, 200),
    ('GET', '/v2/deployables/' + U, None, 'manager', False, 404),
    ('PATCH', '/v2/deployables/%s/program' % U, [], 'admin', False, 400),
    ('GET', '/v2/attributes', None, 'manager', False, 200),
    ('GET', '/v2/attributes/' + U, None, 'manager', False, 404),
    ('POST', '/v2/attributes', {}, 'admin', False, 400),
    ('DELETE', '/v2/attributes/' + U, None, 'admin', False, 404),
    ('GET', '/v2/services', None, 'admin', False, 200),
    ('GET', '/v2/capacity', None, 'reader (no legacy rule)', False, 200),
    ('GET', '/v2/hardware', None, 'admin', False, 200),
    ('GET', '/v2/hosts', None, 'admin', False, 200),
    ('GET', '/v2/hosts/no-such-host/hardware', None, 'admin', False, 404),
    ('GET', '/v2/drivers', None, 'admin', False, 200),
    ('GET', '/v2/drivers/' + U, None, 'admin', False, 404),
    ('POST', '/v2/drivers', {}, 'admin', False, 400),
    ('PATCH', '/v2/drivers/' + U, {}, 'admin', False, 400),
    ('DELETE', '/v2/drivers/' + U, None, 'admin', False, 404),
    ('POST', '/v2/discovery', {'colour': 'red'}, 'admin', False, 400),
    # No server holds accelerators here: Nova is not asked.
    ('GET', '/v2/instances', None, 'reader (no legacy rule)', False, 200),
    # Nova is not configured in these fixtures: 400 past the policy.
    ('GET', '/v2/instances/' + U, None, 'admin', False, 400),
    ('GET', '/v2/instances/%s/accelerators' % U, None,
     'reader (no legacy rule)', False, 200),
    ('POST', '/v2/instances/%s/accelerators' % U, {}, 'admin', False, 400),
    ('DELETE', '/v2/instances/%s/accelerators' % U, None, 'admin', False,
     400),
    ('GET', '/v2/device_classes', None, 'reader (no legacy rule)', False,
     200),
    ('GET', '/v2/device_classes/NO_SUCH', None, 'reader (no legacy rule)',
     False, 404),
    ('POST', '/v2/device_classes', {}, 'admin', False, 400),
    ('DELETE', '/v2/device_classes/NO_SUCH', None, 'admin', False, 404),
    # A reader sees their project's usage, an admin every project's.
    ('GET', '/v2/usage', None, 'reader (no legacy rule)', False, 200),
    ('GET', '/v2/usage?project_id=' + U, None, 'admin', False, 200),
]

# Routes that exist from a later microversion than the files' default.
_VERSIONS = {'/v2/capacity': 'accelerator 2.8',
             '/v2/instances': 'accelerator 2.10',
             '/v2/device_classes': 'accelerator 2.11',
             '/v2/device_classes/NO_SUCH': 'accelerator 2.11',
             '/v2/devices/%s/configuration' % U: 'accelerator 2.14'}

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


def cell(route, persona, mode):
    """(status, error code or None) of *persona* calling *route*."""
    method, path, body, rule, needs_token, ok = route
    if persona == 'system admin':
        return 403, SCOPE_CODE
    allowed = RULES[rule][MODES.index(mode)]
    if persona not in allowed:
        return 403, POLICY_CODE
    if needs_token and 'x-service-roles' not in PERSONAS[persona]:
        return 403, TOKEN_CODE
    return ok, None


def gabbi(mode):
    """The gabbi file of *mode*, as text."""
    tests = []
    for route in ROUTES:
        method, path, body = route[:3]
        for persona, headers in PERSONAS.items():
            status, code = cell(route, persona, mode)
            test = {'name': '%s %s as %s' % (method, path, persona),
                    method: path, 'request_headers': dict(headers),
                    'status': status}
            if path in _VERSIONS:
                test['request_headers']['openstack-api-version'] = (
                    _VERSIONS[path])
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
            'openstack-api-version': 'accelerator 2.9'}},
        'tests': tests,
    }
    header = ('# Generated by "python -m cyborg.tests.functional.policy_matrix'
              ' --write"\n# from its table; do not edit.  Mode: %s.\n\n'
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
    for route in ROUTES:
        method, path = route[:2]
        lines.append('   * - ``%s %s``' % (method, path.replace(U, '{uuid}')))
        for persona in personas:
            answers = [cell(route, persona, mode) for mode in MODES]
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
