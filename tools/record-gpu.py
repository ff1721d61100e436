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
"""Record what the gpu driver reads on a host with NVIDIA GPUs.

    python tools/record-gpu.py OUTPUT_DIR

Runs the gpu driver's read paths only (nothing is configured, no MIG
mode is changed, no GPU is reset): the nvidia-smi queries it makes
(cyborg.drivers.gpu.mig, telemetry, facts), a few more for reference
(``-q``, ``mig -lgip``), the GPUs' sysfs attributes, then the driver's
own discovery, health check and telemetry read, as cyborg-agent runs
them (its privileged helpers in process), with the health the telemetry
rules make of each sample.  OUTPUT_DIR receives ``query-gpu.csv``,
``query-telemetry.csv``, ``query-facts.csv`` and ``mig-lgi.txt`` (the
files cyborg.tests.fixtures.nvidia_smi answers from), each command's
exit status in ``commands.json``, and ``discovery.json``.
"""

import argparse
import json
import os
import subprocess
import sys

from oslo_config import cfg

from cyborg import conf as cyborg_conf
from cyborg import privsep
from cyborg.agent import health
from cyborg.drivers import pci
from cyborg.drivers.gpu import facts
from cyborg.drivers.gpu import mig
from cyborg.drivers.gpu import nvidia
from cyborg.drivers.gpu import telemetry as gpu_telemetry

#: What the driver runs, and the file of cyborg.tests.fixtures.nvidia_smi
#: each answer goes to.
DRIVER_QUERIES = {
    'query-gpu.csv': mig.QUERY_ARGV,
    'query-telemetry.csv': gpu_telemetry.QUERY_ARGV,
    'query-facts.csv': facts.QUERY_ARGV,
    'mig-lgi.txt': mig.LIST_GI_ARGV,
}
REFERENCE = {
    'nvidia-smi-q.txt': ('nvidia-smi', '-q'),
    'mig-lgip.txt': ('nvidia-smi', 'mig', '-lgip'),
    'device-ids.csv': ('nvidia-smi', '--query-gpu=pci.bus_id,'
                       'pci.device_id,name,mig.mode.current',
                       '--format=csv,noheader'),
}
SYSFS = ('vendor', 'device', 'class', 'subsystem_vendor',
         'subsystem_device', 'numa_node', 'sriov_totalvfs', 'sriov_numvfs',
         'current_link_speed', 'current_link_width', 'max_link_speed',
         'max_link_width', 'aer_dev_correctable', 'aer_dev_nonfatal',
         'aer_dev_fatal')


def run(out, name, argv, status):
    try:
        result = subprocess.run(argv, capture_output=True, text=True,
                                timeout=120)
    except FileNotFoundError as exc:
        status[name] = {'argv': list(argv), 'exit': None,
                        'error': str(exc)}
        return
    with open(os.path.join(out, name), 'w') as f:
        f.write(result.stdout + result.stderr)
    status[name] = {'argv': list(argv), 'exit': result.returncode}


def sysfs(address):
    path = os.path.join('/sys/bus/pci/devices', address)
    values = {}
    for name in SYSFS:
        try:
            with open(os.path.join(path, name)) as f:
                values[name] = f.read().strip()
        except OSError as exc:
            values[name] = 'unreadable: %s' % exc.strerror
    try:
        values['driver'] = os.path.basename(
            os.readlink(os.path.join(path, 'driver')))
    except OSError:
        values['driver'] = None
    values['mdev_supported_types'] = os.path.isdir(
        os.path.join(path, 'mdev_supported_types'))
    return values


def main(out):
    os.makedirs(out, exist_ok=True)
    status = {}
    for name, argv in list(DRIVER_QUERIES.items()) + list(REFERENCE.items()):
        run(out, name, argv, status)
    conf = cfg.CONF
    cyborg_conf.register_opts(conf)
    conf([], project='cyborg', default_config_files=[],
         default_config_dirs=[])
    conf.set_override('state_path', out)
    for context in privsep.CONTEXTS:
        # As root, in this process: no privsep-helper is installed here.
        context.set_client_mode(False)
    driver = nvidia.NvidiaGpuDriver(conf=conf, host='recorded')
    records = driver.discover()
    unhealthy = driver.check_health(records)
    # As the agent reads it: sysfs's PCI facts, then the driver's.
    devices = pci.by_address(driver.pci_host)
    telemetry = {r.address: devices[r.address].telemetry()
                 for r in records if r.address in devices}
    for address, sample in driver.read_telemetry(records).items():
        telemetry.setdefault(address, {}).update(sample)
    found = {
        'records': [r.to_dict() for r in records],
        'unhealthy': {address: repr(h) for address, h in unhealthy.items()},
        'telemetry': telemetry,
        'telemetry_health': {
            address: repr(health.from_telemetry(sample, conf.device_health))
            for address, sample in telemetry.items()},
        'sysfs': {r.address: sysfs(r.address) for r in records},
    }
    with open(os.path.join(out, 'discovery.json'), 'w') as f:
        json.dump(found, f, indent=1, sort_keys=True, default=str)
    with open(os.path.join(out, 'commands.json'), 'w') as f:
        json.dump(status, f, indent=1, sort_keys=True)
    print(json.dumps({'gpus': len(records), 'commands': status},
                     sort_keys=True))
    return 0


if __name__ == '__main__':
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='\n'.join(__doc__.splitlines()[2:]))
    parser.add_argument('out', metavar='OUTPUT_DIR',
                        help='the folder the recordings are written to')
    sys.exit(main(parser.parse_args().out))
