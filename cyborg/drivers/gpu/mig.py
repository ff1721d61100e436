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
"""NVIDIA Multi-Instance GPU: reading the GPU instances of the GPUs.

``nvidia-smi`` lists which GPUs are in MIG mode
(``--query-gpu=index,pci.bus_id,mig.mode.current``: ``Enabled``,
``Disabled``, or ``[N/A]`` for a GPU without MIG) and their GPU instances
(``mig -lgi``: GPU index, profile name such as ``1g.10gb``, profile id,
instance id, placement).  Neither sysfs nor procfs has the profiles:
``/proc/driver/nvidia/capabilities/gpu<N>/mig/gi<X>/access`` says that
instance X exists, not what it is.  Listing needs no root (the
``mig/monitor`` capability is readable by everyone), but the agent runs
every vendor tool through its one runner (cyborg.drivers.command, a
privileged helper that runs nvidia-smi with the argument lists of
cyborg.common.privsep_allowlists only).  The carving is made by
cyborg.drivers.gpu.mig_config, when a GPU's desired configuration asks.

A GPU's MIG layout is the profiles of its GPU instances joined by commas,
largest first (cyborg.common.device_config.mig_layout()): compute
slices, then memory, then without the media extension first, then by
name.  The instance ids do not give an order to rely on: the NVIDIA
driver numbers GPU instances by their placement, not in the order they
were made.

A GPU instance reaches a guest as a MIG-backed vGPU, whose type names end
in ``-<slices>-<memory GB><series>`` (``NVIDIA H100XM-1-10C``,
``GRID A100D-3-40C``, ``...-1-10CME`` with the media extension): the type
of profile ``<slices>g.<memory>gb`` (``+me``).
"""

import collections
import re

from oslo_log import log as logging

from cyborg import exception
from cyborg.drivers import command

LOG = logging.getLogger(__name__)

QUERY_ARGV = ('nvidia-smi', '--query-gpu=index,pci.bus_id,mig.mode.current',
              '--format=csv,noheader')
LIST_GI_ARGV = ('nvidia-smi', 'mig', '-lgi')

#: Seconds an nvidia-smi query may take.
TIMEOUT = 60

#: nvidia-smi's exit code when what it was to find, list or destroy is
#: not there (its manual: "a query to find an object was unsuccessful").
NOT_FOUND = 6
#: The MIG mode the query prints for a GPU in MIG mode.
ENABLED = 'Enabled'

#: A GPU instance: its id on its GPU, profile name (``1g.10gb``), profile
#: id and placement (``start:size`` in memory slices).
GpuInstance = collections.namedtuple(
    'GpuInstance', ('gi_id', 'profile', 'profile_id', 'placement'))

#: A GPU as nvidia-smi knows it: its index (``-i``), whether it has MIG
#: (nvidia-smi reports a MIG mode for it), whether MIG mode is on (the
#: current mode, not a pending one), and its GPU instances (none when MIG
#: mode is off).
MigGpu = collections.namedtuple(
    'MigGpu', ('index', 'capable', 'enabled', 'instances'))

_GI_ROW = re.compile(
    r'^\|\s*(\d+)\s+MIG\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+:\d+)\s*\|\s*$')
_MIG_VGPU = re.compile(r'-(\d+)-(\d+)[A-Z](ME)?$')


def _suffix(profile):
    return re.sub(r'[^A-Z0-9]+', '_', profile.upper())


def resource_class(profile):
    """``CUSTOM_MIG_1G_10GB`` for ``1g.10gb`` (``..._ME`` for ``+me``)."""
    return 'CUSTOM_MIG_' + _suffix(profile)


def profile_trait(profile):
    """``CUSTOM_NVIDIA_MIG_1G_10GB`` for ``1g.10gb``."""
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


