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
"""Allow-lists of the privsep daemons (the vendor tools drivers may run,
the kernel log records they may read), read from the installed package
so that an unprivileged caller cannot widen them.
"""

#: The tools drivers run, by name (found on the daemon's PATH): OPAE's
#: FPGA loader, XRT's user and management tools, NVIDIA's nvidia-smi,
#: nvme-cli's nvme and iproute2's ip.
TOOLS = frozenset(['fpgaconf', 'xbmgmt', 'xbutil', 'nvidia-smi', 'nvme',
                   'ip'])

#: Tools run with these argument lists only (or one of ARG_PATTERNS):
#: nvidia-smi run as root can reset GPUs and change their clocks.
ONLY_ARGS = {
    'nvidia-smi': frozenset([
        ('--query-gpu=index,pci.bus_id,mig.mode.current',
         '--format=csv,noheader'),
        ('mig', '-lgi'),
        ('--query-gpu=pci.bus_id,memory.total,compute_cap,driver_version,'
         'vbios_version', '--format=csv,noheader,nounits'),
        # The clean verification (cyborg.drivers.gpu.clean_check).
        ('--query-compute-apps=gpu_bus_id,pid,used_memory',
         '--format=csv,noheader,nounits'),
        ('--query-gpu=pci.bus_id,mig.mode.current,memory.used,memory.total,'
         'ecc.errors.uncorrected.volatile.total,retired_pages.pending,'
         'remapped_rows.pending,remapped_rows.failure',
         '--format=csv,noheader,nounits'),
    ]),
}

#: A GPU's index for nvidia-smi ``-i`` (what ``--query-gpu=index`` says).
GPU_INDEX = '[0-9]{1,4}'
#: MIG GPU instance profile names, joined by commas (``3g.40gb,1g.10gb``,
#: ``1g.10gb+me``).
MIG_PROFILES = (r'[0-9]{1,2}g\.[0-9]{1,4}gb(\+me)?'
                r'(,[0-9]{1,2}g\.[0-9]{1,4}gb(\+me)?){0,15}')

#: The read-only fields of the gpu driver's telemetry query
#: (cyborg.drivers.gpu.telemetry), which runs without those an older
#: nvidia-smi refuses.
TELEMETRY_FIELDS = (
    'utilization.gpu', 'utilization.memory', 'memory.used', 'memory.total',
    'power.draw', 'power.limit', 'temperature.gpu', 'clocks.sm',
    'ecc.errors.corrected.volatile.total',
    'ecc.errors.uncorrected.volatile.total',
    'ecc.errors.corrected.aggregate.total',
    'ecc.errors.uncorrected.aggregate.total',
    'retired_pages.single_bit_ecc.count', 'retired_pages.double_bit.count',
    'retired_pages.pending', 'remapped_rows.correctable',
    'remapped_rows.uncorrectable', 'remapped_rows.pending',
    'remapped_rows.failure', 'temperature.gpu.tlimit',
    'clocks_event_reasons.hw_thermal_slowdown')
_TELEMETRY_QUERY = r'--query-gpu=pci\.bus_id(,(%s)){1,%d}' % (
    '|'.join(f.replace('.', r'\.') for f in TELEMETRY_FIELDS),
    len(TELEMETRY_FIELDS))

#: A PCI function's address as sysfs names it.
PCI_ADDRESS = r'[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]'
#: An image file the FPGA tools load: an absolute path (never taken for
#: an option) with no ``..`` component, of these characters only.
IMAGE_PATH = r'(?!.*/\.\.(/|$))/[A-Za-z0-9_.+@,:=/-]*'

#: An NVMe controller's and a namespace's device (nvme-cli's argument).
NVME_CONTROLLER = '/dev/nvme[0-9]{1,4}'
NVME_NAMESPACE = '/dev/nvme[0-9]{1,4}n[0-9]{1,5}'
#: A network interface's name.
IFNAME = '[A-Za-z0-9][A-Za-z0-9_.-]{0,14}'

#: Argument lists whose values vary: each argument must match its
#: regular expression whole, and the lengths agree.  The gpu driver's MIG
#: configuration (cyborg.drivers.gpu.mig_config), always of one GPU
#: (``-i``), never of all; the nvme driver's reads and erasures
#: (cyborg.drivers.ssd.nvme); a NIC VF's MAC and VLAN set back to none
#: (cyborg.drivers.nic.intel); an image loaded into one FPGA port or
#: partition, or a Xilinx card's base shell flashed
#: (cyborg.drivers.fpga.intel, xilinx), nothing else (no report file,
#: reset or option of theirs).
ARG_PATTERNS = {
    'fpgaconf': (
        ('-B', '0x[0-9a-f]{2}', '-D', '0x[0-9a-f]{2}', '-F', '0x[0-7]',
         IMAGE_PATH),
    ),
    'xbutil': (
        ('program', '--device', PCI_ADDRESS, '--user', IMAGE_PATH),
    ),
    'xbmgmt': (
        ('program', '--device', PCI_ADDRESS, '--base', '--image',
         IMAGE_PATH),
    ),
    'nvidia-smi': (
        ('-i', GPU_INDEX, '-mig', '[01]'),
        ('mig', '-i', GPU_INDEX, '-dci'),
        ('mig', '-i', GPU_INDEX, '-dgi'),
        ('mig', '-i', GPU_INDEX, '-cgi', MIG_PROFILES, '-C'),
        (_TELEMETRY_QUERY, '--format=csv,noheader,nounits'),
    ),
    'nvme': (
        ('(id-ctrl|smart-log|sanitize-log)', NVME_CONTROLLER, '-o', 'json'),
        ('id-ns', NVME_NAMESPACE, '-o', 'json'),
        ('sanitize', NVME_CONTROLLER, '--sanact=[24]'),
        ('format', NVME_NAMESPACE, '--ses=[12]', '--lbaf=[0-9]{1,2}',
         '--force', '--timeout=[0-9]{1,9}'),
        ('read', NVME_NAMESPACE, '--start-block=[0-9]{1,20}',
         '--block-count=0', '--data-size=[0-9]{3,6}'),
    ),
    'ip': (
        ('link', 'set', IFNAME, 'vf', '[0-9]{1,3}', 'mac',
         '00:00:00:00:00:00', 'vlan', '0'),
        ('-j', 'link', 'show', 'dev', IFNAME),
    ),
}

#: The kernel log records drivers read: those whose message holds one of
#: these (the NVIDIA driver's XID errors).
KERNEL_LOG_MARKS = ('NVRM: Xid',)
