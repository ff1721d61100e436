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
"""Whether an NVIDIA GPU is back after its clean (the ``verify`` step):
no compute process, at most MEMORY_SLACK_MIB in use (outside MIG mode),
no uncorrectable ECC error, pending or failed memory repair (NVIDIA, "GPU
Memory Error Management"; fields: nvidia-smi(1)).

The standard library only: tools/gpu-clean-verify.py loads this file
alone where Cyborg is not installed.
"""

PROCESSES_ARGV = ('nvidia-smi',
                  '--query-compute-apps=gpu_bus_id,pid,used_memory',
                  '--format=csv,noheader,nounits')
STATE_FIELDS = ('pci.bus_id', 'mig.mode.current', 'memory.used',
                'memory.total', 'ecc.errors.uncorrected.volatile.total',
                'retired_pages.pending', 'remapped_rows.pending',
                'remapped_rows.failure')
STATE_ARGV = ('nvidia-smi', '--query-gpu=' + ','.join(STATE_FIELDS),
              '--format=csv,noheader,nounits')
#: {file name of the recorded answer: argv}.
READS = {'processes.csv': PROCESSES_ARGV, 'state.csv': STATE_ARGV}

#: MiB a GPU with no process may show in use: what its driver keeps
#: (0 on the H100 and H200 recorded with driver 580).
MEMORY_SLACK_MIB = 64

_PENDING = (('retired_pages.pending', 'a page retirement waits for a '
             'reset'),
            ('remapped_rows.pending', 'a row remapping waits for a reset'),
            ('remapped_rows.failure', 'a row remapping failed'))


def pci_address(bus_id):
    """``0000:4b:00.0`` from nvidia-smi's ``00000000:4B:00.0``."""
    domain, _sep, rest = bus_id.strip().lower().rpartition(':')
    domain, _sep, bus = domain.rpartition(':')
    return '%04x:%s:%s' % (int(domain or '0', 16), bus, rest)


def rows(text, width):
    found = ([v.strip() for v in line.split(',')]
             for line in text.splitlines())
    return [values for values in found
            if len(values) == width and ':' in values[0]]


def judge(address, processes, state):
    """``(STATE_FIELDS values, what keeps it from being back)`` of the
    GPU at *address*, by the outputs of READS.
    """
    gpus = {pci_address(row[0]): dict(zip(STATE_FIELDS, row))
            for row in rows(state, len(STATE_FIELDS))}
    gpu = gpus.get(address)
    if gpu is None:
        return {}, ['nvidia-smi does not list the GPU']
    problems = []
    pids = [row[1] for row in rows(processes, 3)
            if pci_address(row[0]) == address]
    if pids:
        problems.append('processes %s run on it' % ', '.join(pids))
    used = gpu['memory.used']
    if gpu['mig.mode.current'] != 'Enabled' and not (
            used.isdigit() and int(used) <= MEMORY_SLACK_MIB):
        problems.append('%s MiB of its memory in use' % used)
    errors = gpu['ecc.errors.uncorrected.volatile.total']
    if errors.isdigit() and int(errors):
        problems.append('%s uncorrectable ECC errors since its driver '
                        'loaded' % errors)
    problems.extend(what for field, what in _PENDING
                    if gpu[field] == 'Yes')
    return gpu, problems
