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
"""The agent's drivers and what they found: running discovery, and
reporting to the conductor behind an inventory hash, with the devices'
telemetry that changed (cyborg.agent.telemetry).
"""

import collections
import threading

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import exception
from cyborg.agent import health
from cyborg.agent import last_known as last_known_mod
from cyborg.agent import reboots as reboots_mod
from cyborg.agent import telemetry as telemetry_mod
from cyborg.common import device_config
from cyborg.common import driver_config
from cyborg.common import driver_names
from cyborg.common import health_states
from cyborg.drivers import base as driver_base
from cyborg.drivers import config as driver_conf
from cyborg.drivers import registry
from cyborg.objects import hardware as hardware_obj

LOG = logging.getLogger(__name__)

#: What merge() reads of a driver that would not load.
_NotLoaded = collections.namedtuple('_NotLoaded', 'name catch_all')


def merge(results):
    """One list of records from each driver's, a PCI function reported by
    one driver only: catch-all drivers (generic) lose, then the later in
    ``enabled_drivers``.

    :param results: [(driver, [Hardware])] in configuration order.
    :returns: the merged records, sorted by driver and address.
    """
    claimed = set()
    merged = []
    # sorted() keeps the configuration order among equals.
    for driver, records in sorted(results, key=lambda r: r[0].catch_all):
        for record in records:
            addresses = health.functions(record)
            taken = addresses & claimed
            if taken:
                LOG.info('Driver %(driver)s: %(address)s is already '
                         'reported by another driver (%(taken)s); skipped',
                         {'driver': driver.name, 'address': record.address,
                          'taken': ', '.join(sorted(taken))})
                continue
            claimed |= addresses
            merged.append(record)
    return sorted(merged, key=lambda r: (r.driver, r.address))


def _outcome(config, state, reason=None):
    return {'generation': config['generation'], 'state': state,
            'reason': reason}


def _held(records, reason):
    for record in records:
        record.health = health_states.DRIVER_ERROR
        record.health_reason = reason


