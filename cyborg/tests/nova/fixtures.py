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
"""A deployment of the real Nova with Cyborg, for the real-Nova suite.

Real processes, each with its own configuration and log file: Nova's
nova-api (its WSGI application on loopback), nova-conductor,
nova-scheduler and two nova-compute (Nova's fake virt driver, recording
what it is given: plugins/cyborg_test_virt.py), all from Nova's own
virtualenv (tools/nova-venv.sh, ``NOVA_VENV``); cyborg-conductor,
cyborg-api and two cyborg-agents (the fake driver) on the same two hosts;
the real Placement (the project's fixture, on loopback, MariaDB);
MariaDB databases for nova_api, cell0, cell1, Placement and Cyborg, made
for the run and dropped after it; a RabbitMQ vhost of the test process.
Glance and Neutron are stand-ins (standins.py).

The two compute hosts are ``COMPUTE1`` and ``COMPUTE2`` (with a suffix
of the run): Nova's fake driver names its one node after its host, so
the compute node resource providers Nova creates carry the host names,
and each agent's ``[agent] resource_provider_name`` is its host.  The
agent of the first host programs its FPGA at once; the second's takes
``PROGRAM_SECONDS`` (so that nova-compute is already waiting for the
bound event).  Each agent has one FPGA (16 accelerators) and one PGPU.
"""

import json
import os
import signal
import subprocess

import fixtures
from oslo_db.sqlalchemy import provision
import requests

from cyborg.tests.fixtures import backends
from cyborg.tests.fixtures import database
from cyborg.tests.fixtures import placement as placement_fixture
from cyborg.tests.functional.fixtures import services
from cyborg.tests.nova import standins

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGINS = os.path.join(HERE, 'plugins')
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
NOVA_VENV = os.environ.get('NOVA_VENV', os.path.join(REPO, '.nova-venv'))
ACCEL_LOG_ENV = 'CYBORG_TEST_ACCEL_LOG'

# The compute API microversion of every request: 2.74 lets an admin pick
# the host at create, 2.91 unshelve to a host; evacuation (2.68+) is
# never forced.
MICROVERSION = '2.91'
PROGRAM_SECONDS = 3
FAKE_DEVICES = 'fpga=1,gpu=1'

# What replaces Nova's authtoken filter (see plugins/cyborg_test_nova_api).
API_PASTE = """\
[composite:osapi_compute]
use = call:nova.api.openstack.urlmap:urlmap_factory
/: oscomputeversions
/v2.1: oscomputeversion_v2
/v2.1/+: openstack_compute_api_v21

[composite:openstack_compute_api_v21]
use = call:nova.api.auth:pipeline_factory_v21
keystone = compute_req_id faultwrap request_log identity keystonecontext \
osapi_compute_app_v21

[filter:identity]
paste.filter_factory = cyborg_test_nova_api:filter_factory

[filter:request_log]
paste.filter_factory = nova.api.openstack.requestlog:RequestLog.factory

[filter:compute_req_id]
paste.filter_factory = nova.api.compute_req_id:ComputeReqIdMiddleware.factory

[filter:faultwrap]
paste.filter_factory = nova.api.openstack:FaultWrapper.factory

[filter:keystonecontext]
paste.filter_factory = nova.api.auth:NovaKeystoneContext.factory

[app:osapi_compute_app_v21]
paste.app_factory = nova.api.openstack.compute:APIRouterV21.factory

[pipeline:oscomputeversions]
pipeline = faultwrap request_log oscomputeversionapp

[pipeline:oscomputeversion_v2]
pipeline = compute_req_id faultwrap request_log oscomputeversionapp_v2

[app:oscomputeversionapp]
paste.app_factory = nova.api.openstack.compute.versions:Versions.factory

[app:oscomputeversionapp_v2]
paste.app_factory = nova.api.openstack.compute.versions:VersionsV2.factory
"""


