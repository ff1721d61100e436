#!/usr/bin/env python3
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
"""The gpu driver's ``scrub_memory`` clean step, on GPUs of this host.

    python3 -I -S tools/gpu-memory-scrub.py OUTPUT_DIR PCI_ADDRESS ...

To be run on a lent GPU that no tenant uses: it WRITES each named GPU's
free device memory (a pattern, read back), as the step does; memory in
use stays as it is.  A GPU on which nvidia-smi lists a compute process
is refused.  It needs Python 3 (the standard library), nvidia-smi and
the nvidia driver's libcuda.so.1 only: it loads
cyborg/drivers/gpu/memory_scrub.py and clean_check.py alone.
OUTPUT_DIR receives ``scrub.json``: per GPU, memory_scrub's result (or
the error, or why it was refused) and ``unwritten_mib``, the free memory
it could not allocate (what the step's SCRUB_SLACK_MIB allows).  Exit
status: 0 when every GPU was written and read back, 1 when one was not
or was refused, 2 when nvidia-smi cannot be run.
"""

import importlib.util
import json
import os
import subprocess
import sys

GPU = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                   'cyborg', 'drivers', 'gpu')


def load(name):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(GPU, name + '.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def busy(check):
    """{address: pids} of the compute processes nvidia-smi lists."""
    out = subprocess.run(check.PROCESSES_ARGV, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    found = {}
    for bus_id, pid, _memory in check.rows(out, 3):
        found.setdefault(check.pci_address(bus_id), []).append(pid)
    return found


def main(out, addresses):
    scrub, check = load('memory_scrub'), load('clean_check')
    try:
        processes = busy(check)
    except (OSError, subprocess.SubprocessError) as exc:
        print('nvidia-smi: %s' % exc, file=sys.stderr)
        return 2
    os.makedirs(out, exist_ok=True)
    found, lib = {}, None
    for address in addresses:
        if address in processes:
            found[address] = {'refused': 'processes %s run on it'
                              % ', '.join(processes[address])}
            continue
        try:
            lib = lib or scrub.load()
            result = scrub.scrub(lib, address)
        except (OSError, AttributeError, scrub.CudaError) as exc:
            found[address] = {'error': str(exc)}
            continue
        result['unwritten_mib'] = (result['free'] - result['written']) >> 20
        found[address] = result
    with open(os.path.join(out, 'scrub.json'), 'w') as f:
        json.dump(found, f, indent=1, sort_keys=True)
    print(json.dumps(found, indent=1, sort_keys=True))
    return 0 if all('written' in r and not r['mismatches']
                    for r in found.values()) else 1


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
