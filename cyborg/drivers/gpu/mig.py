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
"""NVIDIA Multi-Instance GPU: the GPUs' MIG modes and GPU instances, as
nvidia-smi tells (sysfs and procfs do not have the profiles).
"""

import collections
import re

from oslo_log import log as logging

from cyborg import exception
from cyborg.drivers import command
from cyborg.drivers.gpu import clean_check

LOG = logging.getLogger(__name__)

QUERY_ARGV = ('nvidia-smi', '--query-gpu=index,pci.bus_id,mig.mode.current',
              '--format=csv,noheader')
LIST_GI_ARGV = ('nvidia-smi', 'mig', '-lgi')

#: Seconds an nvidia-smi query may take.
TIMEOUT = 60

#: nvidia-smi's exit code when what it was to find, list or destroy is
#: not there.
NOT_FOUND = 6
ENABLED = 'Enabled'

#: placement: ``start:size`` in memory slices.
GpuInstance = collections.namedtuple(
    'GpuInstance', ('gi_id', 'profile', 'profile_id', 'placement'))

#: index: nvidia-smi's ``-i``; capable: it has MIG; enabled: MIG mode is
#: on (current, not pending).
MigGpu = collections.namedtuple(
    'MigGpu', ('index', 'capable', 'enabled', 'instances'))

_GI_ROW = re.compile(
    r'^\|\s*(\d+)\s+MIG\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+:\d+)\s*\|\s*$')
_MIG_VGPU = re.compile(r'-(\d+)-(\d+)[A-Z](ME)?$')


def _suffix(profile):
    return re.sub(r'[^A-Z0-9]+', '_', profile.upper())


def resource_class(profile):
    return 'CUSTOM_MIG_' + _suffix(profile)


def profile_trait(profile):
    return 'CUSTOM_NVIDIA_MIG_' + _suffix(profile)


def vgpu_profile(type_name):
    """The MIG profile a vGPU type needs (``1g.10gb`` for ``NVIDIA
    H100XM-1-10C``), or None for a time-sliced type (``A100D-10C``).
    """
    words = type_name.split()
    match = _MIG_VGPU.search(words[-1]) if words else None
    if match is None:
        return None
    slices, memory, media = match.groups()
    return '%sg.%sgb%s' % (slices, memory, '+me' if media else '')


_address = clean_check.pci_address


def parse_modes(text):
    """``{GPU index: (PCI address, Enabled, Disabled or None)}``."""
    gpus = {}
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(',')]
        if len(fields) == 3 and fields[0].isdigit():
            mode = fields[2] if fields[2] in (ENABLED, 'Disabled') else None
            gpus[int(fields[0])] = (_address(fields[1]), mode)
    return gpus


def parse_gpu_instances(text):
    """``{GPU index: [GpuInstance]}`` of ``mig -lgi``, by instance id."""
    found = collections.defaultdict(list)
    for line in text.splitlines():
        match = _GI_ROW.match(line.strip())
        if match:
            index, profile, profile_id, gi_id, placement = match.groups()
            found[int(index)].append(GpuInstance(
                int(gi_id), profile, int(profile_id), placement))
    return {index: sorted(gis) for index, gis in found.items()}


def _gpus(modes, instances):
    return {address: MigGpu(index, mode is not None, mode == ENABLED,
                            instances.get(index, []) if mode == ENABLED
                            else [])
            for index, (address, mode) in modes.items()}


def run(argv, timeout=TIMEOUT):
    """nvidia-smi's output; '' when what it was to find, list or destroy
    is not there (NOT_FOUND).
    """
    try:
        return command.run(argv, timeout=timeout)
    except exception.CommandFailed as exc:
        if exc.kwargs.get('exit_code') != NOT_FOUND:
            raise
        return ''


def _instances(modes):
    """``mig -lgi`` when a GPU of *modes* is in MIG mode."""
    if any(mode == ENABLED for _addr, mode in modes.values()):
        return parse_gpu_instances(run(LIST_GI_ARGV))
    return {}


def gpus():
    """``{PCI address: MigGpu}`` of nvidia-smi, failures raised."""
    modes = parse_modes(command.run(QUERY_ARGV, timeout=TIMEOUT))
    return _gpus(modes, _instances(modes))


class Query:
    """An nvidia-smi query whose failure is logged, not raised: a missing
    nvidia-smi once (*missing*), a failed run each time (*failed*).
    """

    def __init__(self, argv, parse, missing, failed, log=LOG):
        self.argv = argv
        self.parse = parse
        self.missing = missing
        self.failed = failed
        self.log = log
        self._told_missing = False

    def read(self):
        """The parsed output; {} when nvidia-smi is missing or fails."""
        try:
            return self.parse(command.run(self.argv, timeout=TIMEOUT))
        except exception.CommandNotFound:
            if not self._told_missing:
                self.log.info(self.missing)
                self._told_missing = True
        except (exception.CommandFailed, exception.CommandTimeout) as exc:
            self.log.warning(self.failed, exc)
        return {}


class CarvingReader:
    def __init__(self):
        self._modes = Query(QUERY_ARGV, parse_modes,
                            'nvidia-smi is not installed: GPUs in MIG '
                            'mode are not recognised',
                            'Cannot read the MIG mode of the GPUs: %s')

    def read_gpus(self):
        """``{PCI address: MigGpu}``; {} when nvidia-smi is missing or
        fails.
        """
        modes = self._modes.read()
        try:
            instances = _instances(modes)
        except (exception.CommandNotFound, exception.CommandFailed,
                exception.CommandTimeout) as exc:
            LOG.info('No GPU instances listed: %s', exc)
            instances = {}
        return _gpus(modes, instances)
