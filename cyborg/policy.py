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
"""The policy enforcer.  Code calls ``context.can(rule, target)``.

Every check is oslo.policy's own: no decision is remembered, so a changed
policy file, a changed rule or a check that asks a server applies at the
next request.

Scope: every rule is for project-scoped tokens (``scope_types =
['project']``), as in the existing Cyborg and in the services that follow
the community's revised secure RBAC goal.  oslo.policy refuses a token of
another scope (a system-scoped administrator's) whatever the roles, in
both modes: Cyborg answers it with 403 and the error code
``cyborg.policy.invalid_scope``, whose message says to use a
project-scoped token, not with the 403 of a missing role.
"""

import threading

from oslo_config import cfg
from oslo_policy import policy

from cyborg import exception
from cyborg import policies
from cyborg.conf import defaults as conf_defaults

CONF = cfg.CONF

_ENFORCER = None
_LOCK = threading.Lock()


def set_defaults(conf):
    """Cyborg's defaults for [oslo_policy] (see cyborg.conf.defaults)."""
    conf_defaults.set_policy_defaults(conf)


def get_enforcer():
    """The process-wide enforcer (oslo.policy.enforcer entry point)."""
    global _ENFORCER
    with _LOCK:
        if _ENFORCER is None:
            set_defaults(CONF)
            enforcer = policy.Enforcer(CONF)
            # The deprecated defaults are OR-ed in on purpose (see
            # set_defaults and the release notes); a warning per rule at
            # every start would only be noise.
            enforcer.suppress_default_change_warnings = True
            enforcer.register_defaults(policies.list_rules())
            _ENFORCER = enforcer
        return _ENFORCER


def reset():
    """Forget the enforcer (tests, configuration reload)."""
    global _ENFORCER
    with _LOCK:
        if _ENFORCER is not None:
            _ENFORCER.clear()
        _ENFORCER = None


def authorize(context, action, target=None, fatal=True):
    """Check *action* for *context* against *target*.

    :param context: the request context.
    :param action: a rule name, e.g. ``cyborg:device:get_all``.
    :param target: the object of the action; by default the context's
        project and user (ownership is enforced by the queries).
    :param fatal: raise instead of returning False.
    :raises: PolicyNotAuthorized when denied and *fatal*;
        PolicyInvalidScope when the token's scope is not the rule's.
    :returns: True or False.
    """
    if target is None:
        target = {'project_id': context.project_id,
                  'user_id': context.user_id}
    try:
        return get_enforcer().authorize(
            action, target, context, do_raise=fatal,
            exc=exception.PolicyNotAuthorized, action=action)
    except policy.InvalidScope:
        raise exception.PolicyInvalidScope(action=action)