class ResourceTracker:
    """Runs the drivers' discovery and reports the result.

    :param drivers: ``{name: driver}``, and *aliases*, of registry.load().
    :param rp_name: the compute node resource provider the devices go
        under; None: the host.
    :param reboots: a reboots.PendingReboots (default: in memory).
    :param last_known: a last_known.LastKnown (default: not kept).
    :param telemetry: a telemetry.TelemetryTracker (default: its verdicts
        not kept).
    """

    def __init__(self, host, drivers, aliases, conductor_api,
                 rp_name=None, reboots=None, last_known=None,
                 telemetry=None):
        self.host = host
        self.telemetry = telemetry or telemetry_mod.TelemetryTracker()
        self.reboots = reboots or reboots_mod.PendingReboots()
        self.rp_name = rp_name
        self.drivers = drivers
        self.aliases = aliases
        self.conductor_api = conductor_api
        self._lock = threading.Lock()
        self._report_lock = threading.Lock()
        # A driver that raises has its devices held as last found
        # (_hold()), also over a restart.
        self.last_known = last_known or last_known_mod.LastKnown()
        self._known = self.last_known.load()
        self._found = {name: self._known.get(name, []) for name in drivers}
        # Why a driver failed, by name: its discovery, its health check.
        self._errors = {}
        self._check_errors = {}
        # {driver: uuids configured since it last found them}: a discovery
        # that then raises fails their configuration.
        self._unconfirmed = {}
        self._records = []
        self._hash = None
        self._generation = 0
        self._acked_hash = None
        self._discovered_at = None
        self._health = health.HealthTracker()
        # The configuration file's drivers, which the operator's decisions
        # may unload and load again.
        self._file_drivers = dict(drivers)
        self._file_aliases = dict(aliases)
        # The operator's decisions: {name: config} installed or configured
        # through the API, file drivers uninstalled, errors of those that
        # would not load, and the revision applied (None: none yet).
        self.installed = {}
        self.removed = set()
        self.install_errors = {}
        self.installed_revision = None
        # {device uuid: {generation, state, reason}} applied since start,
        # reported as the records' configuration.applied.
        self.config_outcomes = {}
        # Drivers loaded since they last discovered: discovered before a
        # configuration is applied (their devices may be other than
        # last found: a driver made anew forgot what it had made).
        self._fresh = set()
        # {device uuid: configuration} left for its driver to work again.
        self._waiting = {}
        # {device uuid: configuration} taken (expect()), not yet applied:
        # in the order configure_next() applies them.
        self._queued = {}

    def hellos(self):
        """Each driver's hello() (ERROR when it last failed), and an ERROR
        hello for each installed driver that would not load.
        """
        hellos = []
        installed = {self.aliases.get(name, name) for name in self.installed}
        for name, driver in list(self.drivers.items()):
            hello = driver.hello()
            error = self._error(name)
            if error is not None:
                hello.update(status=driver_base.ERROR, detail=error)
            if name in installed:
                hello['source'] = 'api'
            hellos.append(hello)
        for name, error in sorted(self.install_errors.items()):
            hellos.append({'name': name, 'version': None,
                           'device_types': [], 'status': driver_base.ERROR,
                           'detail': error, 'source': 'api',
                           'loaded': False})
        return hellos

    def _error(self, name):
        """Why driver *name* last failed (discovery or health), or None."""
        return self._errors.get(name) or self._check_errors.get(name)

    def _failing(self, name):
        """Why driver *name* cannot configure its devices now (it failed,
        or it is not loaded), or None.
        """
        if name in self.drivers:
            return self._error(name)
        return 'not loaded (%s)' % self.install_errors.get(name, 'unknown')

    def _file_name(self, name):
        """The name the file's driver *name* (or an alias) was loaded as,
        or None.
        """
        name = self._file_aliases.get(name, name)
        if name in self._file_drivers:
            return name
        try:
            return registry.same_driver(name, self._file_drivers)
        except exception.CyborgException:
            return None

    def apply_installs(self, conf, installs, removed=()):
        """Load, reconfigure and unload drivers as the operator decided; a
        driver is replaced only once its successor is made (a report would
        take a moment without any for its devices gone).

        :param installs: ``[{name, config}]``, this host's list.
        :param removed: the file's drivers uninstalled on this host.
        :returns: ``{name: error}`` of the drivers that would not load.
        """
        wanted = {i['name']: i['config'] or {} for i in installs}
        gone = {self._file_name(name) or name for name in removed}
        # Drivers of the file that the operator configured through the API.
        configured = {self._file_name(name) for name in wanted} - {None}
        with self._lock:
            for name in list(self.installed):
                if name not in wanted:
                    self._unload(name)
            for name, driver in self._file_drivers.items():
                if (name in gone or name in configured) and \
                        self.drivers.get(name) is driver:
                    self._unload_file_driver(name)
            self.removed = gone
            self.install_errors = {}
            for name, config in sorted(wanted.items()):
                if self.installed.get(name) != config:
                    self._load(conf, name, config)
            for name, driver in self._file_drivers.items():
                if name not in gone | configured and \
                        name not in self.drivers:
                    self._restore_file_driver(name, driver)
            self.installed_revision = driver_config.revision(installs,
                                                             removed)
            return dict(self.install_errors)

    def _load(self, conf, name, config):
        """Load driver *name* with the operator's *config* (locked)."""
        try:
            cls = registry.driver_class(name)
            driver = cls(conf=driver_conf.DriverConf(
                conf, driver_conf.check(cls, config)), host=self.host)
        except exception.CyborgException as exc:
            self.install_errors[name] = exc.message
        except Exception as exc:
            self.install_errors[name] = '%s: %s' % (type(exc).__name__, exc)
        else:
            self._serve(driver.name, driver)
            self.aliases[name] = driver.name
            self.installed[name] = config
            LOG.info('Loaded accelerator driver %(name)s (installed or '
                     'configured through the API) with %(config)s',
                     {'name': name, 'config': config})
            return
        LOG.error('Driver %(name)s installed through the API could not be '
                  'loaded: %(error)s',
                  {'name': name, 'error': self.install_errors[name]})

    def _drop(self, name):
        for known in (self.drivers, self._found, self._errors,
                      self._check_errors):
            known.pop(name, None)

    def _unload_file_driver(self, name):
        """Unload a driver of the configuration file (locked)."""
        self._drop(name)
        for alias, target in list(self.aliases.items()):
            if target == name and alias in self._file_aliases:
                del self.aliases[alias]
        LOG.info('Unloaded accelerator driver %s of the configuration file '
                 '(the operator uninstalled or reconfigured it on this '
                 'host)', name)

    def _restore_file_driver(self, name, driver):
        """Load a driver of the configuration file again (locked)."""
        self._serve(name, driver)
        for alias, target in self._file_aliases.items():
            if target == name:
                self.aliases[alias] = name
        LOG.info('Loaded accelerator driver %s of the configuration file '
                 'again', name)

    def _serve(self, name, driver):
        """Serve *driver* as *name*, its devices as last known (locked):
        made anew, it discovers before a configuration is applied, and
        must be told again what was applied to its devices.
        """
        self.drivers[name] = driver
        self._found[name] = self._known.get(name, [])
        self._fresh.add(name)
        for record in self._records:
            if record.driver == name:
                self.config_outcomes.pop(record.uuid, None)

    def _unload(self, name):
        """Forget an installed driver (locked)."""
        self._drop(self.aliases.pop(name, name))
        del self.installed[name]
        LOG.info('Unloaded accelerator driver %s', name)

    def expect(self, configs):
        """Take the devices' desired configurations (on the work thread,
        or before it starts): those not applied at their generation
        since this start are queued for configure_next(), and their
        devices report them ``applying`` until each is applied (the
        conductor holds them, never offered as they came back), but
        while their driver fails (they wait for it, as they were).

        :param configs: ``[{device_uuid, generation, desired}]``, every
            configuration of the host.
        :returns: whether one is queued that did not wait for its driver.
        """
        with self._lock:
            waited = self._waiting
            self._waiting = {}
            self._queued = {c['device_uuid']: c for c in configs
                            if not self._applied(c)}
            return bool(set(self._queued) - set(waited))

    def _applied(self, config):
        """Whether *config* is applied at its generation (locked)."""
        known = self.config_outcomes.get(config['device_uuid'])
        return known is not None and \
            known['generation'] == config['generation']

    def configure_next(self):
        """Apply the first configuration queued by expect() through its
        driver, not holding the drivers' lock while the driver works
        (the telemetry and the metrics are served meanwhile; only the
        work thread configures).  One whose driver fails waits
        (``deferred``: its device is held as last known) and is applied
        by the first discovery that finds the driver working again,
        before it reports.

        :returns: ``{device uuid: outcome}`` of the one applied; {} when
            none is left.
        """
        with self._lock:
            if self._discovered_at is None:
                self._discover(list(self.drivers))
            elif self._fresh & set(self.drivers):
                # Loaded anew: its devices may no longer be as last found.
                self._discover(sorted(self._fresh & set(self.drivers)))
            by_uuid = {r.uuid: r for r in self._records}
            while self._queued:
                uuid = next(iter(self._queued))
                config = self._queued.pop(uuid)
                record = by_uuid.get(uuid)
                if not self._waits(record, config):
                    break
            else:
                return {}
            outcome = self._refused(record, config)
        if outcome is None:
            outcome = self._drive(record, config)
        with self._lock:
            self._settle(record, config, outcome)
        return {uuid: outcome}

    @property
    def deferred(self):
        """The devices whose configuration waits for their driver."""
        return sorted(self._waiting)

    def _apply(self, configs):
        """Apply those of *configs* whose driver works (locked)."""
        done = {}
        by_uuid = {r.uuid: r for r in self._records}
        for config in configs:
            uuid = config['device_uuid']
            record = by_uuid.get(uuid)
            if self._applied(config) or self._waits(record, config):
                continue
            done[uuid] = (self._refused(record, config) or
                          self._drive(record, config))
            self._settle(record, config, done[uuid])
        return done

    def _waits(self, record, config):
        """Whether *config* waits for its failing driver (locked)."""
        uuid = config['device_uuid']
        error = record and self._failing(record.driver)
        if not error:
            self._waiting.pop(uuid, None)
            return False
        LOG.info('Device %(uuid)s: configuration %(gen)s waits for '
                 'driver %(driver)s, which fails: %(error)s',
                 {'uuid': uuid, 'gen': config['generation'],
                  'driver': record.driver, 'error': error})
        self._waiting[uuid] = config
        return True

    def _settle(self, record, config, outcome):
        """Record the *outcome* of applying *config* (locked)."""
        self.config_outcomes[config['device_uuid']] = outcome
        if outcome['state'] != device_config.FAILED:
            self._unconfirmed.setdefault(record.driver, set()).add(
                config['device_uuid'])

    def _refused(self, record, config):
        """The outcome of *config* refused (its device is gone, or the
        device as found now does not take it), or None, the device's
        functions then marked as changing (locked).
        """
        if record is None:
            return _outcome(config, device_config.FAILED,
                            'the device is not on this host')
        # Judged again with the device as found now.
        reason = device_config.check(record.configuration or {},
                                     config['desired'])
        if reason is not None:
            LOG.error('Device %(uuid)s: configuration %(gen)s %(desired)s '
                      'refused: %(reason)s',
                      {'uuid': record.uuid, 'gen': config['generation'],
                       'desired': config['desired'], 'reason': reason})
            return _outcome(config, device_config.FAILED, reason)
        # Its functions may change (even on failure): those gone did not
        # vanish.
        self._health.configured(record.uuid)
        return None

    def _drive(self, record, config):
        """Apply one configuration through the driver (which may take
        long: configure_next() calls it unlocked); its outcome.
        """
        outcome = _outcome(config, device_config.APPLIED)
        LOG.info('Configuring device %(uuid)s (%(driver)s %(address)s): '
                 '%(desired)s', {'uuid': record.uuid,
                                 'driver': record.driver,
                                 'address': record.address,
                                 'desired': config['desired']})
        try:
            result = self.drivers[record.driver].configure(
                record.address, config['desired']) or {}
        except exception.CyborgException as exc:
            outcome.update(state=device_config.FAILED, reason=exc.message)
        except Exception as exc:
            outcome.update(state=device_config.FAILED,
                           reason='%s: %s' % (type(exc).__name__, exc))
        else:
            if result.get('reboot_required'):
                outcome.update(state=device_config.REBOOT_REQUIRED,
                               reason='a reboot of the host completes it')
        log = (LOG.error if outcome['state'] == device_config.FAILED
               else LOG.info)
        log('Device %(uuid)s: configuration %(gen)s %(state)s%(reason)s',
            {'uuid': record.uuid, 'gen': config['generation'],
             'state': outcome['state'],
             'reason': ': %s' % outcome['reason'] if outcome['reason']
             else ''})
        return outcome

    @property
    def discovered(self):
        """Whether a discovery ran since the agent started."""
        return self._discovered_at is not None

    def record(self, device_uuid):
        """The last discovered record of a device, or None."""
        with self._lock:
            return next((r for r in self._records if r.uuid == device_uuid),
                        None)

    def reboot_pending(self, name, address, reason):
        """Record that a device of driver *name* waits for a reboot."""
        self.reboots.add(self._resolve(name)[0], address, reason)

    def driver(self, name):
        """The enabled driver called (or aliased) *name*.

        :raises: DriverNotEnabled
        """
        return self.drivers[self._resolve(name)[0]]

    def _resolve(self, name):
        if name is None:
            return list(self.drivers)
        if name in self.drivers or name in self.aliases:
            return [self.aliases.get(name, name)]
        # Another alias of an enabled driver ("fake_driver" for "fake").
        if name in driver_names.available():
            driver_name = registry.same_driver(name, self.drivers)
            if driver_name is not None:
                return [driver_name]
        raise exception.DriverNotEnabled(
            name=name, host=self.host,
            enabled=', '.join(sorted(self.aliases)))

    def _discover(self, names):
        for name in names:
            self._fresh.discard(name)
            try:
                self._found[name] = self.drivers[name].discover()
                self._errors.pop(name, None)
                self._unconfirmed.pop(name, None)
            except Exception as exc:
                # Its devices stay as last found, held (_hold()).
                LOG.exception('Discovery of driver %s failed', name)
                self._errors[name] = '%s: %s' % (type(exc).__name__, exc)
        # Every driver's: a health change is reported at once.
        self._check_errors = self._health.assess(
            self.drivers, self._found, self.telemetry.verdicts())
        for name in self.drivers:
            self._hold(name)
        self._known.update({n: self._found[n] for n in self.drivers})
        self.last_known.save(self._known)
        records = merge([(self.drivers[n], self._found[n])
                         for n in self.drivers] + self._not_loaded())
        waiting = self.reboots.required()
        for record in records:
            record.acc_status.reboot_required = (
                (record.driver, record.address) in waiting)
            record.clean_steps = self._clean_offer(record)
            outcome = self._outcome(record)
            if outcome is not None:
                record.configuration = dict(record.configuration or {},
                                            applied=outcome)
        digest = hardware_obj.inventory_hash(records)
        changed = digest != self._hash
        if changed:
            self._generation += 1
        self._records, self._hash = records, digest
        self._discovered_at = timeutils.utcnow()
        return changed

    def _outcome(self, record):
        """What *record* reports of its configuration (locked):
        ``applying`` while taken and not yet applied (but while its
        driver fails), else the outcome since this start, or None.
        """
        config = self._queued.get(record.uuid)
        if config is None or self._failing(record.driver):
            return self.config_outcomes.get(record.uuid)
        return _outcome(config, device_config.APPLYING)

    def _clean_offer(self, record):
        """The clean steps the driver of *record* offers for it, or None
        (its driver is not loaded, or cannot tell).
        """
        driver = self.drivers.get(record.driver)
        if driver is None:
            return None
        try:
            return [step.to_dict() for step in driver.clean_steps(record)]
        except Exception:
            LOG.exception('Driver %(driver)s cannot tell the clean steps of '
                          'device %(uuid)s', {'driver': record.driver,
                                              'uuid': record.uuid})
            return None

    def _hold(self, name):
        """While driver *name* fails, report its devices ``driver_error``
        (the conductor keeps them, reserved), and fail the configurations
        applied since it last found them.
        """
        error = self._error(name)
        if error is None:
            return
        _held(self._found[name], error)
        for uuid in self._unconfirmed.get(name, ()):
            outcome = self.config_outcomes.get(uuid)
            if outcome and outcome['state'] != device_config.FAILED:
                outcome.update(state=device_config.FAILED,
                               reason='applied, then driver %s failed: %s'
                               % (name, error))
                LOG.error('Device %(uuid)s: configuration %(gen)s failed: '
                          '%(reason)s', {'uuid': uuid,
                                         'gen': outcome['generation'],
                                         'reason': outcome['reason']})

    def _not_loaded(self):
        """[(driver, records)] of the installed drivers that would not
        load (none running in their place): their devices as last known,
        held with the error, as those of a driver that raises.
        """
        held = []
        for name, error in sorted(self.install_errors.items()):
            try:
                cls = registry.driver_class(name)
            except exception.CyborgException:
                cls = None
            driver = _NotLoaded(cls.name if cls else name,
                                cls.catch_all if cls else False)
            if driver.name in self.drivers:
                continue
            records = self._known.get(driver.name, [])
            _held(records, 'driver %s could not be loaded: %s'
                  % (name, error))
            held.append((driver, records))
        return held

    def _report(self, context, discovery=None):
        """Send the hash, or the inventory when the conductor lacks it.

        :param discovery: ``{ids, drivers}`` or ``{ids, error}`` of the
            operators' requests it answers, or None.
        """
        with self._lock:
            records, digest = self._records, self._hash
            generation = self._generation
        acked = digest == self._acked_hash
        try:
            answer = self._send(context, None if acked else records, digest,
                                generation, discovery)
            if acked and answer['status'] == 'resend':
                answer = self._send(context, records, digest, generation,
                                    discovery)
        except (messaging.MessagingException,
                exception.CyborgException) as exc:
            LOG.warning('Report of host %(host)s to the conductor failed '
                        '(%(error)s); the next discovery retries',
                        {'host': self.host, 'error': exc})
            return 'failed'
        self._acked_hash = answer['inventory_hash']
        return answer['status']

    def _send(self, context, records, digest, generation, discovery=None):
        """Report *digest*, with the inventory *records* unless None, and
        the telemetry that changed.
        """
        hardware = (hardware_obj.HardwareList(objects=records)
                    if records is not None else None)
        with self._lock:
            sent = self.telemetry.changes(self._records)
        answer = self.conductor_api.report(
            context, host=self.host, generation=generation,
            inventory_hash=digest, hardware=hardware,
            rp_name=self.rp_name, discovery=discovery, telemetry=sent)
        self.telemetry.acknowledged(sent, answer.get('telemetry'))
        return answer

    def read_telemetry(self):
        """Read the telemetry of the devices each driver reports (not
        under the drivers' lock: a read may take ``[telemetry]
        read_timeout``).

        :returns: whether a verdict of the telemetry rules changed.
        """
        with self._lock:
            drivers = dict(self.drivers)
            found = {name: [r for r in self._records if r.driver == name]
                     for name in drivers}
        return self.telemetry.read(drivers, found)

    def report_telemetry(self, context):
        """Report the samples that changed meaningfully since the
        conductor took them, if any (the inventory's hash with them, as a
        periodic report sends it).
        """
        with self._lock:
            records = list(self._records)
        if self.telemetry.changes(records):
            self._report(context)

    def telemetry_series(self):
        """The Prometheus series of the devices (metrics.DeviceSeries)."""
        with self._lock:
            records = list(self._records)
        return self.telemetry.series(self.host, records)

    def update(self, context, driver=None, reason='periodic',
               discovery_ids=None):
        """Discover (all drivers, or one) and report.

        :param driver: an enabled driver's name or alias; None: all.
        :param discovery_ids: the ids of the operators' requests it
            answers, which the report carries.
        :raises: DriverNotEnabled.
        :returns: the discovery summary.
        """
        try:
            with self._lock:
                names = self._resolve(driver)
                changed = self._discover(names)
                if self._waiting and self._apply(
                        list(self._waiting.values())):
                    # Their driver works again: reported as applied.
                    changed = self._discover(names) or changed
                discovery = None
                if discovery_ids:
                    discovery = {'ids': list(discovery_ids),
                                 'drivers': self._drivers_summary()}
        except exception.DriverNotEnabled as exc:
            if discovery_ids:
                with self._report_lock:
                    self._report(context, {'ids': list(discovery_ids),
                                           'error': exc.message})
            raise
        # Not under the drivers' lock: the report waits on a conductor.
        with self._report_lock:
            report = self._report(context, discovery)
        with self._lock:
            LOG.info('Discovery (%(reason)s) on %(host)s: %(count)d '
                     'devices, %(state)s, report %(report)s',
                     {'reason': reason, 'host': self.host,
                      'count': len(self._records),
                      'state': 'changed' if changed else 'unchanged',
                      'report': report})
            return self._summary(changed, report)

    def _drivers_summary(self):
        """Each driver's status and counts (under the drivers' lock)."""
        drivers = []
        for hello in self.hellos():
            mine = [r for r in self._records if r.driver == hello['name']]
            drivers.append({
                'name': hello['name'], 'status': hello['status'],
                'detail': hello['detail'], 'devices': len(mine),
                'deployables': sum(len(r.deployables) for r in mine)})
        return drivers

    def _summary(self, changed, report):
        return {'host': self.host, 'generation': self._generation,
                'inventory_hash': self._hash, 'changed': changed,
                'report': report, 'drivers': self._drivers_summary()}

    def hardware(self):
        """The last discovered hardware, with the drivers' hellos."""
        with self._lock:
            return {'host': self.host, 'generation': self._generation,
                    'inventory_hash': self._hash,
                    'discovered_at': (self._discovered_at.isoformat()
                                      if self._discovered_at else None),
                    'drivers': self.hellos(),
                    'hardware': [r.to_dict() for r in self._records]}
