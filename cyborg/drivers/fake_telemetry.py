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
"""The fake driver's telemetry: believable values that change, and faults
an operator or a test injects.

A bound device is busy, an idle one is not, each device's values following
a slow wave of its own.  Faults come from ``[fake_driver] faults_file``,
read at every read and health check: its format and each fault are in
doc/source/admin/telemetry.rst ("Trying it: the simulator").  Each value
is judged on its own: one that is not a finite number of 0 or more (or,
for the messages, a string) is ignored, with one warning naming the
device and the fault.
"""

import hashlib
import json
import math

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

_GIB = 1024 ** 3
_MHZ = 1000 * 1000
#: Seconds of a device's wave.
PERIOD = 600.0



def _link(speed, width, idle_speed=None):
    """The PCIe link fields of a profile: *idle_speed* when idle."""
    return {'pcie_link_speed_gts': (idle_speed or speed, speed),
            'pcie_link_max_speed_gts': (speed, speed),
            'pcie_link_width': (width, width),
            'pcie_link_max_width': (width, width)}


#: What a simulated device of each type is when idle and at full use:
#: {kind: {field: (idle, busy)}}; fields both leave out it does not have.
PROFILES = {
    'gpu': {'memory_total_bytes': (80 * _GIB, 80 * _GIB),
            'memory_used_bytes': (0.005, 0.7),
            'power_limit_watts': (300.0, 300.0),
            'power_watts': (55.0, 290.0),
            'temperature_celsius': (33.0, 76.0),
            'slowdown_temperature_celsius': (87.0, 87.0),
            'sm_clock_hertz': (210 * _MHZ, 1410 * _MHZ),
            **_link(16.0, 16, idle_speed=2.5)},
    'fpga': {'power_limit_watts': (120.0, 120.0),
             'power_watts': (38.0, 95.0),
             'temperature_celsius': (45.0, 70.0),
             'slowdown_temperature_celsius': (90.0, 90.0),
             **_link(8.0, 16)},
    'nvme': {'temperature_celsius': (35.0, 52.0),
             'wear_ratio': (0.02, 0.02), 'available_spare_ratio': (1.0, 1.0),
             'available_spare_threshold_ratio': (0.1, 0.1),
             'media_errors': (0, 0), 'critical_warning': (False, False),
             **_link(16.0, 4)},
    'pci': _link(16.0, 16),
}
#: The simulated types with a utilization, and their profile.
COMPUTING = {'gpu': 'gpu', 'vgpu': 'gpu', 'npu': 'gpu'}
_PROFILE_OF = dict(COMPUTING, fpga='fpga', nvme='nvme')


#: The faults whose values are messages; every other one is a number.
_MESSAGES = ('read_error', 'configure_error', 'clean_error')
# (device, fault, value) already warned of: one warning each.
_WARNED = set()


def _number(value):
    # No fault is negative (a negative read_seconds failed the whole
    # read; a negative count or temperature left the sample unsaid).
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value >= 0)


def _judged(device, fault):
    """*fault* of *device* without the values of the wrong type."""
    kept = {}
    for name, value in fault.items():
        if (isinstance(value, str) if name in _MESSAGES
                else _number(value)):
            kept[name] = value
        elif (device, name, repr(value)) not in _WARNED:
            _WARNED.add((device, name, repr(value)))
            LOG.warning('The fake driver\'s faults file: %(name)s of '
                        '%(device)s is %(value)r, not a %(kind)s; ignored',
                        {'name': name, 'device': device, 'value': value,
                         'kind': 'string' if name in _MESSAGES
                         else 'finite number >= 0'})
    return kept


