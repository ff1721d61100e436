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
"""The JSON Schema validators: ``Draft7`` whose ``$`` matches at the end
of the text only (ECMA 262), and ``Strict``, whose ``integer`` is a Python
int, never a bool nor ``8.0`` (device configurations).
"""

import functools
import re

import jsonschema


@functools.lru_cache(maxsize=256)
def ecma_pattern(pattern):
    """*pattern* with each unescaped ``$`` outside a class as ``\\Z``."""
    out = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == '\\':
            escaped = True
        elif char == '[':
            in_class = True
        elif char == ']':
            in_class = False
        elif char == '$' and not in_class:
            char = r'\Z'
        out.append(char)
    return re.compile(''.join(out))


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, 'string') and \
            not ecma_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(
            '%r does not match %r' % (instance, pattern))


def _int(checker, instance):
    return isinstance(instance, int) and not isinstance(instance, bool)


Draft7 = jsonschema.validators.extend(
    jsonschema.Draft7Validator, {'pattern': _pattern})

Strict = jsonschema.validators.extend(
    Draft7, type_checker=Draft7.TYPE_CHECKER.redefine('integer', _int))
