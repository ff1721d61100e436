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

A record's ``health`` is the worst of the generic PCI checks of its
functions (cyborg.drivers.health.PciHealth), its driver's
``check_health()`` and the verdict of the rules on its telemetry
(cyborg.agent.telemetry).  It is part of the inventory hash: a change is
reported at once.
"""

from oslo_config import cfg
from oslo_log import log as logging

from cyborg.drivers import health as health_lib
from cyborg.drivers import pci

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


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
    """Checks the health of the agent's records."""

    def __init__(self):
        self._pci = {}
        self._last = {}

    def assess(self, drivers, found, verdicts=None):
        """Set ``health`` and ``health_reason`` of every record.

        :param found: ``{driver name: [Hardware]}``.
        :param verdicts: ``{device uuid: Health}`` of the telemetry rules.
        :returns: ``{name: error}`` of the drivers whose check raised (the
            caller holds their devices).
        """
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
            checker = self._pci[name] = health_lib.PciHealth(
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
