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

Every check is oslo.policy's own; remembered are only the allowed
decisions of pure rules (roles, target and credential attributes) under
one rules object, which oslo.policy replaces at each reload
(performance.rst).  A token not project-scoped gets 403
``cyborg.policy.invalid_scope``.
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


set_defaults = conf_defaults.set_policy_defaults


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


# The check classes whose decision is a function of the rule, the target
# and the credentials alone, taken from oslo.policy's public parser and
# its public compound checks.
_PURE_LEAVES = tuple({type(check) for check in policy.Rules.from_dict(
    {'role': 'role:x', 'generic': 'x:%(y)s', 'true': '@', 'false': '!'}
).values()})
_COMPOUND = (policy.AndCheck, policy.OrCheck)
# Bound on the allowed decisions remembered (credentials x targets): past
# it they are forgotten at once and learnt again.
_MAX_DECISIONS = 8192


class _Decisions:
    """The allowed decisions under one rules object of the enforcer."""

    def __init__(self, rules):
        self.rules = rules
        # action -> the rule objects its decision depends on (by name), or
        # None when the decision is not a function of its inputs.
        self.pure = {}
        self.allowed = set()

    def valid_for(self, action):
        """Whether *action*'s decisions may be remembered and used (not if
        it or a rule it refers to was replaced in place).
        """
        if action not in self.pure:
            names = {action}
            self.pure[action] = (
                {name: self.rules.get(name) for name in names}
                if self._pure(self.rules.get(action), set(), names) else None)
        deps = self.pure[action]
        return deps is not None and all(self.rules.get(name) is rule
                                        for name, rule in deps.items())

    def _pure(self, check, seen, names):
        if isinstance(check, _COMPOUND):
            return all(self._pure(c, seen, names) for c in check.rules)
        if isinstance(check, policy.NotCheck):
            return self._pure(check.rule, seen, names)
        if isinstance(check, policy.RuleCheck):
            # *seen* holds the rules on the way here: a cycle is not pure
            # (oslo.policy reports it), a rule used twice is.
            if check.match in seen:
                return False
            names.add(check.match)
            seen.add(check.match)
            try:
                return self._pure(self.rules.get(check.match), seen, names)
            finally:
                seen.discard(check.match)
        return isinstance(check, _PURE_LEAVES)


_DECISIONS = _Decisions(None)


def _frozen(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set, frozenset)):
        return tuple(_frozen(v) for v in value)
    hash(value)
    return value


def _decision_key(enforcer, action, target, context):
    """The key of a remembered decision, or None when it cannot be one."""
    global _DECISIONS
    # What enforce() does first: a changed policy file or directory is
    # loaded now, into a new rules object.
    enforcer.load_rules()
    decisions = _DECISIONS
    if decisions.rules is not enforcer.rules:
        decisions = _DECISIONS = _Decisions(enforcer.rules)
    if not decisions.valid_for(action):
        if decisions.pure.get(action) is not None:
            # A rule was replaced in place: forget everything.
            decisions = _DECISIONS = _Decisions(enforcer.rules)
        return None, decisions
    try:
        key = (action, _frozen(target),
               _frozen(dict(context.to_policy_values())))
    except TypeError:
        return None, decisions
    return key, decisions


def authorize(context, action, target=None, fatal=True):
    """Check *action* for *context* against *target* (default: the
    context's project and user).

    :param fatal: raise PolicyNotAuthorized instead of returning False.
    :raises: PolicyInvalidScope when the token's scope is not the rule's.
    """
    if target is None:
        target = {'project_id': context.project_id,
                  'user_id': context.user_id}
    enforcer = get_enforcer()
    key, decisions = _decision_key(enforcer, action, target, context)
    if key is not None and key in decisions.allowed:
        return True
    try:
        allowed = enforcer.authorize(
            action, target, context, do_raise=fatal,
            exc=exception.PolicyNotAuthorized, action=action)
    except policy.InvalidScope:
        raise exception.PolicyInvalidScope(action=action)
    if allowed and key is not None:
        if len(decisions.allowed) >= _MAX_DECISIONS:
            decisions.allowed.clear()
        decisions.allowed.add(key)
    return allowed