class NovaProcess(fixtures.Fixture):
    """One Nova service process, from Nova's virtualenv.

    :param name: the name of its files and of it in failure output.
    :param argv: the command, its first element a script of Nova's
        virtualenv's bin folder (or ``python``).
    :param env: environment variables added to the process's.
    """

    # For services.stop_all(): Nova's processes stop in the first wave.
    binary = 'nova'

    def __init__(self, name, argv, log_dir, env=None):
        super().__init__()
        self.name = name
        self.argv = [os.path.join(NOVA_VENV, 'bin', argv[0])] + argv[1:]
        self.env = dict(os.environ, PYTHONPATH=PLUGINS, **(env or {}))
        # Nova's processes must not see the test's virtualenv.
        self.env.pop('VIRTUAL_ENV', None)
        self.log_path = os.path.join(log_dir, name + '.log')
        self.process = None

    def _setUp(self):
        self.addCleanup(self.stop)
        self.start()

    def start(self):
        with open(self.log_path, 'ab') as log:
            self.process = subprocess.Popen(
                self.argv, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True, env=self.env)

    def begin_stop(self, sig=signal.SIGTERM):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.process is None or self.process.poll() is not None:
            return
        self.begin_stop(sig)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
        finally:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait(10)

    def log(self):
        with open(self.log_path, errors='replace') as f:
            return f.read()

    def print_log(self, tail=150):
        if os.path.exists(self.log_path):
            lines = self.log().splitlines()[-tail:]
            print('----- %s (last %d lines) -----' % (self.name, len(lines)))
            print('\n'.join(lines))


def _mysql_database(fixture, prefix):
    """A new MariaDB database (dropped at cleanup) and its URL."""
    backend = provision.Backend.backend_for_database_type('mysql')
    name = database.unique_name(prefix)
    backend.create_named_database(name)
    fixture.addCleanup(backend.drop_named_database, name, True)
    return str(backend.provisioned_database_url(name)
               .render_as_string(hide_password=False))


