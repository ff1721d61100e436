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
"""The record every audit returns: one thing found wrong, and its repair.

Each audit subclasses Finding with dataclass fields, all in as_dict().
"""

import dataclasses


@dataclasses.dataclass(kw_only=True)
class Finding:
    """One thing an audit found wrong.

    *repaired*: True when right once the heal returned, False when not
    (left alone, changed meanwhile, handed to unfinished work), None when
    nobody tried; cyborg-manage's exit status reads it.
    """

    kind: str
    host: str | None
    detail: str = ''
    repaired: bool | None = None

    def as_dict(self):
        """Every field, by name (what ``--json`` prints)."""
        return dataclasses.asdict(self)

    def settle(self, repaired, note=None):
        """Record what a heal did (*note* appended to detail); *repaired*."""
        self.repaired = repaired
        if note:
            self.detail = '%s; %s' % (self.detail, note) if self.detail \
                else note
        return repaired


def all_repaired(found):
    """Whether a heal repaired every finding of *found*."""
    return all(finding.repaired for finding in found)
