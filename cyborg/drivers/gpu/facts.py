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

Neither sysfs nor procfs says how much memory a GPU has (its BARs are
windows, not its memory) or what it computes; one query for every GPU of
the host does (``nvidia-smi --query-gpu=... --format=csv,noheader,
nounits``, run by the privileged helper: cyborg.drivers.command), with
the fields NVIDIA documents in ``nvidia-smi --help-query-gpu``:

* ``memory.total``: the GPU's memory, in MiB with ``nounits``;
* ``compute_cap``: its CUDA compute capability (``8.0``);
* ``driver_version``: the NVIDIA driver's version (``535.104.05``);
* ``vbios_version``: the VBIOS, its firmware (``92.00.36.00.01``).

They go into each GPU's ``vendor_board_info`` as ``memory_mb``,
``compute_capability``, ``driver_version`` and ``firmware`` (the key the
device selectors of POST /v2/devices/disable read as well).  A field
that reads ``[N/A]`` or ``[Not Supported]`` is left out; without
nvidia-smi nothing is added (and that is logged once).
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.drivers import command
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
    for line in text.splitlines():
        values = [v.strip() for v in line.split(',')]
        if len(values) != len(FIELDS) + 1 or ':' not in values[0]:
            continue
        found[mig._address(values[0])] = {
            key: value for (_field, key), value in zip(FIELDS, values[1:])
            if value and not value.startswith('[')}
    return found


class FactsReader:
    """Runs the query (see the module docstring)."""

    def __init__(self):
        self._told_missing = False

    def read(self):
        """:returns: ``{PCI address: {key: value}}``; {} when nvidia-smi
            is not installed or fails.
        """
        try:
            return parse(command.run(QUERY_ARGV, timeout=mig.TIMEOUT))
        except exception.CommandNotFound:
            if not self._told_missing:
                LOG.info('nvidia-smi is not installed: the memory, compute '
                         'capability and driver version of the GPUs are '
                         'not reported')
                self._told_missing = True
        except (exception.CommandFailed, exception.CommandTimeout) as exc:
            LOG.warning('Cannot read the memory of the GPUs: %s', exc)
        return {}
