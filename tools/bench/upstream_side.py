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
"""The existing OpenStack Cyborg as a side of compare.py
(``--compare ... upstream:VENV``).

VENV is the virtual environment of ``tools/upstream/venv.sh``
(openstack-cyborg 17.0.0 from PyPI).  Its own cyborg-dbsync, conductor,
agent (its ``fake_driver``: one fake FPGA of 16 attach handles, whatever
``--fpgas`` says) and API run from there, in a directory of their own,
with the same MariaDB, RabbitMQ, Placement and recording Nova as this
Cyborg's rounds.  Its API runs its WSGI application (``cyborg.wsgi.api``)
under gunicorn, ``--api-workers`` workers of 8 threads as this Cyborg's
(VENV needs gunicorn: venv.sh installs it), behind a paste pipeline
without Keystone (its context hook reads the identity headers the
benchmark sends).
"""

import os

import arq_lifecycle
import report_scale

PASTE = """\
[pipeline:main]
pipeline = request_id api_v2

[app:api_v2]
paste.app_factory = cyborg.api.app:app_factory

[filter:request_id]
paste.filter_factory = oslo_middleware:RequestId.factory
"""

# Its fake driver's one FPGA.
FPGAS = 1

# Its API under gunicorn (gthread), as this Cyborg's: its own cyborg-api
# (oslo.service's WSGI server) does not start with the threading backend
# of the oslo.service that 17.0.0 installs, and its WSGI script reads the
# configuration from the command line.
API = """\
import sys
from gunicorn.app import base

sys.argv = ['cyborg-api', '--config-file', %(conf)r]


class API(base.BaseApplication):
    def load_config(self):
        for key, value in {'bind': '127.0.0.1:%(port)d',
                           'workers': %(workers)d, 'threads': 8,
                           'worker_class': 'gthread', 'errorlog': '-',
                           'timeout': 120}.items():
            self.cfg.set(key, value)

    def load(self):
        from cyborg.wsgi import api
        return api.application


API().run()
"""


class UpstreamDeployment(arq_lifecycle.Deployment):
    """See the module docstring."""

    def __init__(self, args, venv):
        super().__init__(args)
        self.venv = os.path.abspath(venv)
        self.python = os.path.join(self.venv, 'bin', 'python')
        self.spec = 'upstream:' + self.venv

    def dbsync(self, conf):
        report_scale.subprocess.run(
            [os.path.join(self.venv, 'bin', 'cyborg-dbsync'),
             '--config-file', conf, 'upgrade'], check=True,
            capture_output=True, cwd=self.tmp)

    def services_cwd(self):
        return [self.spec]

    def cyborg(self, transport_url, placement_url, nova_url):
        """Its conductors, agent and API; returns /v2 URL and host."""
        connection = self.database('cyborg_up_' + self.suffix)
        host = 'bench-' + self.suffix
        port = report_scale._free_port()
        paste = os.path.join(self.tmp, 'api-paste.ini')
        report_scale._write(paste, PASTE)
        conf = os.path.join(self.tmp, 'cyborg.conf')
        report_scale._write(conf, (
            '[DEFAULT]\ntransport_url = %(transport)s\nhost = %(host)s\n'
            '%(extra)s'
            '[database]\nconnection = %(db)s\n'
            '[api]\nhost_ip = 127.0.0.1\nport = %(port)d\n'
            'api_workers = %(workers)d\napi_paste_config = %(paste)s\n'
            '[agent]\nenabled_drivers = fake_driver\n'
            '[placement]\nauth_type = none\nendpoint_override = %(plc)s\n'
            '[nova]\nauth_type = none\nendpoint_override = %(nova)s\n' % {
                'transport': transport_url, 'host': host, 'db': connection,
                'port': port, 'plc': placement_url, 'nova': nova_url,
                'paste': paste, 'workers': self.args.api_workers,
                'extra': ''.join('%s\n' % o for o in self.args.option)}))
        self.dbsync(conf)
        for index in range(self.args.conductors):
            own = os.path.join(self.tmp, 'conductor%d.conf' % index)
            report_scale._write(own, '[DEFAULT]\nhost = cond%d-%s\n' % (
                index, self.suffix))
            self._service('conductor', conf, own)
        self._service('agent', conf)
        script = os.path.join(self.tmp, 'api.py')
        report_scale._write(script, API % {
            'conf': conf, 'port': port, 'workers': self.args.api_workers})
        self.start('api', [self.python, script])
        return 'http://127.0.0.1:%d/v2' % port, host

    def _service(self, name, *confs):
        argv = [os.path.join(self.venv, 'bin', 'cyborg-' + name)]
        for conf in confs:
            argv += ['--config-file', conf]
        self.start(name, argv)

    def start_all(self):
        """As arq_lifecycle.start(), with its one fake FPGA."""
        self.args.fpgas = FPGAS
        return arq_lifecycle.start(self.args, self)
