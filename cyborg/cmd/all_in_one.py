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
"""cyborg-all-in-one: the API (no authentication), a conductor and an
agent over the in-memory transport, on SQLite, with Placement
(``/placement``) and a Nova stand-in (``/nova/v2.1``) on the API's port.
"""

import functools
import os
import sys

from oslo_config import cfg
from oslo_log import log as logging

from cyborg import exception
from cyborg import privsep
from cyborg import rpc
from cyborg import service
from cyborg.agent import manager as agent_manager
from cyborg.api import app as api_app
from cyborg.api import heartbeat
from cyborg.common import loop
from cyborg.conductor import manager as conductor_manager
from cyborg.conductor import rpcapi as conductor_rpcapi
from cyborg.db import migration
from cyborg.drivers import fake
from cyborg.drivers import registry
from cyborg.embedded import nova as nova_recorder
from cyborg.embedded import placement as embedded_placement
from cyborg.embedded import server as embedded_server
from cyborg.i18n import _

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

TRANSPORT_URL = 'fake:/'
PLACEMENT_PREFIX = '/placement'
NOVA_PREFIX = '/nova/v2.1'

cli_opts = [
    cfg.StrOpt('state-dir', default='.state',
               help=_('Directory of the databases, logs and recorded Nova '
                      'events; created when missing.')),
    cfg.PortOpt('port',
                help=_('Port of the API, Placement and the Nova recorder '
                       '(default: [api] port, 6666).')),
    cfg.StrOpt('simulate', metavar='TYPE=COUNT,...',
               help=_('Simulated devices to add, for example '
                      'fpga=2,qat=1,gpu=1 (types: %s).') %
               ', '.join(fake.TYPES)),
]


def _simulated(conf):
    """The ``--simulate`` counts as ``[fake_driver] devices`` values."""
    values = [v.strip() for v in (conf.simulate or '').split(',')
              if v.strip()]
    if conf.simulate is not None and not values:
        raise exception.ConfigInvalid(reason='--simulate is empty')
    try:
        fake.parse_devices(values)
    except exception.ConfigInvalid:
        raise exception.ConfigInvalid(
            reason='--simulate %s: give <type>=<count>,... with type one '
                   'of %s' % (conf.simulate, ', '.join(fake.TYPES)))
    return values


def _local_url(conf, prefix=''):
    host = conf.api.host_ip
    if host in ('0.0.0.0', '::'):
        host = '127.0.0.1'
    elif ':' in host:
        host = '[%s]' % host
    return 'http://%s:%d%s' % (host, conf.api.port, prefix)


def adjust(conf):
    """Override where the state, Placement and Nova are; the rest gets
    defaults that ``--config-file`` may change.
    """
    state = os.path.abspath(conf.state_dir)
    os.makedirs(state, exist_ok=True)
    conf.set_override('state_path', state)
    conf.set_default('log_file', os.path.join(state, 'cyborg.log'))
    conf.set_default('auth_strategy', 'noauth')
    conf.set_default('connection', 'sqlite:///' + os.path.join(
        state, 'cyborg.sqlite'), group='database')
    conf.set_default('api_workers', 1, group='api')
    if conf.port is not None:
        conf.set_override('port', conf.port, group='api')
    conf.set_default('enabled_drivers', ['generic'], group='agent')
    simulated = _simulated(conf)
    if simulated:
        conf.set_override('devices', simulated, group='fake_driver')
        drivers = list(conf.agent.enabled_drivers)
        if 'fake' not in drivers and 'fake_driver' not in drivers:
            conf.set_override('enabled_drivers', drivers + ['fake'],
                              group='agent')
    for group, prefix in (('placement', PLACEMENT_PREFIX),
                          ('nova', NOVA_PREFIX)):
        conf.set_override('auth_type', 'none', group=group)
        conf.set_override('endpoint_override',
                          _local_url(conf, prefix), group=group)
    conf.set_override('create_compute_rp', True, group='placement')


