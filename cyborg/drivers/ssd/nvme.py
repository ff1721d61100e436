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
"""The nvme driver: the NVMe controllers of ``[nvme] device_spec`` (none
without one: a host's own disks are never taken), each passed through
whole and erased between two tenants (nvme_clean).  Telemetry: one
``nvme smart-log`` per controller (NVM Express Base Specification, the
SMART / Health Information log), within ``[telemetry] read_timeout``.
"""

import json
import time

from cyborg.common import traits as cyborg_traits
from cyborg.conf import nvme as nvme_conf
from cyborg.drivers import base
from cyborg.drivers import command
from cyborg.drivers import pci
from cyborg.drivers import selector
from cyborg.drivers.ssd import nvme_clean
from cyborg.objects import fields

NVME_CLASS = '0108'
RESOURCE_CLASS = 'CUSTOM_NVME'
#: The keys of a selector of ``[nvme] device_spec`` of the driver's own.
CLEAR_KEYS = {nvme_clean.ACTION: nvme_clean.ACTIONS,
              nvme_clean.STRATEGY: nvme_clean.STRATEGIES}
KELVIN = 273


def smart_sample(log):
    """The telemetry fields of ``nvme smart-log -o json``."""
    warning = log.get('critical_warning')
    if isinstance(warning, dict):
        warning = warning.get('value')
    sample = {'critical_warning': bool(warning),
              'media_errors': int(log['media_errors']),
              'temperature_celsius': int(log['temperature']) - KELVIN}
    for key, field in (('percent_used', 'wear_ratio'),
                       ('avail_spare', 'available_spare_ratio'),
                       ('spare_thresh', 'available_spare_threshold_ratio')):
        sample[field] = int(log[key]) / 100.0
    return sample


class NvmeDriver(base.AcceleratorDriver):
    name = 'nvme'
    device_types = (fields.DeviceType.NVME,)
    config_options = {nvme_conf.nvme_group.name: nvme_conf.nvme_opts}

    def __init__(self, conf, host, pci_host=None):
        super().__init__(conf, host, pci_host=pci_host)
        self.selectors = selector.parse(conf.nvme.device_spec,
                                        extra_keys=CLEAR_KEYS)

    def _selected(self):
        found = {address: (dev, selector.first_match(self.selectors, dev))
                 for address, dev in sorted(
                     pci.by_address(self.pci_host).items())
                 if (dev.class_code or '').startswith(NVME_CLASS)}
        return {a: entry for a, entry in found.items() if entry[1]}

    def discover(self):
        return [self._record(dev, match)
                for dev, match in self._selected().values()]

    def _record(self, dev, match):
        name = nvme_clean.controller(dev)
        info = {key: dev.read('nvme/%s/%s' % (name, key)) if name else None
                for key in ('model', 'serial', 'firmware_rev')}
        traits = ([cyborg_traits.OWNER_CYBORG,
                   'CUSTOM_NVME_VENDOR_%s' % dev.vendor_id.upper(),
                   'CUSTOM_NVME_PRODUCT_ID_%s' % dev.product_id.upper()] +
                  match.traits)
        deployable = self.deployable(
            dev.address, match.resource_class or RESOURCE_CLASS, traits)
        return self.record(
            dev, fields.DeviceType.NVME, [deployable],
            acc_capability=dict(
                nvme_clean.clear_settings(match), controller=name,
                namespaces=nvme_clean.namespaces(dev, name) if name else []),
            vendor_board_info=info)

    def read_telemetry(self, records, bound=()):
        deadline = time.monotonic() + self.conf.telemetry.read_timeout
        selected = self._selected()
        found = {}
        for record in records:
            dev = selected.get(record.address, (None,))[0]
            name = dev and nvme_clean.controller(dev)
            if not name:
                continue
            output = command.run(
                ['nvme', 'smart-log', '/dev/' + name, '-o', 'json'],
                timeout=max(deadline - time.monotonic(), 0.1))
            found[record.address] = smart_sample(json.loads(output))
        return found

    def device_clean_steps(self, record):
        entry = self._selected().get(record.address)
        return [nvme_clean.step(entry[1])] if entry else []

    def clean_step(self, address, name, timeout, unit=None, abort=None):
        entry = self.device_at(address, self._selected())
        if name != nvme_clean.ERASE:
            return super().clean_step(address, name, timeout, unit, abort)
        return nvme_clean.erase(
            entry[0], entry[1],
            min(timeout, self.conf.nvme.cleanup_timeout))
