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
"""The agent's health checks of its devices, after each discovery.

A record's ``health`` is the worst of the PCI checks of its functions,
its driver's ``check_health()`` and the telemetry rules' verdict; it is
in the inventory hash, so a change is reported at once.  AER counters
grow from boot: the first read is the baseline, and a function is
unhealthy for the interval its fatal count grew by ``aer_fatal_errors``.
"""

from oslo_config import cfg
from oslo_log import log as logging

from cyborg.common import telemetry
from cyborg.drivers import health as health_lib
from cyborg.drivers import pci

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class PciHealth:
    """The generic checks of PCI functions, keeping each one's AER baseline."""

    def __init__(self, pci_host, fatal_errors=1):
        self.pci_host = pci_host
        # New fatal errors that make a function unhealthy; 0: never.
        self.fatal_errors = fatal_errors
        # {address: {kind: total}} of the last read.
        self._aer = {}
        # {device key: addresses} of the last check.
        self._functions = {}

    def check(self, key, addresses, devices=None):
        """The Health of device *key*'s functions, now and last check."""
        if devices is None:
            devices = pci.by_address(self.pci_host)
        addresses = set(addresses)
        wanted = addresses | self._functions.get(key, set())
        self._functions[key] = addresses
        return health_lib.worst(
            [self._check_one(address, devices.get(address))
             for address in sorted(wanted)])

    def forget(self, keys):
        for key in set(self._functions) - set(keys):
            self.forget_device(key)

    def forget_device(self, key):
        """Forget a device's functions (a configuration changed them)."""
        for address in self._functions.pop(key, ()):
            self._aer.pop(address, None)

    def _check_one(self, address, dev):
        if dev is None or not dev.present:
            self._aer.pop(address, None)
            return health_lib.unhealthy('PCI function %s vanished' % address)
        if dev.config_all_ones:
            return health_lib.unhealthy(
                'PCI function %s config space reads all ones' % address)
        totals = dev.aer_totals()
        before = self._aer.get(address)
        self._aer[address] = totals
        if before is None:
            return health_lib.OK
        for kind in ('nonfatal', 'correctable'):
            grown = totals.get(kind, 0) - before.get(kind, 0)
            if grown > 0:
                LOG.warning('PCI function %(address)s: %(n)d new %(kind)s '
                            'AER errors', {'address': address, 'n': grown,
                                           'kind': kind})
        grown = totals.get('fatal', 0) - before.get('fatal', 0)
        if grown > 0 and self.fatal_errors and grown >= self.fatal_errors:
            return health_lib.unhealthy(
                'PCI function %s: %d new fatal AER errors' % (address, grown))
        return health_lib.OK


def functions(record):
    """The PCI addresses of a record's control path and handles."""
    found = {record.address}
    for deployable in record.deployables:
        for handle in deployable.attach_handles:
            info = handle.attach_info
            if all(info.get(k) for k in ('domain', 'bus', 'device',
                                         'function')):
                found.add('{domain}:{bus}:{device}.{function}'.format(
                    **info))
    return found


class HealthTracker:
    def __init__(self):
        self._pci = {}
        self._last = {}

    def assess(self, drivers, found, verdicts=None):
        """Set every record's health; ``{driver: error}`` of raising checks."""
        seen = set()
        errors = {}
        verdicts = verdicts or {}
        for name, driver in drivers.items():
            records = found.get(name) or []
            generic = self._generic(name, driver, records)
            try:
                vendor = driver.check_health(records) or {}
            except Exception as exc:
                LOG.exception('Health check of driver %s failed', name)
                errors[name] = '%s: %s' % (type(exc).__name__, exc)
                vendor = {}
            for record in records:
                result = health_lib.worst(
                    [generic.get(record.uuid, health_lib.OK),
                     vendor.get(record.address, health_lib.OK),
                     verdicts.get(record.uuid, health_lib.OK)])
                record.health, record.health_reason = result
                self._log_change(record, result)
                seen.add(record.uuid)
        for key in set(self._last) - seen:
            del self._last[key]
        return errors

    def _generic(self, name, driver, records):
        if not driver.pci_health or not records:
            return {}
        checker = self._pci.get(name)
        if checker is None:
            checker = self._pci[name] = PciHealth(
                driver.pci_host, CONF.device_health.aer_fatal_errors)
        try:
            devices = pci.by_address(driver.pci_host)
            result = {r.uuid: checker.check(r.uuid, functions(r), devices)
                      for r in records}
        except Exception:
            LOG.exception('PCI health checks of driver %s failed', name)
            return {}
        checker.forget(result)
        return result

    def configured(self, uuid):
        """Forget the functions of the device *uuid*, just configured."""
        for checker in self._pci.values():
            checker.forget_device(uuid)

    def _log_change(self, record, result):
        before = self._last.get(record.uuid, health_lib.OK)
        self._last[record.uuid] = result
        if result == before:
            return
        if result.healthy:
            LOG.info('Device %(address)s (%(driver)s) is healthy again',
                     {'address': record.address, 'driver': record.driver})
        else:
            LOG.warning('Device %(address)s (%(driver)s) is unhealthy: '
                        '%(reason)s', {'address': record.address,
                                       'driver': record.driver,
                                       'reason': result.reason})


