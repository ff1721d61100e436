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
"""Device telemetry: the one vocabulary of drivers, agent, conductor and
API.

A sample is a flat ``{field: value}`` of FIELDS, in base units (ratios,
bytes, watts, degrees Celsius, hertz, GT/s); a field a device does not
offer is absent, never 0.  Counters (``KIND_COUNT``) count since the
device's driver was loaded (ECC ``*_volatile``, PCIe replays), since
boot (AER) or over the device's life (ECC ``*_aggregate``, retired
pages, remapped rows).  ``busy`` is the agent's verdict of
``utilization`` against ``[telemetry] idle_threshold``.

The agent sends a device's sample to the conductor only when it changed
meaningfully (changed()): a counter, a flag, the link or ``busy``
changed, or a gauge moved by more than its TOLERANCES, so that the
database keeps the latest state of each device at a cost of one
statement per changed device, and Prometheus the series.
"""

import math

KIND_RATIO = 'ratio'
KIND_BYTES = 'bytes'
KIND_WATTS = 'watts'
KIND_CELSIUS = 'celsius'
KIND_HERTZ = 'hertz'
KIND_GTS = 'GT/s'
KIND_LANES = 'lanes'
KIND_COUNT = 'count'
KIND_FLAG = 'flag'

#: {field: (kind, what it is)}, in the order the API and CLI show them.
FIELDS = {
    'utilization': (KIND_RATIO, 'share of the last sample period the '
                    'device computed (GPU: a kernel ran)'),
    'memory_utilization': (KIND_RATIO, 'share of the last sample period '
                           'its memory was read or written'),
    'memory_used_bytes': (KIND_BYTES, 'device memory allocated'),
    'memory_total_bytes': (KIND_BYTES, 'device memory installed'),
    'power_watts': (KIND_WATTS, 'power drawn'),
    'power_limit_watts': (KIND_WATTS, 'power limit'),
    'temperature_celsius': (KIND_CELSIUS, 'temperature'),
    'slowdown_temperature_celsius': (KIND_CELSIUS, 'temperature at which '
                                     'the device slows itself down'),
    'thermal_slowdown': (KIND_FLAG, 'the device slows itself down for '
                         'heat now'),
    'sm_clock_hertz': (KIND_HERTZ, 'streaming multiprocessor clock'),
    'pcie_replays': (KIND_COUNT, 'PCIe replays since the driver loaded'),
    'ecc_corrected_volatile': (KIND_COUNT, 'corrected ECC errors since '
                               'the driver loaded'),
    'ecc_uncorrected_volatile': (KIND_COUNT, 'uncorrectable ECC errors '
                                 'since the driver loaded'),
    'ecc_corrected_aggregate': (KIND_COUNT, 'corrected ECC errors over '
                                'the device\'s life'),
    'ecc_uncorrected_aggregate': (KIND_COUNT, 'uncorrectable ECC errors '
                                  'over the device\'s life'),
    'retired_pages_single_bit': (KIND_COUNT, 'memory pages retired for '
                                 'repeated single-bit errors'),
    'retired_pages_double_bit': (KIND_COUNT, 'memory pages retired for a '
                                 'double-bit error'),
    'retired_pages_pending': (KIND_FLAG, 'a page retirement waits for a '
                              'reset'),
    'remapped_rows_correctable': (KIND_COUNT, 'memory rows remapped for '
                                  'correctable errors'),
    'remapped_rows_uncorrectable': (KIND_COUNT, 'memory rows remapped for '
                                    'uncorrectable errors'),
    'remapped_rows_pending': (KIND_FLAG, 'a row remapping waits for a '
                              'reset'),
    'remapped_rows_failure': (KIND_FLAG, 'a row remapping failed'),
    'wear_ratio': (KIND_RATIO, 'share of its rated endurance used (NVMe '
                   'Percentage Used, past 1 when worn further)'),
    'available_spare_ratio': (KIND_RATIO, 'spare capacity left'),
    'available_spare_threshold_ratio': (KIND_RATIO, 'spare capacity under '
                                        'which the device warns'),
    'media_errors': (KIND_COUNT, 'unrecovered data integrity errors over '
                     'the device\'s life'),
    'critical_warning': (KIND_FLAG, 'the device raises a critical warning '
                         '(NVMe SMART log)'),
    'aer_correctable': (KIND_COUNT, 'PCIe AER correctable errors since '
                        'boot'),
    'aer_nonfatal': (KIND_COUNT, 'PCIe AER non-fatal errors since boot'),
    'aer_fatal': (KIND_COUNT, 'PCIe AER fatal errors since boot'),
    'pcie_link_speed_gts': (KIND_GTS, 'PCIe link speed now'),
    'pcie_link_max_speed_gts': (KIND_GTS, 'PCIe link speed the device '
                                'and its slot can reach'),
    'pcie_link_width': (KIND_LANES, 'PCIe link width now'),
    'pcie_link_max_width': (KIND_LANES, 'PCIe link width the device and '
                            'its slot can reach'),
    'busy': (KIND_FLAG, 'utilization at or above [telemetry] '
             'idle_threshold'),
}

#: How far a gauge moves before the change is sent: {field: (absolute,
#: relative)}, the larger of the two; any other change of a field is
#: meaningful.
TOLERANCES = {
    'utilization': (0.1, 0.0),
    'memory_utilization': (0.1, 0.0),
    'memory_used_bytes': (0.0, 0.05),
    'power_watts': (5.0, 0.1),
    'temperature_celsius': (3.0, 0.0),
    'sm_clock_hertz': (0.0, 0.1),
}


def clean(sample):
    """*sample* with the known fields only, each of its kind's type (a
    bool for a flag, a finite number >= 0 else); what is not is left out.

    :returns: a new dict.
    """
    return {field: value for field, value in (sample or {}).items()
            if field in FIELDS and _valid(FIELDS[field][0], value)}


def _valid(kind, value):
    if kind == KIND_FLAG:
        return isinstance(value, bool)
    return (isinstance(value, (int, float)) and
            not isinstance(value, bool) and
            math.isfinite(value) and value >= 0)


def _moved(field, old, new):
    absolute, relative = TOLERANCES[field]
    return abs(new - old) > max(absolute, relative * abs(old))


def changed(old, new):
    """Whether sample *new* differs meaningfully from *old* (None: none
    sent yet).
    """
    if old is None or set(old) != set(new):
        return True
    return any(_moved(field, old[field], value) if field in TOLERANCES
               else old[field] != value for field, value in new.items())


def busy(sample, threshold):
    """Whether the device computes: ``utilization`` at or above
    *threshold* (None when it has no utilization).
    """
    utilization = sample.get('utilization')
    return None if utilization is None else utilization >= threshold


def link_degraded(sample, speed=False, width=True):
    """Whether the PCIe link runs below its maximum width (unless not
    *width*) or, with *speed*, speed; None when the device does not say.
    """
    checks = [('pcie_link_width', 'pcie_link_max_width')] if width else []
    if speed:
        checks.append(('pcie_link_speed_gts', 'pcie_link_max_speed_gts'))
    known = [(sample[now], sample[top]) for now, top in checks
             if now in sample and top in sample]
    if not known:
        return None
    return any(now < top for now, top in known)
