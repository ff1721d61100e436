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
"""The gpu driver's clean verification, as a dry run on this host.

    python3 tools/gpu-clean-verify.py OUTPUT_DIR [PCI_ADDRESS ...]

Read-only: no GPU is reset, no clock, MIG mode or GPU instance is
changed, nothing is written outside OUTPUT_DIR.  It needs Python 3 (the
standard library) and nvidia-smi only: it loads
cyborg/drivers/gpu/clean_check.py alone, runs its READS (the queries the
``verify`` clean step runs), reads what the ``function_reset`` step
would use in sysfs (``reset``, ``reset_method``, the driver), and judges
each GPU (every one nvidia-smi lists, or those named) as the step does.
OUTPUT_DIR receives the outputs under the names the tests read them
(``processes.csv``, ``state.csv``), ``commands.json`` (argv, exit
status, seconds) and ``verdict.json`` (per GPU: back or not, the
problems, what was read).  Exit status: 0 when every GPU is back, 1
when one is not, 2 when nvidia-smi cannot be run.
"""

import importlib.util
import json
import os
import subprocess
import sys
import time

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir,
                     'cyborg', 'drivers', 'gpu', 'clean_check.py')
SYSFS = '/sys/bus/pci/devices'


def load_check():
    spec = importlib.util.spec_from_file_location('clean_check', CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError as exc:
        return 'unreadable: %s' % exc.strerror


def sysfs(address):
    """What the function_reset step reads, never writes."""
    path = os.path.join(SYSFS, address)
    driver = os.path.join(path, 'driver')
    return {'reset': os.path.exists(os.path.join(path, 'reset')),
            'reset_method': read(os.path.join(path, 'reset_method')),
            'vendor': read(os.path.join(path, 'vendor')),
            'device': read(os.path.join(path, 'device')),
            'driver': (os.path.basename(os.readlink(driver))
                       if os.path.islink(driver) else None)}


def main(out, addresses):
    check = load_check()
    os.makedirs(out, exist_ok=True)
    outputs, commands = {}, {}
    for name, argv in check.READS.items():
        started = time.monotonic()
        try:
            result = subprocess.run(argv, capture_output=True, text=True,
                                    errors='replace', timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            commands[name] = {'argv': list(argv), 'error': str(exc)}
            continue
        outputs[name] = result.stdout
        commands[name] = {'argv': list(argv), 'exit': result.returncode,
                          'seconds': round(time.monotonic() - started, 3),
                          'stderr': result.stderr}
        with open(os.path.join(out, name), 'w') as f:
            f.write(result.stdout)
    with open(os.path.join(out, 'commands.json'), 'w') as f:
        json.dump(commands, f, indent=1, sort_keys=True)
    if len(outputs) != len(check.READS):
        print(json.dumps(commands, indent=1, sort_keys=True))
        return 2
    state = outputs['state.csv']
    addresses = addresses or [
        check.pci_address(row[0])
        for row in check.rows(state, len(check.STATE_FIELDS))]
    verdict = {}
    for address in addresses:
        read_state, problems = check.judge(address, outputs['processes.csv'],
                                           state)
        verdict[address] = {'back': not problems, 'problems': problems,
                            'state': read_state, 'sysfs': sysfs(address)}
    with open(os.path.join(out, 'verdict.json'), 'w') as f:
        json.dump(verdict, f, indent=1, sort_keys=True)
    print(json.dumps(verdict, indent=1, sort_keys=True))
    return 0 if all(v['back'] for v in verdict.values()) else 1


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
