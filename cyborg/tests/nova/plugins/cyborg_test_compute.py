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
"""The real nova-compute, with the recording virt driver available.

Run with Nova's virtualenv's Python, this folder on ``PYTHONPATH``, and
nova-compute's own arguments::

    python cyborg_test_compute.py --config-file nova.conf ...

Nova loads its virt driver by name from the ``nova.virt`` package only
(``[DEFAULT] compute_driver = NAME.CLASS`` imports ``nova.virt.NAME``),
so this launcher makes cyborg_test_virt importable under that name
before it hands over to Nova's own ``nova-compute`` entry point; nothing
of Nova is changed.  ``compute_driver = cyborg_test_virt.RecordingDriver``
then loads it.
"""

import importlib
import sys

# First, as the nova-compute script does: Nova's own start-up (it sets up
# its concurrency backend before anything else is imported).
from nova.cmd import compute  # noqa: I001

DRIVER_MODULE = 'cyborg_test_virt'


def main():
    sys.modules['nova.virt.' + DRIVER_MODULE] = importlib.import_module(
        DRIVER_MODULE)
    return compute.main()


if __name__ == '__main__':
    sys.exit(main())
