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
"""The traits every layer names (drivers, conductor, API)."""

import re

import os_traits

#: Every resource provider Cyborg makes carries this trait (os-traits'
#: own), and every device profile group asks for it.
OWNER_CYBORG = os_traits.OWNER_CYBORG

#: The prefix of the traits that say which function (bitstream) an FPGA
#: carries (AcceleratorDriver.function_traits()).
FUNCTION_TRAIT_PREFIX = 'CUSTOM_FPGA_FUNCTION_ID_'


#: The attribute keys a driver reports (``rc``, the traits ``trait0``,
#: ``trait1``... and the existing Cyborg's fake driver's ``traits1``): each
#: report of the host rewrites them; any other key (``trait_fast``) is an
#: operator's, never rewritten.
DRIVER_ATTRIBUTE_KEY = r'rc|traits?[0-9]+'


def is_driver_attribute(key):
    """Whether an attribute key is the driver's (rewritten by reports)."""
    return re.fullmatch(DRIVER_ATTRIBUTE_KEY, key) is not None


def is_function_trait(trait):
    return trait.startswith(FUNCTION_TRAIT_PREFIX)


def function_trait_suffix(function_id):
    """How a function id ends a function trait: upper case, anything but
    ``[A-Z0-9_]`` replaced with ``_``.
    """
    return re.sub(r'[^A-Z0-9_]', '_', function_id.upper())
