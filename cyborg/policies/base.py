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
"""Base rules: the secure RBAC personas every resource policy is built
from.  Deprecated defaults, no wider than the existing Cyborg's, ask for
a role (its ``rule:default`` let a reader delete ARQs).
"""

from oslo_policy import policy

ADMIN = 'rule:admin_api'
PROJECT_READER_OR_ADMIN = 'rule:project_reader_or_admin'
PROJECT_MANAGER_OR_ADMIN = 'rule:project_manager_or_admin'
PROJECT_MEMBER_OR_SERVICE = 'rule:project_member_or_service'

# Deprecated defaults (legacy mode).
LEGACY_IS_ADMIN = 'rule:is_admin'
LEGACY_ADMIN_API = 'rule:admin_api'
LEGACY_PROJECT_READER = 'rule:legacy_project_reader'
LEGACY_PROJECT_MEMBER = 'rule:legacy_project_member'

PROJECT_SCOPE = ['project']

# (name, check string, description) of each base rule.
_rules = [policy.RuleDefault(name, check_str, description=description)
          for name, check_str, description in (
    ('admin_api', 'role:admin', 'An administrator.'),
    ('service_api', 'role:service', 'A service user (for example Nova).'),
    ('project_admin_api', 'role:admin and project_id:%(project_id)s',
     'An administrator of the project.'),
    ('project_manager_api', 'role:manager and project_id:%(project_id)s',
     'A manager of the project.'),
    ('project_member_api', 'role:member and project_id:%(project_id)s',
     'A member of the project.'),
    ('project_reader_api', 'role:reader and project_id:%(project_id)s',
     'A reader of the project.'),
    ('project_reader_or_admin', 'rule:project_reader_api or rule:admin_api',
     'A reader of the project, or an administrator.'),
    ('project_member_or_admin', 'rule:project_member_api or rule:admin_api',
     'A member of the project, or an administrator.'),
    ('project_manager_or_admin',
     'rule:project_manager_api or rule:admin_api',
     'A manager of the project, or an administrator.'),
    ('project_member_or_service',
     'rule:project_member_api or rule:service_api',
     'A member of the project, or a service user.'),
    # Owners in legacy mode (see the module docstring).
    ('project_legacy_member_api',
     'role:_member_ and project_id:%(project_id)s',
     'A member of the project under the role name of Keystone before '
     'Rocky (_member_).'),
    ('legacy_project_reader',
     'rule:legacy_project_member or rule:project_reader_api',
     'Legacy mode: a reader or member of the project, or an '
     'administrator (a member need not have the reader role: '
     'deployments older than Keystone\'s implied roles).'),
    ('legacy_project_member',
     'rule:project_member_or_admin or rule:project_legacy_member_api',
     'Legacy mode: a member of the project (not a reader only), or an '
     'administrator.'),
    # Legacy rules, kept for existing policy files.
    ('is_admin', 'rule:admin_api', 'Legacy: an administrator.'),
    ('admin_or_owner', 'is_admin:True or project_id:%(project_id)s',
     'Legacy: an administrator or the owner project.'),
    ('admin_or_user', 'is_admin:True or user_id:%(user_id)s',
     'Legacy: an administrator or the owner user.'),
    ('default', 'rule:admin_or_owner', 'Legacy: default rule.'),
    ('public_api', 'is_public_api:True',
     'Legacy: an unauthenticated request.'),
    ('allow', '@', 'Legacy: anybody.'),
    ('deny', '!', 'Legacy: nobody.'),
)]


_DEPRECATED_REASON = ('Cyborg follows the OpenStack secure RBAC personas '
                      '(admin, manager, member, reader, service).')


class Rules(list):
    """The rules of one resource, named *prefix* + an operation."""

    def __init__(self, prefix):
        super().__init__()
        self.prefix = prefix

    def add(self, operation, check_str, description, legacy=None):
        """Append the project-scoped rule of *operation* (*legacy*: its
        deprecated default, since this release); returns its name.
        """
        name = self.prefix + operation
        self.append(policy.RuleDefault(
            name=name, check_str=check_str, description=description,
            scope_types=PROJECT_SCOPE,
            deprecated_rule=legacy and policy.DeprecatedRule(
                name=name, check_str=legacy,
                deprecated_reason=_DEPRECATED_REASON,
                deprecated_since='2026.2')))
        return name


def documented(rule_default, operations):
    """*rule_default* with its *operations*, ``[(method, path)]``."""
    return policy.DocumentedRuleDefault(
        name=rule_default.name, check_str=rule_default.check_str,
        description=rule_default.description,
        operations=[{'path': path, 'method': method}
                    for method, path in operations],
        scope_types=rule_default.scope_types,
        deprecated_rule=rule_default.deprecated_rule)


def list_rules():
    return _rules
