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
"""What NVIDIA GPUs are doing: one ``nvidia-smi --query-gpu`` of FIELDS
for every GPU of the host (QUERY_ARGV), as telemetry samples
(cyborg.common.telemetry).  A field a GPU does not support is left out of
its sample, never read as 0; the fields an older nvidia-smi refuses are
dropped (TelemetryQuery).  What the query gives and does not:
doc/source/admin/telemetry.rst.
"""

import collections
import re

from oslo_log import log as logging

from cyborg import exception
from cyborg.drivers import command
from cyborg.drivers.gpu import clean_check
from cyborg.drivers.gpu import mig

LOG = logging.getLogger(__name__)

_MIB = 1024 * 1024
_MHZ = 1000 * 1000


def _number(text):
    try:
        return float(text)
    except ValueError:
        return None


def _count(text):
    return int(text) if text.isdigit() else None


def _percent(text):
    value = _number(text)
    return None if value is None else value / 100.0


def _mib(text):
    value = _count(text)
    return None if value is None else value * _MIB


def _mhz(text):
    value = _number(text)
    return None if value is None else value * _MHZ


def _flag(text):
    """``Yes``/``Active`` True, ``No``/``Not Active`` False, else None."""
    return {'yes': True, 'active': True, 'no': False,
            'not active': False}.get(text.lower())


#: (query field, sample field or None, parse) in query order; the
#: margin (``temperature.gpu.tlimit``) is turned into
#: ``slowdown_temperature_celsius`` by parse().
Field = collections.namedtuple('Field', ('query', 'sample', 'parse'))
FIELDS = (
    Field('pci.bus_id', None, None),
    Field('utilization.gpu', 'utilization', _percent),
    Field('utilization.memory', 'memory_utilization', _percent),
    Field('memory.used', 'memory_used_bytes', _mib),
    Field('memory.total', 'memory_total_bytes', _mib),
    Field('power.draw', 'power_watts', _number),
    Field('power.limit', 'power_limit_watts', _number),
    Field('temperature.gpu', 'temperature_celsius', _number),
    Field('clocks.sm', 'sm_clock_hertz', _mhz),
    Field('ecc.errors.corrected.volatile.total', 'ecc_corrected_volatile',
          _count),
    Field('ecc.errors.uncorrected.volatile.total',
          'ecc_uncorrected_volatile', _count),
    Field('ecc.errors.corrected.aggregate.total', 'ecc_corrected_aggregate',
          _count),
    Field('ecc.errors.uncorrected.aggregate.total',
          'ecc_uncorrected_aggregate', _count),
    Field('retired_pages.single_bit_ecc.count', 'retired_pages_single_bit',
          _count),
    Field('retired_pages.double_bit.count', 'retired_pages_double_bit',
          _count),
    Field('retired_pages.pending', 'retired_pages_pending', _flag),
    # Ampere and later drivers (R450): row remapping.
    Field('remapped_rows.correctable', 'remapped_rows_correctable', _count),
    Field('remapped_rows.uncorrectable', 'remapped_rows_uncorrectable',
          _count),
    Field('remapped_rows.pending', 'remapped_rows_pending', _flag),
    Field('remapped_rows.failure', 'remapped_rows_failure', _flag),
    # R530 and later drivers.
    Field('temperature.gpu.tlimit', None, _number),
    Field('clocks_event_reasons.hw_thermal_slowdown', 'thermal_slowdown',
          _flag),
)
#: The fields an older driver may not know.
OPTIONAL = ('remapped_rows.correctable', 'remapped_rows.uncorrectable',
            'remapped_rows.pending', 'remapped_rows.failure',
            'temperature.gpu.tlimit',
            'clocks_event_reasons.hw_thermal_slowdown')


def argv(fields=FIELDS):
    """The nvidia-smi command line of a query of *fields*."""
    return ('nvidia-smi', '--query-gpu=' + ','.join(f.query for f in fields),
            '--format=csv,noheader,nounits')


QUERY_ARGV = argv()


def parse(text, fields=FIELDS):
    """``{PCI address: sample}`` of the query's CSV lines
    (``00000000:4B:00.0, 97, 41, 58234, 81559, 312.45, ...``); values a
    GPU does not support are left out.
    """
    found = {}
    for values in clean_check.rows(text, len(fields)):
        sample = {}
        margin = None
        for field, value in zip(fields[1:], values[1:]):
            parsed = field.parse(value)
            if parsed is None:
                continue
            if field.query == 'temperature.gpu.tlimit':
                margin = parsed
            else:
                sample[field.sample] = parsed
        if margin is not None and 'temperature_celsius' in sample:
            sample['slowdown_temperature_celsius'] = (
                sample['temperature_celsius'] + margin)
        found[mig._address(values[0])] = sample
    return found


_UNKNOWN_FIELD = re.compile(r'Field "([^"]+)" is not a valid field')


class TelemetryQuery:
    """The query, with the fields the installed nvidia-smi refuses
    dropped.
    """

    def __init__(self):
        self.fields = FIELDS
        self._told_missing = False

    def read(self, timeout):
        """Run the query (again without a refused field, once).

        :param timeout: seconds the command may take.
        :raises: CommandFailed, CommandTimeout.
        :returns: ``{PCI address: sample}``; {} without nvidia-smi.
        """
        try:
            try:
                return parse(command.run(argv(self.fields), timeout=timeout),
                             self.fields)
            except exception.CommandFailed as exc:
                if not self._drop_refused(exc):
                    raise
            return parse(command.run(argv(self.fields), timeout=timeout),
                         self.fields)
        except exception.CommandNotFound:
            if not self._told_missing:
                LOG.info('nvidia-smi is not installed: the GPUs report the '
                         'PCIe telemetry of sysfs only')
                self._told_missing = True
            return {}

    def _drop_refused(self, exc):
        """Drop what nvidia-smi refused; whether anything was dropped."""
        if exc.kwargs.get('exit_code') != 2:
            return False
        named = _UNKNOWN_FIELD.search(exc.kwargs.get('stderr') or '')
        refused = ({named.group(1)} if named else set(OPTIONAL))
        kept = tuple(f for f in self.fields if f.query not in refused)
        if len(kept) == len(self.fields):
            return False
        LOG.warning('nvidia-smi refuses the telemetry fields %s: the GPUs '
                    'are queried without them', ', '.join(sorted(
                        f.query for f in self.fields if f not in kept)))
        self.fields = kept
        return True