def load_faults(path):
    """The faults file's ``{device: {fault: value}}`` ({} when absent or
    unreadable), each value judged on its own (_judged()).
    """
    try:
        with open(path) as f:
            faults = json.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        LOG.warning('Cannot read the fake driver\'s faults file %(path)s: '
                    '%(error)s', {'path': path, 'error': exc})
        return {}
    if not isinstance(faults, dict):
        LOG.warning('The fake driver\'s faults file %s is not a JSON object',
                    path)
        return {}
    return {key: _judged(key, value) for key, value in faults.items()
            if isinstance(value, dict)}


def fault_of(faults, record):
    """The faults of *record* (by address, else uuid): a dict."""
    return faults.get(record.address) or faults.get(record.uuid) or {}


def _wave(record, now):
    """0 to 1: where the device is in its slow wave at *now*."""
    phase = int(hashlib.sha256(record.uuid.encode()).hexdigest()[:8], 16)
    return 0.5 + 0.5 * math.sin(2 * math.pi * (now / PERIOD +
                                               phase / 2.0 ** 32))


def _utilization(kind, bound, wave, fault):
    if 'utilization' in fault:
        return min(1.0, max(0.0, float(fault['utilization'])))
    if kind not in COMPUTING:
        return None
    return 0.55 + 0.4 * wave if bound else 0.02 * wave


def _value(field, idle, busy, level):
    if field == 'memory_used_bytes':
        return int((idle + (busy - idle) * level) *
                   PROFILES['gpu']['memory_total_bytes'][0])
    if field == 'pcie_link_speed_gts':
        # Idle GPUs lower their link speed.
        return idle if level < 0.05 else busy
    if idle == busy:
        return idle
    return round(idle + (busy - idle) * level, 2)


def sample(kind, record, bound, now, fault):
    """The simulated sample of *record*, a device of fake type *kind*.

    :param bound: whether an instance holds it.
    :param now: the time (seconds).
    :param fault: its faults (fault_of()).
    """
    wave = _wave(record, now)
    utilization = _utilization(kind, bound, wave, fault)
    if utilization is not None:
        level = utilization
    else:
        level = 0.5 + 0.4 * wave if bound else 0.0
    found = {field: _value(field, idle, busy, level) for field, (idle, busy)
             in PROFILES[_PROFILE_OF.get(kind, 'pci')].items()}
    if utilization is not None:
        found.update(utilization=round(utilization, 4),
                     memory_utilization=round(utilization * 0.6, 4),
                     ecc_corrected_volatile=0, ecc_uncorrected_volatile=0,
                     ecc_corrected_aggregate=0, ecc_uncorrected_aggregate=0,
                     retired_pages_pending=False,
                     remapped_rows_pending=False,
                     remapped_rows_failure=False, thermal_slowdown=False)
    found.update(aer_correctable=0, aer_nonfatal=0, aer_fatal=0)
    _inject(found, fault)
    return found


#: Fault -> (sample field, added to the simulated count).
_COUNTS = {'ecc_uncorrected': ('ecc_uncorrected_volatile', True),
           'ecc_corrected': ('ecc_corrected_volatile', True),
           'aer_fatal': ('aer_fatal', False),
           'aer_nonfatal': ('aer_nonfatal', False),
           'aer_correctable': ('aer_correctable', False),
           'media_errors': ('media_errors', False)}


def _inject(found, fault):
    for name, (field, ecc) in _COUNTS.items():
        if name in fault:
            found[field] = int(fault[name])
            if ecc:
                aggregate = field.replace('volatile', 'aggregate')
                found[aggregate] = found.get(aggregate, 0) + found[field]
    if 'temperature' in fault:
        found['temperature_celsius'] = float(fault['temperature'])
        slowdown = found.get('slowdown_temperature_celsius')
        found['thermal_slowdown'] = bool(
            slowdown and found['temperature_celsius'] >= slowdown)
    if 'wear' in fault:
        found['wear_ratio'] = float(fault['wear'])
    if 'link_width' in fault:
        found['pcie_link_width'] = int(fault['link_width'])
    if 'link_speed' in fault:
        found['pcie_link_speed_gts'] = float(fault['link_speed'])
