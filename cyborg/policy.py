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

Decisions are remembered (``_Decisions``): a check is a pure function of
the rules, the caller's credentials and the target, and oslo.policy spends
about a millisecond of CPU on each (it re-reads every registered default
and inspects each check's signature every time), which was a sixth of a
cyborg-api read request.  The policy file is looked at (its mtime) at most
once per RULES_CHECK_INTERVAL seconds, so a changed file applies within a
second, not at the very next request.
"""

import collections
import threading
import time

from oslo_config import cfg
from oslo_policy import policy

from cyborg import exception
from cyborg import policies
from cyborg.conf import defaults as conf_defaults

CONF = cfg.CONF

_ENFORCER = None
_LOCK = threading.Lock()
# Seconds between two looks at the policy file (oslo.policy looks at every
# check).
RULES_CHECK_INTERVAL = 1.0


def set_defaults(conf):
    """Cyborg's defaults for [oslo_policy] (see cyborg.conf.defaults)."""
    conf_defaults.set_policy_defaults(conf)


class Enforcer(policy.Enforcer):
    """oslo.policy's enforcer, counting the changes of its rules.

    ``generation`` changes whenever the rules may have: a policy file or
    directory (re)loaded, rules set or cleared, a default registered.
    """

    generation = 0

    @property
    def rules(self):
        return self.__dict__['rules']

    @rules.setter
    def rules(self, rules):
        self.__dict__['rules'] = rules
        self.generation += 1

    def set_rules(self, rules, overwrite=True, use_conf=False):
        super().set_rules(rules, overwrite=overwrite, use_conf=use_conf)
        self.generation += 1

    def register_default(self, default):
        super().register_default(default)
        self.generation += 1

    def cacheable(self):
        """Whether checks are pure functions of rules, creds and target.

        They are unless a rule calls out (oslo.policy's ``http:`` and
        ``https:`` checks ask a server), or uses a check of a plugin.
        """
        cached = self.__dict__.get('_cacheable')
        if cached is None or cached[0] != self.generation:
            pure = all(_pure(check) for check in self.rules.values())
            cached = self.__dict__['_cacheable'] = (self.generation, pure)
        return cached[1]


_CALLING_OUT = ('HttpCheck', 'HttpsCheck')


def _pure(check):
    kind = type(check)
    # oslo.policy's own checks (and, or, not, rule, role, generic, true,
    # false) look only at their arguments; its http checks and the checks
    # of plugins may not.
    if (kind.__module__ != policy.AndCheck.__module__
            or kind.__name__ in _CALLING_OUT):
        return False
    children = getattr(check, 'rules', None) or []
    if getattr(check, 'rule', None) is not None and not isinstance(
            check.rule, str):
        children = list(children) + [check.rule]
    return all(_pure(child) for child in children)


def get_enforcer():
    """The process-wide enforcer (oslo.policy.enforcer entry point)."""
    global _ENFORCER
    with _LOCK:
        if _ENFORCER is None:
            set_defaults(CONF)
            enforcer = Enforcer(CONF)
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
    _DECISIONS.clear()


def authorize(context, action, target=None, fatal=True):
    """Check *action* for *context* against *target*.

    :param context: the request context.
    :param action: a rule name, e.g. ``cyborg:device:get_all``.
    :param target: the object of the action; by default the context's
        project and user (ownership is enforced by the queries).
    :param fatal: raise instead of returning False.
    :raises: PolicyNotAuthorized when denied and *fatal*.
    :returns: True or False.
    """
    if target is None:
        target = {'project_id': context.project_id,
                  'user_id': context.user_id}
    enforcer = get_enforcer()
    allowed = _DECISIONS.decide(enforcer, action, target, context)
    if not allowed and fatal:
        raise exception.PolicyNotAuthorized(action=action)
    return allowed


def _frozen(mapping):
    """A hashable copy of a flat dict of strings, lists and scalars."""
    items = []
    for key, value in mapping.items():
        if isinstance(value, list):
            value = tuple(value)
        hash(value)  # TypeError for what cannot be remembered
        items.append((key, value))
    return frozenset(items)


class _Decisions:
    """The last decisions of the enforcer, by everything they depend on.

    The key holds the rule name, the target, every policy value of the
    caller and the generation of the rules; an entry of an older
    generation is never used again and ages out.
    """

    SIZE = 4096

    def __init__(self):
        self._lock = threading.Lock()
        self._decisions = collections.OrderedDict()
        self._rules_checked = None

    def clear(self):
        with self._lock:
            self._decisions.clear()
            self._rules_checked = None

    def _check_rules(self, enforcer):
        """Reload the policy file if it changed, at most once a second."""
        now = time.monotonic()
        checked = self._rules_checked
        if checked is None or now - checked >= RULES_CHECK_INTERVAL:
            enforcer.load_rules()
            self._rules_checked = now

    def decide(self, enforcer, action, target, context):
        self._check_rules(enforcer)
        key = None
        if enforcer.cacheable():
            try:
                key = (action, _frozen(target),
                       _frozen(context.to_policy_values()),
                       enforcer.generation)
            except TypeError:
                key = None
        if key is not None:
            with self._lock:
                if key in self._decisions:
                    self._decisions.move_to_end(key)
                    return self._decisions[key]
        try:
            allowed = enforcer.authorize(action, target, context,
                                         do_raise=False)
        except policy.InvalidScope:
            allowed = False
        if key is not None:
            with self._lock:
                self._decisions[key] = allowed
                while len(self._decisions) > self.SIZE:
                    self._decisions.popitem(last=False)
        return allowed


_DECISIONS = _Decisions()
