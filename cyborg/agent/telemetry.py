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
"""The agent's telemetry: the latest sample of each device, on its own thread.

Every ``[telemetry] interval`` each driver's devices are read in one
batch (sysfs PCI facts and ``read_telemetry()``); a failed or late read
keeps the last values, marked stale.  ``telemetry_rules`` verdicts join
the next discovery's health and persist in ``telemetry-health.json``.
Reports carry meaningful changes; holders (Prometheus labels) come from
the conductor's cast and its answer to every report.
"""

import dataclasses
import datetime
import os
import threading
import time
import typing

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from cyborg import metrics
from cyborg.agent import health
from cyborg.agent import state_file
from cyborg.common import health_states
from cyborg.common import telemetry
from cyborg.drivers import health as health_lib

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

FILE_NAME = 'telemetry-health.json'


@dataclasses.dataclass
class Sample:
    """A device's latest values, read times (UTC, monotonic), stale reason."""

    values: dict
    read_at: typing.Any
    clock: float
    stale: typing.Optional[str] = None


class TelemetryTracker:
    """The devices' latest samples, verdicts and holders (*path*: verdicts)."""

    def __init__(self, path=None):
        self.path = path
        self._lock = threading.Lock()
        self._samples = {}
        self._verdicts = self._load()
        # {uuid: payload} the conductor took; {uuid: [{instance,
        # project}]} it said hold each device.
        self._sent = {}
        self._bindings = {}

    @classmethod
    def from_conf(cls, conf):
        return cls(os.path.join(conf.state_path, FILE_NAME))

    # Reading ----------------------------------------------------------------

    def read(self, drivers, found):
        """Read every driver's devices; whether a device's verdict changed."""
        with self._lock:
            bound = frozenset(self._bindings)
        changed = False
        seen = set()
        for name, driver in drivers.items():
            records = found.get(name) or []
            if not records:
                continue
            generic, vendor, error = _read_driver(driver, records, bound)
            read_at, clock = timeutils.utcnow(), time.monotonic()
            for record in records:
                seen.add(record.uuid)
                values = dict(generic.get(record.address, {}))
                values.update(vendor.get(record.address, {}))
                changed |= self._take(record, values, error, read_at, clock)
        with self._lock:
            for uuid in set(self._samples) - seen:
                del self._samples[uuid]
            for uuid in set(self._verdicts) - seen:
                changed = True
                del self._verdicts[uuid]
            if changed:
                self._save()
        return changed

    def _take(self, record, values, error, read_at, clock):
        """Keep one device's read; whether its verdict changed."""
        with self._lock:
            before = self._samples.get(record.uuid)
            if error is not None:
                if before is None:
                    before = Sample({}, read_at, clock)
                before.stale = error
                self._samples[record.uuid] = before
                return False
            values = telemetry.clean(values)
            busy = telemetry.busy(values, CONF.telemetry.idle_threshold)
            if busy is not None:
                values['busy'] = busy
            self._samples[record.uuid] = Sample(values, read_at, clock)
            verdict = health.from_telemetry(values, CONF.device_health)
            old = self._verdicts.get(record.uuid, health_lib.OK)
            if verdict == old:
                return False
            self._verdicts[record.uuid] = verdict
        if verdict.healthy:
            LOG.info('Device %(address)s (%(driver)s) keeps the telemetry '
                     'rules again', {'address': record.address,
                                     'driver': record.driver})
        else:
            LOG.warning('Device %(address)s (%(driver)s) breaks a telemetry '
                        'rule: %(reason)s', {'address': record.address,
                                             'driver': record.driver,
                                             'reason': verdict.reason})
        return True

    def verdicts(self):
        """``{device uuid: Health}`` as last judged (not by stale samples)."""
        with self._lock:
            return dict(self._verdicts)

    def _stale(self, sample, clock):
        """Why *sample* is stale at *clock*, or None."""
        if sample.stale is not None:
            return sample.stale
        limit = 2 * CONF.telemetry.interval + CONF.telemetry.read_timeout
        if clock - sample.clock > limit:
            return 'no telemetry read for more than %d s' % limit
        return None

    # Reports ----------------------------------------------------------------

    def changes(self, records):
        """Samples changed meaningfully since the conductor took one."""
        clock = time.monotonic()
        found = {}
        with self._lock:
            for record in records:
                sample = self._samples.get(record.uuid)
                if sample is None:
                    continue
                stale = self._stale(sample, clock)
                sent = self._sent.get(record.uuid)
                if (sent is None or sent['stale'] != stale or
                        telemetry.changed(sent['values'], sample.values)):
                    found[record.uuid] = {
                        'values': dict(sample.values), 'stale': stale,
                        'read_at': sample.read_at.isoformat()}
        return found

    def acknowledged(self, sent, answer):
        """The conductor took *sent*, answered *answer* (None: nothing)."""
        if answer is None:
            return
        unknown = set(answer.get('unknown') or ())
        with self._lock:
            for uuid, payload in sent.items():
                if uuid not in unknown:
                    self._sent[uuid] = payload
        if answer.get('bindings') is not None:
            self.holders(answer['bindings'])

    def holders(self, bindings):
        """Who holds each device (the conductor's cast or report answer)."""
        with self._lock:
            self._bindings = dict(bindings)

    # Prometheus -------------------------------------------------------------

    def series(self, host, records):
        """The metrics.DeviceSeries of *records*."""
        clock = time.monotonic()
        speed = health.RULE_LINK_SPEED in CONF.device_health.telemetry_rules
        found = []
        with self._lock:
            for record in records:
                sample = self._samples.get(record.uuid)
                holders = self._bindings.get(record.uuid) or []
                labels = {
                    'host': host, 'device': record.uuid,
                    'driver': record.driver,
                    'deployable': _joined(d.name for d in record.deployables),
                    'resource_class': _joined(
                        d.resource_class for d in record.deployables),
                    'instance': _joined(h['instance'] for h in holders),
                    'project': _joined(h['project'] for h in holders)}
                state = {'failing': int(record.health not in (
                    None, health_states.HEALTHY))}
                values = {}
                if sample is not None:
                    fresh = self._stale(sample, clock) is None
                    values = sample.values if fresh else {}
                    degraded = telemetry.link_degraded(sample.values, speed)
                    state.update(
                        up=int(fresh), read_at=sample.read_at.replace(
                            tzinfo=datetime.timezone.utc).timestamp(),
                        pcie_link_degraded=None if degraded is None
                        else int(degraded))
                found.append(metrics.DeviceSeries(labels, values, state))
        return found

    # The verdicts' file -----------------------------------------------------

    def _load(self):
        return state_file.read(
            self.path, 'the telemetry verdicts', lambda saved: {
                uuid: health_lib.unhealthy(reason)
                for uuid, reason in (saved or {}).items()},
            (AttributeError,)) or {}

    def _save(self):
        """Keep the unhealthy verdicts (locked)."""
        state_file.write(self.path, {
            uuid: verdict.reason for uuid, verdict in self._verdicts.items()
            if not verdict.healthy}, 'the telemetry verdicts')


def _joined(values):
    return ','.join(sorted({v for v in values if v}))


def _read_driver(driver, records, bound):
    """``(generic, vendor, error)`` of one driver's read."""
    generic, vendor, error = {}, {}, None
    try:
        if driver.pci_health:
            generic = driver.each_device(records, lambda d: d.telemetry())
        vendor = driver.read_telemetry(records, bound=bound) or {}
    except Exception as exc:
        error = '%s: %s' % (type(exc).__name__, exc)
        LOG.warning('Telemetry read of driver %(driver)s failed: %(error)s; '
                    'its devices\' samples are stale',
                    {'driver': driver.name, 'error': error})
    return generic, vendor, error

