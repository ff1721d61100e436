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
"""What nvidia-smi tells of the health of NVIDIA GPUs.

One query for every GPU of the host (``nvidia-smi --query-gpu=...
--format=csv,noheader``, run by the privileged helper: see
cyborg.drivers.tools) with the fields NVIDIA documents in
``nvidia-smi --help-query-gpu``:

* ``ecc.errors.uncorrected.volatile.total``: uncorrectable (double bit)
  ECC errors since the driver was loaded; a GPU with any is unhealthy
  until it is reset (which clears the volatile count);
* ``retired_pages.pending``: a page waits for retirement, which takes a
  reset (``Yes``/``No``; GPUs before Ampere);
* ``remapped_rows.pending``: a row waits for remapping, which takes a
  reset (``Yes``/``No``; Ampere and later).

A field the GPU does not support reads ``[N/A]`` or ``[Not Supported]``
and says nothing.  XID errors come from the kernel log, not from a query
field, and are not read here.
"""

from oslo_log import log as logging

from cyborg import exception
from cyborg.drivers import command
from cyborg.drivers import health
from cyborg.drivers.gpu import mig

LOG = logging.getLogger(__name__)

FIELDS = ('pci.bus_id', 'ecc.errors.uncorrected.volatile.total',
          'retired_pages.pending', 'remapped_rows.pending')
QUERY_ARGV = ('nvidia-smi', '--query-gpu=' + ','.join(FIELDS),
              '--format=csv,noheader')


def _count(value):
    return int(value) if value.isdigit() else None


def parse(text):
    """``{PCI address: health.Health}`` of the query's CSV lines
    (``00000000:4B:00.0, 2, No, Yes``), for every GPU listed.
    """
    found = {}
    for line in text.splitlines():
        values = [v.strip() for v in line.split(',')]
        if len(values) != len(FIELDS) or ':' not in values[0]:
            continue
        address = mig._address(values[0])
        reasons = []
        ecc = _count(values[1])
        if ecc:
            reasons.append('%d uncorrectable ECC errors' % ecc)
        if values[2].lower() == 'yes':
            reasons.append('retired pages pending (reset needed)')
        if values[3].lower() == 'yes':
            reasons.append('remapped rows pending (reset needed)')
        found[address] = (health.unhealthy('GPU ' + '; '.join(reasons))
                          if reasons else health.OK)
    return found


class HealthReader:
    """Runs the query (see the module docstring)."""

    def __init__(self):
        self._told_missing = False

    def read(self):
        """:returns: ``{PCI address: health.Health}``; {} when nvidia-smi
            is not installed or fails (nothing is then known).
        """
        try:
            return parse(command.run(QUERY_ARGV, timeout=mig.TIMEOUT))
        except exception.CommandNotFound:
            if not self._told_missing:
                LOG.info('nvidia-smi is not installed: the ECC health of '
                         'the GPUs is not checked')
                self._told_missing = True
        except (exception.CommandFailed, exception.CommandTimeout) as exc:
            LOG.warning('Cannot read the ECC health of the GPUs: %s', exc)
        return {}