#: ``[device_health] telemetry_rules``.
RULE_ECC = 'ecc'
RULE_LINK_WIDTH = 'pcie_link_width'
RULE_LINK_SPEED = 'pcie_link_speed'
RULE_THERMAL = 'thermal'
RULE_WEAR = 'wear'


def _ecc(sample, opts):
    reasons = []
    errors = sample.get('ecc_uncorrected_volatile')
    if errors is not None and errors >= opts.ecc_uncorrectable_errors:
        reasons.append('%d uncorrectable ECC errors' % errors)
    for flag, reason in (
            ('retired_pages_pending', 'retired pages pending (reset needed)'),
            ('remapped_rows_pending', 'remapped rows pending (reset needed)'),
            ('remapped_rows_failure', 'row remapping failed')):
        if sample.get(flag):
            reasons.append(reason)
    return reasons


def _link(sample, opts):
    rules = opts.telemetry_rules
    reasons = []
    if RULE_LINK_WIDTH in rules and telemetry.link_degraded(sample):
        reasons.append('PCIe link x%d of x%d' % (
            sample['pcie_link_width'], sample['pcie_link_max_width']))
    if RULE_LINK_SPEED in rules and telemetry.link_degraded(
            sample, speed=True, width=False):
        reasons.append('PCIe link %g of %g GT/s' % (
            sample['pcie_link_speed_gts'], sample['pcie_link_max_speed_gts']))
    return reasons


def _thermal(sample, opts):
    reasons = []
    temperature = sample.get('temperature_celsius')
    slowdown = sample.get('slowdown_temperature_celsius')
    if (temperature is not None and slowdown is not None and
            temperature >= slowdown - opts.slowdown_margin_celsius):
        reasons.append('temperature %g C at its slowdown threshold %g C'
                       % (temperature, slowdown))
    if sample.get('thermal_slowdown'):
        reasons.append('thermal slowdown engaged')
    return reasons


def _wear(sample, opts):
    reasons = []
    if sample.get('critical_warning'):
        reasons.append('critical warning raised')
    wear = sample.get('wear_ratio')
    if wear is not None and wear >= 1:
        reasons.append('%d%% of its rated endurance used' % (wear * 100))
    spare = sample.get('available_spare_ratio')
    threshold = sample.get('available_spare_threshold_ratio')
    if spare is not None and threshold is not None and spare < threshold:
        reasons.append('available spare %d%% below %d%%' % (
            spare * 100, threshold * 100))
    errors = sample.get('media_errors')
    if opts.media_errors and errors is not None and (
            errors >= opts.media_errors):
        reasons.append('%d media errors' % errors)
    return reasons


#: (the rules, any of which applies it; the check), in the reasons' order.
_RULES = (({RULE_ECC}, _ecc), ({RULE_LINK_WIDTH, RULE_LINK_SPEED}, _link),
          ({RULE_THERMAL}, _thermal), ({RULE_WEAR}, _wear))


def from_telemetry(sample, opts):
    """The Health of a device by the ``[device_health]`` rules of a *sample*.

    The rules judge what lasts until reset or repair: uncorrectable ECC and
    memory repairs, a PCIe link below its maximum, a slowdown temperature, a
    worn-out drive.
    """
    rules = set(opts.telemetry_rules)
    reasons = [reason for names, judge in _RULES if rules & names
               for reason in judge(sample, opts)]
    return (health_lib.unhealthy('; '.join(reasons)) if reasons
            else health_lib.OK)
