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
"""The record every audit returns: one thing found wrong, and whether
healing repaired it.

The three audits (cyborg.conductor.audit.placement, handle_audit and
instance_audit) each describe what they found with a Finding: its
``kind``, its ``host``, a ``detail`` for people and ``repaired``; each
adds the fields that name what it checks (a resource provider, an attach
handle, a server), declared as dataclass fields so that ``as_dict()``,
the JSON of ``cyborg-manage ... --json`` and the conductor's warnings,
names them all without a list written by hand.

``repaired`` says what a heal did, with one meaning in every audit:
True when what was wrong is right when the heal returns, False when it is
not (left alone on purpose, changed meanwhile, or handed to work that has
not finished: the next audit tells), None when nobody tried (an audit
without healing).  ``cyborg-manage``'s exit statuses are read from it
(cyborg.cmd.manage_audit).
"""

import dataclasses


@dataclasses.dataclass(kw_only=True)
class Finding:
    """One thing an audit found wrong.

    :ivar kind: what is wrong, one of the audit's constants.
    :ivar host: the host it concerns, or None (an orphan provider).
    :ivar detail: what is wrong, and what healing did or would do.
    :ivar repaired: True once healed, False when a heal left it wrong,
        None when nobody tried.
    """

    kind: str
    host: str | None
    detail: str = ''
    repaired: bool | None = None

    def as_dict(self):
        """Every field, by name (what ``--json`` prints)."""
        return dataclasses.asdict(self)

    def settle(self, repaired, note=None):
        """Record what a heal did.

        :param repaired: whether it is right now.
        :param note: what was done (or why nothing was), appended to
            ``detail``.
        :returns: *repaired*.
        """
        self.repaired = repaired
        if note:
            self.detail = '%s; %s' % (self.detail, note) if self.detail \
                else note
        return repaired


def all_repaired(found):
    """Whether a heal repaired every finding of *found* (True for none).

    :param found: Findings, ``repaired`` set by a heal.
    """
    return all(finding.repaired for finding in found)
