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
"""python -m cyborg.api.openapi [--write]: check (exit 1 when stale) or
rewrite the documents of doc/source/api/openapi."""

import os
import sys

from cyborg.api import openapi

TREE = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'doc',
                    'source', 'api', 'openapi')


def path(version):
    """The file of *version*'s document in the tree."""
    return os.path.normpath(os.path.join(TREE, 'v%s.json' % (version,)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    write = '--write' in argv
    stale = []
    for version in openapi.versions():
        text = openapi.text(version)
        name = path(version)
        if write:
            os.makedirs(os.path.dirname(name), exist_ok=True)
            with open(name, 'w') as f:
                f.write(text)
            continue
        try:
            with open(name) as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            stale.append(name)
    for name in stale:
        print('%s differs from the code; run python -m cyborg.api.openapi '
              '--write' % name)
    return 1 if stale else 0


if __name__ == '__main__':
    sys.exit(main())