class AllInOne:
    """The services of the process, started and stopped together."""

    def __init__(self, conf):
        self.conf = conf
        self.state = conf.state_path
        self.server = None
        self.services = []
        self.heartbeat = None
        self.agent = None

    def prepare(self):
        """Migrate, load the drivers and applications, bind the port."""
        migration.upgrade('head')
        drivers = registry.load(self.conf, self.conf.host)
        self.agent = agent_manager.AgentManager(self.conf.host,
                                                drivers=drivers)
        self.services = [
            service.RPCService(
                conductor_manager.ConductorManager(
                    self.conf.host, conductor_rpcapi.TOPIC),
                conductor_rpcapi.TOPIC, owns_transport=False),
            service.RPCService(self.agent, agent_manager.TOPIC,
                               owns_transport=False),
        ]
        app = embedded_server.Dispatcher({
            '': api_app.load_app(),
            PLACEMENT_PREFIX: embedded_placement.load_app(self.state),
            NOVA_PREFIX: nova_recorder.load_app(self.state),
        })
        self.server = embedded_server.Server(
            app, self.conf.api.host_ip, self.conf.api.port)

    def start(self):
        self.server.start()
        # The conductor first: the agent and the API register with it.
        for svc in self.services:
            svc.start()
        self.heartbeat = heartbeat.ensure_started()

    def stop(self):
        """Stop every part; one that takes longer than SAID_AFTER seconds
        says on the terminal what it waits for.
        """
        for svc in self.services:
            svc.stop_periodic_tasks()
        if self.heartbeat is not None:
            self.heartbeat.stop()
        if self.server is not None:
            _stop_saying(self.server.stop,
                         lambda: 'the API: the requests it is answering')
        # The agent first: the report it may be sending needs the
        # conductor.
        for svc in reversed(self.services):
            _stop_saying(svc.stop, functools.partial(_waits_for, svc))
        rpc.cleanup()


# Seconds a part may take to stop before the terminal says what it waits
# for: its RPC calls and its own work under way.
SAID_AFTER = 1.0
_WORK = {
    agent_manager.TOPIC: 'the agent: %d RPC call(s), then the report or '
                         'discovery under way',
    conductor_rpcapi.TOPIC: 'the conductor: %d RPC call(s), then its bind '
                            'jobs and work under way and the events for '
                            'Nova',
}


def _waits_for(svc):
    calls = getattr(svc, 'calls', None)
    return _WORK[svc.topic] % (calls.running if calls else 0)


def _stop_saying(stop, waits_for):
    """Call *stop*; after SAID_AFTER seconds, print waits_for()."""
    done = loop.once(stop, 'cyborg-all-in-one-stop')
    if not done.wait(SAID_AFTER):
        print('  waiting for %s...' % waits_for(), flush=True)
        done.wait()


# The device profile the banner's commands create: not one the README's
# creates, so that the two can be tried in either order.
BANNER_PROFILE = 'banner-fpga'


def running(tracker):
    """(driver names, simulated devices or None, whether the fake
    driver's configuration came from install-driver).
    """
    hellos = {h['name']: h for h in tracker.hellos()}
    names = sorted(tracker.drivers)
    fake_driver = tracker.drivers.get(fake.FakeDriver.name)
    if fake_driver is None:
        return names, None, False
    simulated = ','.join('%s=%d' % (kind, count) for kind, count in
                         fake_driver.counts.items() if count)
    from_api = hellos.get(fake.FakeDriver.name, {}).get('source') == 'api'
    return names, simulated or None, from_api


