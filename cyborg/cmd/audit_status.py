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
"""Exit statuses of cyborg-manage's audit and heal commands.

As placement-manage's: 0 nothing found, 1 an error, 3 differences found
(or left after a heal), 4 every difference repaired.
"""

EXIT_IN_SYNC = 0
EXIT_ERROR = 1
EXIT_DRIFT = 3
EXIT_REPAIRED = 4


def status(found, heal):
    """The exit status of an audit (or a heal, with *heal*) that *found*
    these differences, each with a ``repaired`` attribute.
    """
    if not found:
        return EXIT_IN_SYNC
    if heal and all(item.repaired for item in found):
        return EXIT_REPAIRED
    return EXIT_DRIFT
