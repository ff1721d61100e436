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
"""A JSON file of the agent's state, written whole (temporary, renamed)."""

import json
import os


def read(path):
    """The file's value, or None without a file (OSError, ValueError)."""
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def write(path, value):
    """Write *value* to *path*, whole."""
    tmp = path + '.tmp'
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(tmp, 'w') as f:
        json.dump(value, f, sort_keys=True)
    os.replace(tmp, path)