def banner(conf, tracker):
    """Endpoints and commands, printed once the process is up (the
    drivers and devices: as the agent's *tracker* runs them).
    """
    bindir = os.path.dirname(sys.executable)
    api = _local_url(conf, '/v2')
    placement = _local_url(conf, PLACEMENT_PREFIX)
    nova = _local_url(conf, NOVA_PREFIX)
    drivers, simulated, from_api = running(tracker)
    if simulated is None:
        simulated = 'none (add some with --simulate fpga=2,qat=1,gpu=1)'
    elif from_api:
        simulated += (' (the fake driver\'s configuration from '
                      'install-driver or update-driver; --simulate is not '
                      'used)')
    json_header = "-H 'Content-Type: application/json'"
    lines = [
        'Cyborg is running, all in one process (host %s).' % conf.host,
        '',
        '  Cyborg API   %s  (auth_strategy = %s)' % (api,
                                                       conf.auth_strategy),
        '  Placement    %s  (no authentication)' % placement,
        '  Nova events  sent to the recorder at %s,' % nova,
        '               kept in %s' % os.path.join(conf.state_path,
                                                   nova_recorder.EVENTS_FILE),
        '               servers for attach-instance: PUT %s/servers/<uuid>'
        % nova,
        '  Drivers      %s; simulated devices: %s' % (
            ', '.join(drivers) or 'none', simulated),
        '  State, log   %s, %s' % (conf.state_path, conf.log_file),
        '',
        'Try:',
        '  curl -s %s/devices' % api,
        '  curl -s %s/deployables' % api,
        "  curl -s -H 'X-Auth-Token: admin' %s/resource_providers" %
        placement,
        "  curl -s -X POST %s/device_profiles %s \\" % (api, json_header),
        '      -d \'[{"name": "%s", "groups": '
        '[{"resources:FPGA": "1"}]}]\'' % BANNER_PROFILE,
        "  curl -s -X POST %s/accelerator_requests %s \\" % (api,
                                                            json_header),
        '      -d \'{"device_profile_name": "%s"}\'' % BANNER_PROFILE,
        '  curl -s %s/os-server-external-events' % nova,
        '  %s --os-auth-type none --os-endpoint %s accelerator '
        'device list' % (os.path.join(bindir, 'openstack'), api),
        '    (with python-openstackclient and python-cyborgclient)',
        '  OS_AUTH_TYPE=none OS_ENDPOINT=%s %s service-list' % (
            api[:-len('/v2')], os.path.join(bindir, 'cyborg')),
        '    (the operator command; also driver-list, hardware-list, '
        'install-driver...)',
        'Binding an ARQ as Nova does: '
        'doc/source/install/all-in-one-walkthrough.rst.',
        'Press Ctrl-C to stop.',
    ]
    return '\n'.join(lines)


def main(argv=None):
    signals = embedded_server.Signals()
    CONF.register_cli_opts(cli_opts)
    try:
        service.prepare_service(argv, adjust=adjust,
                                transport_url=TRANSPORT_URL,
                                own_files_only=True)
    except exception.CyborgException as exc:
        print('cyborg-all-in-one: %s' % exc.message, file=sys.stderr)
        return 2
    privsep.use_installed_helper(CONF)
    aio = AllInOne(CONF)
    try:
        aio.prepare()
    except exception.CyborgException as exc:
        LOG.error('cyborg-all-in-one cannot start: %s', exc.message)
        print('cyborg-all-in-one: %s' % exc.message, file=sys.stderr)
        return 1
    except OSError as exc:
        LOG.error('cyborg-all-in-one cannot listen on port %s: %s',
                  CONF.api.port, exc)
        print('cyborg-all-in-one: cannot listen on %s:%s: %s (choose '
              'another with --port)' % (CONF.api.host_ip, CONF.api.port,
                                         exc), file=sys.stderr)
        return 1
    aio.start()
    # As the separate services do; and the interpreter's last collections
    # at exit skip them (a second of the Ctrl-C on a 2-core machine).
    service.freeze_startup_objects()
    print(banner(CONF, aio.agent.tracker), flush=True)
    name = signals.wait()
    LOG.info('%s received, stopping', name)
    print('\n%s received, stopping...' % name, flush=True)
    aio.stop()
    print('Stopped.', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