def _address(bus_id):
    """``0000:4b:00.0`` from nvidia-smi's ``00000000:4B:00.0``."""
    domain, _sep, rest = bus_id.strip().lower().rpartition(':')
    domain, _sep, bus = domain.rpartition(':')
    return '%04x:%s:%s' % (int(domain or '0', 16), bus, rest)


def parse_modes(text):
    """``{GPU index: (PCI address, MIG mode)}`` of the ``--query-gpu``
    CSV lines (``0, 00000000:4B:00.0, Enabled``): the mode ``Enabled`` or
    ``Disabled``, None for a GPU without MIG (``[N/A]``).
    """
    gpus = {}
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(',')]
        if len(fields) == 3 and fields[0].isdigit():
            mode = fields[2] if fields[2] in (ENABLED, 'Disabled') else None
            gpus[int(fields[0])] = (_address(fields[1]), mode)
    return gpus


def parse_query(text):
    """``{GPU index: (PCI address, MIG mode enabled)}`` of the
    ``--query-gpu`` CSV lines (``0, 00000000:4B:00.0, Enabled``).
    """
    return {index: (address, mode == ENABLED)
            for index, (address, mode) in parse_modes(text).items()}


def parse_gpu_instances(text):
    """``{GPU index: [GpuInstance]}`` of ``nvidia-smi mig -lgi``'s table,
    each list sorted by instance id.
    """
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


def gpus():
    """Every GPU nvidia-smi lists, as it is now (for a change of its
    carving: failures are raised, not logged as CarvingReader does).

    :raises: CommandNotFound, CommandFailed, CommandTimeout; listing the
        GPU instances fails with NOT_FOUND when there is none, which is
        read as none.
    :returns: ``{PCI address: MigGpu}``.
    """
    modes = parse_modes(command.run(QUERY_ARGV, timeout=TIMEOUT))
    instances = {}
    if any(mode == ENABLED for _addr, mode in modes.values()):
        try:
            instances = parse_gpu_instances(
                command.run(LIST_GI_ARGV, timeout=TIMEOUT))
        except exception.CommandFailed as exc:
            if exc.kwargs.get('exit_code') != NOT_FOUND:
                raise
    return _gpus(modes, instances)


class CarvingReader:
    """Reads the carving of the host's GPUs (see the module docstring)."""

    def __init__(self):
        self._told_missing = False

    def read_gpus(self):
        """Every GPU nvidia-smi lists, with its MIG mode and GPU
        instances.

        :returns: ``{PCI address: MigGpu}``; {} when nvidia-smi is not
            installed or fails, since no GPU is then known to have MIG.
        """
        try:
            modes = parse_modes(command.run(QUERY_ARGV, timeout=TIMEOUT))
        except exception.CommandNotFound:
            if not self._told_missing:
                LOG.info('nvidia-smi is not installed: GPUs in MIG mode '
                         'are not recognised')
                self._told_missing = True
            return {}
        except (exception.CommandFailed, exception.CommandTimeout) as exc:
            LOG.warning('Cannot read the MIG mode of the GPUs: %s', exc)
            return {}
        instances = {}
        if any(mode == ENABLED for _addr, mode in modes.values()):
            try:
                instances = parse_gpu_instances(
                    command.run(LIST_GI_ARGV, timeout=TIMEOUT))
            except (exception.CommandNotFound, exception.CommandFailed,
                    exception.CommandTimeout) as exc:
                # nvidia-smi also fails when no GPU has any instance ("No
                # GPU instances found"): nothing is offered either way.
                LOG.info('No GPU instances listed: %s', exc)
        return _gpus(modes, instances)

    def read(self):
        """The GPU instances of each GPU in MIG mode.

        :returns: ``{PCI address: [GpuInstance]}`` (an empty list for a GPU
            in MIG mode with no instance); {} when nvidia-smi is not
            installed or fails, since no GPU is then known to be in MIG
            mode.
        """
        return {address: gpu.instances
                for address, gpu in self.read_gpus().items() if gpu.enabled}