class Deployment(fixtures.Fixture):
    """Nova, Cyborg, Placement and the stand-ins (module docstring)."""

    def _setUp(self):
        if not os.path.exists(os.path.join(NOVA_VENV, 'bin',
                                           'nova-compute')):
            raise RuntimeError(
                'Nova is not installed in %s: run tools/nova-venv.sh (or '
                'tools/run-nova-tests.sh, which does)' % NOVA_VENV)
        for name in ('mysql', 'rabbit'):
            reason = backends.unavailable_reason(name)
            if reason:
                raise RuntimeError('the real-Nova suite needs %s: %s'
                                   % (name, reason))
        self.suffix = os.urandom(4).hex()
        self.tmp = self.useFixture(fixtures.TempDir()).path
        self.processes = []
        self.addCleanup(services.stop_all, self.processes)
        self.compute1 = 'compute1-' + self.suffix
        self.compute2 = 'compute2-' + self.suffix
        self.glance = standins.Glance()
        self.neutron = standins.Neutron()
        for standin in (self.glance, self.neutron):
            standin.start()
            self.addCleanup(standin.stop)
        self.placement = self.useFixture(placement_fixture.PlacementFixture(
            backend='mysql', http=True))
        self.cyborg_db = database.connection_url('mysql', self.tmp)
        self.nova_port = services.free_port()
        self.nova_url = 'http://127.0.0.1:%d/v2.1' % self.nova_port
        self.cyborg_port = services.free_port()
        self.cyborg_url = 'http://127.0.0.1:%d/v2' % self.cyborg_port
        self.image = self.glance.add_image(b'a guest image', name='guest')
        self.session = requests.Session()
        try:
            self._start_nova()
            self._start_cyborg()
        except BaseException:
            # The log files go with the temporary folder at cleanup.
            self.print_logs()
            raise

    # Nova ------------------------------------------------------------------

    def _nova_config(self):
        cell0 = _mysql_database(self, 'nova_cell0_')
        return {
            'DEFAULT': {
                'transport_url': backends.rabbit_url(),
                'debug': True,
                'compute_driver': 'cyborg_test_virt.RecordingDriver',
                'shelved_offload_time': 0,
                'my_ip': '127.0.0.1',
                'rpc_response_timeout': 60,
                'heal_instance_info_cache_interval': -1,
                'arq_binding_timeout': 120,
            },
            'api_database': {
                'connection': _mysql_database(self, 'nova_api_')},
            'database': {'connection': _mysql_database(self, 'nova_cell1_')},
            'wsgi': {'api_paste_config': os.path.join(self.tmp,
                                                      'api-paste.ini')},
            'placement': {
                'auth_type': 'admin_token', 'token': 'admin',
                'endpoint': self.placement.endpoint,
                'endpoint_override': self.placement.endpoint},
            'cyborg': {'endpoint_override': 'http://127.0.0.1:%d/v2'
                       % self.cyborg_port},
            'glance': {'endpoint_override': self.glance.url},
            'neutron': {
                'auth_type': 'admin_token', 'token': 'admin',
                'endpoint': self.neutron.url,
                'endpoint_override': self.neutron.url},
            'scheduler': {'discover_hosts_in_cells_interval': -1,
                          'workers': 1},
            'conductor': {'workers': 1},
            # Stacking: a host that has servers is chosen first, so that
            # a test knows where the next server goes.
            'filter_scheduler': {
                'weight_classes': 'nova.scheduler.weights.ram.RAMWeigher',
                'ram_weight_multiplier': -1.0},
            'oslo_messaging_notifications': {'driver': 'noop'},
            'oslo_concurrency': {'lock_path': os.path.join(self.tmp,
                                                           'locks')},
        }, cell0

    def nova_manage(self, *args):
        result = subprocess.run(
            [os.path.join(NOVA_VENV, 'bin', 'nova-manage'), '--config-file',
             self.nova_conf] + list(args),
            capture_output=True, text=True, timeout=300,
            env=dict(os.environ, PYTHONPATH=PLUGINS))
        if result.returncode != 0:
            raise RuntimeError('nova-manage %s failed (%d):\n%s\n%s' % (
                ' '.join(args), result.returncode, result.stdout,
                result.stderr))
        return result.stdout

    def _start_nova(self):
        config, cell0 = self._nova_config()
        self.nova_conf = os.path.join(self.tmp, 'nova.conf')
        services.write_config(self.nova_conf, config)
        # nova-compute reaches the databases only through nova-conductor,
        # and refuses to start when it is told of one.
        self.compute_conf = os.path.join(self.tmp, 'nova-compute-base.conf')
        services.write_config(self.compute_conf, {
            group: options for group, options in config.items()
            if group not in ('database', 'api_database')})
        with open(config['wsgi']['api_paste_config'], 'w') as f:
            f.write(API_PASTE)
        self.nova_manage('api_db', 'sync')
        self.nova_manage('cell_v2', 'map_cell0', '--database_connection',
                         cell0)
        self.nova_manage('cell_v2', 'create_cell', '--name', 'cell1')
        self.nova_manage('db', 'sync')
        for binary in ('nova-conductor', 'nova-scheduler'):
            self._nova_service(binary, binary, {'host': 'controller'})
        self._nova_service(
            'nova-api', 'python', {'host': 'controller'},
            args=[os.path.join(PLUGINS, 'cyborg_test_nova_api.py')],
            env={'CYBORG_TEST_NOVA_API_PORT': str(self.nova_port),
                 'OS_NOVA_CONFIG_DIR': self.tmp,
                 # Nova reads its paste pipeline from the first file.
                 'OS_NOVA_CONFIG_FILES':
                     'api-paste.ini;nova.conf;nova-api.conf'})
        self.accel_logs = {}
        self.computes = {}
        for host in (self.compute1, self.compute2):
            self.start_compute(host)
        self.wait_for(self._nova_up, 120, 'nova-api never answered')
        # Each nova-compute made its compute node provider: the node is in
        # cell1 and can be mapped.
        for host in (self.compute1, self.compute2):
            self.wait_for(
                lambda h=host: self.placement.client.find_provider(h), 180,
                'nova-compute of %s never made its provider' % host)
        self.nova_manage('cell_v2', 'discover_hosts')
        self.wait_for(self._computes_up, 60,
                      'nova-api never listed both hypervisors up')

    def _nova_service(self, name, binary, default, args=None, env=None):
        conf = os.path.join(self.tmp, name + '.conf')
        services.write_config(conf, {'DEFAULT': default})
        if binary == 'python':
            argv = ['python'] + args
        else:
            argv = [binary]
        if name != 'nova-api':
            base = (self.compute_conf if name.startswith('nova-compute')
                    else self.nova_conf)
            argv += ['--config-file', base, '--config-file', conf]
        process = self.useFixture(NovaProcess(name, argv, self.tmp, env))
        self.processes.append(process)
        return process

    def start_compute(self, host):
        """Start (again) the nova-compute of *host*."""
        state = os.path.join(self.tmp, 'state-' + host)
        os.makedirs(state, exist_ok=True)
        self.accel_logs[host] = os.path.join(self.tmp, 'accel-%s.jsonl'
                                             % host)
        self.computes[host] = self._nova_service(
            'nova-compute-' + host, 'python',
            {'host': host, 'state_path': state,
             'instances_path': os.path.join(state, 'instances')},
            args=[os.path.join(PLUGINS, 'cyborg_test_compute.py')],
            env={ACCEL_LOG_ENV: self.accel_logs[host]})

    def _nova_up(self):
        try:
            return self.session_get(self.nova_url + '/').status_code == 200
        except requests.ConnectionError:
            return False

    def _computes_up(self):
        found = self.nova('GET', '/os-hypervisors/detail')['hypervisors']
        names = {h['hypervisor_hostname'] for h in found
                 if h['state'] == 'up'}
        return names if {self.compute1, self.compute2} <= names else None

    # Cyborg ----------------------------------------------------------------

    def _cyborg_config(self, host, **groups):
        config = {
            'DEFAULT': {
                'host': host, 'transport_url': backends.rabbit_url(),
                'debug': True, 'report_interval': 2,
                'service_down_time': 30, 'rpc_response_timeout': 30},
            'database': {'connection': self.cyborg_db},
            # The agents register and report at once (no rack here).
            'agent': {'start_jitter': 0},
        }
        for group, options in groups.items():
            config.setdefault(group, {}).update(options)
        return config

    def _cyborg_service(self, binary, host, **groups):
        process = self.useFixture(services.ServiceProcess(
            binary, self._cyborg_config(host, **groups)))
        self.processes.append(process)
        return process

    def _start_cyborg(self):
        self._cyborg_service(
            'cyborg-conductor', 'cyborg-controller',
            conductor={'work_poll_interval': 0.5},
            placement=dict(self.placement.cyborg_options(),
                           sync_interval=1),
            nova={'auth_type': 'none', 'endpoint_override': self.nova_url,
                  'events_retry_max_interval': 2})
        for host, seconds in ((self.compute1, 0),
                              (self.compute2, PROGRAM_SECONDS)):
            self._cyborg_service(
                'cyborg-agent', host,
                agent={'enabled_drivers': 'fake', 'hotplug': False,
                       'resource_provider_name': host,
                       'image_cache_dir': os.path.join(self.tmp,
                                                       'images-' + host)},
                glance={'auth_type': 'none',
                        'endpoint_override': self.glance.url},
                fake_driver={'devices': FAKE_DEVICES,
                             'program_seconds': seconds})
        self._cyborg_service(
            'cyborg-api', 'cyborg-controller-api',
            DEFAULT={'auth_strategy': 'noauth'},
            api={'host_ip': '127.0.0.1', 'port': self.cyborg_port,
                 'api_workers': 1, 'api_threads': 4})
        self.devices = {}
        for host in (self.compute1, self.compute2):
            self.devices[host] = self.wait_for(
                lambda h=host: self._device_providers(h), 120,
                'the devices of %s never reached Placement' % host)

    def _device_providers(self, host):
        """{'FPGA': uuid, 'PGPU': uuid} of *host* once both have their
        inventory in Placement.
        """
        root = self.placement.client.find_provider(host)
        if root is None:
            return None
        found = {}
        for rp in self.placement.client.list_providers(in_tree=root['uuid']):
            if rp['uuid'] == root['uuid']:
                continue
            inventories = self.placement.client.get_inventories(
                rp['uuid'])[1]
            for rc in ('FPGA', 'PGPU'):
                if rc in inventories:
                    found[rc] = rp['uuid']
        return found if len(found) == 2 else None

    # Helpers for the tests ---------------------------------------------------

    @staticmethod
    def wait_for(predicate, timeout, message):
        return services.wait_for(predicate, timeout=timeout, interval=0.5,
                                 message=message)

    def session_get(self, url):
        return self.session.get(url, timeout=30)

    def nova(self, method, path, json_body=None, expect=(200, 201, 202, 204),
             microversion=MICROVERSION):
        """A request to nova-api; its JSON answer (or None)."""
        response = self.session.request(
            method, self.nova_url + path, json=json_body, timeout=60,
            headers={'OpenStack-API-Version': 'compute ' + microversion})
        if response.status_code not in expect:
            raise AssertionError('%s %s: %d %s' % (
                method, path, response.status_code, response.text))
        return response.json() if response.content else None

    def cyborg(self, method, path, json_body=None,
               expect=(200, 201, 202, 204)):
        """A request to cyborg-api as an administrator; its JSON answer."""
        response = self.session.request(
            method, self.cyborg_url + path, json=json_body, timeout=60,
            headers={'OpenStack-API-Version': 'accelerator latest'})
        if response.status_code not in expect:
            raise AssertionError('%s %s: %d %s' % (
                method, path, response.status_code, response.text))
        return response.json() if response.content else None

    def arqs(self, server):
        """Cyborg's ARQs of *server*."""
        return self.cyborg('GET', '/accelerator_requests?instance=%s'
                           % server)['arqs']

    def allocations(self, server):
        """Placement's allocations of consumer *server*: {rp: {rc: n}}."""
        response = self.placement.adapter.get(
            '/allocations/%s' % server, microversion='1.28',
            raise_exc=False)
        return {rp: alloc['resources'] for rp, alloc
                in response.json()['allocations'].items()}

    def usages(self, rp_uuid):
        response = self.placement.adapter.get(
            '/resource_providers/%s/usages' % rp_uuid, microversion='1.28',
            raise_exc=False)
        return {rc: n for rc, n in response.json()['usages'].items() if n}

    def accel_calls(self, server):
        """What the virt drivers were given for *server*, in order:
        [(call, host, [arq uuid, ...], [attach handle, ...])].
        """
        calls = []
        for path in self.accel_logs.values():
            if not os.path.exists(path):
                continue
            with open(path) as f:
                for line in f:
                    entry = json.loads(line)
                    if entry['instance'] == server:
                        calls.append(entry)
        return calls

    def print_logs(self):
        for process in self.processes:
            process.print_log()
        for standin in (self.glance, self.neutron):
            if standin.unknown:
                print('----- %s: unknown calls -----' % type(
                    standin).__name__)
                print('\n'.join(standin.unknown))

    def nova_log(self, host):
        return self.computes[host].log()

    # Nova's and Cyborg's objects -------------------------------------------

    def profile(self, **group):
        """A new device profile of one group (``resources:FPGA='1'``
        style keys as keyword arguments, see profile_group()); its name.
        """
        name = 'dp-' + os.urandom(4).hex()
        self.cyborg('POST', '/device_profiles',
                    [{'name': name, 'groups': [group]}])
        return name

    def flavor(self, profile=None):
        """A new flavor (1 VCPU, 512 MB), naming *profile*; its id."""
        flavor = self.nova('POST', '/flavors', {'flavor': {
            'name': 'flavor-' + os.urandom(4).hex(), 'ram': 512,
            'vcpus': 1, 'disk': 0}})['flavor']
        if profile:
            self.nova('POST', '/flavors/%s/os-extra_specs' % flavor['id'],
                      {'extra_specs': {'accel:device_profile': profile}})
        return flavor['id']

    def boot(self, flavor, host=None):
        """Create a server of *flavor* (on *host*: the scheduler is
        asked for that host alone); its uuid.
        """
        body = {'name': 'vm-' + os.urandom(4).hex(), 'imageRef': self.image,
                'flavorRef': flavor, 'networks': 'none'}
        if host:
            body['host'] = host
        return self.nova('POST', '/servers', {'server': body})['server']['id']

    def action(self, server, name, body=None):
        self.nova('POST', '/servers/%s/action' % server, {name: body})

    def delete(self, server):
        """Nova's delete, waited for."""
        self.nova('DELETE', '/servers/%s' % server, expect=(204, 404))
        self.wait_gone(server)

    def device_usages(self):
        """{rp: {rc: used}} of every device provider with any usage."""
        found = {}
        for devices in self.devices.values():
            for rp in devices.values():
                used = self.usages(rp)
                if used:
                    found[rp] = used
        return found

    # Waits -----------------------------------------------------------------

    def wait_settled(self, server, timeout=240):
        """Wait until *server* is ACTIVE or ERROR with no task; return
        it (whichever came).
        """
        def settled():
            found = self.server(server)
            if (found['status'] in ('ACTIVE', 'ERROR') and
                    found['OS-EXT-STS:task_state'] is None):
                return found
            return None
        return self.wait_for(settled, timeout, 'server %s never settled'
                             % server)

    def server(self, server):
        return self.nova('GET', '/servers/%s' % server)['server']

    def wait_server(self, server, status, task_state=None, timeout=180):
        """Wait until *server* has *status* and no task; return it.

        :raises: AssertionError at once when it reaches ERROR while
            another status is awaited (with Nova's fault).
        """
        def ready():
            found = self.server(server)
            if found['status'] == 'ERROR' and status != 'ERROR':
                raise AssertionError('server %s in ERROR: %s' % (
                    server, found.get('fault')))
            if (found['status'] == status and
                    found['OS-EXT-STS:task_state'] == task_state):
                return found
            return None
        return self.wait_for(ready, timeout, 'server %s never %s' % (
            server, status))

    def wait_gone(self, server, timeout=120):
        def gone():
            response = self.session.get(
                self.nova_url + '/servers/%s' % server, timeout=30)
            return response.status_code == 404
        self.wait_for(gone, timeout, 'server %s never went' % server)
