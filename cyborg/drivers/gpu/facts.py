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
"""The ``vendor_board_info`` of NVIDIA GPUs, for device classes: what
sysfs does not say (memory, compute capability...), from one nvidia-smi
query; ``firmware`` is the VBIOS version.
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
    """``{PCI address: {key: value}}`` of the query's CSV lines."""
    return {mig._address(values[0]): {
        key: value for (_field, key), value in zip(FIELDS, values[1:])
        if value and not value.startswith('[')}
        for values in clean_check.rows(text, len(FIELDS) + 1)}


def reader():
    return mig.Query(QUERY_ARGV, parse,
                     'nvidia-smi is not installed: the memory, compute '
                     'capability and driver version of the GPUs are not '
                     'reported', 'Cannot read the memory of the GPUs: %s',
                     log=LOG)
