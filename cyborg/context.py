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
"""The request context every Cyborg call carries (cyborg.db.api makes it
an enginefacade transaction context, where a process opens the database).
"""

from oslo_context import context


class RequestContext(context.RequestContext):
    """*deadline*: when an RPC caller stops waiting (epoch seconds)."""

    def __init__(self, *args, deadline=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def to_dict(self):
        values = super().to_dict()
        values['deadline'] = self.deadline
        return values

    @classmethod
    def from_dict(cls, values, **kwargs):
        kwargs.setdefault('deadline', values.get('deadline'))
        return super().from_dict(values, **kwargs)

    def can(self, action, target=None, fatal=True):
        """Whether the caller may do *action* (see policy.authorize)."""
        # Imported here: only cyborg-api checks policies, and building the
        # rules costs a conductor or agent about a second of CPU at start
        # (oslo.policy reads every package's entry points per rule).
        from cyborg import policy
        return policy.authorize(self, action, target, fatal=fatal)


def get_admin_context():
    """An admin context (not stored as the thread's current one)."""
    return RequestContext(is_admin=True, overwrite=False)
