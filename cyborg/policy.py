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
"""The policy enforcer.  Code calls ``context.can(rule, target)``."""

import threading

from oslo_config import cfg
from oslo_policy import opts as policy_opts
from oslo_policy import policy

from cyborg import exception
from cyborg import policies

CONF = cfg.CONF

_ENFORCER = None
_LOCK = threading.Lock()


def set_defaults(conf):
    """Cyborg's defaults for [oslo_policy].

    Like the existing Cyborg, the deprecated defaults stay OR-ed with the
    new ones until operators opt in with ``enforce_new_defaults = True``.
    """
    policy_opts.set_defaults(conf, policy_file='policy.yaml',
                             enforce_new_defaults=False)


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
    :raises: PolicyNotAuthorized when denied and *fatal*.
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
        if not fatal:
            return False
        raise exception.PolicyNotAuthorized(action=action)
