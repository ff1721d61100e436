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
"""Options of the [device_health] group."""

from oslo_config import cfg
from oslo_config import types

from cyborg.conf import _group
from cyborg.i18n import _

device_health_opts = [
    cfg.IntOpt('hold_down',
               default=600,
               min=0,
               help=_("""
Seconds a device that was unhealthy stays reserved once its agent reports
it healthy again, so that a device whose errors come and go is not offered
between two of them.  ``openstack accelerator device enable`` returns it at
once; 0: a device returns as soon as it is healthy.  The conductor checks
every ``[placement] sync_interval``.
""")),
    cfg.ListOpt('gpu_critical_xids',
                item_type=types.Integer(min=0),
                default=[48, 62, 63, 64, 74, 79, 92, 95, 119, 120, 140],
                help=_("""
The XID errors of the NVIDIA driver, read from the kernel log at each
health check, that make a GPU unhealthy; other XIDs are logged only.  The
default holds those whose resolution in NVIDIA's "Xid Errors" catalog
(https://docs.nvidia.com/deploy/xid-errors/) is a GPU reset, a reboot or
service, not an application restart: 48 (double-bit ECC error), 62, 64,
74, 79 (the GPU fell off the bus), 92, 95 (uncontained ECC error), 119,
120, 140 and 63 (a row remapping or page retirement recorded).  Empty: GPU
health comes from ``nvidia-smi`` alone.
""")),
    cfg.ListOpt('telemetry_rules',
                item_type=types.String(choices=(
                    'ecc', 'pcie_link_width', 'pcie_link_speed',
                    'thermal', 'wear')),
                default=['ecc', 'pcie_link_width', 'thermal', 'wear'],
                help=_("""
The rules the agent applies to each device's telemetry (read every
``[telemetry] interval`` seconds); a device that breaks one is unhealthy
until it keeps them again.  A missing or stale reading changes nothing.

* ``ecc``: ``ecc_uncorrectable_errors`` or more uncorrectable ECC errors
  since the GPU driver was loaded, a page retirement or row remapping
  waiting for a reset, or a row remapping that failed.  NVIDIA, "GPU
  Memory Error Management"
  (https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/): an
  uncorrectable error ends the applications on the GPU, and pending
  retirements and remappings take effect only at a reset.
* ``pcie_link_width``: the PCIe link trained narrower than it can (x8 in
  an x16 slot): a card badly seated, a failing lane or riser.  The PCI
  Express Base Specification lets a link train to fewer lanes when lanes
  fail; the kernel's ``current_link_width`` against the smaller
  ``max_link_width`` of the function and of its upstream port.
* ``pcie_link_speed``: the link runs slower than it can.  Off by
  default: GPUs lower their link speed when idle to save power
  (``nvidia-smi --help-query-gpu``: the current link generation "may be
  reduced when the GPU is not in use").
* ``thermal``: the temperature at the device's slowdown threshold, less
  ``slowdown_margin_celsius``, or its thermal slowdown engaged
  (``clocks_event_reasons.hw_thermal_slowdown``): the device throttles
  itself, and its cooling needs attention.
* ``wear``: of an NVMe drive's SMART log (NVM Express Base Specification,
  "SMART / Health Information"): a critical warning, 100 percent or more
  of its rated endurance used, its available spare below its threshold,
  or ``media_errors`` or more unrecovered data integrity errors.

Empty: telemetry never makes a device unhealthy.
""")),
    cfg.IntOpt('media_errors',
               default=1,
               min=0,
               help=_("""
Unrecovered data integrity errors over an NVMe drive's life (its SMART
log's "Media and Data Integrity Errors") at which the ``wear`` rule makes
it unhealthy; 0: never.  The count never goes down: a drive that lost
data once stays out until an operator raises this or replaces it.
""")),
    cfg.IntOpt('ecc_uncorrectable_errors',
               default=1,
               min=1,
               help=_("""
Uncorrectable ECC errors since the device's driver was loaded at which the
``ecc`` rule makes it unhealthy.  NVIDIA documents a single one as ending
the applications that used the memory (see ``telemetry_rules``).
""")),
    cfg.IntOpt('slowdown_margin_celsius',
               default=0,
               min=0,
               help=_("""
Degrees below a device's slowdown temperature at which the ``thermal``
rule makes it unhealthy; 0: at the threshold itself, when the device
already slows down (NVIDIA's "GPU Slowdown Temp" of ``nvidia-smi -q``).
""")),
    cfg.IntOpt('aer_fatal_errors',
               default=1,
               min=0,
               help=_("""
New fatal PCIe AER errors of a device's function between two health
checks that make the device unhealthy (``aer_dev_fatal`` of sysfs).  A
fatal error leaves the link unreliable until it is reset (PCI Express Base
Specification, "Error Signaling and Logging"; the kernel's
``Documentation/PCI/pcieaer-howto.rst``).  0: never (they are still
reported as telemetry).
""")),
]


device_health_group, register_opts, list_opts = _group.define(
    device_health_opts, 'device_health', 'Device health options',
    _("""
A device the agent finds unhealthy has its free inventory reserved in
Placement; instances that use it keep it.
"""))
