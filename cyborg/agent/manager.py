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
"""The agent's RPC endpoint and periodic tasks.

Only ``@messaging.expose`` methods are reachable over RPC.  Everything
that changes the hardware runs on the one work thread
(cyborg.agent.work); telemetry is read on a thread of its own
(cyborg.agent.telemetry), so that a hung read holds no report.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from cyborg import exception
from cyborg import metrics
from cyborg import servicegroup
from cyborg import version
from cyborg.agent import cleaning
from cyborg.agent import device_work
from cyborg.agent import last_known
from cyborg.agent import monitor
from cyborg.agent import reboots
from cyborg.agent import resource_tracker
from cyborg.agent import telemetry
from cyborg.agent import work
from cyborg.common import loop
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.drivers import registry

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = servicegroup.AGENT
TOPIC = servicegroup.AGENT
# Seconds a stop waits for the clean steps that cannot be interrupted.
CLEAN_STOP_SECONDS = 10


class AgentManager:
    """Endpoint of topic ``cyborg-agent`` (server = ``[DEFAULT] host``).

    :param drivers: what registry.load() returned (loaded before
        forking); default: load them now.
    """

    # Must equal AgentAPI.RPC_API_VERSION (checked by a unit test).
    RPC_API_VERSION = '1.0'

    target = messaging.Target(version=RPC_API_VERSION)

    def __init__(self, host, drivers=None, conductor_api=None):
        self.host = host
        self.conductor_api = conductor_api or conductor_rpcapi.ConductorAPI()
        drivers, aliases = drivers or registry.load(CONF, host)
        self.tracker = resource_tracker.ResourceTracker(
            host, drivers, aliases, self.conductor_api,
            rp_name=CONF.agent.resource_provider_name,
            reboots=reboots.PendingReboots.from_conf(CONF),
            last_known=last_known.LastKnown.from_conf(CONF),
            telemetry=telemetry.TelemetryTracker.from_conf(CONF))
        self.monitor = None
        self.work = work.Worker(self._discover)
        self.cleans = cleaning.Cleans.from_conf(
            CONF, self.tracker,
            cleaning.report_with(self.conductor_api, host),
            after_clean=lambda context: self.work.discover_soon(
                context, 'clean'))
        self.reader = None
        self.exporter = None
        self._started_at = timeutils.utcnow()
        self._registered = False
        # The devices' configurations taken since this start
        # (device_config.revision); None: the next heartbeat asks for all.
        self._config_revision = None

    def init_host(self, context):
        """Before the RPC server takes messages, in the process that
        serves (the privileged helper started here is this process's):
        what the cleans of an agent that died here left running stops.
        """
        self.cleans.recover()

    def after_start(self, context):
        """Register with the conductor, discover and report, apply the
        devices' configurations on the work thread, watch hotplug events.

        Run once the RPC server takes messages: a conductor that finds
        this agent registered casts to a queue that exists.
        """
        # The operator's decisions about drivers apply before the first
        # discovery (loading a driver touches no device), and the devices
        # whose desired configuration is to be applied again (a reboot
        # undid it) are reported held, applying, until their own is back:
        # a restart never reports what the operator did not want, and
        # the host's other devices are offered meanwhile.
        self._heartbeat(context, wait_for_drivers=True)
        self.work.discover_soon(context, 'start')
        self.work.start()
        self.reader = loop.Loop(lambda: self._read_telemetry(context),
                                'cyborg-agent-telemetry',
                                interval=CONF.telemetry.interval)
        self.reader.start()
        self.exporter = metrics.serve_agent(CONF,
                                            self.tracker.telemetry_series)
        if CONF.agent.hotplug:
            self.monitor = monitor.HotplugMonitor(
                lambda: self.work.discover_soon(context, 'hotplug'))
            try:
                self.monitor.start()
            except OSError:
                LOG.exception('Cannot watch hotplug events; discovery runs '
                              'every %s seconds', CONF.periodic_interval)
                self.monitor = None

    def del_host(self, context):
        """Stop watching hotplug events, reading telemetry, serving it,
        and the work thread.
        """
        if self.monitor is not None:
            self.monitor.stop()
        if self.reader is not None:
            # Not waited for: a read is bounded by [telemetry]
            # read_timeout, and the thread is a daemon.
            self.reader.stop(timeout=0)
        if self.exporter is not None:
            self.exporter.shutdown()
            self.exporter.server_close()
        # A clean stops at its next step (an abortable one at once) and
        # resumes after the restart.
        self.cleans.stop(timeout=CLEAN_STOP_SECONDS)
        self.work.stop()

    def periodic_tasks(self):
        return [(CONF.report_interval, self._heartbeat),
                (CONF.periodic_interval, lambda context:
                 self.work.discover_soon(context, 'periodic'))]

    def _read_telemetry(self, context):
        """Read the devices' telemetry (the reader's thread); a verdict
        of its rules that changed is reported at once with a discovery,
        a sample that changed at once on its own (on the work thread):
        the conductor's sample is as fresh as ``[telemetry] interval``
        and one report, whatever ``[DEFAULT] periodic_interval`` is.
        """
        if self.tracker.read_telemetry():
            self.work.discover_soon(context, 'telemetry')
        else:
            self.work.submit(self.tracker.report_telemetry, context)

    def _discover(self, discovery):
        """Run a discovery of the work thread (see work.Discovery)."""
        reason = '+'.join(discovery.reasons)
        try:
            summary = self.tracker.update(
                discovery.context, driver=discovery.driver, reason=reason,
                discovery_ids=discovery.ids or None)
            if summary['changed'] and self.reader is not None:
                # New devices get their first sample now.
                self.reader.kick()
        except exception.DriverNotEnabled as exc:
            LOG.warning('Discovery (%(reason)s) refused: %(error)s',
                        {'reason': reason, 'error': exc.message})
        except Exception:
            LOG.exception('Discovery (%s) failed', reason)

    # expose must be the outermost decorator: expected_exceptions does not
    # copy the function's attributes.
    @messaging.expose
    def discover_soon(self, context, discovery_id, driver=None):
        """See AgentAPI.discover_soon."""
        self.work.discover_soon(context, 'rpc', driver=driver,
                                discovery_id=discovery_id)

    _DEVICE_WORK_ERRORS = (exception.DriverNotEnabled,
                           exception.UnsupportedOperation,
                           exception.DriverDeviceNotFound,
                           exception.CommandFailed,
                           exception.ImageNotFound,
                           exception.ImageServiceNotConfigured)

    @messaging.expose
    @messaging.expected_exceptions(*_DEVICE_WORK_ERRORS)
    def program(self, context, driver, address, bitstream_id=None,
                function_id=None):
        """See AgentAPI.program."""
        result = self.work.call(device_work.program, self.tracker, driver,
                                address, bitstream_id, function_id).result()
        # The loaded function changes the device's traits: report it.
        self.work.discover_soon(context, 'program')
        return result

    @messaging.expose
    @messaging.expected_exceptions(*_DEVICE_WORK_ERRORS)
    def prepare_attach(self, context, driver, attach_handle, mdev_uuid):
        """See AgentAPI.prepare_attach."""
        return self.work.call(device_work.prepare_attach, self.tracker,
                              driver, attach_handle, mdev_uuid).result()

    @messaging.expose
    @messaging.expected_exceptions(*_DEVICE_WORK_ERRORS)
    def release_attach(self, context, driver, attach_handle, mdev_uuid):
        """See AgentAPI.release_attach."""
        self.work.call(device_work.release_attach, self.tracker, driver,
                       attach_handle, mdev_uuid).result()

    @messaging.expose
    def clean(self, context, device_uuid, unit, generation, steps, done,
              timeout):
        """See AgentAPI.clean: on a clean worker (cyborg.agent.cleaning)."""
        self.cleans.clean(context, device_uuid, unit, generation, steps,
                          done, timeout)

    @messaging.expose
    def clean_abort(self, context, device_uuid, unit, generation):
        """See AgentAPI.clean_abort."""
        self.cleans.abort(context, device_uuid, unit, generation)

    def _sync_installs(self, context, installs, removed=(), asked=()):
        """Apply the conductor's decisions about drivers, then discover;
        the heartbeat between tells how they loaded, and brings the
        devices' configurations again (a driver made anew forgot them).

        :param asked: the ids of the requests that wait for them, which
            the discovery's report carries: they answer with what it
            found.
        """
        self.tracker.apply_installs(CONF, installs, removed)
        self._config_revision = None
        self._heartbeat(context, wait_for_drivers=True)
        self._discover_for(context, asked)

    def _discover_for(self, context, asked):
        """Queue the discovery that follows drivers' decisions."""
        for request_id in asked or [None]:
            self.work.discover_soon(context, 'drivers',
                                    discovery_id=request_id)

    def _heartbeat(self, context, wait_for_drivers=False):
        """Send hello to the conductor (timing out after
        ``report_interval``), and apply the operator's decisions it brings
        back on the work thread (here with *wait_for_drivers*).
        """
        started_at = (None if self._registered
                      else self._started_at.isoformat())
        try:
            answer = self.conductor_api.hello(
                context, host=self.host, binary=BINARY, topic=TOPIC,
                version=version.version_string(), started_at=started_at,
                drivers=self.tracker.hellos(), timeout=CONF.report_interval,
                installed_revision=self.tracker.installed_revision or '',
                config_revision=self._config_revision or '')
        except messaging.MessagingTimeout:
            LOG.warning('No answer from the conductor to the hello of '
                        'host %s; retrying in %s seconds',
                        self.host, CONF.report_interval)
            return
        except Exception:
            # Keep running and retrying: a crash loop helps nobody.
            LOG.exception('The conductor rejected the hello of host %s; '
                          'retrying in %s seconds', self.host,
                          CONF.report_interval)
            return
        if not self._registered:
            LOG.info('Registered with the conductor as %(binary)s on '
                     '%(host)s', {'binary': BINARY, 'host': self.host})
            self._registered = True
        answer = answer or {}
        self._take_installs(context, answer, wait_for_drivers)
        self._take_configs(context, answer, wait_for_drivers)

    def _take_installs(self, context, answer, wait_for_drivers):
        installs = answer.get('installed')
        if installs is None:
            return
        removed = answer.get('removed') or []
        LOG.info('Drivers of %(host)s the operator decided on: installed or '
                 'configured %(names)s, uninstalled %(removed)s',
                 {'host': self.host, 'names': [i['name'] for i in installs],
                  'removed': removed})
        asked = answer.get('asked') or []
        if wait_for_drivers:
            self.tracker.apply_installs(CONF, installs, removed)
            if asked:
                self._discover_for(context, asked)
            return
        # Loading drivers and discovering must not hold the heartbeat.
        self.work.submit(self._sync_installs, context, installs, removed,
                         asked)

    def _take_configs(self, context, answer, now):
        """Take the configurations a hello's answer brought, *now* (at
        start, before the first discovery; drivers loaded anew, on the
        work thread) or on the work thread, where they are applied one
        at a time (_configure_next()).
        """
        configs = answer.get('configs')
        if configs is None:
            return
        # All of them asked for (at start, drivers loaded anew): the
        # conductor may take the devices for configured.
        report = self._config_revision is None
        self._config_revision = answer.get('config_revision')
        if now:
            self._expect_configs(context, configs, report)
        else:
            self.work.submit(self._expect_configs, context, configs,
                             report)

    def _expect_configs(self, context, configs, report):
        """Queue *configs*, each device held applying until its own is
        back; with *report*, a discovery reports them held before the
        first is applied.
        """
        if self.tracker.expect(configs) and report:
            self.work.discover_soon(context, 'configure')
        self.work.submit(self._configure_next, context)

    def _configure_next(self, context):
        """Apply the next configuration taken and report it (the work
        thread), then queue the next one behind the work asked
        meanwhile: each device is offered again as soon as its own
        configuration is back, and no device work waits for more than
        one configuration.
        """
        if self.tracker.configure_next():
            self.work.discover_soon(context, 'configure')
            self.work.submit(self._configure_next, context)
        elif self.tracker.deferred:
            # Those left for a failing driver: asked for again at the
            # next heartbeat, until they apply.
            self._config_revision = None

    @messaging.expose
    def holders_changed(self, context, bindings):
        """See AgentAPI.holders_changed."""
        self.tracker.telemetry.holders(bindings)

    @messaging.expose
    def configure_soon(self, context):
        """See AgentAPI.configure_soon."""
        self.work.submit(self._heartbeat, context)
