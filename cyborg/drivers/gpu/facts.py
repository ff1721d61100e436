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
"""What nvidia-smi tells of each NVIDIA GPU, for device classes.

Sysfs does not say how much memory a GPU has (its BARs are windows) or
what it computes: one ``nvidia-smi --query-gpu`` of FIELDS does.  They go
into ``vendor_board_info`` (``firmware`` is the VBIOS version, the key
POST /v2/devices/disable's selectors read too); ``[N/A]`` and ``[Not
Supported]`` are left out.
"""

from oslo_log import log as logging

from cyborg.drivers.gpu import clean_check
from cyborg.drivers.gpu import mig

LOG = logging.getLogger(__name__)

#: (query field, vendor_board_info key), in query order.
FIELDS = (('memory.total', 'memory_mb'),
          ('compute_cap', 'compute_capability'),
          ('driver_version', 'driver_version'),
          ('vbios_version', 'firmware'))
QUERY_ARGV = ('nvidia-smi', '--query-gpu=pci.bus_id,' +
              ','.join(field for field, _key in FIELDS),
              '--format=csv,noheader,nounits')


def parse(text):
    """``{PCI address: {key: value}}`` of the query's CSV lines
    (``00000000:4B:00.0, 81559, 9.0, 550.54.15, 96.00.5E.00.01``).
    """
    found = {}
    for values in clean_check.rows(text, len(FIELDS) + 1):
        found[mig._address(values[0])] = {
            key: value for (_field, key), value in zip(FIELDS, values[1:])
            if value and not value.startswith('[')}
    return found


def reader():
    """A mig.Query of the facts ({} without nvidia-smi)."""
    return mig.Query(QUERY_ARGV, parse,
                     'nvidia-smi is not installed: the memory, compute '
                     'capability and driver version of the GPUs are not '
                     'reported', 'Cannot read the memory of the GPUs: %s',
                     log=LOG)
